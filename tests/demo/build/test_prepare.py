"""Build-time preparation (native only): outputs, conversions and field-naming errors."""

from __future__ import annotations

import inspect
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from demo.build.prepare import prepare_site_services, prepare_step
from demo.runtime.adapters import ADAPTERS
from demo.runtime.manifest import ManifestError
from demo.runtime.sql.postgres.duckdump import parse_dump
from tests.demo.mirror_adapter import registered
from tests.demo.sites import PREPARED, native_only

pytestmark = native_only


def write(folder: Path, manifest: dict[str, Any], files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    path = folder / "manifest.json"
    path.write_text(json.dumps(manifest))
    return path


def test_example_site(sites_root: Path) -> None:
    site = sites_root / "example"
    manifest = json.loads((site / "manifest.json").read_text())
    assert manifest["version"] == 1
    assert manifest["storageNamespace"].startswith("helio-example-demo-")
    configs = {s["name"]: s["config"] for s in manifest["services"]}
    assert configs["petstore"]["openapi"] == "services/petstore/openapi.json"
    assert configs["petstore"]["address"] == ["https://petstore3.swagger.io"]
    document = json.loads((site / configs["petstore"]["openapi"]).read_text())
    assert document["openapi"].startswith("3.0") and "/pet/{petId}" in document["paths"]
    assert len(json.loads((site / configs["petstore"]["fixtures"]).read_text())) == 4
    notes = sqlite3.connect(site / configs["notes"]["image"])
    assert notes.execute("SELECT count(*) FROM note").fetchone() == (3,)
    notes.close()
    statements = parse_dump((site / configs["chinook"]["image"]).read_bytes())
    assert any(s.startswith("CREATE TABLE public.track") for s in statements)


def test_namespace_follows_the_source(tmp_path: Path) -> None:
    manifest = {"name": "n", "services": [{"name": "db", "adapter": "sqlite", "config": {}}]}
    first = prepare_site_services(write(tmp_path / "a", manifest, {}), tmp_path / "out-a")
    again = prepare_site_services(write(tmp_path / "b", manifest, {}), tmp_path / "out-b")
    manifest["services"][0]["name"] = "db2"
    changed = prepare_site_services(write(tmp_path / "c", manifest, {}), tmp_path / "out-c")
    assert first["storageNamespace"] == again["storageNamespace"] != changed["storageNamespace"]
    assert (tmp_path / "out-a" / "manifest.json").is_file()


def test_progress_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HELIO_BUILD_CACHE", "off")  # a first build, whatever ran before
    lines: list[str] = []
    prepare_site_services(PREPARED["mini"], tmp_path, progress=lines.append)
    assert any(line.startswith("ledger: transpiled") for line in lines)
    assert any("warning" in line and "psql command" in line for line in lines)


@pytest.mark.parametrize(
    ("service", "files", "message"),
    [
        (
            {"name": "notes", "adapter": "sqlite", "config": {"seed": ["notes/x.sql"]}},
            {},
            "services[1].config.seed: file not found: notes/x.sql",
        ),
        (
            {"name": "notes", "adapter": "sqlite", "config": {"seed": ["s.sql"]}},
            {"s.sql": "CREATE TABLE a (x);\nINSERT INTO nope VALUES (1);"},
            "services[1].config.seed: s.sql: no such table: nope (in: INSERT INTO nope VALUES (1);)",
        ),
        (
            {"name": "pg", "adapter": "postgres", "config": {"seed": ["p.sql"]}},
            {"p.sql": "CREATE TABLE a (x INT);\nINSERT INTO b VALUES (1);"},
            'services[1].config.seed: p.sql: relation "b" does not exist',
        ),
        (
            {"name": "m", "adapter": "mock-http", "config": {"openapi": "o.yaml"}},
            {"o.yaml": "swagger: '2.0'\npaths: {}\n"},
            "services[1].config.openapi: o.yaml: expected OpenAPI 3.0 or 3.1",
        ),
        (
            {"name": "m", "adapter": "mock-http", "config": {"openapi": "o.yaml"}},
            {"o.yaml": "openapi: [unclosed\n"},
            "services[1].config.openapi: o.yaml is not valid YAML",
        ),
        (
            {"name": "m", "adapter": "mock-http", "config": {"fixtures": "f/"}},
            {
                "f/a.json": '[{"method": "GET", "path": "/x", "status": 200}]',
                "f/b.json": '[{"method": "GET", "path": "x"}]',
            },
            "services[1].config.fixtures: f/b.json[0].path: is required and must start with '/'",
        ),
        (
            {"name": "m", "adapter": "mock-http", "config": {"fixtures": "f.json"}},
            {"f.json": '{"not": "a list"}'},
            "services[1].config.fixtures: f.json: must be a JSON list",
        ),
    ],
)
def test_errors_name_the_field(
    tmp_path: Path, service: dict[str, Any], files: dict[str, str], message: str
) -> None:
    manifest = {
        "name": "x",
        "services": [{"name": "ok", "adapter": "sqlite", "config": {}}, service],
    }
    with pytest.raises(ManifestError) as caught:
        prepare_site_services(write(tmp_path, manifest, files), tmp_path / "out")
    assert str(caught.value).startswith(message), str(caught.value)


def test_missing_app_folder(tmp_path: Path) -> None:
    manifest = {"name": "x", "app": "site/", "services": []}
    with pytest.raises(ManifestError, match="^app: folder not found: site/"):
        prepare_site_services(write(tmp_path, manifest, {}), tmp_path / "out")


def test_missing_manifest(tmp_path: Path) -> None:
    with pytest.raises(ManifestError, match="cannot read manifest"):
        prepare_site_services(tmp_path / "nope.json", tmp_path / "out")


def test_fixtures_outside_the_manifest_folder(tmp_path: Path) -> None:
    shared = tmp_path / "shared-fixtures"
    shared.mkdir()
    (shared / "users.json").write_text(
        json.dumps([{"method": "GET", "path": "/users", "status": 200, "body": []}])
    )
    manifest = {
        "name": "n",
        "services": [
            {"name": "api", "adapter": "mock-http", "config": {"fixtures": "../shared-fixtures"}}
        ],
    }
    built = prepare_site_services(write(tmp_path / "demo", manifest, {}), tmp_path / "out")
    fixtures = json.loads(
        (tmp_path / "out" / built["services"][0]["config"]["fixtures"]).read_text()
    )
    assert [f["path"] for f in fixtures] == ["/users"]


@pytest.mark.parametrize("adapter", ADAPTERS.values(), ids=lambda a: a.name)
def test_every_adapter_names_its_build_step(adapter: Any) -> None:
    step = prepare_step(adapter)
    assert list(inspect.signature(step).parameters) == ["service", "base", "target", "at", "report"]


def test_a_new_adapter_brings_its_own_build_step(tmp_path: Path) -> None:
    service = {"name": "m", "adapter": "mirror", "config": {"greeting": "hi"}}
    lines: list[str] = []
    with registered():
        built = prepare_site_services(
            write(tmp_path, {"name": "n", "services": [service]}, {}),
            tmp_path / "out",
            progress=lines.append,
        )
    assert built["services"] == [{**service, "config": {"greeting": "HI"}}]
    assert "m: mirror ready" in lines


def test_mock_switches_reach_the_built_config(tmp_path: Path) -> None:
    config = {"openapi": "o.yaml", "validate": False, "security": False, "dynamic": True}
    manifest = {"name": "x", "services": [{"name": "m", "adapter": "mock-http", "config": config}]}
    files = {"o.yaml": "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n"}
    built = prepare_site_services(write(tmp_path, manifest, files), tmp_path / "out")
    switches = {k: built["services"][0]["config"][k] for k in ("validate", "security", "dynamic")}
    assert switches == {"validate": False, "security": False, "dynamic": True}
