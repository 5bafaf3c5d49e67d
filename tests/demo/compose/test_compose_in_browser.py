"""Every sample Compose project, built with `python -m demo build -f`, in headless Chromium.

For each sample: the generated site loads, every database service answers a query,
and the landing page names every service that was left out with the analyzer's
reason. Three samples get a small overlay Compose file (a second `-f`, written here or
kept as the sample's helio.compose.yaml, as a user would) so that more of them runs: react-rust-postgres mounts its own migration
into the Postgres image's /docker-entrypoint-initdb.d, wasmedge-mysql-nginx
answers its backend's routes from its own db/orders.json, so its unchanged frontend
(which calls http://localhost:8080/orders) renders the orders, and
grafana-sqlite-datasource names which of its two mounted SQLite files is the demo's.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from demo.build.site import build_site
from demo.compose.analysis import analyze
from demo.compose.generate import plan_init, write_init
from tests.demo.serviceworker.pagejs import query
from tests.demo.sites import Server

from .pglite import pglite_rows
from .projects import SAMPLE_NAMES, SAMPLES, sample_file

pytestmark = [pytest.mark.browser, pytest.mark.slow]

OVERLAYS = {
    "react-rust-postgres": """
services:
  db:
    volumes:
      - ./backend/migrations/0001_create-users_up.sql:/docker-entrypoint-initdb.d/0001.sql
""",
    "wasmedge-mysql-nginx": """
services:
  backend:
    labels:
      helio.mock.fixtures: helio-fixtures.json
""",
}


def _orders_fixtures(project: Path) -> None:
    orders = json.loads((project / "db" / "orders.json").read_text())
    fixtures = [
        {"method": "GET", "path": "/orders", "body": orders},
        {"method": "GET", "path": "/init", "body": None},
    ]
    (project / "helio-fixtures.json").write_text(json.dumps(fixtures))


def _build(name: str, work: Path, out: Path) -> dict[str, Any]:
    project = work / name
    shutil.copytree(SAMPLES / name, project)
    files = [project / sample_file(name).name]
    if name in OVERLAYS:
        (project / "helio.compose.yaml").write_text(OVERLAYS[name])
    if (project / "helio.compose.yaml").is_file():  # an overlay, or one the sample keeps
        files.append(project / "helio.compose.yaml")
    if name == "wasmedge-mysql-nginx":
        _orders_fixtures(project)
    analysis = analyze(files, environ={})
    plan = plan_init(analysis, work / f"{name}-demo")
    write_init(plan)
    build_site(work / f"{name}-demo" / "manifest.json", out)
    return analysis.as_json()


class Built(dict[str, tuple[Path, dict[str, Any]]]):
    """Each sample's site and report, built on first use (a -k run builds only its own)."""

    def __init__(self, work: Path) -> None:
        super().__init__()
        self.work = work

    def __missing__(self, name: str) -> tuple[Path, dict[str, Any]]:
        site = self.work / "sites" / name
        self[name] = (site, _build(name, self.work, site))
        return self[name]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return Built(tmp_path_factory.mktemp("compose"))


def _open(browser: Any, site: Path) -> Iterator[Any]:
    with Server(site) as server:
        context = browser.new_context()
        # No network in tests: the samples' CDN stylesheets fail at once, not by timeout.
        context.route("https://**/*", lambda route: route.abort())
        try:
            page = context.new_page()
            page.goto(server.url + "/")
            page.evaluate("helioDemo.ready")
            yield page
        finally:
            context.close()


def _rows(answer: dict[str, Any]) -> list[dict[str, Any]]:
    """The last result's rows: PGlite's shape has them, sql.js's has columns and values."""
    last = answer["body"]["result"][-1]
    if "rows" in last:
        return list(last["rows"])
    return [dict(zip(last["columns"], values, strict=True)) for values in last["values"]]


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_sample_demo_runs_what_maps_and_names_what_does_not(
    browser: Any, built: Built, name: str
) -> None:
    site, report = built[name]
    services = report["services"]
    for page in _open(browser, site):
        for service in services:
            if service["adapter"] in ("postgres", "sqlite"):
                answer = query(page, service["name"], "SELECT 1 AS one")
                assert answer["status"] == 200, answer
                assert _rows(answer) == [{"one": 1}]
        left_out = [s for s in services if s["status"] == "left-out"]
        listing = (site / "index.html").read_text()
        if any(s["adapter"] == "app" for s in services):
            listing = (site / "demo-services.html").read_text()
        for service in left_out:
            assert f"<b>{service['name']}</b>: {service['reason']}" in listing.replace(
                "&#x27;", "'"
            )


def test_a_mounted_migration_seeds_the_database(browser: Any, built: Built) -> None:
    site, _ = built["react-rust-postgres"]
    for page in _open(browser, site):
        answer = query(
            page, "db", "INSERT INTO users (login) VALUES ('ferris'); SELECT login FROM users;"
        )
        assert answer["status"] == 200, answer
        assert answer["body"]["result"][-1]["rows"] == [{"login": "ferris"}]
        duplicate = query(page, "db", "INSERT INTO users (login) VALUES ('ferris')")
        assert duplicate["status"] != 200  # the migration's UNIQUE holds


def test_an_unchanged_frontend_calls_its_api_at_its_container_address(
    browser: Any, built: Built
) -> None:
    site, report = built["wasmedge-mysql-nginx"]
    backend = next(s for s in report["services"] if s["name"] == "backend")
    assert "http://localhost:8080" in backend["addresses"]
    orders = json.loads((SAMPLES / "wasmedge-mysql-nginx" / "db" / "orders.json").read_text())
    for page in _open(browser, site):
        page.wait_for_selector("#order-table tbody tr")
        first_cells = page.eval_on_selector_all(
            "#order-table tbody tr", "rows => rows.map(r => r.cells[0].innerText)"
        )
        assert first_cells == [str(o["order_id"]) for o in orders]
        addresses = page.eval_on_selector_all(
            "#order-table tbody tr", "rows => rows.map(r => r.cells[6].innerText)"
        )
        assert addresses == [o["shipping_address"] for o in orders]


def test_a_mounted_sqlite_file_answers_as_sqlite_does(browser: Any, built: Built) -> None:
    # grafana-sqlite-datasource's own data.db; the expected rows are SQLite's (Python's
    # sqlite3 module) reading that same file.
    import sqlite3

    site, report = built["grafana-sqlite-datasource"]
    grafana = next(s for s in report["services"] if s["name"] == "grafana")
    assert grafana["adapter"] == "sqlite"
    database = SAMPLES / "grafana-sqlite-datasource" / "grafana_config" / "data.db"
    queries = [
        "SELECT name, sql FROM sqlite_master ORDER BY name",
        "SELECT count(*) AS n, min(time) AS first, max(time) AS last, round(sum(value), 6) AS total"
        " FROM sine_wave",
        "SELECT time, value FROM sine_wave ORDER BY time LIMIT 5",
    ]
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    connection.row_factory = sqlite3.Row
    try:
        expected = [[dict(r) for r in connection.execute(sql)] for sql in queries]
    finally:
        connection.close()
    for page in _open(browser, site):
        for sql, rows in zip(queries, expected, strict=True):
            answer = query(page, "grafana", sql)
            assert answer["status"] == 200, answer
            assert _rows(answer) == rows


def test_a_pg_dump_seed_mounted_into_initdb_answers_as_postgres_does(
    browser: Any, built: Built
) -> None:
    # northwind_psql mounts its pg_dump file (SET lines, ALTER TABLE ONLY, '\\x' bytea)
    # into /docker-entrypoint-initdb.d; the expected rows are PGlite's, from that file.
    site, report = built["northwind-psql"]
    assert [s["name"] for s in report["services"] if s["adapter"] == "postgres"] == ["db"]
    seed = (SAMPLES / "northwind-psql" / "northwind.sql").read_text(encoding="utf-8")
    queries = [
        "SELECT c.category_name, count(*)::int AS products, sum(p.units_in_stock)::int AS stock"
        " FROM products p JOIN categories c ON c.category_id = p.category_id"
        " GROUP BY c.category_name ORDER BY c.category_name",
        "SELECT count(*)::int AS orders, count(DISTINCT customer_id)::int AS customers,"
        " min(order_date)::text AS first FROM orders",
    ]
    for page in _open(browser, site):
        for sql in queries:
            answer = query(page, "db", sql)
            assert answer["status"] == 200, answer
            assert answer["body"]["result"][-1]["rows"] == pglite_rows(seed, sql)


def test_the_database_and_user_of_the_compose_file_are_what_postgres_reports(
    browser: Any, built: Built
) -> None:
    # POSTGRES_DB / POSTGRES_USER of the project's own Compose file (the image defaults
    # the database to the user's name, and the user to postgres).
    site, _ = built["northwind-psql"]
    compose = yaml.safe_load(sample_file("northwind-psql").read_text(encoding="utf-8"))
    env = compose["services"]["db"]["environment"]
    user = env.get("POSTGRES_USER") or "postgres"
    expected = {"db": env.get("POSTGRES_DB") or user, "u": user}
    for page in _open(browser, site):
        answer = query(page, "db", "SELECT current_database() AS db, current_user AS u")
        assert answer["status"] == 200, answer
        assert answer["body"]["result"][-1]["rows"] == [expected]


def test_a_database_built_from_a_postgres_dockerfile_answers_as_postgres_does(
    browser: Any, built: Built
) -> None:
    # atsea-sample-shop-app's database service is `build: ./database`, a Dockerfile
    # FROM postgres that ADDs its initdb folder and sets ENV POSTGRES_USER/POSTGRES_DB.
    site, report = built["atsea-sample-shop-app"]
    (database,) = [s for s in report["services"] if s["adapter"] == "postgres"]
    assert database["reason"].startswith("build: database/Dockerfile FROM postgres: ")
    project = SAMPLES / "atsea-sample-shop-app"
    env = yaml.safe_load(sample_file(project.name).read_text(encoding="utf-8"))["services"][
        "database"
    ]["environment"]
    # The image creates POSTGRES_USER before running the seed, which alters that role.
    seed = f"CREATE ROLE {env['POSTGRES_USER']};\n" + (
        project / "database" / "docker-entrypoint-initdb.d" / "init-db.sql"
    ).read_text(encoding="utf-8")
    sql = "SELECT name, count(*)::int AS n, sum(price) AS total FROM product GROUP BY name ORDER BY name"
    for page in _open(browser, site):
        answer = query(page, "database", sql)
        assert answer["status"] == 200, answer
        assert answer["body"]["result"][-1]["rows"] == pglite_rows(seed, sql)
        who = query(page, "database", "SELECT current_database() AS db, current_user AS u")
        assert who["body"]["result"][-1]["rows"] == [
            {"db": env["POSTGRES_DB"], "u": env["POSTGRES_USER"]}
        ]


def test_a_detected_starlette_app_answers_at_its_container_address(
    browser: Any, tmp_path: Path
) -> None:
    # A made-up project (no public Compose project with a pure-Python Starlette app is
    # kept here): its app is tests/demo/plain_starlette_app.py.
    from .test_analyze import _starlette_project

    project = _starlette_project(tmp_path / "project", "starlette\nuvicorn\n")
    analysis = analyze([project / "compose.yaml"], environ={})
    write_init(plan_init(analysis, tmp_path / "demo"))
    build_site(tmp_path / "demo" / "manifest.json", tmp_path / "site")
    for page in _open(browser, tmp_path / "site"):
        for address in ("http://web:8000", "http://localhost:8000"):
            answer = page.evaluate(
                "async (url) => { const r = await fetch(url);"
                " return {status: r.status, body: await r.json()}; }",
                f"{address}/hello",
            )
            assert answer == {"status": 200, "body": {"hello": "world", "path": "/hello"}}


def _native_answers(project: Path, spec: str, requests: list[tuple[str, str]]) -> list[Any]:
    """The answers the project's own app gives to `requests`, run natively under
    FastAPI's TestClient (Starlette's, over httpx): what the container would send."""
    import importlib
    import sys

    from fastapi.testclient import TestClient

    module, _, attribute = spec.partition(":")
    top = module.split(".")[0]
    sys.path.insert(0, str(project))
    try:
        app = getattr(importlib.import_module(module), attribute)
        with TestClient(app) as client:
            return [_shape(client.request(method, path)) for method, path in requests]
    finally:
        sys.path.remove(str(project))
        for name in [n for n in sys.modules if n == top or n.startswith(f"{top}.")]:
            del sys.modules[name]


def _shape(response: Any) -> dict[str, Any]:
    return {
        "status": response.status_code,
        "type": response.headers.get("content-type"),
        "body": response.text,
    }


def test_a_real_fastapi_project_answers_at_its_container_address_as_it_does_natively(
    browser: Any, built: Built
) -> None:
    # awesome-compose's fastapi sample: requirements.txt lists fastapi and uvicorn, and
    # app/main.py assigns `app = FastAPI()`: asgi, shipping FastAPI's wheel set
    # (pydantic-core's WebAssembly build among them).
    site, report = built["fastapi"]
    (api,) = report["services"]
    assert (api["adapter"], api["reason"]) == ("asgi", "FastAPI app app.main:app in .")
    assert api["config"]["wheels"] == ["fastapi"]
    wheels = sorted(p.name for p in (site / "__demo-runtime" / "wheels").iterdir())
    assert "pydantic_core-2.50.5-cp314-cp314-pyemscripten_2026_0_wasm32.whl" in wheels
    # Its route, what FastAPI answers itself (404, 405) and the OpenAPI document it
    # generates through pydantic.
    requests = [("GET", "/"), ("GET", "/missing"), ("POST", "/"), ("GET", "/openapi.json")]
    native = _native_answers(SAMPLES / "fastapi", api["config"]["app"], requests)
    assert native[0]["body"] == '{"message":"OK"}'
    for page in _open(browser, site):
        for address in api["addresses"]:  # http://api:8000, the container_name, localhost
            answers = [
                page.evaluate(
                    "async ([method, url]) => { const r = await fetch(url, {method});"
                    " return {status: r.status, type: r.headers.get('content-type'),"
                    " body: await r.text()}; }",
                    [method, address + path],
                )
                for method, path in requests
            ]
            assert answers == native, address
