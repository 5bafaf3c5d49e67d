"""Generated bodies validate against their own schema (checked by `jsonschema`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from demo.runtime.mock.sampler import sample_schema
from demo.runtime.mock.validator import schema_errors

from .corpus_docs import NAMES, load, response_media
from .schema_check import SchemaCheck

NODE = {
    "type": "object",
    "required": ["id", "kids"],
    "properties": {
        "id": {"type": "string"},
        "kids": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
        "parent": {"$ref": "#/components/schemas/Node"},
        "owner": {"allOf": [{"$ref": "#/components/schemas/Owner"}]},
    },
}
OWNER = {
    "type": "object",
    "required": ["name", "best"],
    "properties": {
        "name": {"type": "string", "nullable": True},
        "best": {"$ref": "#/components/schemas/Node"},
    },
}
DEEP = {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}}
for _ in range(12):  # twelve allOf/anyOf levels, no cycle: nothing may be cut
    DEEP = {"allOf": [{"anyOf": [DEEP]}]}


def document(**schemas: Any) -> dict[str, Any]:
    return {
        "openapi": "3.0.3",
        "paths": {},
        "components": {"schemas": {"Node": NODE, "Owner": OWNER, **schemas}},
    }


CASES: dict[str, Any] = {
    "cycle through optional and required properties": {"$ref": "#/components/schemas/Node"},
    "deep nesting without a cycle is not cut": DEEP,
    "nullable is not null": {"type": "string", "nullable": True, "minLength": 3},
    "enum with null first": {"type": "string", "nullable": True, "enum": [None, "on", "off"]},
    "required via additionalProperties": {
        "type": "object",
        "required": ["x-a"],
        "additionalProperties": {"type": "integer", "minimum": 5},
    },
    "bounds": {
        "type": "object",
        "properties": {
            "n": {"type": "integer", "minimum": 10, "maximum": 20, "multipleOf": 7},
            "m": {"type": "number", "maximum": -3},
            "s": {"type": "string", "minLength": 10, "maxLength": 12},
            "t": {"type": "string", "maxLength": 2},
            "l": {"type": "array", "minItems": 3, "items": {"type": "boolean"}},
        },
    },
    "formats": {
        "type": "object",
        "properties": {
            f: {"type": "string", "format": f} for f in ("date-time", "uuid", "email", "uri")
        },
    },
    "pattern": {"type": "string", "pattern": "^AC[0-9a-fA-F]{32}$"},
    "allOf merged with a conflicting property": {
        "allOf": [
            {"type": "object", "required": ["k"], "properties": {"k": {"type": "string"}}},
            {"properties": {"k": {"minLength": 8}}},
        ]
    },
    "oneOf first branch, anyOf skipping null": {
        "type": "object",
        "properties": {
            "o": {"oneOf": [{"type": "integer"}, {"type": "string"}]},
            "a": {"anyOf": [{"type": "null"}, {"type": "string", "format": "email"}]},
        },
    },
    "const and default": {
        "type": "object",
        "properties": {"c": {"const": "fixed"}, "d": {"type": "integer", "default": 4}},
    },
    "writeOnly left out of responses": {
        "type": "object",
        "required": ["password"],
        "properties": {"password": {"type": "string", "writeOnly": True}},
    },
}


@pytest.mark.parametrize("name", list(CASES))
def test_generated_value_validates(name: str) -> None:
    doc = document(Case=CASES[name])
    schema = {"$ref": "#/components/schemas/Case"}
    check = SchemaCheck(doc)
    value = sample_schema(doc, schema)
    assert check.errors(schema, value) == [], value
    dynamic = sample_schema(doc, schema, rng=random.Random(7))
    assert check.errors(schema, dynamic) == [], dynamic


def test_cycle_cut_only_where_it_loops() -> None:
    value = sample_schema(document(), {"$ref": "#/components/schemas/Node"})
    assert value["kids"] == []  # an array of itself is empty
    assert "parent" not in value  # an optional loop is left out
    # The owner is not a loop; its required `best` loops back and gets the smallest Node.
    assert value["owner"] == {"name": "string", "best": {"id": "string", "kids": []}}
    assert sample_schema(document(), DEEP) == {"a": 0}


def test_specific_values() -> None:
    assert sample_schema({}, {"type": "string", "pattern": "^AC[0-9a-f]{4}$"}) == "AC0000"
    assert sample_schema({}, {"type": "string", "nullable": True}) == "string"
    assert sample_schema({}, {"type": ["null", "integer"]}) == 0
    assert sample_schema({}, {"type": "string", "format": "uuid"}) == (
        "00000000-0000-4000-8000-000000000000"
    )


def test_readonly_left_out_of_requests() -> None:
    schema = {"properties": {"id": {"type": "integer", "readOnly": True}, "n": {"type": "string"}}}
    assert sample_schema({}, schema, direction="request") == {"n": "string"}
    assert sample_schema({}, schema) == {"id": 0, "n": "string"}


def test_dynamic_is_seeded() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}
    first = sample_schema({}, schema, rng=random.Random(1))
    assert sample_schema({}, schema, rng=random.Random(1)) == first
    assert sample_schema({}, schema) != first


@pytest.mark.parametrize("name", NAMES)
def test_every_generated_answer_of_the_corpus_validates(name: str) -> None:
    doc = load(name)
    check = SchemaCheck(doc)
    invalid, total = [], 0
    for method, path, status, media_type, media in response_media(doc):
        if "schema" in media:
            total += 1
            for rng in (None, random.Random(3)):
                value = sample_schema(doc, media["schema"], rng=rng)
                errors = check.errors(media["schema"], value)
                # The runtime's own validator (used for requests) agrees.
                errors += schema_errors(doc, media["schema"], value, "response")
                if errors:
                    invalid.append(f"{method} {path} {status} {media_type}: {errors[0]}")
    print(f"{name}: {total} generated answers, {len(invalid)} invalid")
    assert invalid == []
