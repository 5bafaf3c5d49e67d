"""Fixtures for the demo runtime tests, shared by the native run and the Pyodide run.

The prepared sites come from `sites_root` (tests/demo/conftest.py). Inside Pyodide
(see pyodide_runner.mjs) the runner provides a DuckDB connection backed by duckdb-wasm
(module `helio_node_duck`), or postgres tests are skipped.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from demo.runtime import create_demo_app
from tests.demo.sites import IN_PYODIDE, native_only

from .asgi import Client

# What the runtime tests import from here.
__all__ = ["Demo", "native_only"]


@pytest.fixture(scope="session")
def open_duck() -> Callable[[], Any]:
    if IN_PYODIDE:
        try:
            import helio_node_duck  # provided by pyodide_runner.mjs
        except ImportError:

            def unavailable() -> Any:
                pytest.skip("no DuckDB in this Pyodide run")

            return unavailable
        return helio_node_duck.open_duck
    from demo.native import open_native_duck

    return open_native_duck


class Demo:
    """One app over one prepared site, with its store and a client."""

    def __init__(
        self, site: Path, store: Any, open_duck: Callable[[], Any], namespace: str | None = None
    ) -> None:
        from demo.native.assets import DirectoryAssets

        self.site = site
        self.store = store
        self.manifest = json.loads((site / "manifest.json").read_text())
        if namespace is not None:
            self.manifest["storageNamespace"] = namespace
        self.opened = 0

        def counting_open() -> Any:
            self.opened += 1
            return open_duck()

        self.app = create_demo_app(self.manifest, DirectoryAssets(site), store, counting_open)
        self.client = Client(self.app)

    @property
    def namespace(self) -> str:
        return str(self.manifest["storageNamespace"])


@pytest.fixture
def make_demo(sites_root: Path, open_duck: Callable[[], Any]) -> Iterator[Callable[..., Demo]]:
    from demo.native.store import MemoryStore

    made: list[Demo] = []

    def make(site: str = "mini", store: Any = None, namespace: str | None = None) -> Demo:
        demo = Demo(
            sites_root / site, store if store is not None else MemoryStore(), open_duck, namespace
        )
        made.append(demo)
        return demo

    yield make
    for demo in made:
        demo.app.close()


@pytest.fixture
def mini(make_demo: Callable[..., Demo]) -> Demo:
    return make_demo("mini")


@pytest.fixture
def client(mini: Demo) -> Client:
    return mini.client
