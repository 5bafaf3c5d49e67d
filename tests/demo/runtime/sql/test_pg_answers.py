"""Answers the `postgres` adapter gave differently from Postgres on its regression suite.

Each expectation is PGlite's answer to the same statement (checked in the same run by
test_regress_corpus.py, which holds the adapter to PGlite on the whole corpus); here
each fix is pinned on its own so a regression names its cause.
"""

from __future__ import annotations

from typing import Any

import pytest

from demo.native.duck import open_native_duck
from demo.runtime.sql import SqlError
from demo.runtime.sql.postgres import DuckEngine
from tests.demo.sites import native_only

pytestmark = native_only


def answer(sql: str, setup: str = "") -> dict[str, Any]:
    engine = DuckEngine(open_native_duck())
    if setup:
        engine.execute(setup)
    return engine.execute(sql)[0][-1]


def names(result: dict[str, Any]) -> list[str]:
    return [f["name"] for f in result["fields"]]


def test_a_bare_values_statement_answers_rows_named_column1_column2() -> None:
    result = answer("VALUES (1, 'a'), (2, 'b')")
    assert names(result) == ["column1", "column2"]
    assert result["rows"] == [{"column1": 1, "column2": "a"}, {"column1": 2, "column2": "b"}]
    assert names(answer("SELECT * FROM (VALUES (1)) v")) == ["column1"]


def test_columns_are_named_after_the_function_as_written() -> None:
    result = answer(
        "SELECT char_length('abc'), var_pop(1.0::float8), var_samp(2.0::float8),"
        " count(*) FILTER (WHERE true)"
    )
    assert names(result) == ["char_length", "var_pop", "var_samp", "count"]
    window = answer(
        "SELECT first_value(x) OVER w, last_value(x) OVER w"
        " FROM (VALUES (1), (2)) t(x) WINDOW w AS (ORDER BY x)"
    )
    assert names(window) == ["first_value", "last_value"]


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        ("SELECT '01'::json", "invalid input syntax for type json"),
        ("SELECT '[1,2'::jsonb", "invalid input syntax for type json"),
        ("SELECT '10e400'::float8", '"10e400" is out of range for type double precision'),
        ("SELECT '10e-400'::float8", '"10e-400" is out of range for type double precision'),
        ("SELECT 'asdf'::int4", 'invalid input syntax for type integer: "asdf"'),
        ("INSERT INTO t VALUES ('34.5')", 'invalid input syntax for type smallint: "34.5"'),
        ("INSERT INTO t VALUES ('100000')", 'value "100000" is out of range for type smallint'),
        (
            "CREATE TABLE p (a int) PARTITION BY LIST (a)",
            "partitioned tables are not supported by this demo",
        ),
        ("CREATE TABLE c (b int) INHERITS (t)", "table inheritance is not supported by this demo"),
    ],
)
def test_what_postgres_refuses_is_refused(sql: str, message: str) -> None:
    engine = DuckEngine(open_native_duck())
    engine.execute("CREATE TABLE t (a int2)")
    with pytest.raises(SqlError) as caught:
        engine.execute(sql)
    assert caught.value.message == message
    assert engine.execute("SELECT count(*) AS n FROM t")[0][0]["rows"] == [{"n": 0}]


def test_number_text_postgres_accepts_still_answers() -> None:
    result = answer(
        "INSERT INTO t VALUES (' 12 ', '0x1A', '-1.5e3') RETURNING *",
        "CREATE TABLE t (a int2, b int8, c float8)",
    )
    assert result["rows"] == [{"a": 12, "b": 26, "c": -1500.0}]


def test_concat_writes_booleans_as_t_and_f() -> None:
    assert answer("SELECT concat(1, true, false)")["rows"] == [{"concat": "1tf"}]


def test_intervals_keep_months_and_postgres_style() -> None:
    result = answer(
        "SELECT interval '999' month AS a, interval '1.5 months' AS b,"
        " interval '-1 year -2 months' AS c, interval '-3 seconds' AS d"
    )
    assert result["rows"] == [
        {"a": "83 years 3 mons", "b": "1 mon 15 days", "c": "-1 years -2 mons", "d": "-00:00:03"}
    ]
    assert result["fields"][0]["dataTypeID"] == 1186


def test_negative_intervals_keep_their_sign_also_under_repeated_column_names() -> None:
    result = answer(
        "SELECT r1.f1, r2.f1 FROM t r1, t r2",
        "CREATE TABLE t (f1 interval); INSERT INTO t VALUES ('@ 14 seconds ago')",
    )
    assert result["rows"] == [{"f1": "-00:00:14"}]
    assert [f["dataTypeID"] for f in result["fields"]] == [1186, 1186]


def test_a_parenthesised_select_answers_its_rows() -> None:
    setup = "CREATE TABLE t (a int); INSERT INTO t VALUES (1), (2)"
    assert answer("(SELECT * FROM t)", setup)["rows"] == [{"a": 1}, {"a": 2}]
    assert answer("(SELECT * FROM t) ORDER BY 1 DESC LIMIT 1", setup)["rows"] == [{"a": 2}]


def test_subqueries_and_set_operations_are_named_as_postgres_names_them() -> None:
    assert names(answer("(SELECT 2) UNION SELECT 2")) == ["?column?"]
    assert names(answer("SELECT (SELECT ARRAY[1,2,3])[1]")) == ["array"]
