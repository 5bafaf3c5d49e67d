"""`python -m demo build`: the site layout, the stamped build identity, CLI errors."""

from __future__ import annotations

import html
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from demo.__main__ import main
from demo.build.bundle import BUILD_FILE, CLIENT_FILE, COMPONENTS_FILE, WORKER_FILE
from demo.build.site import build_site
from demo.build.static_host import NOT_FOUND_PAGE, OFFLINE_LIST
from demo.runtime.adapters import ADAPTERS, SqlAdapter
from tests.demo.sites import SHOP, Sites

ROOT = Path(__file__).resolve().parents[3]


def test_site_holds_worker_runtime_and_services(sites: Sites) -> None:
    site = sites.shop.out
    for name in ("index.html", "manifest.json", WORKER_FILE, CLIENT_FILE, BUILD_FILE):
        assert (site / name).is_file(), name
    runtime = site / "__demo-runtime"
    assert sorted(p.name for p in (runtime / "pyodide").iterdir()) == [
        "pyodide.asm.wasm",
        "python_stdlib.zip",
    ]
    wheels = sorted(p.name.split("-")[0] for p in (runtime / "wheels").iterdir())
    assert wheels == ["anyio", "idna", "micropip", "sqlglot", "starlette", "typing_extensions"]
    # No compiled wheel (the FastAPI set ships only where named): the worker snapshots.
    assert "snapshot: true," in (site / WORKER_FILE).read_text()
    assert (runtime / "duckdb" / "duckdb-eh.wasm").is_file()
    manifest = json.loads((site / "manifest.json").read_text())
    assert manifest["storageNamespace"] == "shop-test-v1"
    assert [s["name"] for s in manifest["services"]] == ["api", "notes", "ledger"]


def test_landing_page_is_built_from_the_components(sites: Sites) -> None:
    page = (sites.shop.out / "index.html").read_text()
    assert f'<script type="module" src="{COMPONENTS_FILE}"></script>' in page
    assert page.count("<demo-controls>") == 1
    # One component per service, chosen by its adapter's kind; labels from the registry.
    assert '<demo-fixture-explorer id="service-api" service="api">' in page
    assert '<demo-query-panel id="service-notes" service="notes">' in page
    assert '<demo-query-panel id="service-ledger" service="ledger">' in page
    for name in ("mock-http", "sqlite", "postgres"):
        assert html.escape(ADAPTERS[name].label) in page, name


def test_every_site_ships_the_components_bundle(sites: Sites) -> None:
    for build in (sites.shop, sites.other, sites.app):
        bundle = (build.out / COMPONENTS_FILE).read_text()
        for tag in ("demo-query-panel", "demo-fixture-explorer", "demo-controls"):
            assert f'"{tag}"' in bundle, (build.out.name, tag)
        # The registry's example queries are stamped in, for panels without manifest examples.
        for adapter in ADAPTERS.values():
            if isinstance(adapter, SqlAdapter):
                assert json.dumps(adapter.example_query)[1:-1] in bundle


def test_duckdb_ships_only_with_a_postgres_service(sites: Sites) -> None:
    assert sites.shop.duckdb and not sites.other.duckdb
    assert not (sites.other.out / "__demo-runtime" / "duckdb").exists()
    assert (sites.shop.out / "__demo-runtime" / "duckdb" / "duck-bridge.js").is_file()
    # duckdb-wasm and Arrow stay out of the worker bundle: they load on the first postgres query.
    assert (sites.shop.out / WORKER_FILE).stat().st_size < 2_000_000
    assert "createDuckDB" not in (sites.shop.out / WORKER_FILE).read_text()


def test_worker_and_page_script_carry_the_build_checksum(sites: Sites) -> None:
    site = sites.shop.out
    stamped = json.loads((site / BUILD_FILE).read_text())["checksum"]
    assert stamped == sites.shop.checksum
    assert stamped in (site / WORKER_FILE).read_text()
    client = (site / CLIENT_FILE).read_text()
    assert stamped in client and 'origin: "http://api:8080"' in client


def test_demo_package_zip_holds_runtime_and_browser_only(sites: Sites) -> None:
    import zipfile

    with zipfile.ZipFile(sites.shop.out / "__demo-runtime" / "demo-python.zip") as zf:
        names = zf.namelist()
    assert "demo/runtime/app.py" in names and "demo/browser/worker_entry.py" in names
    assert "http_errors/__init__.py" in names  # the error tree the runtime imports
    assert not any(
        n.startswith(("demo/native/", "demo/build/")) or n.endswith(".pyc") for n in names
    )


def test_identical_sources_give_the_same_checksum(tmp_path: Path, sites: Sites) -> None:
    again = build_site(SHOP / "other.json", tmp_path / "again")
    assert again.checksum == sites.other.checksum


def test_app_folder_pages_get_the_page_script(sites: Sites) -> None:
    built = sites.app  # with-app.json, built once per session
    assert f'<script src="{CLIENT_FILE}"></script>' in (built.out / "index.html").read_text()
    assert (
        f'<script src="../{CLIENT_FILE}"></script>'
        in (built.out / "pages" / "users.html").read_text()
    )
    assert not (built.out / "__demo-landing.js").exists()


def test_static_hosting_files_list_the_site_and_keep_an_apps_own_404(
    tmp_path: Path, sites: Sites
) -> None:
    """404.html (deep links on plain static hosts) and the files the worker keeps offline:
    the pages by the URL they are opened with, never the runtime or the worker itself."""
    built = sites.app  # with-app.json, built once per session
    kept = json.loads((built.out / OFFLINE_LIST).read_text())
    assert {"./", "pages/users.html", CLIENT_FILE, COMPONENTS_FILE, "manifest.json"} <= set(kept)
    assert "index.html" not in kept and "404.html" in kept
    # What a restart reads offline; not what only a fresh boot installs.
    assert "__demo-runtime/pyodide/pyodide.asm.wasm" in kept and BUILD_FILE in kept
    assert not [p for p in kept if p.startswith("__demo-runtime/wheels/") or p == WORKER_FILE]
    assert "Page not found" in (built.out / NOT_FOUND_PAGE).read_text()

    app = tmp_path / "source"
    shutil.copytree(SHOP, app)
    (app / "app" / "404.html").write_text("<!doctype html><title>Our own</title>")
    own = build_site(app / "with-app.json", tmp_path / "own-404")
    kept_page = (own.out / NOT_FOUND_PAGE).read_text()  # with the page script, like every page
    assert "<title>Our own</title>" in kept_page and "Page not found" not in kept_page


def test_rebuild_replaces_an_older_build_but_not_other_folders(tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site(SHOP / "other.json", out)
    (out / "stale.txt").write_text("old")
    build_site(SHOP / "other.json", out)
    assert not (out / "stale.txt").exists()
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "keep.txt").write_text("mine")
    assert main(["build", "--manifest", str(SHOP / "other.json"), "--out", str(foreign)]) == 2
    assert (foreign / "keep.txt").read_text() == "mine"


@pytest.mark.parametrize(
    ("manifest", "message"),
    [
        ({"name": "x", "services": [{"name": "a b", "adapter": "sqlite"}]}, "services[0].name"),
        (
            {
                "name": "x",
                "services": [
                    {"name": "db", "adapter": "sqlite", "config": {"seed": ["missing.sql"]}}
                ],
            },
            "file not found: missing.sql",
        ),
        (
            {
                "name": "x",
                "services": [
                    {
                        "name": "api",
                        "adapter": "mock-http",
                        "config": {"fixtures": "f.json", "address": "api:8080"},
                    }
                ],
            },
            "api: address",
        ),
    ],
)
def test_bad_manifest_exits_2_with_a_clear_message(
    tmp_path: Path, manifest: dict, message: str
) -> None:
    (tmp_path / "f.json").write_text("[]")
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps(manifest))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "demo",
            "build",
            "--manifest",
            str(path),
            "--out",
            str(tmp_path / "out"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("error: ")
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_landing_page_explores_only_services_with_routes(tmp_path: Path) -> None:
    from demo.build.landing import write_landing_page

    manifest = {
        "storageNamespace": "t",
        "services": [
            {"name": "live", "adapter": "asgi", "config": {"factory": "app:make"}},
            {"name": "api", "adapter": "mock-http", "config": {"fixtures": "f.json"}},
        ],
    }
    page = write_landing_page(tmp_path, "t", manifest).read_text()
    assert '<demo-fixture-explorer id="service-api" service="api">' in page
    assert 'service="live"' not in page  # an asgi app has no document to explore
    assert 'href="#service-live">live' in page  # but the header lists it
