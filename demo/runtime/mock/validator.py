"""A small JSON Schema validator for OpenAPI 3.0/3.1 schemas, reading only the document.

It runs in the browser (Pyodide) as well as natively, so it is plain Python with no
dependency. It checks what a mock needs to reject a request that breaks the
document: `type` (with `nullable` and type lists), `enum`, `const`, `required`,
`properties`, `additionalProperties`, `items`, `prefixItems`, `minItems`/`maxItems`,
`uniqueItems`, `minLength`/`maxLength`, `pattern`, `minimum`/`maximum` (both the 3.0
boolean and 3.1 numeric exclusive forms), `multipleOf`, `minProperties`/
`maxProperties`, `allOf`/`anyOf`/`oneOf`/`not`, `format` (date-time, date, uuid,
email, uri) and local `$ref`s. Unknown keywords are ignored, so a request is never
refused for a rule this does not understand. `readOnly` properties are not expected
in requests (`direction="request"`), `writeOnly` ones not in responses.

Errors are `<where>: <what>` lines, `where` a JSON pointer into the value (`/a/0`).
"""

from __future__ import annotations

import re
from typing import Any, Literal, TypeGuard

from .openapi import OpenApiError, follow_ref

__all__ = ["schema_errors"]

_DATE = r"\d{4}-\d{2}-\d{2}"
_FORMATS = {
    "date": re.compile(rf"^{_DATE}$"),
    "date-time": re.compile(
        rf"^{_DATE}[Tt ]\d{{2}}:\d{{2}}:\d{{2}}(\.\d+)?([Zz]|[+-]\d{{2}}:?\d{{2}})$"
    ),
    "uuid": re.compile(r"^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$"),
    "email": re.compile(r"^[^@\s]+@[^@\s]+$"),
    "uri": re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:\S*$"),
}
_MAX_ERRORS = 20
_MAX_DEPTH = 64  # a value nested deeper than any real request is not checked further


def schema_errors(
    document: dict[str, Any],
    schema: Any,
    value: Any,
    direction: Literal["request", "response"] = "request",
    where: str = "",
) -> list[str]:
    """Every way `value` breaks `schema` (empty when it validates)."""
    errors: list[str] = []
    _Check(document, direction, errors).check(schema, value, where, 0)
    return errors[:_MAX_ERRORS]


def _type_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _number(value: Any) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)


class _Check:
    def __init__(self, document: dict[str, Any], direction: str, errors: list[str]) -> None:
        self.document = document
        self.hidden = "readOnly" if direction == "request" else "writeOnly"
        self.errors = errors

    def fail(self, where: str, problem: str) -> None:
        self.errors.append(f"{where or '/'}: {problem}")

    def valid(self, schema: Any, value: Any, depth: int) -> bool:
        probe = _Check(self.document, "request", [])
        probe.hidden = self.hidden
        probe.check(schema, value, "", depth)
        return not probe.errors

    def check(self, schema: Any, value: Any, where: str, depth: int) -> None:
        seen = 0
        while isinstance(schema, dict) and isinstance(schema.get("$ref"), str):
            try:
                target = follow_ref(self.document, schema["$ref"])
            except OpenApiError:
                return  # the build checked references; nothing to hold the value to
            # 3.1 allows keywords beside $ref: check them too.
            siblings = {k: v for k, v in schema.items() if k != "$ref"}
            if siblings:
                self.check(siblings, value, where, depth)
            schema, seen = target, seen + 1
            if seen > 32:
                return
        if schema is False:
            self.fail(where, "no value is allowed here")
            return
        if not isinstance(schema, dict) or depth > _MAX_DEPTH:
            return
        if value is None and (schema.get("nullable") is True):
            return
        self._type(schema, value, where)
        if "enum" in schema and isinstance(schema["enum"], list) and value not in schema["enum"]:
            allowed = ", ".join(repr(v) for v in schema["enum"][:10])
            self.fail(where, f"must be one of {allowed}")
        if "const" in schema and value != schema["const"]:
            self.fail(where, f"must be {schema['const']!r}")
        if isinstance(value, str):
            self._string(schema, value, where)
        elif _number(value):
            self._number(schema, value, where)
        elif isinstance(value, list):
            self._array(schema, value, where, depth)
        elif isinstance(value, dict):
            self._object(schema, value, where, depth)
        self._combinators(schema, value, where, depth)

    def _type(self, schema: dict[str, Any], value: Any, where: str) -> None:
        kind = schema.get("type")
        kinds = kind if isinstance(kind, list) else [kind] if isinstance(kind, str) else []
        if not kinds:
            return
        actual = _type_of(value)
        if actual in kinds or actual == "integer" and "number" in kinds:
            return
        self.fail(where, f"must be {' or '.join(kinds)}, got {actual}")

    def _size(
        self, schema: dict[str, Any], size: int, where: str, low_key: str, high_key: str, words: str
    ) -> None:
        """A length or count against its two limits; `words` says it in the value's unit."""
        low, high = schema.get(low_key), schema.get(high_key)
        if isinstance(low, int) and size < low:
            self.fail(where, words.format(f"at least {low}"))
        if isinstance(high, int) and size > high:
            self.fail(where, words.format(f"at most {high}"))

    def _string(self, schema: dict[str, Any], value: str, where: str) -> None:
        self._size(
            schema, len(value), where, "minLength", "maxLength", "must be {} characters long"
        )
        pattern = schema.get("pattern")
        if isinstance(pattern, str):
            try:
                if not re.search(pattern, value):
                    self.fail(where, f"must match pattern {pattern}")
            except re.error:
                pass  # an ECMA-only pattern Python cannot read: not held against the request
        fmt = schema.get("format")
        if isinstance(fmt, str) and fmt in _FORMATS and not _FORMATS[fmt].match(value):
            self.fail(where, f"must be a {fmt}")

    def _number(self, schema: dict[str, Any], value: float, where: str) -> None:
        low, high = schema.get("minimum"), schema.get("maximum")
        low_x, high_x = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
        if _number(low) and (value < low or low_x is True and value == low):
            self.fail(where, f"must be {'>' if low_x is True else '>='} {low}")
        if _number(high) and (value > high or high_x is True and value == high):
            self.fail(where, f"must be {'<' if high_x is True else '<='} {high}")
        if _number(low_x) and value <= low_x:
            self.fail(where, f"must be > {low_x}")
        if _number(high_x) and value >= high_x:
            self.fail(where, f"must be < {high_x}")
        step = schema.get("multipleOf")
        if _number(step) and step > 0 and abs(value / step - round(value / step)) > 1e-9:
            self.fail(where, f"must be a multiple of {step}")

    def _array(self, schema: dict[str, Any], value: list[Any], where: str, depth: int) -> None:
        self._size(schema, len(value), where, "minItems", "maxItems", "must have {} items")
        if schema.get("uniqueItems") is True:
            seen: list[Any] = []
            for item in value:
                if item in seen:
                    self.fail(where, "items must be unique")
                    break
                seen.append(item)
        given = schema.get("prefixItems")
        prefix: list[Any] = given if isinstance(given, list) else []
        for index, item in enumerate(value):
            if index < len(prefix):
                self.check(prefix[index], item, f"{where}/{index}", depth + 1)
            elif "items" in schema and isinstance(schema["items"], dict | bool):
                self.check(schema["items"], item, f"{where}/{index}", depth + 1)

    def _object(
        self, schema: dict[str, Any], value: dict[str, Any], where: str, depth: int
    ) -> None:
        given = schema.get("properties")
        properties: dict[str, Any] = given if isinstance(given, dict) else {}
        for name in schema.get("required") or []:
            if name in value:
                continue
            prop: Any = properties.get(name)
            try:
                resolved = follow_ref(self.document, prop["$ref"]) if _is_ref(prop) else prop
            except OpenApiError:
                resolved = prop
            if isinstance(resolved, dict) and resolved.get(self.hidden):
                continue  # readOnly fields are not sent in requests (nor writeOnly received)
            self.fail(where, f"required property {name!r} is missing")
        self._size(
            schema, len(value), where, "minProperties", "maxProperties", "must have {} properties"
        )
        extra = schema.get("additionalProperties")
        for name, item in value.items():
            at = f"{where}/{name.replace('~', '~0').replace('/', '~1')}"
            if name in properties:
                self.check(properties[name], item, at, depth + 1)
            elif extra is False:
                self.fail(at, "is not an allowed property")
            elif isinstance(extra, dict):
                self.check(extra, item, at, depth + 1)

    def _combinators(self, schema: dict[str, Any], value: Any, where: str, depth: int) -> None:
        for part in schema.get("allOf") or []:
            self.check(part, value, where, depth + 1)
        branches = schema.get("anyOf")
        if (
            isinstance(branches, list)
            and branches
            and not any(self.valid(b, value, depth + 1) for b in branches)
        ):
            self.fail(where, "must match at least one of anyOf")
        branches = schema.get("oneOf")
        if isinstance(branches, list) and branches:
            matching = sum(self.valid(b, value, depth + 1) for b in branches)
            if matching != 1:
                self.fail(where, f"must match exactly one of oneOf (matches {matching})")
        if "not" in schema and self.valid(schema["not"], value, depth + 1):
            self.fail(where, "must not match the `not` schema")


def _is_ref(node: Any) -> bool:
    return isinstance(node, dict) and isinstance(node.get("$ref"), str)
