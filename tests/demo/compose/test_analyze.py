"""`python -m demo analyze`: reading Compose projects and mapping their services."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from demo.compose.analysis import analyze
from demo.compose.source import ComposeError

from .projects import REPO, SAMPLE_NAMES, SAMPLES, sample_file, write_project


def services(analysis) -> dict[str, dict]:
    return {s["name"]: s for s in analysis.as_json()["services"]}


def run_cli(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "demo", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
    )


# -- the real projects ------------------------------------------------------------


def _compose_images(name: str) -> dict[str, str]:
    data = yaml.safe_load(sample_file(name).read_text())
    return {s: d.get("image", "") for s, d in data["services"].items()}


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_every_sample_is_reported_service_by_service(name: str) -> None:
    analysis = analyze([sample_file(name)], environ={})
    report = services(analysis)
    # Every service of the file, and nothing else, is in the report with a reason.
    assert set(report) == set(_compose_images(name))
    for service in report.values():
        assert service["reason"]
        assert service["status"] in ("browser", "left-out")
    # Exit 3 exactly when something is left out.
    left_out = any(s["status"] == "left-out" for s in report.values())
    assert analysis.exit_code == (3 if left_out else 0)


def test_postgres_images_map_to_the_postgres_adapter() -> None:
    for name in ("nginx-golang-postgres", "react-rust-postgres", "spring-postgres"):
        images = _compose_images(name)
        report = services(analyze([sample_file(name)], environ={}))
        (db,) = [s for s, image in images.items() if image.startswith("postgres")]
        assert report[db]["adapter"] == "postgres"
        assert report[db]["reason"].startswith(images[db] + ": Postgres dialect on DuckDB")


def test_mariadb_is_left_out_with_the_reason() -> None:
    for name in ("react-express-mysql", "wasmedge-mysql-nginx"):
        images = _compose_images(name)
        report = services(analyze([sample_file(name)], environ={}))
        assert report["db"]["status"] == "left-out"
        assert report["db"]["reason"].startswith(
            f"{images['db']}: MySQL/MariaDB has no in-browser engine"
        )


def test_programs_with_no_browser_runtime_say_what_they_build() -> None:
    reasons = {
        ("nginx-golang-postgres", "backend"): "builds a Go binary: no runtime",
        ("react-rust-postgres", "backend"): "builds a Rust binary: no runtime",
        ("spring-postgres", "backend"): "builds a Java app: no JVM in the browser",
        ("react-express-mysql", "backend"): "builds a Node.js app: no Node.js runtime",
        ("flask-redis", "web"): "a Flask (WSGI) app: the kit runs ASGI apps only",
        ("flask-redis", "redis"): "redislabs/redismod: no in-browser adapter",
        ("postgresql-pgadmin", "pgadmin"): "dpage/pgadmin4:latest: no in-browser adapter",
        ("nginx-golang-postgres", "proxy"): "nginx: no bind mount on its document root to serve",
    }
    for (project, service), reason in reasons.items():
        assert services(analyze([sample_file(project)], environ={}))[service]["reason"] == reason


def test_a_real_fastapi_project_maps_to_asgi_with_fastapis_wheel_set() -> None:
    # awesome-compose's fastapi sample: requirements.txt lists fastapi and uvicorn,
    # app/main.py assigns `app = FastAPI()` (test_compose_in_browser runs it).
    api = services(analyze([sample_file("fastapi")], environ={}))["api"]
    assert api["adapter"] == "asgi"
    assert api["reason"] == "FastAPI app app.main:app in ."
    assert api["config"] == {"app": "app.main:app", "source": ".", "wheels": ["fastapi"]}
    assert api["addresses"] == [
        "http://api:8000",
        "http://fastapi-application:8000",
        "http://localhost:8000",
    ]
    assert "uvicorn is not needed: the page's worker serves it" in api["notes"]


def test_mounted_sqlite_files_of_a_real_project() -> None:
    # grafana-sqlite-datasource mounts two SQLite files into its grafana service: which
    # one a demo shows is not guessed; a label in an extra -f file names it.
    name = "grafana-sqlite-datasource"
    compose = yaml.safe_load(sample_file(name).read_text())
    mounted = [
        v.split(":")[0].removeprefix("./")
        for v in compose["services"]["grafana"]["volumes"]
        if v.split(":")[0].endswith(".db")
    ]
    assert len(mounted) == 2
    report = services(analyze([sample_file(name)], environ={}))
    assert report["grafana"]["status"] == "left-out"
    assert report["grafana"]["reason"] == (
        f"mounts 2 SQLite database files ({', '.join(mounted)}): a demo database is one "
        "file (label helio.db.seed=FILE names it)"
    )
    overlay = SAMPLES / name / "helio.compose.yaml"  # label helio.db.seed: the first
    labelled = services(analyze([sample_file(name), overlay], environ={}))["grafana"]
    assert labelled["adapter"] == "sqlite"
    assert labelled["config"] == {"seed": [mounted[0]]}


def test_an_nginx_document_root_mount_is_the_sites_app() -> None:
    report = services(analyze([sample_file("wasmedge-mysql-nginx")], environ={}))
    assert report["frontend"]["adapter"] == "app"
    assert report["frontend"]["config"] == {"app": "frontend"}


def test_the_env_file_is_interpolated_and_the_environment_wins() -> None:
    file = sample_file("postgresql-pgadmin")
    env_file = dict(
        line.split("=", 1)
        for line in (file.parent / ".env").read_text().splitlines()
        if "=" in line
    )
    config = services(analyze([file], environ={}))["postgres"]["config"]
    assert config["user"] == env_file["POSTGRES_USER"]
    config = services(analyze([file], environ={"POSTGRES_USER": "shell"}))["postgres"]["config"]
    assert config["user"] == "shell"


# -- rules on made-up projects ------------------------------------------------------


def test_postgres_seeds_run_in_the_images_order(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": """
services:
  db:
    image: postgis/postgis:16-3.4
    environment: {POSTGRES_DB: shop}
    volumes:
      - ./initdb:/docker-entrypoint-initdb.d
      - ./late.sql:/docker-entrypoint-initdb.d/99-late.sql:ro
""",
            "initdb/20-data.sql.gz": gzip.compress(b"INSERT INTO t VALUES (1);"),
            "initdb/10-schema.sql": "CREATE TABLE t (id int);",
            "initdb/15-setup.sh": "echo hi",
            "late.sql": "SELECT 1;",
        },
    )
    db = services(analyze(folder=tmp_path, environ={}))["db"]
    assert db["adapter"] == "postgres"
    assert db["config"]["seed"] == [
        "initdb/10-schema.sql",
        "initdb/20-data.sql.gz",
        "late.sql",
    ]
    assert any("15-setup.sh: a shell script" in n for n in db["notes"])
    assert db["config"]["database"] == "shop"  # what current_database() answers


def test_timescale_and_a_sqlite_file(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": """
services:
  metrics: {image: "timescale/timescaledb:latest-pg16"}
  notes:
    image: keinos/sqlite3
    volumes: ["./data/notes.db:/data/notes.db"]
""",
            "data/notes.db": b"",
        },
    )
    report = services(analyze(folder=tmp_path, environ={}))
    assert report["metrics"]["adapter"] == "postgres"
    assert report["notes"]["adapter"] == "sqlite"
    assert report["notes"]["config"] == {"seed": ["data/notes.db"]}


def test_labels_override_detection(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": """
services:
  cache:
    image: postgres:16
    labels: [helio.skip=true]
  api:
    build: ./api
    labels:
      helio.mock.fixtures: api/fixtures.json
  store:
    image: mycompany/store
    labels: {helio.adapter: sqlite, helio.db.seed: "store/a.sql, store/b.sql"}
""",
            "api/go.mod": "module x",
            "api/fixtures.json": '[{"method": "GET", "path": "/ping", "body": {"ok": true}}]',
            "store/a.sql": "CREATE TABLE a (x int);",
            "store/b.sql": "INSERT INTO a VALUES (1);",
        },
    )
    analysis = analyze(folder=tmp_path, environ={})
    report = services(analysis)
    assert report["cache"]["status"] == "skipped"
    assert report["api"]["adapter"] == "mock-http"
    assert report["api"]["config"] == {"fixtures": "api/fixtures.json"}
    assert report["store"]["config"] == {"seed": ["store/a.sql", "store/b.sql"]}
    assert analysis.exit_code == 0


def test_an_openapi_document_in_the_build_context_makes_a_mock(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": """
services:
  api:
    build: {context: ./api}
    ports: ["8081:8080"]
    expose: ["9090"]
    networks:
      back: {aliases: [orders]}
networks: {back: {}}
""",
            "api/openapi.yaml": "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n",
        },
    )
    api = services(analyze(folder=tmp_path, environ={}))["api"]
    assert api["adapter"] == "mock-http"
    assert api["config"] == {"openapi": "api/openapi.yaml"}
    assert api["addresses"] == [
        "http://api:8080",
        "http://api:9090",
        "http://orders:8080",
        "http://orders:9090",
        "http://localhost:8081",
    ]


def test_a_document_split_over_files_makes_a_mock_the_build_bundles(tmp_path: Path) -> None:
    """External `$ref`s are bundled by the build (demo/build/openapi_load.py), so a
    split document maps like a one-file one and its site answers from the other file."""
    write_project(
        tmp_path,
        {
            "compose.yaml": "services:\n  api:\n    build: ./api\n",
            "api/openapi.yaml": "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n"
            "  /pets:\n    get:\n      responses:\n        '200':\n"
            "          $ref: responses.yaml#/Pets\n",
            "api/responses.yaml": "Pets:\n  description: pets\n  content:\n"
            "    application/json:\n      example: [{name: Rex}]\n",
        },
    )
    api = services(analyze(folder=tmp_path, environ={}))["api"]
    assert api["adapter"] == "mock-http"
    assert api["config"] == {"openapi": "api/openapi.yaml"}
    out = tmp_path / "site"
    built = run_cli(
        "build", "-f", str(tmp_path / "compose.yaml"), "--out", str(out), "--no-snapshot"
    )
    assert built.returncode == 0, built.stderr
    document = json.loads((out / "services" / "api" / "openapi.json").read_text())
    assert "x-helio-files" in json.dumps(document)


def test_extends_multiple_files_and_profiles(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": """
services:
  db:
    extends: {file: base.yaml, service: pg}
  tools:
    image: adminer
    profiles: [debug]
""",
            "base.yaml": "services:\n  pg:\n    image: postgres:16\n    environment: [POSTGRES_DB=base]\n",
            "compose.override.yaml": "services:\n  db:\n    environment: {POSTGRES_DB: over}\n",
        },
    )
    analysis = analyze(["compose.yaml", "compose.override.yaml"], folder=tmp_path, environ={})
    report = services(analysis)
    assert report["db"]["adapter"] == "postgres"
    assert report["db"]["config"]["database"] == "over"
    assert report["tools"]["status"] == "inactive"
    assert analysis.exit_code == 0
    report = services(analyze(folder=tmp_path, environ={"COMPOSE_PROFILES": "debug"}))
    assert report["tools"]["status"] == "left-out"
    assert report["tools"]["reason"] == "adminer: no in-browser adapter"


# -- malformed projects: one line naming file, line and key; exit 2 --------------------

MALFORMED = {
    "bad-yaml": (
        {"compose.yaml": "services:\n  web:\n    image: [nginx\n"},
        "compose.yaml:4: not valid YAML",
    ),
    "unknown-key": (
        {"compose.yaml": "services:\n  web:\n    image: nginx\n    portz: ['80']\n"},
        "compose.yaml:4: services.web.portz: unknown key",
    ),
    "wrong-type": (
        {"compose.yaml": "services:\n  web:\n    image: nginx\n    ports: {a: 1}\n"},
        "compose.yaml:4: services.web.ports: must be array",
    ),
    "duplicate-key": (
        {"compose.yaml": "services:\n  web:\n    image: nginx\n    image: httpd\n"},
        "compose.yaml:4: services.web.image: duplicate key (first at line 3)",
    ),
    "missing-mount": (
        {
            "compose.yaml": "services:\n  db:\n    image: postgres\n    volumes:\n"
            "      - ./gone.sql:/docker-entrypoint-initdb.d/1.sql\n"
        },
        "compose.yaml:5: services.db.volumes[0]: ./gone.sql: file not found",
    ),
    "openapi-does-not-parse": (
        {
            "compose.yaml": "services:\n  api:\n    build: ./api\n",
            "api/openapi.yaml": "openapi: 3.0.3\npaths: {a: [b}\n",
        },
        "api/openapi.yaml:2: not valid YAML",
    ),
    "missing-external-ref": (
        {
            "compose.yaml": "services:\n  api:\n    build: ./api\n",
            "api/openapi.yaml": "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n"
            "  /pets:\n    get:\n      responses:\n        '200':\n"
            "          $ref: responses.yaml#/Pets\n",
        },
        "api/openapi.yaml:8: paths./pets.get.responses.200.$ref: "
        "$ref 'responses.yaml#/Pets': file responses.yaml not found",
    ),
    "include": (
        {"compose.yaml": "include: [other.yaml]\nservices:\n  web: {image: nginx}\n"},
        "compose.yaml:1: include: not supported by the analyzer: pass the included files with -f",
    ),
    "unset-required-variable": (
        {"compose.yaml": "services:\n  web:\n    image: ${IMAGE:?set IMAGE}\n"},
        "compose.yaml:3: services.web.image: required variable IMAGE is not set: set IMAGE",
    ),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_projects_name_the_file_line_and_key(tmp_path: Path, case: str) -> None:
    files, expected = MALFORMED[case]
    write_project(tmp_path, files)
    with pytest.raises(ComposeError) as caught:
        analyze(folder=tmp_path, environ={})
    assert str(caught.value).startswith(expected)


# -- the command line --------------------------------------------------------------------


def test_cli_exit_codes_and_json(tmp_path: Path) -> None:
    sample = sample_file("spring-postgres")
    done = run_cli("analyze", "-f", str(sample), "--json")
    assert done.returncode == 3
    data = json.loads(done.stdout)
    assert data == analyze([sample], environ={}).as_json()
    assert data["format"] == "helio-compose-analysis/1"

    text = run_cli("analyze", "-f", str(sample))
    assert text.returncode == 3
    assert "backend  builds a Java app: no JVM in the browser" in text.stdout

    write_project(tmp_path, {"compose.yaml": "services:\n  db: {image: postgres}\n"})
    assert run_cli("analyze", "-f", str(tmp_path / "compose.yaml")).returncode == 0

    write_project(tmp_path, {"bad.yaml": "services:\n  web: {image: nginx, portz: []}\n"})
    bad = run_cli("analyze", "-f", str(tmp_path / "bad.yaml"), "--json")
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == ["error: bad.yaml:2: services.web.portz: unknown key"]
    assert json.loads(bad.stdout)["error"] == {
        "file": "bad.yaml",
        "line": 2,
        "key": "services.web.portz",
        "problem": "unknown key",
    }


def test_interpolation_forms() -> None:
    from demo.compose.interpolate import interpolate

    env = {"SET": "v", "EMPTY": ""}

    def fail(path: object, problem: str) -> ComposeError:
        return ComposeError("f", 0, "", problem)

    cases = {
        "$SET ${SET}": "v v",
        "${UNSET:-d} ${EMPTY:-d} ${EMPTY-d}": "d d ",
        "${SET:+alt} ${EMPTY:+alt} ${EMPTY+alt}": "alt  alt",
        "${UNSET:-${SET}}": "v",
        "$$SET costs $$5": "$SET costs $5",
    }
    for given, expected in cases.items():
        assert interpolate(given, env, fail) == expected, given
    with pytest.raises(ComposeError, match="required variable EMPTY is not set: why"):
        interpolate("${EMPTY:?why}", env, fail)
    assert interpolate("${EMPTY?why}", env, fail) == ""


def test_static_servers_built_frontends_and_asgi_labels(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": """
services:
  web:
    image: httpd:2.4
    volumes: ["./site:/usr/local/apache2/htdocs/"]
  docs:
    image: caddy
    volumes: [{type: bind, source: ./docs, target: /srv}]
  spa:
    build: ./spa
  api:
    build: ./api
    ports: ["8000:80"]
    labels: {helio.asgi.factory: "tests.demo.counter_app:create", helio.asgi.packages: tests}
""",
            "site/index.html": "<h1>site</h1>",
            "docs/index.html": "<h1>docs</h1>",
            "spa/package.json": "{}",
            "spa/dist/index.html": "<div id=app></div>",
            "api/requirements.txt": "starlette\n",
        },
    )
    report = services(analyze(folder=tmp_path, environ={}))
    assert (report["web"]["adapter"], report["web"]["config"]) == ("app", {"app": "site"})
    # One set of pages per site: the next static services are left out, saying why.
    assert report["docs"]["status"] == "left-out"
    assert report["docs"]["reason"].endswith("left out, the site's pages are already web's")
    assert report["spa"]["status"] == "left-out"
    assert report["api"]["adapter"] == "asgi"
    assert report["api"]["config"] == {
        "factory": "tests.demo.counter_app:create",
        "packages": ["tests"],
    }
    assert report["api"]["addresses"] == ["http://api", "http://localhost:8000"]


def test_a_python_app_without_a_factory_says_how_to_run_it(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": "services:\n  api:\n    build: .\n",
            "requirements.txt": "requests\n",
            "main.py": "app = None\n",
        },
    )
    api = services(analyze(folder=tmp_path, environ={}))["api"]
    assert api["reason"] == "a Python app with no ASGI factory (label helio.asgi.factory to run it)"


STARLETTE_APP = (REPO / "tests" / "demo" / "plain_starlette_app.py").read_text()


def _starlette_project(root: Path, requirements: str, main: str = STARLETTE_APP) -> Path:
    return write_project(
        root,
        {
            "compose.yaml": "services:\n  web:\n    build: ./web\n    ports: ['8000:8000']\n",
            "web/requirements.txt": requirements,
            "web/Dockerfile": "FROM python:3.12\nCOPY . /app\n",
            "web/app/__init__.py": "",
            "web/app/main.py": main,
            "web/app/helpers.py": "x = Starlette()\n",
        },
    )


def test_a_starlette_app_with_pure_python_requirements_maps_to_asgi(tmp_path: Path) -> None:
    _starlette_project(tmp_path, "Starlette>=0.37,<2\nuvicorn[standard]>=0.20  # server\n")
    web = services(analyze(folder=tmp_path, environ={}))["web"]
    assert web["adapter"] == "asgi"
    assert web["reason"] == "Starlette app app.main:app in web"
    assert web["config"] == {"app": "app.main:app", "source": "web"}
    assert web["addresses"] == ["http://web:8000", "http://localhost:8000"]
    assert "also found app.helpers:x: not run" in web["notes"]
    assert "uvicorn is not needed: the page's worker serves it" in web["notes"]


def test_a_starlette_app_requiring_an_unshipped_package_is_refused_naming_it(
    tmp_path: Path,
) -> None:
    _starlette_project(tmp_path, "starlette\nasyncpg==0.29\nuvicorn\n")
    web = services(analyze(folder=tmp_path, environ={}))["web"]
    assert web["adapter"] is None
    assert web["reason"] == (
        "a Starlette app requiring asyncpg: the kit ships only the pure-Python packages "
        "starlette, anyio, idna, typing-extensions, sqlglot"
    )


def test_a_pin_the_shipped_version_falls_outside_is_refused_naming_both(tmp_path: Path) -> None:
    # Starlette 1.0 dropped APIs 0.x apps used (`on_startup`, `app.route`): an app pinned
    # to 0.37 is not run on 1.0 as if it were the same.
    _starlette_project(tmp_path, "starlette==0.37.2\nuvicorn\n")
    web = services(analyze(folder=tmp_path, environ={}))["web"]
    assert web["adapter"] is None
    assert web["reason"] == (
        "a Starlette app requiring starlette==0.37.2: the site ships starlette 1.0.0, which "
        "that pin excludes (label helio.asgi.factory to run it anyway)"
    )


def test_a_fastapi_pin_below_the_shipped_release_is_refused(tmp_path: Path) -> None:
    # FastAPI 0.95 is a pydantic 1 release: its models do not run on pydantic 2.
    _starlette_project(tmp_path, "fastapi==0.95.2\n", main=FASTAPI_APP)
    web = services(analyze(folder=tmp_path, environ={}))["web"]
    assert web["adapter"] is None
    assert web["reason"].startswith(
        "a FastAPI app requiring fastapi==0.95.2: the site ships fastapi 0.141.1"
    )


def test_extras_of_a_shipped_package_are_said_not_to_ship(tmp_path: Path) -> None:
    _starlette_project(tmp_path, "fastapi[standard]>=0.115\n", main=FASTAPI_APP)
    web = services(analyze(folder=tmp_path, environ={}))["web"]
    assert web["adapter"] == "asgi"
    assert (
        "fastapi[standard]>=0.115: only fastapi itself ships, not its extras (standard)"
        in web["notes"]
    )


def test_a_requirement_the_analyzer_cannot_read_is_refused(tmp_path: Path) -> None:
    _starlette_project(tmp_path, "starlette\n-r base.txt\n")
    web = services(analyze(folder=tmp_path, environ={}))["web"]
    assert web["adapter"] is None
    assert web["reason"].startswith("a Starlette app whose requirements.txt has '-r base.txt'")


FASTAPI_APP = "from fastapi import FastAPI\n\napp = FastAPI()\n"


def test_a_fastapi_app_requiring_an_unshipped_package_is_refused_naming_it(
    tmp_path: Path,
) -> None:
    _starlette_project(tmp_path, "fastapi\npsycopg2-binary\nuvicorn\n", main=FASTAPI_APP)
    web = services(analyze(folder=tmp_path, environ={}))["web"]
    assert web["adapter"] is None
    assert web["reason"] == (
        "a FastAPI app requiring psycopg2-binary: the kit ships only the pure-Python "
        "packages starlette, anyio, idna, typing-extensions, sqlglot, and for FastAPI "
        "fastapi, pydantic, pydantic-core, annotated-types, typing-inspection, annotated-doc"
    )


def test_fastapi_listed_only_in_pyproject_says_only_requirements_txt_is_read(
    tmp_path: Path,
) -> None:
    _starlette_project(tmp_path, "", main=FASTAPI_APP)
    (tmp_path / "web" / "requirements.txt").unlink()
    (tmp_path / "web" / "pyproject.toml").write_text('dependencies = ["fastapi"]\n')
    web = services(analyze(folder=tmp_path, environ={}))["web"]
    assert web["adapter"] is None
    assert web["reason"].startswith("a FastAPI app whose requirements are not in requirements.txt")


def test_fastapi_required_but_no_app_found(tmp_path: Path) -> None:
    _starlette_project(tmp_path, "fastapi\n", main="app = make_app()\n")
    (tmp_path / "web" / "app" / "helpers.py").write_text("")
    web = services(analyze(folder=tmp_path, environ={}))["web"]
    assert web["adapter"] is None
    assert web["reason"].startswith("requires fastapi but no module assigns `NAME = FastAPI(...)`")


def test_starlette_required_but_no_app_found(tmp_path: Path) -> None:
    _starlette_project(tmp_path, "starlette\n", main="app = make_app()\n")
    (tmp_path / "web" / "app" / "helpers.py").write_text("")
    web = services(analyze(folder=tmp_path, environ={}))["web"]
    assert web["adapter"] is None
    assert web["reason"].startswith("requires starlette but no module assigns")


def test_the_shipped_packages_are_the_pyodide_lock() -> None:
    from demo.compose.rules import SHIPPED_PACKAGES

    pinned = _pins(REPO / "requirements-pyodide.lock")
    del pinned["micropip"]
    assert pinned == SHIPPED_PACKAGES


def test_the_fastapi_packages_are_the_fastapi_wheel_set() -> None:
    from demo.build.runtime_files import WHEEL_SETS
    from demo.compose.rules import FASTAPI_PACKAGES

    assert _pins(REPO / WHEEL_SETS["fastapi"]) == FASTAPI_PACKAGES


def _pins(lock: Path) -> dict[str, str]:
    """name -> version of each `name==version` line of a lock file."""
    lines = [line.split(" ")[0] for line in lock.read_text().splitlines() if "==" in line]
    return {
        name.replace("_", "-").lower(): version
        for name, version in (line.split("==") for line in lines)
    }


def test_paths_of_a_service_extended_from_another_folder_are_its_files(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": "services:\n  db:\n    extends: {file: shared/db.yaml, service: pg}\n",
            "shared/db.yaml": "services:\n  pg:\n    image: postgres\n    volumes:\n"
            "      - ./init.sql:/docker-entrypoint-initdb.d/init.sql\n",
            "shared/init.sql": "CREATE TABLE t (x int);",
        },
    )
    db = services(analyze(folder=tmp_path, environ={}))["db"]
    assert db["config"]["seed"] == ["shared/init.sql"]


def test_anchors_merge_keys_and_extension_fields(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": """
x-db: &db
  image: postgres:16
  environment: {POSTGRES_DB: base}
services:
  one:
    <<: *db
  two:
    <<: *db
    environment: {POSTGRES_DB: two}
    portz: []
""",
        },
    )
    # The merged keys are read; an error in a service that merges is on its own line.
    with pytest.raises(ComposeError, match=r"^compose.yaml:11: services.two.portz: unknown key"):
        analyze(folder=tmp_path, environ={})
    text = (tmp_path / "compose.yaml").read_text().replace("    portz: []\n", "")
    (tmp_path / "compose.yaml").write_text(text)
    report = services(analyze(folder=tmp_path, environ={}))
    assert report["one"]["adapter"] == report["two"]["adapter"] == "postgres"
    assert report["two"]["config"]["database"] == "two"


def test_a_frontend_not_built_yet_is_not_its_source_template() -> None:
    # react-express-mysql's frontend has public/index.html: a template, not a build.
    frontend = services(analyze([sample_file("react-express-mysql")], environ={}))["frontend"]
    assert frontend["status"] == "left-out"
    assert frontend["reason"].startswith("a JavaScript frontend with no build output")


def test_a_dockerfile_build_names_the_image_it_builds_on(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": """
services:
  php: {build: ./php}
  proxy: {build: {context: ./proxy, target: final}}
  other: {build: ./other}
""",
            "php/Dockerfile": "FROM --platform=$BUILDPLATFORM php:8.0-apache as builder\n"
            "FROM builder as dev\n",
            "proxy/Dockerfile": "FROM nginx:1.25 AS final\nCOPY nginx.conf /etc/nginx/\n"
            "FROM alpine AS unused\n",
            "other/Dockerfile": "FROM erlang:26\n",
        },
    )
    report = services(analyze(folder=tmp_path, environ={}))
    assert report["php"]["reason"] == "builds a PHP app (php:8.0-apache): no PHP runtime"
    assert report["proxy"]["reason"].startswith("builds on nginx:1.25: what it serves is baked")
    assert report["other"]["reason"] == "builds from erlang:26: no in-browser runtime for it"


def test_cli_profiles(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": "services:\n  db: {image: postgres}\n  tools: {image: adminer, profiles: [debug]}\n"
        },
    )
    compose = str(tmp_path / "compose.yaml")
    assert run_cli("analyze", "-f", compose).returncode == 0
    with_debug = run_cli("analyze", "-f", compose, "--profile", "debug", "--json")
    assert with_debug.returncode == 3
    assert json.loads(with_debug.stdout)["profiles"] == ["debug"]
