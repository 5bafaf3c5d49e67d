"""`python -m demo init` and `python -m demo build -f`: a Compose project -> a demo."""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
import zipfile
from pathlib import Path

import pytest

from demo.build.prepare import prepare_site_services
from demo.compose.analysis import analyze
from demo.runtime.manifest import parse_source_manifest

from .projects import SAMPLE_NAMES, SAMPLES, sample_file, write_project
from .test_analyze import MALFORMED, run_cli


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_init_writes_a_manifest_the_build_reads(tmp_path: Path, name: str) -> None:
    out = tmp_path / "demo"
    done = run_cli("init", "-f", str(sample_file(name)), "-o", str(out))
    assert done.returncode == 0, done.stderr
    data = json.loads((out / "manifest.json").read_text())
    manifest = parse_source_manifest(data)
    report = analyze([sample_file(name)], environ={}).as_json()["services"]
    running = [s for s in report if s["status"] == "browser" and s["adapter"] != "app"]
    assert [(s.name, s.adapter) for s in manifest.services] == [
        (s["name"], s["adapter"]) for s in running
    ]
    assert list(manifest.left_out) == [
        (s["name"], s["reason"]) for s in report if s["status"] == "left-out"
    ]
    # The build step takes it unchanged (the app folder, seeds, documents all resolve).
    built = prepare_site_services(out / "manifest.json", tmp_path / "site")
    assert [s["name"] for s in built["services"]] == [s.name for s in manifest.services]


def test_a_rerun_shows_changes_and_keeps_hand_edits(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(SAMPLES / "spring-postgres", project)
    out = tmp_path / "demo"
    compose = str(project / "compose.yaml")
    assert run_cli("init", "-f", compose, "-o", str(out)).returncode == 0
    again = run_cli("init", "-f", compose, "-o", str(out))
    assert again.returncode == 0 and f"{out}: unchanged" in again.stdout

    # The project changes: the re-run shows the difference and writes it.
    text = (project / "compose.yaml").read_text().replace("image: postgres", "image: redis")
    (project / "compose.yaml").write_text(text)
    changed = run_cli("init", "-f", compose, "-o", str(out))
    assert changed.returncode == 0
    assert '-      "adapter": "postgres",' in changed.stdout
    assert json.loads((out / "manifest.json").read_text())["services"] == []

    # A hand edit is kept, and said so, unless --force.
    edited = (out / "manifest.json").read_text().replace('"name": "project"', '"name": "mine"')
    assert edited != (out / "manifest.json").read_text()
    (out / "manifest.json").write_text(edited)
    (project / "compose.yaml").write_text(text.replace("image: redis", "image: postgres"))
    kept = run_cli("init", "-f", compose, "-o", str(out))
    assert kept.returncode == 1
    assert "was edited by hand: not overwritten (--force)" in kept.stderr
    assert (out / "manifest.json").read_text() == edited
    forced = run_cli("init", "-f", compose, "-o", str(out), "--force")
    assert forced.returncode == 0
    assert json.loads((out / "manifest.json").read_text())["services"][0]["adapter"] == "postgres"


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_projects_write_nothing(tmp_path: Path, case: str) -> None:
    files, expected = MALFORMED[case]
    write_project(tmp_path / "p", files)
    for command in (
        ["init", "-o", str(tmp_path / "demo")],
        ["build", "--out", str(tmp_path / "site")],
    ):
        done = run_cli(command[0], "-f", str(tmp_path / "p" / "compose.yaml"), *command[1:])
        assert done.returncode == 2
        assert len(done.stderr.strip().splitlines()) == 1
        assert done.stderr.startswith(f"error: {expected}")
    assert not (tmp_path / "demo").exists() and not (tmp_path / "site").exists()


def test_compressed_seeds_and_sqlite_files_become_sql(tmp_path: Path) -> None:
    db = tmp_path / "p" / "data" / "notes.db"
    db.parent.mkdir(parents=True)
    with sqlite3.connect(db) as connection:
        connection.executescript(
            "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);"
            "INSERT INTO note (body) VALUES ('first'), ('second');"
        )
    connection.close()
    write_project(
        tmp_path / "p",
        {
            "compose.yaml": """
services:
  pg:
    image: postgres:16
    volumes: ["./init.sql.gz:/docker-entrypoint-initdb.d/init.sql.gz"]
  notes:
    image: keinos/sqlite3
    volumes: ["./data/notes.db:/data/notes.db"]
""",
            "init.sql.gz": gzip.compress(b"CREATE TABLE t (x int); INSERT INTO t VALUES (7);"),
        },
    )
    out = tmp_path / "demo"
    assert (
        run_cli("init", "-f", str(tmp_path / "p" / "compose.yaml"), "-o", str(out)).returncode == 0
    )
    data = json.loads((out / "manifest.json").read_text())
    seeds = {s["name"]: s["config"]["seed"] for s in data["services"]}
    assert seeds == {"pg": ["seeds/pg/init.sql"], "notes": ["seeds/notes/notes.sql"]}
    built = prepare_site_services(out / "manifest.json", tmp_path / "site")
    image = {s["name"]: s["config"]["image"] for s in built["services"]}["notes"]
    copy = sqlite3.connect(":memory:")
    copy.deserialize((tmp_path / "site" / image).read_bytes())
    assert copy.execute("SELECT body FROM note ORDER BY id").fetchall() == [("first",), ("second",)]


def test_build_from_compose_states_what_was_left_out(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = run_cli(
        "build", "-f", str(sample_file("spring-postgres")), "--out", str(site), "--no-snapshot"
    )
    assert done.returncode == 0, done.stderr
    manifest = json.loads((site / "manifest.json").read_text())
    assert [(s["name"], s["adapter"]) for s in manifest["services"]] == [("db", "postgres")]
    page = (site / "index.html").read_text()
    assert "Not in this demo" in page
    assert "<b>backend</b>: builds a Java app: no JVM in the browser" in page


def test_left_out_entries_are_checked() -> None:
    base = {"name": "d", "services": []}
    assert parse_source_manifest({**base, "leftOut": [{"name": "a", "reason": "r"}]}).left_out == (
        ("a", "r"),
    )
    with pytest.raises(ValueError, match=r"leftOut\[0\]\.reason: is required"):
        parse_source_manifest({**base, "leftOut": [{"name": "a"}]})


def test_a_detected_starlette_app_is_copied_and_shipped(tmp_path: Path) -> None:
    from .test_analyze import _starlette_project

    project = _starlette_project(tmp_path / "project", "starlette\nuvicorn\n")
    site = tmp_path / "site"
    out = tmp_path / "demo"
    done = run_cli("init", "-f", str(project / "compose.yaml"), "-o", str(out))
    assert done.returncode == 0, done.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["services"] == [
        {
            "name": "web",
            "adapter": "asgi",
            "config": {
                "app": "app.main:app",
                "source": "asgi/web",
                "address": ["http://web:8000", "http://localhost:8000"],
            },
        }
    ]
    # The app's modules are the demo's own copy; the Dockerfile and requirements are not.
    copied = sorted(p.relative_to(out).as_posix() for p in (out / "asgi").rglob("*"))
    assert copied == [
        "asgi/web",
        "asgi/web/app",
        "asgi/web/app/__init__.py",
        "asgi/web/app/helpers.py",
        "asgi/web/app/main.py",
    ]
    done = run_cli(
        "build", "--manifest", str(out / "manifest.json"), "--out", str(site), "--no-snapshot"
    )
    assert done.returncode == 0, done.stderr
    built = json.loads((site / "manifest.json").read_text())["services"][0]["config"]
    assert built["app"] == "app.main:app" and built["source"] == "services/web/source"
    with zipfile.ZipFile(site / "__demo-runtime" / "demo-python.zip") as zf:
        shipped = zf.namelist()
    # Unpacked beside `demo` in the worker's site-packages: `import app.main` works there.
    assert {"app/__init__.py", "app/main.py", "demo/runtime/asgi_service.py"} <= set(shipped)


def test_a_shipped_app_module_may_not_shadow_the_kit(tmp_path: Path) -> None:
    from demo.build.runtime_files import BuildInputError, Checkout, demo_package_zip

    app = write_project(tmp_path / "app", {"demo/__init__.py": "x = 1\n"})
    with pytest.raises(BuildInputError, match=r"would both ship as demo/__init__\.py"):
        demo_package_zip(Checkout.here(), tmp_path / "z.zip", sources=[app])


@pytest.mark.parametrize(
    ("config", "error"),
    [
        ({"app": "main:app"}, "services[0].config.source: is required with `app`"),
        ({"app": "main:app", "source": "nowhere"}, "folder not found: nowhere"),
        ({"app": "other:app", "source": "src"}, "module other not in src"),
        ({"app": "main", "source": "src"}, "'main' must look like 'module:attribute'"),
        ({"app": "main:app", "source": "src", "factory": "a:b"}, "`factory` or `app`, not both"),
    ],
)
def test_a_plain_asgi_app_in_a_manifest_is_checked(
    tmp_path: Path, config: dict[str, str], error: str
) -> None:
    from demo.build.prepare import ManifestError

    write_project(tmp_path, {"src/main.py": "app = None\n"})
    service = {"name": "web", "adapter": "asgi", "config": config}
    (tmp_path / "manifest.json").write_text(json.dumps({"name": "d", "services": [service]}))
    with pytest.raises(ManifestError) as caught:
        prepare_site_services(tmp_path / "manifest.json", tmp_path / "site")
    assert error in str(caught.value)


# A real pg_dump file (pg_dump 15) the in-browser Postgres engine cannot run,
# mounted into /docker-entrypoint-initdb.d: (Compose file, profile, seed, what the
# refused statement is). pagila's schema stops at its first domain. (neon's dumps,
# with COPY data and sequences, now load: test_pg_dump.py.)
REFUSED_SEEDS = {
    "domain": ("pagila/helio.compose.yaml", None, "pagila-schema.sql", "CREATE DOMAIN"),
}
REFUSAL_MESSAGES = {"domain": "CREATE DOMAIN is not supported by this demo"}


@pytest.mark.parametrize("case", sorted(REFUSED_SEEDS))
def test_a_pg_dump_seed_the_engine_cannot_run_is_refused_naming_its_statement(
    tmp_path: Path, case: str
) -> None:
    # The build names the Compose service, the project's own seed file and the
    # statement (not the manifest generated behind the scenes), exits 2, writes no site.
    from .pglite import pglite_rows

    compose, profile, seed_name, kind = REFUSED_SEEDS[case]
    profiles = ["--profile", profile] if profile else []
    out = tmp_path / "site"
    done = run_cli(
        "build", "-f", str(SAMPLES / compose), *profiles, "--out", str(out), "--no-snapshot"
    )
    assert done.returncode == 2, done.stdout
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, done.stderr
    report = json.loads(
        run_cli("analyze", "-f", str(SAMPLES / compose), *profiles, "--json").stdout
    )
    (service,) = [s for s in report["services"] if s["status"] == "browser"]
    prefix = (
        f"error: {service['file']}:{service['line']}: services.{service['name']}: {seed_name}: "
    )
    assert errors[0].startswith(prefix + REFUSAL_MESSAGES[case]), errors[0]
    assert "manifest" not in errors[0]
    assert not out.exists()
    refused = errors[0].rsplit("(in: ", 1)[1].removesuffix(")").removesuffix("...")
    assert refused.startswith(kind)
    seed = (SAMPLES / compose).parent.joinpath(seed_name).read_text(encoding="utf-8")
    # pg_dump's comment lines hold semicolons too ("-- Name: x; Type: DOMAIN; ...").
    pieces = "\n".join(x for x in seed.splitlines() if not x.startswith("--")).split(";")
    statements = [" ".join(p.split()) for p in pieces]
    # One statement of the seed, named from its start.
    (at,) = [i for i, statement in enumerate(statements) if statement.startswith(refused)]
    # Postgres itself runs the seed up to and including that statement.
    upto = ";".join(pieces[: at + 1]) + ";"
    assert pglite_rows(upto, "SELECT 1 AS ran") == [{"ran": 1}]


def test_pg_dump_session_lines_of_a_modern_dump_are_skipped(tmp_path: Path) -> None:
    # The head of neon's pg_dump 15 files (SET lines, set_config, SET
    # default_table_access_method) before a table: the seed loads.
    seed = (SAMPLES / "neon-sample-dbs" / "titanic.sql").read_text(encoding="utf-8")
    head = seed[: seed.index("CREATE TABLE")]
    assert "SET default_table_access_method = heap;" in head
    folder = write_project(
        tmp_path / "p",
        {
            "compose.yaml": "services:\n  db:\n    image: postgres:16\n    volumes:\n"
            '      - "./s.sql:/docker-entrypoint-initdb.d/s.sql"\n',
            "s.sql": head + "CREATE TABLE t (x integer);\nINSERT INTO t VALUES (1);\n",
        },
    )
    assert (
        run_cli("init", "-f", str(folder / "compose.yaml"), "-o", str(tmp_path / "d")).returncode
        == 0
    )
    built = prepare_site_services(tmp_path / "d" / "manifest.json", tmp_path / "site")
    assert [s["name"] for s in built["services"]] == ["db"]
