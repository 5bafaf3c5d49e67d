"""Choosing a response example the way Prism's static mode does, and sampling schemas.

Order for a response's media type: `Prefer: example=<name>` (from `examples`), then
`example`, then the first of `examples`, else a value generated from the schema.
Generation is deterministic: `example`, `default`, `const`, first `enum`, a fixed
value per `format`, then a plain value per type; objects get every property (except
`writeOnly` ones, which never appear in responses); arrays one item (or `minItems`);
`allOf` is merged, `oneOf`/`anyOf` take the first choice. Recursive schemas stop at
a fixed depth.
"""

from __future__ import annotations

from typing import Any

from .openapi import resolve

__all__ = ["NoExample", "choose_example", "example_for", "sample_schema"]

_MAX_DEPTH = 8

_FORMATS: dict[str, Any] = {
    "date-time": "2024-01-01T00:00:00Z",
    "date": "2024-01-01",
    "time": "00:00:00Z",
    "email": "user@example.com",
    "uuid": "00000000-0000-4000-8000-000000000000",
    "uri": "https://example.com",
    "url": "https://example.com",
    "hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "byte": "U3dhZ2dlcg==",
    "binary": "",
    "password": "********",
    "int32": 0,
    "int64": 0,
    "float": 0.0,
    "double": 0.0,
}


class NoExample(LookupError):
    """A named example was asked for (`Prefer: example=...`) and does not exist."""


def _types(schema: dict[str, Any]) -> list[str]:
    kind = schema.get("type")
    if isinstance(kind, list):  # OpenAPI 3.1: ["string", "null"]
        return [k for k in kind if k != "null"] or ["null"]
    if isinstance(kind, str):
        return [kind]
    if "properties" in schema or "additionalProperties" in schema:
        return ["object"]
    if "items" in schema:
        return ["array"]
    return []


def _lowest(schema: dict[str, Any]) -> int | float:
    """The smallest allowed number: 0, or the minimum (3.0 boolean / 3.1 numeric exclusiveMinimum)."""
    low, exclusive = schema.get("minimum"), schema.get("exclusiveMinimum")
    # bool is an int subclass, and never a bound.
    if isinstance(exclusive, int | float) and not isinstance(exclusive, bool):
        return exclusive + 1
    if isinstance(low, int | float) and not isinstance(low, bool):
        return low + 1 if exclusive is True else low
    return 0


def _merge(parts: list[Any]) -> Any:
    objects = [p for p in parts if isinstance(p, dict)]
    if objects and len(objects) == len(parts):
        merged: dict[str, Any] = {}
        for part in objects:
            merged.update(part)
        return merged
    return parts[-1] if parts else None


def sample_schema(document: dict[str, Any], schema: Any, depth: int = 0) -> Any:
    """A deterministic example value for `schema` (used when no example is given)."""
    schema = resolve(document, schema)
    if not isinstance(schema, dict) or depth > _MAX_DEPTH:
        return None
    for key in ("example", "default", "const"):
        if key in schema:
            return schema[key]
    if isinstance(schema.get("examples"), list) and schema["examples"]:  # 3.1 schema examples
        return schema["examples"][0]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return schema["enum"][0]
    if isinstance(schema.get("allOf"), list):
        parts = [sample_schema(document, s, depth + 1) for s in schema["allOf"]]
        rest = {k: v for k, v in schema.items() if k != "allOf"}
        if _types(rest) == ["object"]:
            parts.append(sample_schema(document, rest, depth + 1))
        return _merge(parts)
    for key in ("oneOf", "anyOf"):
        if isinstance(schema.get(key), list) and schema[key]:
            return sample_schema(document, schema[key][0], depth + 1)
    kinds = _types(schema)
    kind = kinds[0] if kinds else None
    fmt = schema.get("format")
    if kind == "object" or kind is None and "properties" in schema:
        out = {}
        for name, prop in (schema.get("properties") or {}).items():
            resolved = resolve(document, prop)
            if isinstance(resolved, dict) and resolved.get("writeOnly"):
                continue
            out[name] = sample_schema(document, prop, depth + 1)
        return out
    if kind == "array":
        count = max(1, int(schema.get("minItems", 1) or 1))
        item = sample_schema(document, schema.get("items", {}), depth + 1)
        return [item] * count
    if isinstance(fmt, str) and fmt in _FORMATS and kind in ("string", "integer", "number", None):
        value = _FORMATS[fmt]
        if kind == "integer":
            return int(value) if isinstance(value, int | float) else 0
        if kind == "number":
            return float(value) if isinstance(value, int | float) else 0.0
        return value if isinstance(value, str) else str(value)
    if kind == "string":
        return "string"
    if kind in ("integer", "number"):
        value = _lowest(schema)
        return int(value) if kind == "integer" else float(value)
    if kind == "boolean":
        return True
    if kind == "null":
        return None
    return {} if "properties" in schema else None


def example_for(document: dict[str, Any], media: dict[str, Any], name: str | None = None) -> Any:
    """The example value of one media-type object, honouring a requested example name."""
    return choose_example(document, media, name)[0]


def choose_example(
    document: dict[str, Any], media: dict[str, Any], name: str | None = None
) -> tuple[Any, str]:
    """The example value and where it came from: a name of `examples`, "example" (the
    media object's `example`) or "schema" (generated)."""
    raw_examples = media.get("examples")
    examples: dict[str, Any] = raw_examples if isinstance(raw_examples, dict) else {}
    if name is not None:
        if name not in examples:
            available = ", ".join(examples) or "none"
            raise NoExample(f"no example named {name!r} (available: {available})")
        return _example_value(document, examples[name]), name
    if "example" in media:
        return media["example"], "example"
    for first, entry in examples.items():
        return _example_value(document, entry), first
    return sample_schema(document, media.get("schema", {})), "schema"


def _example_value(document: dict[str, Any], entry: Any) -> Any:
    entry = resolve(document, entry)
    return entry.get("value") if isinstance(entry, dict) else entry
