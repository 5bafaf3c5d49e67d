"""The real public OpenAPI documents of corpus/ (SOURCES.md names origin and licence)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from demo.build.openapi_load import load_openapi
from demo.runtime.mock.openapi import operations, resolve

CORPUS = Path(__file__).parent / "corpus"
NAMES = sorted(p.name for p in CORPUS.iterdir() if p.suffix in (".json", ".yaml"))


def load(name: str) -> dict[str, Any]:
    """The document as the build hands it to the runtime (YAML read, references bundled)."""
    return load_openapi(CORPUS / name, f"corpus/{name}")


def response_media(document: dict[str, Any]) -> Iterator[tuple[str, str, str, str, Any]]:
    """(method, path, status, media type, media object) of every response with content."""
    for op in operations(document):
        for status, response in op.responses.items():
            response = resolve(document, response)
            for media_type, media in ((response or {}).get("content") or {}).items():
                yield op.method, op.path, status, media_type, resolve(document, media)
