"""char(n) values the `postgres` adapter cannot show as Postgres does are refused.

Postgres pads a char(n) value to n characters in some places (the value shown, LIKE,
concat, a COALESCE choosing it) and reads it without its trailing spaces in others
(comparisons, length, `||`, casts to text). What `characters.py` cannot follow fails
with a message naming the way round, a cast to text; what it follows is held against
PGlite by the team corpus (`corpus/postgres/12_characters.sql`).
"""

from __future__ import annotations

import pytest

from demo.native.duck import open_native_duck
from demo.runtime.sql import SqlError
from demo.runtime.sql.postgres import DuckEngine
from tests.demo.sites import native_only

pytestmark = native_only

SETUP = (
    "CREATE TABLE codes (id integer PRIMARY KEY, code char(4), note text);"
    "INSERT INTO codes VALUES (1, 'zz', 'zz'), (2, 'ab  ', 'ab  ');"
    "CREATE TABLE other (id integer, code char(2))"
)


@pytest.fixture
def engine() -> DuckEngine:
    engine = DuckEngine(open_native_duck())
    engine.execute(SETUP)
    return engine


def refusal(engine: DuckEngine, sql: str) -> str:
    with pytest.raises(SqlError) as caught:
        engine.execute(sql)
    assert engine.execute("SELECT count(*) AS n FROM codes")[0][0]["rows"] == [{"n": 2}]
    return caught.value.message


@pytest.mark.parametrize(
    "sql",
    [
        # Postgres pads the column's values, not the literal's: 'zz  ' and 'q'.
        "SELECT coalesce(code, 'q') AS c FROM codes",
        "SELECT CASE WHEN id = 1 THEN code ELSE note END AS c FROM codes",
        # A scalar subquery's or IN subquery's column, a view's, a new table's.
        "SELECT (SELECT code FROM codes WHERE id = 1) AS c",
        "SELECT id FROM codes WHERE note IN (SELECT code FROM codes)",
        "SELECT (SELECT * FROM (SELECT code FROM codes WHERE id = 1) q) AS c",
        "CREATE TABLE copy AS SELECT code FROM codes",
        "CREATE VIEW v AS SELECT code FROM codes",
        # Functions this module does not know how Postgres reads the value.
        "SELECT to_json(code) AS j FROM codes",
        "SELECT array_agg(code ORDER BY id) AS a FROM codes",
        "SELECT array_agg(DISTINCT code) AS a FROM codes",
        "SELECT first_value(code) OVER (ORDER BY id) AS f FROM codes",
        "SELECT id FROM codes WHERE code = ANY (ARRAY['zz', 'ab'])",
        "SELECT max(code) OVER () AS m FROM codes",
        # Padding is given by result name: another column of that name would take it.
        "SELECT codes.code, other.code FROM codes JOIN other USING (id)",
        "SELECT code FROM codes JOIN other USING (code)",
    ],
)
def test_a_use_whose_padding_cannot_be_shown_right_is_refused(engine: DuckEngine, sql: str) -> None:
    message = refusal(engine, sql)
    assert "character" in message
    assert "not supported by this demo" in message
    assert "cast it to text" in message


@pytest.mark.parametrize(
    ("sql", "words"),
    [
        ("INSERT INTO other SELECT * FROM codes", "only as INSERT ... VALUES or a SELECT"),
        ("INSERT INTO other (id, code) VALUES (1, left(random()::text, 2))", "volatile"),
        (
            "MERGE INTO other o USING codes c ON o.id = c.id"
            " WHEN MATCHED THEN UPDATE SET code = 'x'",
            "MERGE",
        ),
        ("CREATE TABLE d (k char(2) DEFAULT upper('a'))", "only a literal DEFAULT"),
        # Postgres fails only when a row takes the default.
        ("CREATE TABLE d (k char(2) DEFAULT 'abc')", "does not take a DEFAULT longer"),
        ("ALTER TABLE codes ALTER COLUMN note TYPE char(4)", "ALTER COLUMN ... TYPE"),
        ("ALTER TABLE codes ALTER COLUMN code TYPE text", "ALTER COLUMN ... TYPE"),
    ],
)
def test_a_write_whose_value_cannot_be_checked_is_refused(
    engine: DuckEngine, sql: str, words: str
) -> None:
    assert words in refusal(engine, sql)
