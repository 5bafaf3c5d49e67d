"""host.core.schema: the validator behind the route table's and the settings' schemas."""

from __future__ import annotations

import math
from typing import Any

import pytest

from host.core.schema import SchemaError, check_schema, describe, validate

SCOPES = {
    "type": "object",
    "required": ["scopes"],
    "properties": {
        "scopes": {
            "type": "array",
            "minItems": 1,
            "maxItems": 2,
            "items": {
                "type": "object",
                "required": ["path", "methods"],
                "additionalProperties": False,
                "properties": {
                    "path": {"type": "string", "pattern": "^/api/"},
                    "methods": {"type": "array", "items": {"enum": ["GET", "POST"]}},
                },
            },
        }
    },
}


@pytest.mark.parametrize(
    ("value", "path", "message"),
    [
        ({}, "scopes", "is required"),
        ({"scopes": "x"}, "scopes", "must be a list"),
        ({"scopes": []}, "scopes", "must not be empty"),
        ({"scopes": [{}, {}, {}]}, "scopes", "must have at most 2 items"),
        ({"scopes": [{"methods": []}]}, "scopes[0].path", "is required"),
        ({"scopes": [{"path": 1, "methods": []}]}, "scopes[0].path", "must be a string"),
        ({"scopes": [{"path": "/x", "methods": []}]}, "scopes[0].path", "must match ^/api/"),
        (
            {"scopes": [{"path": "/api/a", "methods": ["PUT"]}]},
            "scopes[0].methods[0]",
            "must be one of GET, POST",
        ),
        (
            {"scopes": [{"path": "/api/a", "methods": [], "extra": 1}]},
            "scopes[0].extra",
            "is not a known field",
        ),
    ],
)
def test_errors_name_the_field(value: Any, path: str, message: str) -> None:
    with pytest.raises(SchemaError) as caught:
        validate(SCOPES, value)
    assert (caught.value.path, caught.value.message) == (path, message)
    assert str(caught.value) == f"{path}: {message}"


def test_a_valid_value_passes() -> None:
    validate(SCOPES, {"scopes": [{"path": "/api/apps", "methods": ["GET", "POST"]}]})


@pytest.mark.parametrize(
    ("schema", "good", "bad"),
    [
        ({"type": "integer"}, 3, True),  # JSON keeps booleans apart from numbers
        ({"type": "integer"}, 3, 3.0),
        ({"type": "boolean"}, False, 0),
        ({"type": "number"}, 2.5, math.nan),
        ({"type": "number"}, -1, math.inf),
        ({"type": ["string", "null"]}, None, 1),
        ({"enum": [1, 2]}, 1, True),
        ({"const": False}, False, 0),
        ({"type": "integer", "minimum": 1, "maximum": 5}, 5, 6),
        ({"type": "number", "minimum": 1}, 1, 0.5),
        ({"type": "string", "maxLength": 2}, "ab", "abc"),
        ({"type": "array", "uniqueItems": True}, [1, True], [1, 1]),
        ({"type": "object", "additionalProperties": {"type": "integer"}}, {"a": 1}, {"a": "1"}),
        ({"type": "string", "format": "origin"}, "https://a.example:8443", "https://a.example/x"),
        ({"type": "string", "format": "absolute-path"}, "C:\\Games", "games"),
        ({"type": "string", "format": "absolute-path-or-empty"}, "", "games"),
        ({"type": "string", "format": "search-path"}, "/usr/bin:/opt/bin", "bin:/usr/bin"),
        ({"type": "string", "format": "update-source"}, "https://u.example/r.json", "ftp://u"),
    ],
)
def test_each_keyword_accepts_and_refuses(schema: dict[str, Any], good: Any, bad: Any) -> None:
    check_schema(schema)
    validate(schema, good)
    with pytest.raises(SchemaError):
        validate(schema, bad)


def test_a_non_finite_number_is_named_in_the_error() -> None:
    with pytest.raises(SchemaError, match="not nan"):
        validate({"type": "number"}, math.nan, "x")


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "string", "oneOf": []},  # a keyword the validator would silently ignore
        {"type": "string", "format": "email"},  # a format nobody registered
        {"type": "text"},
        {"properties": {"a": {"anyOf": []}}},
        {"items": {"$ref": "#/x"}},
    ],
)
def test_check_schema_refuses_rules_it_cannot_enforce(schema: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        check_schema(schema)


def test_describe_says_the_allowed_values_in_words() -> None:
    assert describe({"type": "string", "enum": ["pc", "lan"]}) == "one of pc, lan"
    assert describe({"type": "integer", "minimum": 500, "maximum": 10000}) == "integer 500 to 10000"
    assert describe({"type": "array", "items": {"enum": ["a", "b"]}}) == "list drawn from a, b"
