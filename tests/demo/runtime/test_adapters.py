"""The adapter registry: its entries are consistent, and a new adapter is one entry."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from demo.native import DirectoryAssets, MemoryStore
from demo.runtime import create_demo_app
from demo.runtime.adapters import ADAPTERS, DB_FAMILY, HttpAdapter, SqlAdapter, http_families
from demo.runtime.manifest import ManifestError, parse_built_manifest, parse_source_manifest
from demo.runtime.routes import match_route
from tests.demo.mirror_adapter import registered

from .asgi import Client


@pytest.mark.parametrize("adapter", ADAPTERS.values(), ids=lambda a: a.name)
def test_entry_is_consistent(adapter: Any) -> None:
    source = [k.name for k in adapter.source_keys]
    built = [k.name for k in adapter.built_keys]
    assert len(set(source)) == len(source) and len(set(built)) == len(built)
    assert set(adapter.needs_one_of) <= set(source)
    assert set(adapter.prefetch) <= set(built)
    assert adapter.label and adapter.prepare.count(":") == 1
    # SQL adapters and only they live under /__demo/db/.
    assert isinstance(adapter, SqlAdapter) == (adapter.family == DB_FAMILY)
    assert isinstance(adapter, HttpAdapter | SqlAdapter)
    if isinstance(adapter, SqlAdapter):
        assert adapter.example_query.strip()


def test_the_current_adapters() -> None:
    assert list(ADAPTERS) == ["mock-http", "asgi", "sqlite", "postgres"]
    assert [a.name for a in ADAPTERS.values() if a.has_address] == ["mock-http", "asgi"]
    assert [a.name for a in ADAPTERS.values() if a.duckdb] == ["postgres"]
    assert http_families() == ["mock", "app"]


@pytest.fixture
def mirror() -> Iterator[None]:
    with registered():
        yield


def test_a_new_http_adapter_is_one_entry(mirror: None, mini: Any) -> None:
    source = parse_source_manifest(
        {
            "name": "x",
            "services": [{"name": "e", "adapter": "mirror", "config": {"greeting": "hi"}}],
        }
    )
    assert source.services[0].adapter == "mirror"
    with pytest.raises(ManifestError, match=r"services\[0\].config.greeting: must be a string"):
        parse_built_manifest(
            {
                "version": 1,
                "storageNamespace": "ns",
                "services": [{"name": "e", "adapter": "mirror", "config": {"greeting": 1}}],
            }
        )
    match = match_route("/__demo/mirror/e/a/b")
    assert match is not None and (match.route.name, match.service, match.rest) == (
        "http",
        "e",
        "/a/b",
    )
    manifest = {
        **mini.manifest,
        "services": [
            *mini.manifest["services"],
            {"name": "e", "adapter": "mirror", "config": {"greeting": "hi"}},
        ],
    }
    client = Client(create_demo_app(manifest, DirectoryAssets(mini.site), MemoryStore(), None))
    reply = client.get("/demos/x/__demo/mirror/e/a/b")
    assert reply.json() == {"greeting": "hi", "path": "/a/b", "root": "/__demo/mirror/e"}
    assert reply.headers["access-control-allow-origin"] == "*"
    preflight = client.request("OPTIONS", "/__demo/mirror/e/a")
    assert preflight.status == 204
    assert preflight.headers["access-control-allow-methods"] == "GET, HEAD, OPTIONS"
    # Each family keeps its own URLs: a mock URL never reaches the echo service.
    wrong = client.get("/__demo/mock/e/a")
    assert wrong.status == 404
    assert "is a mirror service, not a mock-http service" in wrong.json()["error"]
    assert client.get("/__demo/mirror/api/x").status == 404
