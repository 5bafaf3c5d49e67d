"""The runtime's own validator (pure Python, for Pyodide) agrees with `jsonschema`."""

from __future__ import annotations

from typing import Any

import pytest

from demo.runtime.mock.validator import schema_errors

from .schema_check import SchemaCheck

S = "#/components/schemas/S"

CASES: list[tuple[dict[str, Any], Any]] = [
    ({"type": "integer"}, 3),
    ({"type": "integer"}, "3"),
    ({"type": "number"}, 3),
    ({"type": "string", "nullable": True}, None),
    ({"type": "string"}, None),
    ({"enum": ["a", "b"]}, "c"),
    ({"type": "string", "minLength": 2, "maxLength": 3}, "abcd"),
    ({"type": "string", "pattern": "^[a-z]+$"}, "abc1"),
    ({"type": "string", "format": "uuid"}, "nope"),
    ({"type": "string", "format": "date-time"}, "2024-01-01T00:00:00Z"),
    ({"type": "string", "format": "email"}, "a@b.c"),
    ({"type": "integer", "minimum": 1, "exclusiveMinimum": True}, 1),
    ({"type": "integer", "maximum": 10}, 11),
    ({"type": "integer", "multipleOf": 3}, 9),
    ({"type": "array", "items": {"type": "integer"}, "minItems": 2}, [1]),
    ({"type": "array", "items": {"type": "integer"}}, [1, "x"]),
    ({"type": "array", "uniqueItems": True}, [1, 1]),
    ({"type": "object", "required": ["a"], "properties": {"a": {}}}, {}),
    ({"type": "object", "additionalProperties": False, "properties": {"a": {}}}, {"b": 1}),
    ({"type": "object", "additionalProperties": {"type": "integer"}}, {"b": "x"}),
    ({"anyOf": [{"type": "integer"}, {"type": "string"}]}, True),
    ({"oneOf": [{"type": "integer"}, {"type": "number"}]}, 1),
    ({"oneOf": [{"type": "integer"}, {"type": "string"}]}, 1),
    ({"allOf": [{"minimum": 2}, {"maximum": 4}]}, 5),
    ({"not": {"type": "string"}}, "x"),
    ({"type": "object", "minProperties": 1}, {}),
]


@pytest.mark.parametrize(("schema", "value"), CASES, ids=[str(i) for i in range(len(CASES))])
def test_agrees_with_jsonschema(schema: dict[str, Any], value: Any) -> None:
    document = {"openapi": "3.0.3", "components": {"schemas": {"S": schema}}}
    reference = SchemaCheck(document).errors({"$ref": S}, value)
    ours = schema_errors(document, {"$ref": S}, value)
    assert bool(ours) == bool(reference), (ours, reference)


def test_errors_name_where() -> None:
    schema = {
        "type": "object",
        "properties": {"a": {"type": "array", "items": {"type": "integer"}}},
    }
    assert schema_errors({}, schema, {"a": [1, "x"]}) == ["/a/1: must be integer, got string"]


def test_readonly_not_required_in_requests() -> None:
    schema = {"type": "object", "required": ["id"], "properties": {"id": {"readOnly": True}}}
    assert schema_errors({}, schema, {}) == []
    assert schema_errors({}, schema, {}, "response") == ["/: required property 'id' is missing"]
