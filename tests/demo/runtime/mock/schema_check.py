"""Checking a mock's answer against its OpenAPI schema with a real JSON Schema validator.

OpenAPI 3.0 schemas are a dialect: `nullable`, boolean `exclusiveMinimum`, and
`readOnly`/`writeOnly` properties that are required only in one direction. The
document is copied with those turned into plain JSON Schema (Draft 4 for 3.0,
2020-12 for 3.1) and validated by `jsonschema`, references resolved by `referencing`.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

# A test tool of the native suite: under Pyodide the modules that import this skip.
jsonschema = pytest.importorskip("jsonschema")

from referencing import Registry, Resource  # noqa: E402
from referencing.jsonschema import DRAFT4, DRAFT202012  # noqa: E402

DOC_URI = "urn:helio:openapi"


def _openapi30_to_draft4(node: Any, direction: str) -> Any:
    if isinstance(node, list):
        return [_openapi30_to_draft4(item, direction) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _openapi30_to_draft4(value, direction) for key, value in node.items()}
    if out.get("nullable") is True:
        kind = out.get("type")
        if isinstance(kind, str):
            out["type"] = [kind, "null"]
        if isinstance(out.get("enum"), list) and None not in out["enum"]:
            out["enum"] = [*out["enum"], None]
    return _drop_hidden_required(out, direction)


def _drop_hidden_required(node: dict[str, Any], direction: str) -> dict[str, Any]:
    hidden = "writeOnly" if direction == "response" else "readOnly"
    properties = node.get("properties")
    if isinstance(properties, dict) and isinstance(node.get("required"), list):
        node["required"] = [
            name
            for name in node["required"]
            if not (isinstance(properties.get(name), dict) and properties[name].get(hidden))
        ]
    return node


def _openapi31(node: Any, direction: str) -> Any:
    if isinstance(node, list):
        return [_openapi31(item, direction) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _openapi31(value, direction) for key, value in node.items()}
    return _drop_hidden_required(out, direction)


class SchemaCheck:
    """Validate values against schemas of one document (a schema may be a `$ref`)."""

    def __init__(self, document: dict[str, Any], direction: str = "response") -> None:
        version = str(document.get("openapi", "3.0"))
        self.is_31 = version.startswith("3.1")
        spec = DRAFT202012 if self.is_31 else DRAFT4
        converted = (_openapi31 if self.is_31 else _openapi30_to_draft4)(
            copy.deepcopy(document), direction
        )
        self.document = converted
        self.registry: Registry = Registry().with_resource(
            DOC_URI, Resource.from_contents(converted, default_specification=spec)
        )
        self.validator_class = (
            jsonschema.Draft202012Validator if self.is_31 else jsonschema.Draft4Validator
        )

    def errors(self, schema: Any, value: Any) -> list[str]:
        """Every error, as `<path in the value>: <message>` (empty when valid)."""
        converted = _absolute_refs(
            (_openapi31 if self.is_31 else _openapi30_to_draft4)(copy.deepcopy(schema), "response")
        )
        validator = self.validator_class(
            converted,
            registry=self.registry,
            # 2020-12's format set (uuid, email, ...) for both: it is what Prism checks.
            format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER,
        )
        return [
            f"/{'/'.join(str(p) for p in error.absolute_path)}: {error.message[:200]}"
            for error in validator.iter_errors(value)
        ]


def _absolute_refs(node: Any) -> Any:
    """Local `$ref`s of a schema taken out of the document, pointed back into it."""
    if isinstance(node, list):
        return [_absolute_refs(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _absolute_refs(value) for key, value in node.items()}
    if isinstance(out.get("$ref"), str) and out["$ref"].startswith("#"):
        out["$ref"] = DOC_URI + out["$ref"]
    return out
