"""A value that validates against a schema, generated when a document gives no example.

Static generation (Prism's default) is deterministic: the schema's `example`,
`examples[0]`, `default` or `const`, the first `enum` value, a fixed value per
`format` (date-time, uuid, email, uri, ...), a string of a simple `pattern`, else a
plain value per type kept inside `minimum`/`maximum`, `minLength`/`maxLength` and
`minItems`. Objects get every property the direction allows (`writeOnly` ones
never appear in responses, `readOnly` ones never in requests) and a value for every
`additionalProperties` name that is required; `allOf` is merged into one schema
before sampling, `oneOf`/`anyOf` take the first branch that does not loop.

A recursive schema (a `$ref` met again inside itself) is cut only there: an optional
property that would loop is left out, an array of it is empty, and a required one
gets the smallest value of the right type (null where the schema allows null).
Nullable (`nullable: true`, `type: [..., "null"]`) values are never null unless
that is the only choice.

Dynamic generation (`Prefer: dynamic=true`, `config.dynamic`) draws the plain values
from a `random.Random` the caller seeds, so one request always gets the same body.
"""

from __future__ import annotations

import random
from typing import Any, Literal

from .openapi import follow_ref, resolve
from .patterns import string_for_pattern

__all__ = ["Direction", "sample_schema"]

Direction = Literal["response", "request"]

FORMATS: dict[str, Any] = {
    "date-time": "2024-01-01T00:00:00Z",
    "date": "2024-01-01",
    "time": "00:00:00Z",
    "email": "user@example.com",
    "idn-email": "user@example.com",
    "uuid": "00000000-0000-4000-8000-000000000000",
    "uri": "https://example.com",
    "url": "https://example.com",
    "uri-reference": "https://example.com",
    "iri": "https://example.com",
    "hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "byte": "U3dhZ2dlcg==",
    "binary": "",
    "password": "********",
}

_SCALARS: dict[str, Any] = {
    "string": "string",
    "integer": 0,
    "number": 0.0,
    "boolean": True,
    "object": {},
    "array": [],
    "null": None,
}
_MERGE_DEPTH = 16  # nested allOf flattening; real documents use two or three


class _Cycle(Exception):
    """Sampling reached a `$ref` it is already inside (carries the looping schema)."""

    def __init__(self, schema: dict[str, Any]) -> None:
        super().__init__("cycle")
        self.schema = schema


def sample_schema(
    document: dict[str, Any],
    schema: Any,
    *,
    direction: Direction = "response",
    rng: random.Random | None = None,
) -> Any:
    """A value for `schema` that validates against it (see the module docstring)."""
    sampler = _Sampler(document, direction, rng)
    try:
        return sampler.value(schema, ())
    except _Cycle as cycle:  # the top schema loops into itself through a required path
        return sampler.placeholder(cycle.schema)


class _Sampler:
    def __init__(
        self, document: dict[str, Any], direction: Direction, rng: random.Random | None
    ) -> None:
        self.document = document
        self.direction = direction
        self.rng = rng

    def _enter(self, node: Any, stack: tuple[str, ...]) -> tuple[Any, tuple[str, ...]]:
        """Follow `$ref`s at the top of `node`; raise _Cycle when one is already open."""
        while isinstance(node, dict) and isinstance(node.get("$ref"), str):
            ref = node["$ref"]
            target = follow_ref(self.document, ref)
            if ref in stack:
                raise _Cycle(target if isinstance(target, dict) else {})
            stack = (*stack, ref)
            node = target
        return node, stack

    def value(self, node: Any, stack: tuple[str, ...]) -> Any:
        schema, stack = self._enter(node, stack)
        if not isinstance(schema, dict):
            return None if schema is False else {}
        if "allOf" in schema:
            schema = self._merged(schema, stack, 0)
        # Dynamic answers draw fresh values: only `const` is fixed for them.
        for key in ("const",) if self.rng else ("example", "default", "const"):
            if key in schema:
                return schema[key]
        if not self.rng and isinstance(schema.get("examples"), list) and schema["examples"]:
            return schema["examples"][0]
        if isinstance(schema.get("enum"), list) and schema["enum"]:
            choices = [v for v in schema["enum"] if v is not None] or schema["enum"]
            return self.rng.choice(choices) if self.rng else choices[0]
        for key in ("oneOf", "anyOf"):
            branches = schema.get(key)
            if isinstance(branches, list) and branches:
                return self._first_branch(schema, key, branches, stack)
        kind = _kind(schema)
        if kind == "object":
            return self._object(schema, stack)
        if kind == "array":
            return self._array(schema, stack)
        return self._scalar(schema, kind)

    def _first_branch(
        self, schema: dict[str, Any], key: str, branches: list[Any], stack: tuple[str, ...]
    ) -> Any:
        rest = {k: v for k, v in schema.items() if k != key}
        # A branch that is only `null` (or loops) is the last choice: bodies should carry data.
        ordered = sorted(branches, key=lambda b: _kind(resolve(self.document, b)) == "null")
        last: _Cycle | None = None
        for branch in ordered:
            try:
                value = self.value(branch, stack)
            except _Cycle as cycle:
                last = cycle
                continue
            if isinstance(value, dict) and _kind(rest) == "object" and rest.get("properties"):
                return {**self._object(rest, stack), **value}
            return value
        assert last is not None
        raise last

    def _merged(self, schema: dict[str, Any], stack: tuple[str, ...], depth: int) -> dict[str, Any]:
        """One schema from `allOf` parts: properties and required joined, first wins else."""
        merged: dict[str, Any] = {k: v for k, v in schema.items() if k != "allOf"}
        for part in schema.get("allOf") or []:
            resolved, _ = self._enter(part, stack)
            if not isinstance(resolved, dict):
                continue
            if "allOf" in resolved and depth < _MERGE_DEPTH:
                resolved = self._merged(resolved, stack, depth + 1)
            for key, value in resolved.items():
                if key == "properties" and isinstance(value, dict):
                    properties = dict(merged.get("properties") or {})
                    for name, prop in value.items():
                        properties[name] = (
                            {"allOf": [properties[name], prop]} if name in properties else prop
                        )
                    merged["properties"] = properties
                elif key == "required" and isinstance(value, list):
                    merged["required"] = list(dict.fromkeys([*merged.get("required", []), *value]))
                elif key == "type" and "type" in merged:
                    merged["type"] = _common_type(merged["type"], value)
                else:
                    merged.setdefault(key, value)
        return merged

    def _hidden(self, prop: Any) -> bool:
        resolved = resolve(self.document, prop)
        if not isinstance(resolved, dict):
            return False
        return bool(resolved.get("writeOnly" if self.direction == "response" else "readOnly"))

    def _object(self, schema: dict[str, Any], stack: tuple[str, ...]) -> dict[str, Any]:
        required = set(schema.get("required") or [])
        properties = schema.get("properties") or {}
        out: dict[str, Any] = {}
        for name, prop in properties.items():
            if self._hidden(prop) and name not in required:
                continue
            try:
                out[name] = self.value(prop, stack)
            except _Cycle as cycle:
                if name in required:
                    out[name] = self.placeholder(cycle.schema)
        extra = schema.get("additionalProperties")
        for name in sorted(required - set(out)):
            # Required names not in `properties` follow `additionalProperties`.
            try:
                out[name] = self.value(extra if isinstance(extra, dict) else {}, stack)
            except _Cycle as cycle:
                out[name] = self.placeholder(cycle.schema)
        low = schema.get("minProperties")
        if isinstance(low, int) and len(out) < low and isinstance(extra, dict | bool) and extra:
            for index in range(low - len(out)):
                try:
                    out[f"property{index}"] = self.value(extra if extra is not True else {}, stack)
                except _Cycle as cycle:
                    out[f"property{index}"] = self.placeholder(cycle.schema)
        return out

    def _array(self, schema: dict[str, Any], stack: tuple[str, ...]) -> list[Any]:
        low = schema.get("minItems")
        count = low if isinstance(low, int) and low > 0 else 1
        high = schema.get("maxItems")
        if isinstance(high, int) and high < count:
            count = high
        items = schema.get("items", {})
        try:
            item = self.value(items, stack)
        except _Cycle as cycle:
            if not (isinstance(low, int) and low > 0):
                return []
            item = self.placeholder(cycle.schema)
        if schema.get("uniqueItems") and count > 1:
            return [item]  # one distinct item is all a fixed sample can promise
        return [item] * count

    def _scalar(self, schema: dict[str, Any], kind: str | None) -> Any:
        fmt = schema.get("format")
        if kind in ("integer", "number"):
            return self._number(schema, kind)
        if kind == "boolean":
            return self.rng.random() < 0.5 if self.rng else True
        if kind == "null":
            return None
        if kind is None and not isinstance(fmt, str) and "pattern" not in schema:
            return {} if self.direction == "response" else "string"
        if isinstance(fmt, str) and fmt in FORMATS:
            return FORMATS[fmt]
        return self._string(schema)

    def _string(self, schema: dict[str, Any]) -> str:
        pattern = schema.get("pattern")
        if isinstance(pattern, str):
            found = string_for_pattern(pattern)
            if found is not None:
                return found
        given_low, given_high = schema.get("minLength"), schema.get("maxLength")
        low: int = given_low if isinstance(given_low, int) else 0
        high: int | None = given_high if isinstance(given_high, int) else None
        if self.rng:
            size = self.rng.randint(max(low, 4), max(low, 4, min(high or 12, 12)))
            text = "".join(self.rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(size))
        else:
            text = "string"
        if len(text) < low:
            text = text + "x" * (low - len(text))
        return text[:high] if high is not None else text

    def _number(self, schema: dict[str, Any], kind: str) -> int | float:
        low, high = _bounds(schema, kind)
        if self.rng:
            start = low if low is not None else (high - 100 if high is not None else 0)
            stop = high if high is not None else start + 100
            value: int | float = (
                self.rng.randint(int(start), int(stop))
                if kind == "integer"
                else round(self.rng.uniform(start, stop), 2)
            )
        else:
            value = low if low is not None else min(0, high) if high is not None else 0
        step = schema.get("multipleOf")
        if isinstance(step, int | float) and not isinstance(step, bool) and step > 0:
            value = step * -(-value // step)  # round up to a multiple, staying >= low
            if high is not None and value > high:
                value -= step
        if kind == "integer":
            return int(value)
        return float(value)

    def placeholder(self, schema: dict[str, Any], depth: int = 0) -> Any:
        """The smallest value of the right type where a loop is cut."""
        schema, _ = self._enter(schema, ())
        if not isinstance(schema, dict):
            return None
        if "allOf" in schema:
            schema = self._merged(schema, (), 0)
        if _allows_null(schema) or depth > 3:
            return None
        for key in ("oneOf", "anyOf"):
            if isinstance(schema.get(key), list) and schema[key]:
                return self.placeholder(schema[key][0], depth + 1)
        kind = _kind(schema)
        if kind == "object":
            properties = schema.get("properties") or {}
            return {
                name: self.placeholder(properties.get(name, {}), depth + 1)
                for name in schema.get("required") or []
            }
        if kind == "array":
            return []
        return self._scalar(schema, kind)


def _kind(schema: Any) -> str | None:
    """The type to generate: the first non-null type, or one implied by the keywords."""
    if not isinstance(schema, dict):
        return None
    kind = schema.get("type")
    if isinstance(kind, list):  # OpenAPI 3.1: ["string", "null"]
        kinds = [k for k in kind if k != "null"]
        return kinds[0] if kinds else "null" if kind else None
    if isinstance(kind, str):
        return kind
    if "properties" in schema or "additionalProperties" in schema or "required" in schema:
        return "object"
    if "items" in schema:
        return "array"
    if any(k in schema for k in ("minimum", "maximum", "exclusiveMinimum", "multipleOf")):
        return "number"
    if any(k in schema for k in ("minLength", "maxLength", "pattern")):
        return "string"
    if schema.get("format") in FORMATS:
        return "string"
    return None


def _allows_null(schema: dict[str, Any]) -> bool:
    kind = schema.get("type")
    return (
        schema.get("nullable") is True
        or kind == "null"
        or (isinstance(kind, list) and "null" in kind)
    )


def _common_type(first: Any, second: Any) -> Any:
    a = set(first) if isinstance(first, list) else {first}
    b = set(second) if isinstance(second, list) else {second}
    if "number" in a and "integer" in b or "integer" in a and "number" in b:
        a |= {"integer"}
        b |= {"integer"}
    both = [k for k in (first if isinstance(first, list) else [first]) if k in b]
    if not both and "integer" in a & b:
        both = ["integer"]
    return both[0] if len(both) == 1 else both or first


def _bounds(schema: dict[str, Any], kind: str) -> tuple[float | None, float | None]:
    """The lowest and highest allowed value (3.0 boolean and 3.1 numeric exclusive bounds)."""
    step = 1  # for numbers too: any value past an exclusive bound will do

    def number(key: str) -> float | None:
        value = schema.get(key)
        return value if isinstance(value, int | float) and not isinstance(value, bool) else None

    low, high = number("minimum"), number("maximum")
    if number("exclusiveMinimum") is not None:
        low = number("exclusiveMinimum") + step  # type: ignore[operator]
    elif low is not None and schema.get("exclusiveMinimum") is True:
        low += step
    if number("exclusiveMaximum") is not None:
        high = number("exclusiveMaximum") - step  # type: ignore[operator]
    elif high is not None and schema.get("exclusiveMaximum") is True:
        high -= step
    if low is not None and high is not None and high < low:
        high = low
    return low, high
