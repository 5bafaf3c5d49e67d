"""Mapping keys as text, for documents read from YAML.

Its own module, free of PyYAML, because the OpenAPI loader (demo/build/openapi_load.py)
uses it where no PyYAML is installed: in Pyodide the runtime's tests read JSON documents
through it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["text_keys"]


def text_keys(value: Any) -> Any:
    """`value` with every mapping key made text: YAML reads `80:` or `200:` as a number,
    where Compose and JSON (and so OpenAPI) have only text keys."""
    if isinstance(value, dict):
        return {str(k): text_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [text_keys(v) for v in value]
    return value
