"""The logical DuckDB dump: every supported type and catalog object round-trips."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from demo.runtime.sql.postgres import duckdump
from demo.runtime.sql.postgres.duckdump import (
    KeptRows,
    dump_database,
    parse_dump,
    restore_database,
)
from demo.runtime.sql.postgres.engine import DuckEngine, read_schema

SETUP = [
    "CREATE SCHEMA extra",
    "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')",
    "CREATE SEQUENCE counter START 5",
    "SELECT nextval('counter')",
    "SELECT nextval('counter')",
    """CREATE TABLE everything (
        id INTEGER DEFAULT nextval('counter') PRIMARY KEY, b BOOLEAN, i1 TINYINT, i2 SMALLINT,
        i8 BIGINT, h HUGEINT, u4 UINTEGER, f4 FLOAT, f8 DOUBLE, n DECIMAL(18, 4), s VARCHAR,
        d DATE, t TIME, ts TIMESTAMP, tz TIMESTAMPTZ, iv INTERVAL, bl BLOB, u UUID,
        m mood, l INTEGER[], sl VARCHAR[], st STRUCT(a INTEGER, b VARCHAR), mp MAP(VARCHAR, INTEGER)
    )""",
    """INSERT INTO everything (b, i1, i2, i8, h, u4, f4, f8, n, s, d, t, ts, tz, iv, bl, u, m, l, sl, st, mp)
       VALUES (true, -8, 300, 9007199254740993, 170141183460469231731687303715884105727, 4000000000,
               0.1, 0.1, 12345678901234.5678, 'it''s; "quoted"' || chr(10) || 'line',
               DATE '1999-12-31', TIME '23:59:59.123456', TIMESTAMP '2024-02-29 12:00:00.5',
               TIMESTAMPTZ '2024-01-01 00:00:00+05', INTERVAL 1 MONTH + INTERVAL 2 DAY + INTERVAL 3 SECOND,
               '\\x00\\xFFab'::BLOB, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'happy',
               [1, NULL, 3], ['a,b', 'c''d', NULL], {'a': 1, 'b': 'x, ''y'''}, MAP {'k': 1}),
              (NULL, NULL, NULL, NULL, NULL, NULL, 'inf', 'nan', NULL, '', NULL, NULL, NULL, NULL, NULL,
               NULL, NULL, NULL, [], [], NULL, NULL)""",
    "CREATE TABLE child (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES everything (id), note VARCHAR)",
    "INSERT INTO child VALUES (1, 7, 'unit' || chr(31) || 'separator'), (2, 8, NULL)",
    "CREATE TABLE extra.other (x INTEGER)",
    "INSERT INTO extra.other VALUES (7)",
    "CREATE VIEW happy AS SELECT id FROM everything WHERE m = 'happy'",
    "CREATE INDEX everything_s ON everything (s)",
]

COMPARE = [
    "SELECT * FROM everything ORDER BY id",
    "SELECT * FROM child ORDER BY id",
    "SELECT * FROM extra.other",
    "SELECT * FROM happy",
    "SELECT index_name FROM duckdb_indexes() WHERE index_name = 'everything_s'",
    "SELECT nextval('counter') AS next",
    "SELECT enum_range(NULL::mood) AS labels",
]


def _comparable(value: Any) -> Any:
    return "NaN" if isinstance(value, float) and math.isnan(value) else value  # NaN != NaN


def _snapshot(conn: Any) -> list[Any]:
    out = []
    for sql in COMPARE:
        result = conn.execute(sql)
        rows = [[_comparable(v) for v in row] for row in result.rows]
        out.append((list(result.columns), list(result.types), rows))
    return out


@pytest.fixture
def fresh(open_duck: Callable[[], Any]) -> Iterator[Callable[[], Any]]:
    """Opens empty databases and closes them after the test."""
    opened: list[Any] = []

    def open_one() -> Any:
        opened.append(open_duck())
        return opened[-1]

    yield open_one
    for conn in opened:
        conn.close()


def test_round_trip(fresh: Callable[[], Any]) -> None:
    source = fresh()
    for sql in SETUP:
        source.execute(sql)
    image = dump_database(source)
    target = fresh()
    restore_database(target, image)
    assert _snapshot(target) == _snapshot(source)
    # And the restored database dumps to the same image (stable, nothing lost).
    again = fresh()
    restore_database(again, dump_database(target))
    assert dump_database(again) == dump_database(target)


def test_empty_database(fresh: Callable[[], Any]) -> None:
    image = dump_database(fresh())
    assert parse_dump(image) == []


def test_failed_restore_leaves_nothing(fresh: Callable[[], Any]) -> None:
    conn = fresh()
    bad = b'{"format": "helio-duckdump", "version": 1, "statements": ["CREATE TABLE a (x INT)", "NOPE"]}'
    with pytest.raises(Exception):  # noqa: B017 - adapters raise plain Exception(message)
        restore_database(conn, bad)
    tables = conn.execute(
        "SELECT count(*) FROM duckdb_tables() WHERE database_name = current_database()"
    )
    assert [list(r) for r in tables.rows] == [[0]]


@pytest.mark.parametrize(
    ("image", "fragment"),
    [
        (b"nope", "not a helio-duckdump"),
        (b'{"format": "other"}', "not a helio-duckdump"),
        (b'{"format": "helio-duckdump", "version": 9, "statements": []}', "version 9"),
        (b'{"format": "helio-duckdump", "version": 1, "statements": [1]}', "list of strings"),
    ],
)
def test_parse_dump_rejects(image: bytes, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        parse_dump(image)


class _Counting:
    """A DuckConnection that remembers the SQL it ran."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn
        self.ran: list[str] = []

    def execute(self, sql: str, *, repeated: bool = False) -> Any:
        self.ran.append(sql)
        return self._conn.execute(sql, repeated=repeated)

    def create_function(self, name: str, function: Any, arity: int) -> None:
        self._conn.create_function(name, function, arity)

    def close(self) -> None:
        self._conn.close()


CATALOG_READS = ("duckdb_constraints()", "information_schema.columns", "duckdb_columns()")
SCHEMA_SETUP = (
    "CREATE TABLE t (id integer PRIMARY KEY, a integer, b varchar(5));"
    "INSERT INTO t VALUES (1, 7, 'x');"
    "ALTER TABLE t ADD COLUMN c float8;"  # the schema after DDL is what the image keeps
    "UPDATE t SET c = 7"
)
QUESTION = "SELECT a / 2 AS q, b, c / 2 AS h FROM t GROUP BY id"


def test_a_restored_image_carries_its_schema(fresh: Callable[[], Any]) -> None:
    """A restarted worker's first query reads no catalog: the image carries what the
    adapter read of the schema, and it is what reading the restored database gives."""
    source = DuckEngine(fresh())
    source.execute(SCHEMA_SETUP)
    image = source.image()
    expected, _ = source.execute(QUESTION)

    conn = _Counting(fresh())
    restored = DuckEngine(conn)
    restored.load_image(image)
    assert json.loads(image)["catalog"] == json.loads(json.dumps(read_schema(conn)))
    conn.ran.clear()
    assert restored.execute(QUESTION)[0] == expected
    assert not [sql for sql in conn.ran if any(read in sql for read in CATALOG_READS)]

    # An image without it (an older runtime's) reads the catalog and answers the same.
    document = json.loads(image)
    del document["catalog"]
    older = _Counting(fresh())
    from_older = DuckEngine(older)
    from_older.load_image(json.dumps(document).encode())
    older.ran.clear()
    assert from_older.execute(QUESTION)[0] == expected
    assert [sql for sql in older.ran if any(read in sql for read in CATALOG_READS)]


def test_a_dump_reusing_unchanged_tables_rows_is_the_whole_dump(
    fresh: Callable[[], Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The engine keeps each table's dumped rows and reads again only the tables a
    # statement changed (a write's image cost the whole database before): the image
    # must be exactly the one a dump from scratch makes, after any change.
    conn = fresh()
    for sql in SETUP:
        conn.execute(sql)
    read: list[str] = []
    table_rows = duckdump._table_rows

    def counting(conn: Any, schema: str, name: str) -> list[str]:
        read.append(f"{schema}.{name}")
        return table_rows(conn, schema, name)

    kept: KeptRows = {}
    changes = [
        (None, 3),  # nothing kept yet: every table is read
        (None, 0),  # nothing changed: none is
        ("UPDATE child SET note = 'changed' WHERE id = 2", 1),
        ("UPDATE child SET note = NULL WHERE id = 2", 1),
        ("UPDATE extra.other SET x = x", 0),
        ("INSERT INTO extra.other VALUES (8)", 1),
        ("DELETE FROM extra.other WHERE x = 7", 1),
        ("UPDATE child SET note = CASE id WHEN 1 THEN NULL ELSE 'unit' END", 1),
        ("ALTER TABLE extra.other ADD COLUMN y VARCHAR DEFAULT 'y'", 1),
        ("CREATE TABLE extra.more (z INTEGER)", 1),
        ("DROP TABLE extra.more", 0),
        # A column named as a table alias would be: every column still counts.
        ("CREATE TABLE extra.aliased (_row INTEGER, other VARCHAR)", 1),
        ("INSERT INTO extra.aliased VALUES (1, 'a')", 1),
        ("UPDATE extra.aliased SET other = 'b'", 1),
        ("DROP TABLE extra.aliased", 0),
    ]
    for change, tables_read in changes:
        if change is not None:
            conn.execute(change)
        monkeypatch.setattr(duckdump, "_table_rows", counting)
        reused = dump_database(conn, kept=kept)
        monkeypatch.setattr(duckdump, "_table_rows", table_rows)
        assert reused == dump_database(conn), change
        assert len(read) == tables_read, (change, read)
        read.clear()
    assert set(kept) == {("main", "everything"), ("main", "child"), ("extra", "other")}
