"""The demo kit's test sites, and the loopback server that serves built ones.

Two kinds of site:
- prepared sites (`PREPARED`: `mini`, `example`): the built manifest and service assets
  that `demo.build.prepare` writes, all the `/__demo` app needs; the runtime tests run
  over them natively and inside Pyodide (which cannot prepare: no duckdb, no PyYAML).
- built sites (the manifests in `SHOP`): complete static sites from
  `demo.build.site`, served by `Server` and driven in Chromium.

Pyodide imports this module too (tests/demo/conftest.py), so native packages are
imported inside the functions that need them.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

# The loopback server lives in demo.serve (the pytest plugin serves sites with it too);
# importing it needs no uvicorn, which it loads when a server starts (native only).
from demo.serve import ServerThread as Server
from demo.serve import free_port

if TYPE_CHECKING:
    from demo.build.site import SiteBuild

__all__ = [
    "IN_PYODIDE",
    "PREPARED",
    "REPO",
    "SHOP",
    "Server",
    "Sites",
    "free_port",
    "native_only",
    "prepare_all",
]

IN_PYODIDE = sys.platform == "emscripten"
HERE = Path(__file__).parent
REPO = HERE.parents[1]

# Prepared sites: name -> source manifest.
PREPARED = {
    "mini": HERE / "runtime" / "data" / "mini" / "manifest.json",
    "example": REPO / "fixtures" / "example-demo" / "manifest.json",
}
# The built sites' sources: manifest.json (shop), other.json, with-app.json.
SHOP = HERE / "data" / "shop"

native_only = pytest.mark.skipif(
    IN_PYODIDE, reason="needs native CPython (build tools, duckdb, PyYAML)"
)


def prepare_all(out: Path) -> None:
    """Prepare every site of `PREPARED` below `out/<name>/` (native only)."""
    from demo.build.prepare import prepare_site_services

    for name, manifest in PREPARED.items():
        prepare_site_services(manifest, out / name)


@dataclass(frozen=True)
class Sites:
    """The built sites, below `root/demos/`, so every browser test runs under a subpath."""

    root: Path
    shop: SiteBuild
    other: SiteBuild
    app: SiteBuild
