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

import socket
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """uvicorn in a thread, serving one folder on 127.0.0.1 (`demo serve`'s app)."""

    def __init__(self, folder: Path, *, native_demo: bool = False) -> None:
        import uvicorn

        from demo.serve import make_app

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            make_app(folder, native_demo=native_demo),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)

    def __enter__(self) -> Server:
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=5)
