"""pg_dump's default output as a Compose project's seed: COPY data, sequences, setval.

Expected answers come from PGlite loading the same file as psql does."""

from __future__ import annotations

from pathlib import Path

import pytest

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


def _mounted_dump_answers(tmp_path: Path, dump: str, queries: list[str]) -> tuple[Answers, Answers]:
    """PGlite's answers and the demo's to `queries` on `dump`, mounted into a Compose
    project's initdb folder as a user would."""
    folder = write_project(
        tmp_path / "p",
        {
            "compose.yaml": "services:\n  db:\n    image: postgres:16\n    volumes:\n"
            '      - "./dump.sql:/docker-entrypoint-initdb.d/dump.sql"\n',
            "dump.sql": dump,
        },
    )
    reference = pglite_answers_later(dump, queries)  # beside the build
    image = _built_image(tmp_path, folder / "compose.yaml", None)
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
