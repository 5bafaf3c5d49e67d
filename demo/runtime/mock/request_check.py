"""Does a request keep to its operation in the document? (Prism's request validation)

Checked, reading only the document: required parameters (path, query, header,
cookie) present, each parameter's value against its schema (query, path, header and
cookie values are text, read as the schema's type first: `?limit=x` for an integer
is wrong, `?limit=5` is right; arrays are comma-separated or repeated), the body's
content type among those the operation accepts (`*/*` and `type/*` honoured), a
required body present, and a JSON or form body against its schema. What cannot be
read for sure (parameters given by `content`, object-valued parameters, other body
types) is not held against the request.

Each problem is one line naming where (`query.limit`, `header.X-Id`, `body/name`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

from .openapi import resolve
from .validator import schema_errors

__all__ = [
    "IncomingRequest",
    "media_matches",
    "operation_parameters",
    "parse_cookies",
    "request_problems",
]

# Headers OpenAPI says parameters must not describe (they are ignored if they do).
_IGNORED_HEADERS = {"accept", "content-type", "authorization"}


@dataclass
class IncomingRequest:
    method: str
    path_params: dict[str, str] = field(default_factory=dict)
    query: dict[str, list[str]] = field(default_factory=dict)
    headers: Mapping[str, str] = field(default_factory=dict)  # lower-case names
    body: bytes = b""

    @property
    def cookies(self) -> dict[str, str]:
        return parse_cookies(self.headers.get("cookie", ""))


def parse_cookies(header: str) -> dict[str, str]:
    out = {}
    for part in header.split(";"):
        name, sep, value = part.strip().partition("=")
        if sep and name:
            out[name] = value
    return out


def media_matches(accepted: str, offered: str) -> bool:
    """Whether media range `accepted` (`*/*`, `text/*`, `application/json`) covers `offered`."""
    accepted = accepted.split(";", 1)[0].strip().lower()
    offered = offered.split(";", 1)[0].strip().lower()
    if accepted in ("*/*", "*") or offered in ("*/*", "*"):
        return True
    if accepted.endswith("/*"):
        return offered.startswith(accepted[:-1])
    if offered.endswith("/*"):
        return accepted.startswith(offered[:-1])
    return accepted == offered


def operation_parameters(
    document: dict[str, Any], path_item: Any, operation: Any
) -> list[dict[str, Any]]:
    """The operation's parameters, path-level ones included unless it redefines them."""
    merged: dict[tuple[str, str], dict[str, Any]] = {}
    for source in (path_item, operation):
        for raw in (source or {}).get("parameters") or []:
            parameter = resolve(document, raw)
            if isinstance(parameter, dict) and isinstance(parameter.get("name"), str):
                merged[(parameter["name"], str(parameter.get("in")))] = parameter
    return list(merged.values())


def _kind(document: dict[str, Any], schema: Any) -> str | None:
    schema = resolve(document, schema)
    if not isinstance(schema, dict):
        return None
    kind = schema.get("type")
    if isinstance(kind, list):
        kinds = [k for k in kind if k != "null"]
        return kinds[0] if len(kinds) == 1 else None
    if isinstance(kind, str):
        return kind
    return "array" if "items" in schema else None


def _read(document: dict[str, Any], schema: Any, values: list[str]) -> tuple[Any, bool]:
    """Text values as the schema's type: (value, whether it can be checked)."""
    kind = _kind(document, schema)
    resolved = resolve(document, schema)
    composed = ("anyOf", "oneOf", "allOf", "not")
    if kind is None and isinstance(resolved, dict) and any(k in resolved for k in composed):
        return None, False  # maybe an object or array sent as text: not read for sure
    if kind == "array":
        items = (resolve(document, schema) or {}).get("items", {})
        parts = values if len(values) > 1 else values[0].split(",") if values[0] else []
        read = [_read(document, items, [part]) for part in parts]
        return [value for value, _ in read], all(ok for _, ok in read)
    if kind == "object":
        return None, False
    return _scalar(kind, values[-1]), True


def _scalar(kind: str | None, text: str) -> Any:
    if kind == "integer":
        try:
            return int(text)
        except ValueError:
            return text
    if kind == "number":
        try:
            return float(text) if any(c in text for c in ".eE") else int(text)
        except ValueError:
            return text
    if kind == "boolean":
        return {"true": True, "false": False}.get(text, text)
    if kind == "null" and text == "":
        return None
    return text


def request_problems(
    document: dict[str, Any], path_item: Any, operation: Any, request: IncomingRequest
) -> list[str]:
    """Every way `request` breaks the operation (empty when it keeps to it)."""
    problems: list[str] = []
    for parameter in operation_parameters(document, path_item, operation):
        name, place = parameter["name"], parameter.get("in")
        if place == "header" and name.lower() in _IGNORED_HEADERS:
            continue
        values: list[str] | None = None
        if place == "path":
            values = [request.path_params[name]] if name in request.path_params else None
        elif place == "query":
            values = request.query.get(name)
            if values is None and any(key.startswith(f"{name}[") for key in request.query):
                continue  # sent as a deepObject (`created[gte]=1`): present, not read
        elif place == "header":
            found = request.headers.get(name.lower())
            values = None if found is None else [found]
        elif place == "cookie":  # read only here: answers.py records the headers read
            cookies = request.cookies
            values = [cookies[name]] if name in cookies else None
        where = f"{place}.{name}"
        if values is None:
            if parameter.get("required") is True:
                problems.append(f"{where}: is required")
            continue
        if "schema" not in parameter:
            continue
        if values == [""] and parameter.get("allowEmptyValue") is True:
            continue
        value, checkable = _read(document, parameter["schema"], values)
        if checkable:
            problems.extend(_named(where, schema_errors(document, parameter["schema"], value)))
    problems.extend(_body_problems(document, operation, request))
    return problems


def _body_problems(document: dict[str, Any], operation: Any, request: IncomingRequest) -> list[str]:
    body_spec = resolve(document, (operation or {}).get("requestBody"))
    if not isinstance(body_spec, dict):
        return []
    content = body_spec.get("content") or {}
    if not request.body:
        return ["body: is required"] if body_spec.get("required") is True else []
    given = request.headers.get("content-type", "")
    if not content:
        return []
    media_type = next((m for m in content if given and media_matches(given, m)), None)
    if media_type is None:
        offered = ", ".join(content)
        return [f"content-type: {given or 'none'} is not supported (expected {offered})"]
    schema = (resolve(document, content[media_type]) or {}).get("schema")
    if schema is None:
        return []
    base = given.split(";", 1)[0].strip().lower()
    if base == "application/json" or base.endswith("+json"):
        try:
            value = json.loads(request.body)
        except ValueError:
            return ["body: is not valid JSON"]
    elif base == "application/x-www-form-urlencoded":
        value = _form(document, schema, request.body)
        if value is None:
            return []
    else:
        return []
    return _named("body", schema_errors(document, schema, value))


def _named(where: str, errors: list[str]) -> list[str]:
    """`/a/0: must be integer` as `body/a/0: must be integer` (`/` alone: the value itself)."""
    out = []
    for error in errors:
        at, _, what = error.partition(": ")
        out.append(f"{where}{'' if at == '/' else at}: {what}")
    return out


def _form(document: dict[str, Any], schema: Any, body: bytes) -> dict[str, Any] | None:
    """A form body as the object its schema describes (None when that cannot be said)."""
    schema = resolve(document, schema)
    if not isinstance(schema, dict) or not isinstance(schema.get("properties", {}), dict):
        return None
    try:
        fields = parse_qs(body.decode("utf-8"), keep_blank_values=True)
    except UnicodeDecodeError:
        return None
    properties = schema.get("properties") or {}
    out: dict[str, Any] = {}
    for name, values in fields.items():
        if "[" in name and name.split("[", 1)[0] in properties:
            return None  # a deepObject field (`metadata[key]=v`): the body is not read for sure
        if name not in properties:
            out[name] = values[-1]
            continue
        value, checkable = _read(document, properties[name], values)
        if not checkable:
            return None
        out[name] = value
    return out
