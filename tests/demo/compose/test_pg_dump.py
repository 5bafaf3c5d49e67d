"""pg_dump's default output as a Compose project's seed: COPY data, sequences, setval.

Expected answers come from PGlite loading the same file as psql does."""

from __future__ import annotations

from pathlib import Path

import pytest

from demo.native.duck import open_native_duck
from demo.runtime.sql import SqlError
from demo.runtime.sql.postgres import DuckEngine

from .pg_dump_reference import Answers, demo_answers, pglite_answers_later
from .projects import SAMPLES, write_project
from .test_analyze import run_cli

NEON = SAMPLES / "neon-sample-dbs"

# Real pg_dump 15 files (neon's sample databases) and queries on what they load.
DUMPS = {
    "titanic": (
        "titanic.sql",
        [
            "SELECT count(*) AS n, sum(fare) AS fares, count(cabin) AS cabins FROM passenger",
            "SELECT * FROM passenger ORDER BY passengerid LIMIT 3",
            "SELECT name, hometown FROM passenger WHERE name_wiki LIKE '%(née%' "
            "ORDER BY passengerid LIMIT 3",
            "SELECT class, count(*) AS n FROM passenger WHERE survived = 1 "
            "GROUP BY class ORDER BY class",
        ],
    ),
    "happiness": (
        "happiness_index.sql",
        [
            'SELECT count(*) AS n, sum(score) AS total FROM public."2019"',
            'SELECT * FROM public."2019" ORDER BY overall_rank DESC LIMIT 2',
            # setval(..., 1, false): the next value is 1 again.
            """SELECT nextval('public."2019_overall_rank_seq"') AS next""",
        ],
    ),
}


def _built_image(tmp_path: Path, compose: Path, profile: str | None) -> Path:
    profiles = ["--profile", profile] if profile else []
    out = tmp_path / "site"
    done = run_cli("build", "-f", str(compose), *profiles, "--out", str(out), "--no-snapshot")
    assert done.returncode == 0, done.stderr
    (image,) = out.rglob("seed.duckdump.json")
    return image


@pytest.mark.parametrize("profile", sorted(DUMPS))
def test_a_pg_dump_seed_loads_and_answers_as_postgres(tmp_path: Path, profile: str) -> None:
    seed_name, queries = DUMPS[profile]
    seed = (NEON / seed_name).read_text(encoding="utf-8")
    reference = pglite_answers_later(seed, queries)  # PGlite loads it while the demo builds
    image = _built_image(tmp_path, NEON / "helio.compose.yaml", profile)
    expected = reference()
    assert expected[0][0]["n"] > 100  # the COPY rows are there
    assert demo_answers(image, queries) == expected


# pg_dump's text format: escapes, NULL, types read from text; serial sequences set
# with setval (is_called true and false) and used by the column default afterwards.
ESCAPES_DUMP = """\
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
CREATE TABLE public.note (
    id integer NOT NULL,
    body text,
    done boolean,
    due date,
    at timestamp without time zone,
    price numeric(8,2),
    code character(4)
);
CREATE SEQUENCE public.note_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE public.note_id_seq OWNED BY public.note.id;
ALTER TABLE ONLY public.note ALTER COLUMN id SET DEFAULT nextval('public.note_id_seq'::regclass);
CREATE SEQUENCE public.other_seq START WITH 10 INCREMENT BY 5 NO MINVALUE NO MAXVALUE CACHE 1;
COPY public.note (id, body, done, due, at, price, code) FROM stdin;
1\ttab\\there\\nnew line\tt\t2024-02-29\t2024-02-29 13:45:00\t12.50\tab\\x20\\x20
2\tback\\\\slash \\101\\x42 é ✓\tf\t\\N\t\\N\t\\N\tabcd\\x20\\x20\\x20
7\t\\N\t\\N\t1999-12-31\t1999-12-31 23:59:59.5\t-0.01\t\\N
\\.
SELECT pg_catalog.setval('public.note_id_seq', 7, true);
SELECT pg_catalog.setval('public.other_seq', 20, false);
ALTER TABLE ONLY public.note ADD CONSTRAINT note_pkey PRIMARY KEY (id);
"""
ESCAPES_QUERIES = [
    "SELECT * FROM note ORDER BY id",
    "SELECT id, length(code) AS n FROM note WHERE code = 'ab' ORDER BY id",
    "INSERT INTO note (body) VALUES ('added') RETURNING id",
    "SELECT nextval('public.other_seq') AS a, nextval('public.other_seq') AS b",
]


def _dump_project(tmp_path: Path, dump: str) -> Path:
    """A Compose project mounting `dump` into the Postgres image's initdb folder, as a
    user would; its compose.yaml."""
    folder = write_project(
        tmp_path / "p",
        {
            "compose.yaml": "services:\n  db:\n    image: postgres:16\n    volumes:\n"
            '      - "./dump.sql:/docker-entrypoint-initdb.d/dump.sql"\n',
            "dump.sql": dump,
        },
    )
    return folder / "compose.yaml"


def _mounted_dump_answers(tmp_path: Path, dump: str, queries: list[str]) -> tuple[Answers, Answers]:
    """PGlite's answers and the demo's to `queries` on `dump`, mounted into a project."""
    reference = pglite_answers_later(dump, queries)  # beside the build
    image = _built_image(tmp_path, _dump_project(tmp_path, dump), None)
    return reference(), demo_answers(image, queries)


def test_pg_dump_text_escapes_and_setval_load_as_postgres(tmp_path: Path) -> None:
    expected, answers = _mounted_dump_answers(tmp_path, ESCAPES_DUMP, ESCAPES_QUERIES)
    assert expected[2] == [{"id": 8}] and expected[3] == [{"a": 20, "b": 25}]
    assert answers == expected


# Identity columns as pg_dump (10 and later) writes them: the column declared after its
# table, its sequence named and set with setval; rows by COPY, or with --inserts by
# INSERT ... OVERRIDING SYSTEM VALUE.
IDENTITY_DUMP = """\
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
CREATE TABLE public.ticket (
    id integer NOT NULL,
    title text NOT NULL
);
ALTER TABLE public.ticket ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.ticket_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
CREATE TABLE public.label (
    id bigint NOT NULL,
    name text
);
ALTER TABLE public.label ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.label_id_seq
    START WITH 100
    INCREMENT BY 10
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
COPY public.ticket (id, title) FROM stdin;
1\tfirst
2\tsecond
5\tfifth
\\.
INSERT INTO public.label OVERRIDING SYSTEM VALUE VALUES (100, 'bug');
INSERT INTO public.label OVERRIDING SYSTEM VALUE VALUES (110, 'idea');
SELECT pg_catalog.setval('public.ticket_id_seq', 5, true);
SELECT pg_catalog.setval('public.label_id_seq', 110, true);
ALTER TABLE ONLY public.ticket ADD CONSTRAINT ticket_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.label ADD CONSTRAINT label_pkey PRIMARY KEY (id);
"""
IDENTITY_QUERIES = [
    "SELECT * FROM ticket ORDER BY id",
    "INSERT INTO ticket (title) VALUES ('added') RETURNING id",
    "INSERT INTO label (name) VALUES ('new') RETURNING id",
    "SELECT * FROM label ORDER BY id",
]


def test_pg_dump_identity_columns_load_and_count_on_as_postgres(tmp_path: Path) -> None:
    expected, answers = _mounted_dump_answers(tmp_path, IDENTITY_DUMP, IDENTITY_QUERIES)
    assert expected[1] == [{"id": 6}] and expected[2] == [{"id": 120}]
    assert answers == expected


# A web app's database as pg_dump writes it (Rails- and Django-style tables): an enum
# type, jsonb and text[] columns with defaults, a BY DEFAULT identity column, comments,
# a view, a gin index, a partial index, a foreign key added last. PGlite has no
# pgcrypto, so the dump it loads leaves out the CREATE EXTENSION line that
# `test_a_seeds_extensions_are_skipped_and_what_uses_one_is_refused` adds.
APP_DUMP = """\
SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET client_min_messages = warning;
CREATE TYPE public.mood AS ENUM (
    'sad',
    'ok',
    'happy'
);
ALTER TYPE public.mood OWNER TO postgres;
SET default_tablespace = '';
SET default_table_access_method = heap;
CREATE TABLE public.users (
    id bigint NOT NULL,
    email character varying(255) NOT NULL,
    mood public.mood DEFAULT 'ok'::public.mood,
    settings jsonb DEFAULT '{}'::jsonb NOT NULL,
    tags text[] DEFAULT '{}'::text[],
    scores integer[],
    created_at timestamp(6) without time zone NOT NULL
);
ALTER TABLE public.users OWNER TO postgres;
COMMENT ON TABLE public.users IS 'people who sign in';
COMMENT ON COLUMN public.users.email IS 'where we write to them';
ALTER TABLE public.users ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.users_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
CREATE TABLE public.posts (
    id integer NOT NULL,
    user_id bigint NOT NULL,
    title text NOT NULL,
    published boolean DEFAULT false
);
CREATE SEQUENCE public.posts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE public.posts_id_seq OWNED BY public.posts.id;
ALTER TABLE ONLY public.posts ALTER COLUMN id SET DEFAULT nextval('public.posts_id_seq'::regclass);
CREATE VIEW public.published_posts AS
 SELECT posts.id,
    posts.title
   FROM public.posts
  WHERE posts.published;
COPY public.users (id, email, mood, settings, tags, scores, created_at) FROM stdin;
1\ta@example.com\thappy\t{"theme": "dark"}\t{admin,beta,"two words","it's \\\\"quoted\\\\""}\t{1,2,NULL}\t2024-01-02 03:04:05
2\tb@example.com\tsad\t{}\t{}\t\\N\t2024-02-03 04:05:06.5
\\.
COPY public.posts (id, user_id, title, published) FROM stdin;
1\t1\tHello\tt
2\t2\tDraft\tf
\\.
SELECT pg_catalog.setval('public.users_id_seq', 2, true);
SELECT pg_catalog.setval('public.posts_id_seq', 2, true);
ALTER TABLE ONLY public.posts ADD CONSTRAINT posts_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.users ADD CONSTRAINT users_email_key UNIQUE (email);
ALTER TABLE ONLY public.users ADD CONSTRAINT users_pkey PRIMARY KEY (id);
CREATE INDEX index_posts_on_user_id ON public.posts USING btree (user_id);
CREATE INDEX index_users_on_settings ON public.users USING gin (settings);
ALTER TABLE ONLY public.posts
    ADD CONSTRAINT fk_rails_5b5ddfd518 FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
"""
APP_QUERIES = [
    "SELECT * FROM users ORDER BY id",
    "SELECT tags[3] AS third, array_length(tags, 1) AS n, scores[2] AS s FROM users ORDER BY id",
    "SELECT email FROM users WHERE 'admin' = ANY (tags)",
    "SELECT * FROM published_posts",
    "INSERT INTO users (email, created_at) VALUES ('c@example.com', '2024-03-04')"
    " RETURNING id, mood, settings, tags",
    "INSERT INTO posts (user_id, title) VALUES (3, 'New') RETURNING id, published",
    "DELETE FROM users WHERE id = 1",
    "SELECT id, user_id FROM posts ORDER BY id",
]


def test_a_web_apps_pg_dump_loads_and_answers_as_postgres(tmp_path: Path) -> None:
    expected, answers = _mounted_dump_answers(tmp_path, APP_DUMP, APP_QUERIES)
    assert expected[1][0] == {"third": "two words", "n": 4, "s": 2}
    assert expected[7] == [{"id": 2, "user_id": 2}, {"id": 3, "user_id": 3}]  # the cascade
    assert answers == expected


def test_a_seeds_extensions_are_skipped_and_what_uses_one_is_refused(tmp_path: Path) -> None:
    extension = "CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA public;\n"
    compose = _dump_project(tmp_path, extension + APP_DUMP)
    out = tmp_path / "site"
    done = run_cli("build", "-f", str(compose), "--out", str(out), "--no-snapshot")
    assert done.returncode == 0, done.stderr
    assert "skipped, an extension (the demo has none" in done.stdout
    (image,) = out.rglob("seed.duckdump.json")
    engine = DuckEngine(open_native_duck())
    engine.load_image(image.read_bytes())
    with pytest.raises(SqlError) as refused:  # pgcrypto's own function
        engine.execute("SELECT crypt('secret', gen_salt('bf'))")
    assert refused.value.message.startswith("function crypt(")


@pytest.mark.parametrize(
    ("statement", "error"),
    [
        (
            "CREATE SEQUENCE public.s AS integer START WITH -1 INCREMENT BY -1 "
            "NO MINVALUE NO MAXVALUE CACHE 1;",
            "AS integer is supported only for an ascending sequence with no MAXVALUE",
        ),
        ("CREATE SEQUENCE public.s CACHE 20;", "CACHE other than 1 is not supported"),
        (
            "CREATE SEQUENCE public.s;\nSELECT nextval('public.s');\n"
            "SELECT pg_catalog.setval('public.s', 1, false);",
            "setval can only move this sequence forward",
        ),
        (
            "CREATE TABLE public.t (a integer);\nCOPY public.t (a) FROM stdin;\n1\n",
            "COPY data not ended by a line \\.",
        ),
        (
            "CREATE TABLE public.t (a integer, b integer);\nCOPY public.t (a, b) FROM stdin;\n1\n\\.\n",
            "COPY row has 1 values, expected 2",
        ),
        (
            "CREATE TABLE public.t (a character(2));\nCOPY public.t (a) FROM stdin;\nabc\n\\.\n",
            "value too long for type character(2)",
        ),
        (
            "CREATE TABLE public.t (a character varying(2));\n"
            "COPY public.t (a) FROM stdin;\nabc\n\\.\n",
            "value too long for type character varying(2)",
        ),
        (
            "CREATE TABLE public.t (a bytea);\nCOPY public.t (a) FROM stdin;\n\\\\x00\n\\.\n",
            "COPY into a BLOB column is not supported",
        ),
    ],
)
def test_what_would_change_meaning_is_refused(tmp_path: Path, statement: str, error: str) -> None:
    folder = write_project(
        tmp_path / "p",
        {
            "compose.yaml": "services:\n  db:\n    image: postgres:16\n    volumes:\n"
            '      - "./s.sql:/docker-entrypoint-initdb.d/s.sql"\n',
            "s.sql": statement,
        },
    )
    out = tmp_path / "site"
    done = run_cli("build", "-f", str(folder / "compose.yaml"), "--out", str(out), "--no-snapshot")
    assert done.returncode == 2, done.stdout
    assert "error: compose.yaml:2: services.db: s.sql: " + error in done.stderr, done.stderr
    assert not out.exists()


def test_pagila_sequences_with_setval_give_the_next_value_postgres_gives(
    tmp_path: Path,
) -> None:
    # pagila's schema is refused at its first domain; its sequences (pg_dump 15's text,
    # taken from the file) load, and after a setval each (is_called true and false, as
    # a data dump sets them) the next nextval() is PGlite's.
    schema = (SAMPLES / "pagila" / "pagila-schema.sql").read_text(encoding="utf-8")
    creates = [
        "CREATE SEQUENCE" + piece.split(";", 1)[0] + ";"
        for piece in schema.split("CREATE SEQUENCE")[1:]
    ]
    names = [create.split()[2] for create in creates]
    assert len(names) >= 10
    setvals = [
        f"SELECT pg_catalog.setval('{name}', {i * 7 + 1}, {'true' if i % 2 else 'false'});"
        for i, name in enumerate(names)
    ]
    seed = "\n".join(creates + setvals) + "\n"
    folder = write_project(
        tmp_path / "p",
        {
            "compose.yaml": "services:\n  db:\n    image: postgres:16\n    volumes:\n"
            '      - "./seq.sql:/docker-entrypoint-initdb.d/seq.sql"\n',
            "seq.sql": seed,
        },
    )
    queries = [f"SELECT nextval('{name}') AS next" for name in names]
    reference = pglite_answers_later(seed, queries)  # PGlite loads it while the demo builds
    image = _built_image(tmp_path, folder / "compose.yaml", None)
    assert demo_answers(image, queries) == reference()
