"""A small JSON-schema validator for the keywords the host's schemas use.

Pure Python (it runs in Pyodide too), so the route table and the settings can
enforce the same schemas they publish in `/api/openapi.json`. Supported:

    type (one name or a list), enum, const,
    minimum, maximum, minLength, maxLength, pattern, format,
    items, minItems, maxItems, uniqueItems,
    properties, required, additionalProperties (bool or schema)

Annotations (`title`, `description`, `default`, `examples`, `x-*`) are ignored,
except `x-expected`: what a value matching `pattern` looks like, in words
("WIDTHxHEIGHT, e.g. 1920x1080"), said instead of the regular expression.
A schema using any other keyword is refused by `check_schema`, so a schema can
never promise a rule that is silently not enforced.

Differences from the full standard, on purpose: `integer` is a JSON number
without a fraction part *as parsed* (Python `int`, never `bool`); `number`
refuses NaN and infinities; `pattern` is searched (unanchored) as the standard
says, so schemas anchor their own patterns.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from http_errors import BadRequest

__all__ = ["FORMATS", "SchemaError", "SchemaField", "check_schema", "describe", "validate"]

Format = Callable[[str], "str | None"]


def _is_windows_path(value: str) -> bool:
    return len(value) > 2 and value[0].isalpha() and value[1:3] in (":\\", ":/")


def _is_absolute(value: str) -> bool:
    return value.startswith("/") or _is_windows_path(value)


def _origin(value: str) -> str | None:
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return f"{value!r} is not an origin like https://host:port"
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return f"{value!r} is not an origin: remove its path, query or fragment"
    return None


def _absolute_path(value: str) -> str | None:
    return None if _is_absolute(value) else f"must be an absolute folder path (not {value!r})"


def _absolute_path_or_empty(value: str) -> str | None:
    return (
        None if value == "" or _is_absolute(value) else "must be empty or an absolute folder path"
    )


def _search_path(value: str) -> str | None:
    separator = ";" if ";" in value or _is_windows_path(value) else ":"
    bad = [item for item in value.split(separator) if item and not _is_absolute(item)]
    return f"must list absolute folders (not {bad[0]!r})" if bad else None


def _update_source(value: str) -> str | None:
    if value == "" or _is_absolute(value):
        return None
    from host.core.system.updates import (
        insecure_url_problem,  # the one rule, shared with the updater
    )

    if urlsplit(value).scheme in ("http", "https"):
        return insecure_url_problem(value)
    return "must be empty, an https:// URL or an absolute folder path"


# Formats beyond the standard's: name -> check returning a problem or None.
FORMATS: dict[str, Format] = {
    "origin": _origin,
    "absolute-path": _absolute_path,
    "absolute-path-or-empty": _absolute_path_or_empty,
    "search-path": _search_path,
    "update-source": _update_source,
}

_VALIDATION = frozenset(
    {
        "type",
        "enum",
        "const",
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "pattern",
        "format",
        "items",
        "minItems",
        "maxItems",
        "uniqueItems",
        "properties",
        "required",
        "additionalProperties",
    }
)
_ANNOTATIONS = frozenset({"title", "description", "default", "examples", "$comment"})

_TYPE_NAMES = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "array": "a list",
    "object": "an object",
    "null": "null",
}


class SchemaError(ValueError):
    """A value breaks its schema. `path` names the field (`scopes[0].methods`); `code`
    and `params` name the rule for a reader in another language (the console's
    `error.<code>` message: "schema.min_length", {"count": 8})."""

    def __init__(self, path: str, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message
        self.code = code
        self.params = params

    def details(self) -> dict[str, Any]:
        """The error body's `code` and `params` (none for a rule only English says)."""
        if self.code is None:
            return {}
        return {"code": self.code, "params": self.params}

    def bad_request(self, what: str) -> BadRequest:
        """The 400 for a value of `what` ("setting", "app field") that breaks its schema."""
        return BadRequest(f"Invalid {what} {self}", field=self.path or None, **self.details())


def _is_type(value: Any, name: str) -> bool:
    if name == "string":
        return isinstance(value, str)
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        return not isinstance(value, float) or math.isfinite(value)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "array":
        return isinstance(value, list)
    if name == "object":
        return isinstance(value, dict)
    if name == "null":
        return value is None
    raise ValueError(f"unknown JSON-schema type {name!r}")


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _choices(values: list[Any]) -> str:
    import json

    return ", ".join(v if isinstance(v, str) else json.dumps(v) for v in values)


def validate(schema: Mapping[str, Any], value: Any, path: str = "") -> None:
    """Raise SchemaError for the first rule `value` breaks (depth first, in schema order)."""
    kinds = schema.get("type")
    if kinds is not None:
        names = [kinds] if isinstance(kinds, str) else list(kinds)
        if not any(_is_type(value, name) for name in names):
            wanted = " or ".join(_TYPE_NAMES[name] for name in names)
            if isinstance(value, float) and not math.isfinite(value):
                raise SchemaError(path, f"must be {wanted}, not {value}")
            raise SchemaError(path, f"must be {wanted}", code="schema.type", types=names)
    if "const" in schema and not _same(value, schema["const"]):
        raise SchemaError(
            path,
            f"must be {_choices([schema['const']])}",
            code="schema.choice",
            choices=_choices([schema["const"]]),
        )
    if "enum" in schema and not any(_same(value, choice) for choice in schema["enum"]):
        raise SchemaError(
            path,
            f"must be one of {_choices(schema['enum'])}",
            code="schema.choice",
            choices=_choices(schema["enum"]),
        )
    if isinstance(value, str):
        _check_string(schema, value, path)
    elif _is_type(value, "number"):
        _check_number(schema, value, path)
    elif isinstance(value, list):
        _check_array(schema, value, path)
    elif isinstance(value, dict):
        _check_object(schema, value, path)


@dataclass(frozen=True)
class SchemaField:
    """A named value: its default, a line of help, and the JSON-schema fragment that is
    the only rule it is checked by. An app's fields are these; a host setting adds its
    title and group."""

    name: str
    default: Any
    help: str
    schema: dict[str, Any]

    def check(self, value: Any) -> None:
        """Raise SchemaError, naming the field, when `value` breaks the field's schema."""
        validate(self.schema, value, self.name)


def _same(value: Any, choice: Any) -> bool:
    # 1 == True in Python; JSON keeps booleans and numbers apart.
    return value == choice and isinstance(value, bool) == isinstance(choice, bool)


def _check_size(
    schema: Mapping[str, Any],
    size: int,
    path: str,
    least_key: str,
    most_key: str,
    words: str,
    codes: tuple[str, str],
) -> None:
    """A string's length or an array's item count against its two limits.

    `words` says the limit in the value's unit, e.g. "must have {} items"; a least of
    1 reads "must not be empty" whatever the unit. `codes`: the least and most
    rules' codes."""
    if least_key in schema and size < schema[least_key]:
        least = schema[least_key]
        if least == 1:
            raise SchemaError(path, "must not be empty", code="schema.empty")
        raise SchemaError(path, words.format(f"at least {least}"), code=codes[0], count=least)
    if most_key in schema and size > schema[most_key]:
        most = schema[most_key]
        raise SchemaError(path, words.format(f"at most {most}"), code=codes[1], count=most)


def _check_string(schema: Mapping[str, Any], value: str, path: str) -> None:
    _check_size(
        schema,
        len(value),
        path,
        "minLength",
        "maxLength",
        "must be {} characters",
        ("schema.min_length", "schema.max_length"),
    )
    if "pattern" in schema and re.search(schema["pattern"], value) is None:
        expected = schema.get("x-expected")
        raise SchemaError(
            path, f"must be {expected}" if expected else f"must match {schema['pattern']}"
        )
    if "format" in schema:
        problem = FORMATS[schema["format"]](value)
        if problem is not None:
            raise SchemaError(path, problem)


def _check_number(schema: Mapping[str, Any], value: float, path: str) -> None:
    low, high = schema.get("minimum"), schema.get("maximum")
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            raise SchemaError(
                path, f"must be between {low} and {high}", code="schema.between", low=low, high=high
            )
        if low is not None:
            raise SchemaError(path, f"must be at least {low}", code="schema.minimum", limit=low)
        raise SchemaError(path, f"must be at most {high}", code="schema.maximum", limit=high)


def _check_array(schema: Mapping[str, Any], value: list[Any], path: str) -> None:
    _check_size(
        schema,
        len(value),
        path,
        "minItems",
        "maxItems",
        "must have {} items",
        ("schema.min_items", "schema.max_items"),
    )
    if "items" in schema:
        for index, item in enumerate(value):
            validate(schema["items"], item, _join(path, index))
    if schema.get("uniqueItems"):
        seen: list[Any] = []
        for index, item in enumerate(value):
            if any(_same(item, earlier) for earlier in seen):
                raise SchemaError(
                    _join(path, index), "repeats an earlier item", code="schema.repeated"
                )
            seen.append(item)


def _check_object(schema: Mapping[str, Any], value: dict[str, Any], path: str) -> None:
    for name in schema.get("required", ()):
        if name not in value:
            raise SchemaError(_join(path, name), "is required", code="schema.required")
    properties: Mapping[str, Any] = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for name, item in value.items():
        if name in properties:
            validate(properties[name], item, _join(path, name))
        elif extra is False:
            raise SchemaError(_join(path, name), "is not a known field", code="schema.unknown")
        elif isinstance(extra, Mapping):
            validate(extra, item, _join(path, name))


def check_schema(schema: Mapping[str, Any], where: str = "schema") -> None:
    """Refuse keywords this validator does not enforce and formats nobody registered."""
    for key, rule in schema.items():
        if key in _ANNOTATIONS or key.startswith("x-"):
            continue
        if key not in _VALIDATION:
            raise ValueError(f"{where}: keyword {key!r} is not enforced by host.core.schema")
        if key == "format" and rule not in FORMATS:
            raise ValueError(f"{where}: format {rule!r} is not registered")
        if key == "type":
            for name in [rule] if isinstance(rule, str) else rule:
                _is_type(None, name)  # raises for an unknown type name
    for name, sub in schema.get("properties", {}).items():
        check_schema(sub, f"{where}.{name}")
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), Mapping):
            check_schema(schema[key], f"{where}.{key}")


def describe(schema: Mapping[str, Any]) -> str:
    """The allowed values in words, for generated docs: `one of pc, lan, wan`, `500 to 10000`."""
    if "enum" in schema:
        return f"one of {_choices(schema['enum'])}"
    kind = schema.get("type")
    if kind == "array":
        items = schema.get("items", {})
        if "enum" in items:
            return f"list drawn from {_choices(items['enum'])}"
        item = describe(items)
        return f"list of {item}" if item else "list"
    if kind in ("integer", "number"):
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return f"{kind} {low} to {high}"
        return kind
    if kind == "boolean":
        return "true or false"
    if "format" in schema:
        return _FORMAT_WORDS[schema["format"]]
    return str(kind or "")


_FORMAT_WORDS = {
    "origin": "origin (scheme://host:port)",
    "absolute-path": "absolute folder path",
    "absolute-path-or-empty": "absolute folder path, or empty",
    "search-path": "absolute folders separated like PATH, or empty",
    "update-source": "https:// URL (http:// only to this machine) or absolute folder path, or empty",
}
