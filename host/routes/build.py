"""Building blocks of the route entries: JSON-schema pieces and one constructor per method.

Every resource module (`host.routes.<resource>`) writes its entries with these, so an
entry reads as path, handler, name and summary, then only what is particular to it.
The schemas may only use keywords `host.core.schema` enforces (`Route` checks).
"""

from __future__ import annotations

from typing import Any

from host.routing import Access, Endpoint, Route

__all__ = [
    "ANY_OBJ",
    "BOOL",
    "INT",
    "LABEL",
    "NONEMPTY",
    "NUMBER",
    "OBJECTS",
    "PUBLIC",
    "SETUP",
    "STR",
    "answer",
    "array",
    "delete",
    "each",
    "get",
    "nullable",
    "obj",
    "post",
    "put",
]

PUBLIC, SETUP = Access.PUBLIC, Access.SETUP

STR: dict[str, Any] = {"type": "string"}
# A required text field: present, a string, not empty.
NONEMPTY: dict[str, Any] = {"type": "string", "minLength": 1}
# An optional label: when given, a string with something besides spaces.
LABEL: dict[str, Any] = {"type": "string", "pattern": r"\S", "x-expected": "a non-empty string"}
BOOL: dict[str, Any] = {"type": "boolean"}
INT: dict[str, Any] = {"type": "integer"}
NUMBER: dict[str, Any] = {"type": "number"}
ANY_OBJ: dict[str, Any] = {"type": "object"}


def obj(required: tuple[str, ...] = (), **properties: Any) -> dict[str, Any]:
    """An object with these properties; `required` names those that must be present."""
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    return schema


def array(items: dict[str, Any], **limits: Any) -> dict[str, Any]:
    return {"type": "array", "items": items, **limits}


OBJECTS = array(ANY_OBJ)


def nullable(kind: str) -> dict[str, Any]:
    """A value of JSON type `kind`, or null."""
    return {"type": [kind, "null"]}


def answer(required: tuple[str, ...] = (), **properties: Any) -> dict[str, Any]:
    """A success body: `status` (true) and these fields, `required` ones always present."""
    return obj(("status", *required), status=BOOL, **properties)


def each(schema: dict[str, Any], *names: str) -> dict[str, dict[str, Any]]:
    """The same schema for each of these fields: `obj(**each(STR, "a", "b"), c=INT)`."""
    return dict.fromkeys(names, schema)


def get(path: str, endpoint: Endpoint, name: str, summary: str, **options: Any) -> Route:
    return Route(path, ("GET",), endpoint, name, summary, **options)


def post(path: str, endpoint: Endpoint, name: str, summary: str, **options: Any) -> Route:
    return Route(path, ("POST",), endpoint, name, summary, **options)


def put(path: str, endpoint: Endpoint, name: str, summary: str, **options: Any) -> Route:
    return Route(path, ("PUT",), endpoint, name, summary, **options)


def delete(path: str, endpoint: Endpoint, name: str, summary: str, **options: Any) -> Route:
    return Route(path, ("DELETE",), endpoint, name, summary, **options)
