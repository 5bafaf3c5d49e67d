"""Statement splitting and Postgres -> DuckDB transpiling (no engine needed)."""

from __future__ import annotations

import pytest

from demo.runtime.sql.postgres.split import split_postgres
from demo.runtime.sql.postgres.transpile import transpile_statement
from demo.runtime.sql.statements import (
    SqlError,
    is_sqlite_transaction_control,
    split_sqlite,
)


def test_split_sqlite() -> None:
    sql = """
    -- leading comment; with semicolon
    INSERT INTO t VALUES ('a;b');
    CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET x = 1; DELETE FROM u; END;
    ;
    SELECT "x;y" FROM t /* trailing; comment */
    """
    assert split_sqlite(sql) == [
        "-- leading comment; with semicolon\n    INSERT INTO t VALUES ('a;b');",
        "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET x = 1; DELETE FROM u; END;",
        'SELECT "x;y" FROM t /* trailing; comment */',
    ]
    assert split_sqlite("-- only a comment") == []


def test_sqlite_transaction_control() -> None:
    assert is_sqlite_transaction_control("/* x */ begin immediate")
    assert is_sqlite_transaction_control("SAVEPOINT a")
    assert not is_sqlite_transaction_control("SELECT 'BEGIN'")


def test_split_postgres() -> None:
    sql = "SELECT 'a;b'; -- c;\nINSERT INTO x VALUES (1);  SELECT $$x;y$$ ;; SELECT E'q\\';r'"
    assert split_postgres(sql) == [
        "SELECT 'a;b'",
        "INSERT INTO x VALUES (1)",
        "SELECT $$x;y$$",
        "SELECT E'q\\';r'",
    ]


def test_split_postgres_error() -> None:
    with pytest.raises(SqlError):
        split_postgres("SELECT 'unterminated")


@pytest.mark.parametrize(
    ("postgres", "duck", "kind"),
    [
        (
            "SELECT a::int FROM t WHERE b ILIKE 'x%'",
            ["SELECT CAST(a AS INT) AS \"a\" FROM t WHERE b ILIKE 'x%'"],
            "read",
        ),
        ("SELECT '\\x00ff'::bytea", ["SELECT UNHEX('00ff') AS \"bytea\""], "read"),
        (
            "CREATE TABLE s.t (id SERIAL PRIMARY KEY, n TEXT)",
            [
                "CREATE SEQUENCE IF NOT EXISTS s.t_id_seq",
                "CREATE TABLE s.t (id INT PRIMARY KEY DEFAULT NEXTVAL('s.t_id_seq') NOT NULL, n TEXT)",
            ],
            "other",
        ),
        # A VALUES column of bare NULLs is text, as in Postgres (duckdb-wasm: INTEGER).
        (
            "SELECT any_value(v) FROM (VALUES (NULL)) AS v (v)",
            ['SELECT ANY_VALUE(v) AS "any_value" FROM (VALUES (CAST(NULL AS TEXT))) AS v(v)'],
            "read",
        ),
        # The offset a timestamp ignores is dropped here (duckdb-wasm refuses ` -07:00`).
        (
            "SELECT timestamp '1997-06-10 17:32:01 -07:00'",
            ["SELECT CAST('1997-06-10 17:32:01' AS TIMESTAMP) AS \"timestamp\""],
            "read",
        ),
        ("INSERT INTO t VALUES (1)", ["INSERT INTO t VALUES (1)"], "dml"),
        ("start transaction", ["BEGIN TRANSACTION"], "transaction"),
        ("END", ["COMMIT"], "transaction"),
        ("abort", ["ROLLBACK"], "transaction"),
    ],
)
def test_transpile(postgres: str, duck: list[str] | None, kind: str) -> None:
    result = transpile_statement(postgres)
    if duck is not None:
        assert result.statements == duck
    assert result.kind == kind


def test_seed_only_rewrites() -> None:
    fk = "ALTER TABLE a ADD CONSTRAINT a_fk FOREIGN KEY (b) REFERENCES b (id)"
    for seed in (True, False):  # recorded by the engine, not sent to DuckDB (which can't)
        added = transpile_statement(fk, seed=seed)
        assert added.statements == [] and not added.warnings
        assert [(k.name, k.table, k.columns, k.parent) for k in added.foreign_keys] == [
            ("a_fk", "a", ("b",), "b")
        ]
    assert transpile_statement("DROP DATABASE IF EXISTS x", seed=True).statements == []


@pytest.mark.parametrize(
    "statement",
    [
        "SET statement_timeout = 0",
        "SET client_encoding TO 'UTF8'",
        "SET default_with_oids = false;",
        "SELECT pg_catalog.set_config('search_path', '', false);",
        "SET search_path = public, pg_catalog",
        "ALTER TABLE public.orders OWNER TO northwind_user",
        "ALTER SEQUENCE public.orders_id_seq OWNER TO app",
        "GRANT ALL ON TABLE public.orders TO app",
        "REVOKE ALL ON SCHEMA public FROM PUBLIC",
    ],
)
def test_seed_skips_what_a_one_user_demo_has_no_use_for(statement: str) -> None:
    # pg_dump's session settings, owners and privileges: DuckDB rejects them, and in a
    # demo with one user and no server settings they change nothing.
    skipped = transpile_statement(statement, seed=True)
    assert skipped.statements == []
    assert skipped.warnings and skipped.warnings[0].startswith("skipped, ")


def test_seed_keeps_settings_that_change_what_the_seed_means() -> None:
    # A search_path naming another schema decides where the seed's tables are created.
    kept = transpile_statement("SET search_path = inventory", seed=True)
    assert kept.statements and not kept.warnings
    # Settings that change how the seed's text reads (backslash escapes, encoding) are
    # refused in words: the demo reads it one way only (session_settings.py).
    for setting in ("SET standard_conforming_strings = off", "SET client_encoding = 'LATIN1'"):
        with pytest.raises(SqlError, match="is not supported by this demo"):
            transpile_statement(setting, seed=True)
    # Outside a seed nothing is skipped: a visitor's SET runs (or fails) as written.
    assert transpile_statement("GRANT ALL ON TABLE t TO app").statements


def test_a_national_string_is_written_into_text_without_its_trailing_spaces() -> None:
    # N'...' is a character constant: as text (a text column) its trailing spaces go.
    types = {"t": {"a": "VARCHAR", "n": "INTEGER"}}
    written = transpile_statement("INSERT INTO t (a) VALUES (N'abc  ')", table_types=types)
    assert written.statements == ["INSERT INTO t (a) VALUES ('abc')"]
    # Postgres has no assignment cast from character to integer.
    with pytest.raises(SqlError, match=r"^this demo reads N'12' only as a value written"):
        transpile_statement("INSERT INTO t (n) VALUES (N'12')", table_types=types)


def test_a_national_string_read_as_an_expression_is_refused() -> None:
    # Postgres types it `character` (output, pg_typeof, column name) and drops its
    # trailing spaces in comparisons, lengths and concatenations: no DuckDB string does.
    for sql in ("SELECT N'ab  '", "SELECT * FROM t WHERE name = N'Rock'"):
        with pytest.raises(
            SqlError, match=r"^this demo reads N'.*' only as a value written into a text column"
        ):
            transpile_statement(sql)


def test_copy_from_is_refused_not_read_from_the_process() -> None:
    for seed in (True, False):
        with pytest.raises(SqlError, match=r"^COPY \.\.\. FROM is not read by this demo"):
            transpile_statement("COPY public.t (id, name) FROM stdin", seed=seed)


def test_pg_dump_forms_of_tables_and_bytea() -> None:
    only = transpile_statement("ALTER TABLE ONLY t ADD CONSTRAINT t_pk PRIMARY KEY (id)")
    assert only.statements == ["ALTER TABLE t ADD CONSTRAINT t_pk PRIMARY KEY (id)"]
    types = {"t": {"id": "INTEGER", "picture": "BLOB"}}
    written = transpile_statement(r"INSERT INTO t VALUES (1, '\x0aff')", table_types=types)
    assert written.statements[-1] == "INSERT INTO t VALUES (1, UNHEX('0aff'))"


def test_transpile_parse_error_names_statement() -> None:
    with pytest.raises(SqlError) as caught:
        transpile_statement("SELEC 1 FROM")
    assert caught.value.statement == "SELEC 1 FROM"


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        ("SELECT regexp_matches(s, '(a)\\1') FROM t", "back-reference"),
        ("SELECT regexp_matches(s, '(a)?b') FROM t", "may not take part"),
        ("SELECT regexp_matches(s, '(a)|b') FROM t", "may not take part"),
        ("SELECT regexp_matches(s, '(?:(a)|b)c') FROM t", "may not take part"),
        ("SELECT regexp_matches(s, '(?:x(a))*') FROM t", "may not take part"),
        ("SELECT regexp_matches(s, 'a.*?b+') FROM t", "greedy and non-greedy"),
        ("SELECT regexp_matches(s, 'a{1,2}?b*') FROM t", "greedy and non-greedy"),
        ("SELECT regexp_matches(s, 'a', 'x') FROM t", "flag 'x' is not supported"),
        ("SELECT regexp_matches(s, p) FROM t", "computed pattern"),
        ("SELECT 1 FROM t WHERE regexp_matches(s, 'a') IS NOT NULL", "in the select list only"),
        ("SELECT quote_ident(a, b) FROM t", "takes one argument"),
    ],
)
def test_text_functions_refuse_what_they_cannot_answer_exactly(sql: str, message: str) -> None:
    # Postgres answers these; a different answer would be silent, so they fail instead.
    with pytest.raises(SqlError) as caught:
        transpile_statement(sql)
    assert message in caught.value.message


def test_regexp_matches_groups_without_alternation_are_accepted() -> None:
    # A bracket expression's `|` and `(` are literal, and non-capturing groups may be optional.
    for pattern in ("([a-z|(]+)=(\\d*)", "(?:x)?([0-9]+)", "(?:a|b)(c)", "(a|b)", "a.*?b+?"):
        assert transpile_statement(f"SELECT regexp_matches(s, '{pattern}') FROM t").statements


def test_a_zone_name_is_known_without_a_zone_database(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pyodide has no zone database: a zone given to a timestamp without time zone is
    still checked against Postgres' names and ignored, not refused (timestamp.sql's
    `19970210 173201 America/New_York` row)."""
    import zoneinfo

    from demo.runtime.sql.postgres import datetime_input

    monkeypatch.setattr(zoneinfo, "available_timezones", set)
    datetime_input._zone_names.cache_clear()
    try:
        known = transpile_statement("SELECT timestamp '19970210 173201 America/New_York'")
        assert known.statements == [
            "SELECT CAST('1997-02-10 17:32:01' AS TIMESTAMP) AS \"timestamp\""
        ]
        with pytest.raises(SqlError, match='time zone "nowhere/land" not recognized'):
            transpile_statement("SELECT timestamp '19970210 173201 Nowhere/Land'")
    finally:
        datetime_input._zone_names.cache_clear()


def test_the_shipped_zone_names_are_the_zone_databases_where_there_is_one() -> None:
    """zone_names.txt is the whole list the worker knows: 598 names, each one a zone
    that a native zone database opens (names are never withdrawn from tzdata)."""
    import zoneinfo

    from demo.runtime.sql.postgres.zone_names import ZONE_NAMES

    assert len(ZONE_NAMES) == 598
    assert {"America/New_York", "Europe/Moscow", "UTC", "Etc/GMT+5"} <= ZONE_NAMES
    # Inside Pyodide there is no zone database to check against: the list stands alone.
    native = zoneinfo.available_timezones()
    assert not native or ZONE_NAMES.issubset(native)


def test_a_timestamptz_in_a_named_zone_is_refused_without_zone_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pyodide knows the names but has no rules: the zone's offset at that moment cannot be
    known, so the value is refused (timestamptz.sql's `America/New_York` rows there)."""
    import zoneinfo

    def no_rules(key: str) -> zoneinfo.ZoneInfo:
        raise zoneinfo.ZoneInfoNotFoundError(key)

    monkeypatch.setattr(zoneinfo, "ZoneInfo", no_rules)
    with pytest.raises(SqlError, match='no rules for the time zone "America/New_York"'):
        transpile_statement("SELECT timestamptz '19970210 173201 America/New_York'")
