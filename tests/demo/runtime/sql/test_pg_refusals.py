"""Statements the `postgres` adapter cannot answer right end in a clean refusal, never a 500.

Each was a crash or a hang on PostgreSQL's regression statements (issue #24): the
request must get a Postgres-style error (SqlError, a 400 through the service), and the
database stays usable afterwards.
"""

from __future__ import annotations

import pytest

from demo.native.duck import open_native_duck
from demo.runtime.sql import SqlError
from demo.runtime.sql.postgres import DuckEngine
from tests.demo.sites import native_only

pytestmark = native_only


def refusal(engine: DuckEngine, sql: str) -> str:
    with pytest.raises(SqlError) as caught:
        engine.execute(sql)
    assert engine.execute("SELECT 1 AS one")[0][0]["rows"] == [{"one": 1}]
    return caught.value.message


def test_deeply_nested_json_is_refused_before_it_exhausts_the_stack() -> None:
    engine = DuckEngine(open_native_duck())
    assert refusal(engine, "SELECT repeat('[', 10000)::json") == "stack depth limit exceeded"
    assert "stack depth limit exceeded" in refusal(
        engine, "SELECT json_typeof(repeat('[', 10000)::json)"
    )
    nested = "[" * 50 + "]" * 50  # ordinary nesting still answers
    rows = engine.execute(f"SELECT '{nested}'::json AS j")[0][0]["rows"]
    assert rows[0]["j"] is not None


def test_regclass_cast_is_a_clean_error() -> None:
    assert "REGCLASS" in refusal(DuckEngine(open_native_duck()), "SELECT 'pg_class'::regclass")


@pytest.mark.parametrize("literal", [r"U&'wrong: \db99'", r"U&'wrong: \+2FFFFF'"])
def test_invalid_unicode_escape_is_a_clean_error(literal: str) -> None:
    assert refusal(DuckEngine(open_native_duck()), f"SELECT {literal}")


def test_a_statement_duckdb_would_run_forever_is_cancelled() -> None:
    # Postgres stops this recursion at the LIMIT; DuckDB evaluates the CTE first.
    conn = open_native_duck()
    conn.statement_timeout = 0.5
    engine = DuckEngine(conn)
    engine.execute("CREATE TABLE d (id int); INSERT INTO d VALUES (1)")
    endless = (
        "WITH RECURSIVE q AS (SELECT * FROM d UNION ALL (WITH RECURSIVE x AS"
        " (SELECT * FROM d UNION ALL (SELECT * FROM q UNION ALL SELECT * FROM x))"
        " SELECT * FROM x)) SELECT * FROM q LIMIT 32"
    )
    assert refusal(engine, endless) == "canceling statement due to statement timeout"


def test_row_values_duckdb_would_answer_in_its_own_shape_are_refused() -> None:
    # Postgres answers a record `(xyzzy,1,)` and puts USING columns first in `*`; the
    # adapter would answer an object and another column order (regression suite,
    # select.sql:116 and join.sql:125). Subquery columns named like it still answer.
    engine = DuckEngine(open_native_duck())
    assert "whole-row reference" in refusal(
        engine, "SELECT foo FROM (SELECT 'xyzzy', 1, NULL OFFSET 0) AS foo"
    )
    assert engine.execute("SELECT foo FROM (SELECT 1 AS foo) AS foo")[0][0]["rows"] == [{"foo": 1}]
    engine.execute("CREATE TABLE j1 (i int, j int); CREATE TABLE j2 (i int, j int)")
    assert "USING" in refusal(engine, "SELECT * FROM j1 JOIN j2 USING (j)")
    assert engine.execute("SELECT * FROM j1 JOIN j2 USING (i)")[0][0]["fields"][0]["name"] == "i"


def test_aggregates_duckdb_would_answer_in_double_precision_are_refused() -> None:
    # Postgres' variance family of integers/numerics is exact numeric and sum(float4)
    # adds in single precision; DuckDB answers doubles (aggregates.sql:42 and :55-58).
    engine = DuckEngine(open_native_duck())
    engine.execute("CREATE TABLE agg (a int2, b float4)")
    assert "sum() of real" in refusal(engine, "SELECT sum(b) FROM agg")
    assert "stddev_pop()" in refusal(engine, "SELECT stddev_pop(b::numeric) FROM agg")
    assert "var_samp()" in refusal(engine, "SELECT var_samp(a) FROM agg")
    answered = engine.execute("SELECT sum(b::float8) AS s, var_pop(b) AS v FROM agg")
    assert [f["dataTypeID"] for f in answered[0][0]["fields"]] == [701, 701]


def test_dates_before_the_year_1_are_refused_not_read_as_ad() -> None:
    # DuckDB reads the trailing BC as a zone name and answers the year AD
    # (timestamp.sql:150-151, the DATE_TBL rows of date.sql).
    engine = DuckEngine(open_native_duck())
    assert "(BC)" in refusal(engine, "SELECT '4714-11-24 00:00:00 BC'::timestamp")
    engine.execute("CREATE TABLE days (d date)")
    assert "(BC)" in refusal(engine, "INSERT INTO days VALUES ('2040-04-10 BC')")
    assert engine.execute("SELECT count(*) AS n FROM days")[0][0]["rows"] == [{"n": 0}]


def test_set_operations_of_varchar_or_char_columns_are_refused() -> None:
    # Postgres answers them as character varying / blank-padded character; the adapter
    # would answer unpadded text (union.sql:72/77/82/86). Cast to text still answers.
    engine = DuckEngine(open_native_duck())
    engine.execute("CREATE TABLE vc (f1 varchar(4)); CREATE TABLE ch (f1 char(4))")
    engine.execute("INSERT INTO vc VALUES ('a'); INSERT INTO ch VALUES ('ab')")
    assert "character varying" in refusal(engine, "SELECT f1 FROM vc UNION SELECT f1 FROM ch")
    assert "character columns" in refusal(engine, "SELECT 'x'::char(4) UNION SELECT 'y'")
    rows = engine.execute("SELECT f1::text AS f FROM vc UNION SELECT rtrim(f1) FROM ch ORDER BY 1")
    assert rows[0][0]["rows"] == [{"f": "a"}, {"f": "ab"}]
