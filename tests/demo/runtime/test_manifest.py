"""Source and built manifest validation: every error names the bad field."""

from __future__ import annotations

from typing import Any

import pytest

from demo.runtime.manifest import (
    ManifestError,
    default_storage_namespace,
    parse_built_manifest,
    parse_source_manifest,
)


def source(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "shop",
        "services": [
            {"name": "api", "adapter": "mock-http", "config": {"openapi": "a.yaml"}},
            {"name": "notes", "adapter": "sqlite", "config": {"seed": ["s.sql"]}},
        ],
    }
    data.update(changes)
    return data


def test_valid_source() -> None:
    manifest = parse_source_manifest(source(app="site/", storageNamespace="shop-v1"))
    assert [s.name for s in manifest.services] == ["api", "notes"]
    assert manifest.app == "site/" and manifest.storage_namespace == "shop-v1"


def test_seed_may_be_one_string() -> None:
    manifest = parse_source_manifest(
        source(services=[{"name": "db", "adapter": "postgres", "config": {"seed": "x.sql"}}])
    )
    assert manifest.services[0].config["seed"] == ["x.sql"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "manifest: must be an object"),
        ({"services": []}, "name: is required"),
        (source(name=""), "name: must not be empty"),
        (source(name=3), "name: must be a string"),
        (source(extra=1), "extra: unknown field"),
        (source(services={}), "services: must be a list"),
        (source(storageNamespace="a/b"), "storageNamespace: 'a/b' must be"),
        (
            source(services=[{"name": "a b", "adapter": "sqlite"}]),
            "services[0].name: 'a b' is not URL-safe",
        ),
        (
            source(services=[{"name": "../x", "adapter": "sqlite"}]),
            "services[0].name: '../x' is not URL-safe",
        ),
        (
            source(
                services=[{"name": "a", "adapter": "sqlite"}, {"name": "a", "adapter": "postgres"}]
            ),
            "services[1].name: duplicate service name 'a' (also services[0])",
        ),
        (
            source(services=[{"name": "a", "adapter": "mysql"}]),
            "services[0].adapter: unknown adapter 'mysql'",
        ),
        (source(services=[{"name": "a"}]), "services[0].adapter: is required"),
        (
            source(services=[{"name": "a", "adapter": "sqlite", "config": []}]),
            "services[0].config: must be an object",
        ),
        (
            source(services=[{"name": "a", "adapter": "sqlite", "config": {"seed": [1]}}]),
            "services[0].config.seed[0]: must be a string",
        ),
        (
            source(services=[{"name": "a", "adapter": "sqlite", "config": {"openapi": "x"}}]),
            "services[0].config.openapi: unknown field",
        ),
        (
            source(services=[{"name": "a", "adapter": "mock-http", "config": {}}]),
            "services[0].config: a mock-http service needs",
        ),
        (
            source(
                services=[
                    {"name": "a", "adapter": "mock-http", "config": {"openapi": "x", "validate": 0}}
                ]
            ),
            "services[0].config.validate: must be true or false, got 0",
        ),
    ],
)
def test_invalid_source(data: Any, message: str) -> None:
    with pytest.raises(ManifestError) as caught:
        parse_source_manifest(data)
    assert str(caught.value).startswith(message)


def test_default_namespace_is_stable_and_follows_content() -> None:
    first = default_storage_namespace("My Shop!", b'{"a": 1}')
    assert first == default_storage_namespace("My Shop!", b'{"a": 1}')
    assert first.startswith("My-Shop-") and len(first) == len("My-Shop-") + 12
    assert first != default_storage_namespace("My Shop!", b'{"a": 2}')
    assert first != default_storage_namespace("Other", b'{"a": 1}')


def built(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "version": 1,
        "storageNamespace": "ns",
        "services": [
            {"name": "db", "adapter": "sqlite", "config": {"image": "services/db/seed.sqlite"}}
        ],
    }
    data.update(changes)
    return data


def test_valid_built() -> None:
    manifest = parse_built_manifest(built())
    assert manifest.service("db") is not None and manifest.service("x") is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (built(version=2), "version: unsupported version 2"),
        (built(version=True), "version: must be an integer"),
        (built(storageNamespace=""), "storageNamespace: '' must be"),
        (
            built(services=[{"name": "db", "adapter": "sqlite", "config": {}}]),
            "services[0].config.image: is required",
        ),
        (
            built(services=[{"name": "m", "adapter": "mock-http", "config": {"openapi": 1}}]),
            "services[0].config.openapi: must be a string",
        ),
    ],
)
def test_invalid_built(data: Any, message: str) -> None:
    with pytest.raises(ManifestError) as caught:
        parse_built_manifest(data)
    assert str(caught.value).startswith(message)
