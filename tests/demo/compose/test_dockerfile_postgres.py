"""A Compose service built from a Dockerfile `FROM postgres` (no image of its own):
mapped to the postgres adapter, seeded from what the Dockerfile copies into
/docker-entrypoint-initdb.d, or left out naming what could not be followed.

The real project is dockersamples/atsea-sample-shop-app (tests/fixtures/compose); its
expected rows are PGlite's on the same seed file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from demo.compose.analysis import analyze

from .pg_dump_reference import demo_answers, pglite_answers_later
from .projects import SAMPLES, sample_file, write_project
from .test_analyze import run_cli, services

ATSEA = SAMPLES / "atsea-sample-shop-app"
ATSEA_SEED = "database/docker-entrypoint-initdb.d/init-db.sql"
ATSEA_QUERIES = [
    "SELECT productid, name, description, image, price FROM product ORDER BY productid",
    "SELECT name, count(*) AS n, sum(price) AS total FROM product GROUP BY name ORDER BY name",
    # The serial column's sequence goes on after the seed's rows.
    "INSERT INTO product (name, description, image, price) VALUES ('x', 'y', 'z', 1.5) "
    "RETURNING productid",
]


def _atsea_environment() -> dict[str, str]:
    compose = yaml.safe_load(sample_file("atsea-sample-shop-app").read_text(encoding="utf-8"))
    environment: dict[str, str] = compose["services"]["database"]["environment"]
    return environment


def test_a_real_projects_postgres_dockerfile_is_analyzed_as_postgres() -> None:
    compose = str(sample_file("atsea-sample-shop-app"))
    text = run_cli("analyze", "-f", compose)
    assert text.returncode == 3, text.stderr  # its Java app, proxy and gateway are left out
    assert (
        "database         -> postgres: build: database/Dockerfile FROM postgres: "
        "Postgres dialect on DuckDB, seeded from 1 file(s)"
    ) in text.stdout
    as_json = run_cli("analyze", "-f", compose, "--json")
    assert as_json.returncode == 3
    database = {s["name"]: s for s in json.loads(as_json.stdout)["services"]}["database"]
    env = _atsea_environment()
    assert database["status"] == "browser"
    assert database["reason"].startswith("build: database/Dockerfile FROM postgres: ")
    assert database["config"] == {
        "seed": [ATSEA_SEED],
        "database": env["POSTGRES_DB"],
        "user": env["POSTGRES_USER"],
    }


def test_a_real_projects_postgres_dockerfile_builds_a_database_that_answers_as_postgres(
    tmp_path: Path,
) -> None:
    # The image creates POSTGRES_USER before it runs the seed, which alters that role.
    prelude = f"CREATE ROLE {_atsea_environment()['POSTGRES_USER']};\n"
    seed = (ATSEA / ATSEA_SEED).read_text(encoding="utf-8")
    reference = pglite_answers_later(prelude + seed, ATSEA_QUERIES)  # beside init and build
    compose = str(sample_file("atsea-sample-shop-app"))
    demo = tmp_path / "demo"
    done = run_cli("init", "-f", compose, "-o", str(demo))
    assert done.returncode == 0, done.stderr
    manifest = json.loads((demo / "manifest.json").read_text(encoding="utf-8"))
    (service,) = manifest["services"]
    assert service["name"] == "database" and service["adapter"] == "postgres"
    assert [(demo / s).resolve() for s in service["config"]["seed"]] == [ATSEA / ATSEA_SEED]
    out = tmp_path / "site"
    done = run_cli("build", "-f", compose, "--out", str(out), "--no-snapshot")
    assert done.returncode == 0, done.stderr
    (image,) = out.rglob("seed.duckdump.json")
    expected = reference()
    assert len(expected[0]) == seed.count("INSERT INTO product")
    assert demo_answers(image, ATSEA_QUERIES) == expected


def _db(tmp_path: Path, files: dict[str, str], service: str = "db") -> dict:
    write_project(tmp_path, files)
    return services(analyze(folder=tmp_path, environ={}))[service]


def test_the_initdb_order_is_the_names_in_the_image_not_in_the_project(tmp_path: Path) -> None:
    db = _db(
        tmp_path,
        {
            "compose.yaml": "services:\n  db:\n    build: ./db\n    volumes:\n"
            "      - ./late.sql:/docker-entrypoint-initdb.d/09-late.sql\n",
            "db/Dockerfile": "FROM postgis/postgis:16-3.4\n"
            "COPY z.sql /docker-entrypoint-initdb.d/01-schema.sql\n"
            "COPY ./data/ /docker-entrypoint-initdb.d/\n"
            "RUN chmod a+r /docker-entrypoint-initdb.d/*\n",
            "db/z.sql": "CREATE TABLE t (x int);",
            "db/data/05-rows.sql": "INSERT INTO t VALUES (1);",
            "db/data/a.sql.gz": "",
            "db/data/notes.txt": "",
            "late.sql": "INSERT INTO t VALUES (2);",
        },
    )
    assert db["adapter"] == "postgres"
    assert db["reason"].startswith("build: db/Dockerfile FROM postgis/postgis:16-3.4: ")
    assert db["config"]["seed"] == [
        "db/z.sql",
        "db/data/05-rows.sql",
        "late.sql",
        "db/data/a.sql.gz",
    ]
    assert "db/data/notes.txt: ignored (the image also ignores it)" in db["notes"]


def test_a_mount_on_the_folder_hides_what_the_dockerfile_copies(tmp_path: Path) -> None:
    db = _db(
        tmp_path,
        {
            "compose.yaml": "services:\n  db:\n    build: ./db\n    volumes:\n"
            "      - ./init:/docker-entrypoint-initdb.d\n",
            "db/Dockerfile": "FROM postgres:15\nCOPY *.sql /docker-entrypoint-initdb.d/\n",
            "db/baked.sql": "",
            "init/mounted.sql": "",
        },
    )
    assert db["config"]["seed"] == ["init/mounted.sql"]
    assert any("hides the files the Dockerfile copies" in n for n in db["notes"])


def test_what_the_dockerignore_leaves_out_of_the_context_is_not_copied(tmp_path: Path) -> None:
    db = _db(
        tmp_path,
        {
            "compose.yaml": "services:\n  db: {build: ./db}\n",
            "db/Dockerfile": "FROM postgres:16\nCOPY *.sql /docker-entrypoint-initdb.d/\n"
            "COPY seeds /docker-entrypoint-initdb.d/\n",
            "db/.dockerignore": "# local dumps\n*.sql\n!schema.sql\n**/private\n",
            "db/schema.sql": "",
            "db/dump.sql": "",
            "db/seeds/rows.sql": "",
            "db/seeds/private/x.sql": "",
        },
    )
    assert db["config"]["seed"] == ["db/seeds/rows.sql", "db/schema.sql"]


def test_a_file_mounted_over_a_copied_one_replaces_it(tmp_path: Path) -> None:
    db = _db(
        tmp_path,
        {
            "compose.yaml": "services:\n  db:\n    build: ./db\n    volumes:\n"
            "      - ./local.sql:/docker-entrypoint-initdb.d/init.sql\n",
            "db/Dockerfile": "FROM postgres:15\nCOPY init.sql extra.sql /docker-entrypoint-initdb.d/\n",
            "db/init.sql": "",
            "db/extra.sql": "",
            "local.sql": "",
        },
    )
    assert db["config"]["seed"] == ["db/extra.sql", "local.sql"]


def test_label_helio_db_seed_names_the_seed_a_dockerfile_hides(tmp_path: Path) -> None:
    db = _db(
        tmp_path,
        {
            "compose.yaml": "services:\n  db:\n    build: ./db\n"
            "    labels: {helio.db.seed: seed.sql}\n",
            "db/Dockerfile": "FROM postgres:16 AS dump\nFROM postgres:16\n"
            "COPY --from=dump /seed.sql /docker-entrypoint-initdb.d/\n",
            "seed.sql": "",
        },
    )
    assert (db["status"], db["adapter"], db["config"]["seed"]) == (
        "browser",
        "postgres",
        ["seed.sql"],
    )
    assert db["notes"][0].endswith(
        "copies from another stage or image, which the analyzer does not follow: the seed is "
        "label helio.db.seed's"
    )


def test_stages_targets_workdir_and_a_dockerfile_in_another_folder(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": """
services:
  dev: {build: {context: ., dockerfile: docker/db.Dockerfile, target: dev}}
  prod: {build: {context: ., dockerfile: docker/db.Dockerfile}}
""",
            "docker/db.Dockerfile": """# syntax=docker/dockerfile:1
FROM postgres:16-alpine AS base
WORKDIR /docker-entrypoint-initdb.d
COPY ./database/schema.sql \\
     ./0000.sql

FROM base AS dev
COPY ["database/sample.sql", "0010.sql"]

FROM base AS prod
EXPOSE 5432
""",
            "database/schema.sql": "",
            "database/sample.sql": "",
        },
    )
    report = services(analyze(folder=tmp_path, environ={}))
    assert report["dev"]["config"]["seed"] == ["database/schema.sql", "database/sample.sql"]
    assert report["prod"]["config"]["seed"] == ["database/schema.sql"]
    assert report["prod"]["reason"].startswith(
        "build: docker/db.Dockerfile FROM postgres:16-alpine: "
    )


def test_build_args_env_and_the_compose_environment(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": """
services:
  baked:
    build: {context: ./db, args: {PG_VERSION: "16", SQL_FILE: shop.sql}}
  overridden:
    build: {context: ./db, args: [PG_VERSION=15, SQL_FILE=shop.sql]}
    environment: {POSTGRES_DB: other}
""",
            "db/Dockerfile": """ARG PG_VERSION=14
FROM postgres:${PG_VERSION}
ARG SQL_FILE
ARG POSTGRES_USER=app
ENV POSTGRES_USER=$POSTGRES_USER
ENV POSTGRES_DB shop
COPY $SQL_FILE /docker-entrypoint-initdb.d
""",
            "db/shop.sql": "",
        },
    )
    report = services(analyze(folder=tmp_path, environ={}))
    assert report["baked"]["reason"].startswith("build: db/Dockerfile FROM postgres:16: ")
    assert report["baked"]["config"] == {"seed": ["db/shop.sql"], "database": "shop", "user": "app"}
    assert report["overridden"]["reason"].startswith("build: db/Dockerfile FROM postgres:15: ")
    assert report["overridden"]["config"]["database"] == "other"


# What cannot be followed: left out (exit 3) with the reason, never a guess.
REFUSED = {
    "another stage": (
        "FROM postgres:16 AS dump\nRUN pg_dump -f /seed.sql\n"
        "FROM postgres:16\nCOPY --from=dump /seed.sql /docker-entrypoint-initdb.d/\n",
        "build: db/Dockerfile FROM postgres:16: COPY --from=dump /seed.sql "
        "/docker-entrypoint-initdb.d/: copies from another stage or image, which the "
        "analyzer does not follow (label helio.db.seed=FILES names the seed)",
    ),
    "a generated seed": (
        "FROM postgres:16\nCOPY seed.sql.gz /tmp/\n"
        "RUN gunzip -c /tmp/seed.sql.gz > /docker-entrypoint-initdb.d/seed.sql\n",
        "build: db/Dockerfile FROM postgres:16: RUN gunzip -c /tmp/seed.sql.gz > "
        "/docker-entrypoint-initdb.d/seed.sql: changes /docker-entrypoint-initdb.d as the "
        "image builds, which the analyzer does not follow (label helio.db.seed=FILES "
        "names the seed)",
    ),
    "a download": (
        "FROM postgres:16\nADD https://example.com/seed.sql /docker-entrypoint-initdb.d/\n",
        "build: db/Dockerfile FROM postgres:16: ADD https://example.com/seed.sql "
        "/docker-entrypoint-initdb.d/: downloads https://example.com/seed.sql as the "
        "image builds, which the analyzer does not follow (label helio.db.seed=FILES "
        "names the seed)",
    ),
    "a here-document": (
        "FROM postgres:16\nCOPY <<EOF /docker-entrypoint-initdb.d/init.sql\n"
        "CREATE TABLE t (x int);\nFROM alpine\nEOF\n",
        "build: db/Dockerfile FROM postgres:16: COPY <<EOF /docker-entrypoint-initdb.d/init.sql: "
        "a here-document is not followed (label helio.db.seed=FILES names the seed)",
    ),
    "a here-document run": (
        "FROM postgres:16\nRUN <<EOF\nset -e\necho 'CREATE TABLE t (x int);' > "
        "/docker-entrypoint-initdb.d/init.sql\nEOF\n",
        "build: db/Dockerfile FROM postgres:16: RUN <<EOF ...: changes "
        "/docker-entrypoint-initdb.d as the image builds, which the analyzer does not follow "
        "(label helio.db.seed=FILES names the seed)",
    ),
    "a path from a build arg with no value": (
        "FROM postgres:16\nARG SQL_FILE\nCOPY $SQL_FILE /docker-entrypoint-initdb.d/\n",
        "build: db/Dockerfile FROM postgres:16: COPY $SQL_FILE /docker-entrypoint-initdb.d/: "
        "build arg SQL_FILE has no value (label helio.db.seed=FILES names the seed)",
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_what_cannot_be_followed_is_left_out_saying_why(tmp_path: Path, case: str) -> None:
    dockerfile, reason = REFUSED[case]
    write_project(
        tmp_path,
        {
            "compose.yaml": "services:\n  db:\n    build: ./db\n",
            "db/Dockerfile": dockerfile,
            "db/seed.sql.gz": "",
        },
    )
    done = run_cli("analyze", "-f", str(tmp_path / "compose.yaml"), "--json")
    assert done.returncode == 3, done.stderr
    (db,) = json.loads(done.stdout)["services"]
    assert (db["status"], db["adapter"], db["reason"]) == ("left-out", None, reason)


def test_an_image_name_from_a_build_arg_with_no_value_is_not_guessed(tmp_path: Path) -> None:
    db = _db(
        tmp_path,
        {
            "compose.yaml": "services:\n  db: {build: ./db}\n",
            "db/Dockerfile": "ARG BASE\nFROM ${BASE}\nCOPY a.sql /docker-entrypoint-initdb.d/\n",
            "db/a.sql": "",
        },
    )
    assert db["status"] == "left-out"
    assert db["reason"] == (
        "FROM ${BASE}: build arg BASE has no value: which image it builds on is unknown"
    )
    # With no value for the tag only, the image is still known.
    tag = _db(
        tmp_path / "tag",
        {
            "compose.yaml": "services:\n  db: {build: ./db}\n",
            "db/Dockerfile": "ARG PG\nFROM postgres:${PG}-alpine\n",
        },
    )
    assert tag["reason"].startswith("build: db/Dockerfile FROM postgres:${PG}-alpine: ")


def test_a_copied_file_missing_from_the_context_is_malformed(tmp_path: Path) -> None:
    write_project(
        tmp_path,
        {
            "compose.yaml": "services:\n  db: {build: ./db}\n",
            "db/Dockerfile": "FROM postgres:16\n\nCOPY init.sql /docker-entrypoint-initdb.d/\n",
        },
    )
    demo = tmp_path / "demo"
    done = run_cli("init", "-f", str(tmp_path / "compose.yaml"), "-o", str(demo))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: db/Dockerfile:3: COPY init.sql /docker-entrypoint-initdb.d/: init.sql not "
        "found in the build context"
    ]
    assert not demo.exists()


@pytest.mark.parametrize(
    ("statement", "skipped"),
    [
        ("ALTER ROLE gordonuser CONNECTION LIMIT -1;", True),
        ("ALTER USER app WITH NOLOGIN PASSWORD 'it''s';", True),
        # A role's settings change what its sessions read: run as written (and refused).
        ("ALTER ROLE app SET search_path = other;", False),
        ("ALTER ROLE app RENAME TO other;", False),
    ],
)
def test_a_roles_login_attributes_are_skipped_but_not_its_settings(
    statement: str, skipped: bool
) -> None:
    from demo.runtime.sql.postgres.dump_session import skipped_reason

    reason = skipped_reason(statement)
    assert (reason == "a role's attributes (the demo has one user)") if skipped else reason is None
