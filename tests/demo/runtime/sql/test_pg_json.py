"""The JSON rewrite (`json_rewrite.py`) and its text functions (`json_functions.py`).

Postgres' answers for the operators and functions themselves are the differential
corpus's (`corpus/postgres/03_json.sql`, checked against PGlite). These tests hold
what the corpus cannot show: the form of the rewritten SQL, the clear failure of
what is not supported, and the rules of jsonb's normal text.
"""

from __future__ import annotations

from typing import Any

import pytest

from demo.runtime.sql import SqlError
from demo.runtime.sql.postgres import DuckEngine
from demo.runtime.sql.postgres.json_functions import FUNCTIONS, dump_json, jsonb_text
from demo.runtime.sql.postgres.transpile import transpile_statement

DECLARED = {"profiles": {"prefs": "jsonb", "raw": "json"}}
TYPES = {"profiles": {"id": "INTEGER", "name": "VARCHAR", "prefs": "VARCHAR", "raw": "VARCHAR"}}


def duck(sql: str) -> str:
    # Function names come out upper-cased; the literals here are lower-case anyway.
    return transpile_statement(sql, table_types=TYPES, declared=DECLARED).statements[0].lower()


@pytest.fixture
def engine(open_duck):
    # Native DuckDB here, duckdb-wasm in the Pyodide run: the functions are registered
    # through each connection's own create_function.
    engine = DuckEngine(open_duck())
    engine.execute(
        "CREATE TABLE profiles (id int PRIMARY KEY, name text, prefs jsonb, raw json);"
        """INSERT INTO profiles VALUES (1, 'ada', '{"b": 1, "a": [1, 2]}', '{"z": 1}')"""
    )
    yield engine
    engine.close()


def test_operators_become_calls_of_the_registered_functions():
    sql = duck("SELECT prefs->'a'->>0, prefs #>> '{a,1}', prefs ? 'b' FROM profiles")
    assert "pg_json_arrow(pg_json_arrow(prefs, 'a', 'key'), '0', 'index_text')" in sql
    assert "pg_json_path(prefs, '{a,1}', 'text')" in sql
    assert "cast(pg_jsonb_exists(prefs, 'b') as boolean)" in sql
    called = {name for name in FUNCTIONS if f"{name}(" in sql}
    assert called == {"pg_json_arrow", "pg_json_path", "pg_jsonb_exists"}


def test_an_arrow_inside_a_function_call_is_not_read_as_a_lambda():
    # sqlglot parses f(col->'k') as a lambda `col -> 'k'`; Postgres has no lambdas.
    sql = duck("SELECT jsonb_array_length(prefs->'a'->'x') FROM profiles")
    assert "pg_json_arrow(pg_json_arrow(prefs, 'a', 'key'), 'x', 'key')" in sql
    assert "->" not in sql


def test_text_concatenation_stays_text_when_no_operand_is_json(engine):
    result = engine.execute("""SELECT name || '{"x": 1}' AS t FROM profiles""")[0][0]
    assert result["rows"] == [{"t": 'ada{"x": 1}'}]
    assert result["fields"] == [{"name": "t", "dataTypeID": 25}]


def test_concatenating_json_text_to_a_value_of_unknown_type_fails(engine):
    # Text or jsonb concatenation? A renamed subquery column hides the type: guessing
    # text would be a silent wrong answer when it is jsonb.
    with pytest.raises(SqlError) as failed:
        engine.execute("""SELECT j || '{"x": 1}' FROM (SELECT prefs AS j FROM profiles) s""")
    assert "cast the other operand to jsonb or text" in failed.value.message
    done = engine.execute(
        """SELECT j::jsonb || '{"x": 1}' AS j FROM (SELECT prefs AS j FROM profiles) s"""
    )
    assert done[0][0]["rows"] == [{"j": {"a": [1, 2], "b": 1, "x": 1}}]


def test_jsonb_results_report_jsonb_and_are_stored_in_normal_form(engine):
    result = engine.execute(
        """UPDATE profiles SET prefs = prefs || '{"aa": 2,  "c": 3}' RETURNING prefs::text AS t"""
    )[0][0]
    assert result["rows"] == [{"t": '{"a": [1, 2], "b": 1, "c": 3, "aa": 2}'}]
    built = engine.execute("SELECT jsonb_build_object('k', id) AS o FROM profiles")[0][0]
    assert built["fields"] == [{"name": "o", "dataTypeID": 3802}]
    assert built["rows"] == [{"o": {"k": 1}}]


@pytest.mark.parametrize(
    ("sql", "message"),
    [
        (
            "SELECT jsonb_pretty(prefs) FROM profiles",
            "jsonb_pretty() is not supported by this demo",
        ),
        (
            "SELECT row_to_json(p) FROM (SELECT * FROM profiles) p",
            "row_to_json() is not supported by this demo",
        ),
        ("SELECT jsonb_agg(DISTINCT id) FROM profiles", "jsonb_agg(DISTINCT ...) is not supported"),
        (
            "SELECT json_agg(id) OVER () FROM profiles",
            "json_agg() with FILTER, OVER or several arguments is not supported",
        ),
        ("SELECT jsonb_build_object('a') FROM profiles", "must have even number of elements"),
    ],
)
def test_unsupported_json_fails_clearly_and_changes_nothing(engine, sql, message):
    with pytest.raises(SqlError) as failed:
        engine.execute("UPDATE profiles SET name = 'changed'; " + sql)
    assert message in failed.value.message
    assert engine.execute("SELECT name FROM profiles")[0][0]["rows"] == [{"name": "ada"}]


def test_a_json_error_at_run_time_rolls_the_request_back(engine):
    with pytest.raises(SqlError) as failed:
        engine.execute("UPDATE profiles SET name = 'changed'; SELECT '1'::jsonb - 'x'")
    assert "cannot delete from scalar" in failed.value.message
    assert engine.execute("SELECT name FROM profiles")[0][0]["rows"] == [{"name": "ada"}]


def test_to_json_of_a_list_fails_rather_than_guessing(engine):
    with pytest.raises(SqlError) as failed:
        engine.execute("SELECT to_jsonb(ARRAY[1, 2]) AS j")
    assert "values to JSON is not supported by this demo" in failed.value.message


def test_jsonb_text_orders_keys_by_length_then_bytes_and_prints_numerics():
    assert jsonb_text('{"bb": 1, "a": 2, "ab": 3}') == '{"a": 2, "ab": 3, "bb": 1}'
    assert jsonb_text("[1e2, 1.50, -0.001, 12345678901234567890]") == (
        "[100, 1.50, -0.001, 12345678901234567890]"
    )
    assert jsonb_text('{"k": "é\\n\\u0001"}') == '{"k": "é\\n\\u0001"}'
    assert dump_json({"b": None, "a": True}, jsonb=False) == '{"b": null, "a": true}'


def test_invalid_json_is_postgres_error():
    with pytest.raises(ValueError, match="invalid input syntax for type json"):
        jsonb_text("{oops")


def test_json_functions_outlive_a_request_that_rolled_back(open_duck):
    # They are registered on first use, before the request's transaction opens: one
    # registered inside it would be undone with it.
    for failing in (
        """SELECT '{"a": 1}'::jsonb ->> 'a'; SELECT 1 / 0""",
        """BEGIN; SELECT '{"a": 1}'::jsonb ->> 'a'; ROLLBACK""",
    ):
        engine = DuckEngine(open_duck())
        try:
            with pytest.raises(SqlError) if "1 / 0" in failing else _no_error():
                engine.execute(failing)
            answer = engine.execute("""SELECT '{"a": 1}'::jsonb ->> 'a' AS a""")[0][0]
            assert answer["rows"] == [{"a": "1"}]
        finally:
            engine.close()


def test_json_operator_on_a_table_created_in_the_same_request(open_duck):
    engine = DuckEngine(open_duck())
    try:
        results = engine.execute(
            'CREATE TABLE t (j jsonb); INSERT INTO t VALUES (\'{"a": 1, "b": 2}\');'
            "SELECT j - 'a' AS r FROM t"
        )[0]
        assert results[-1]["rows"] == [{"r": {"b": 2}}]
        assert results[-1]["fields"] == [{"name": "r", "dataTypeID": 3802}]
    finally:
        engine.close()


def _no_error() -> Any:
    import contextlib

    return contextlib.nullcontext()


def test_a_column_name_json_in_one_table_only_is_not_guessed(engine):
    engine.execute("CREATE TABLE notes (id int, prefs text)")
    with pytest.raises(SqlError) as failed:
        engine.execute("SELECT to_jsonb(prefs) FROM notes")
    assert "json in one table and not in another" in failed.value.message
    answer = engine.execute("SELECT to_jsonb(prefs::text) AS j FROM profiles")[0][0]
    assert answer["rows"] == [{"j": '{"a": [1, 2], "b": 1}'}]


def test_a_subquery_column_is_not_guessed_to_be_text(engine):
    # Quoting it as a JSON string would be a silent wrong answer if it holds jsonb.
    subquery = "FROM (SELECT prefs AS j FROM profiles) s"
    with pytest.raises(SqlError) as failed:
        engine.execute(f"SELECT jsonb_build_object('p', j) {subquery}")
    assert "cannot tell whether j is json here" in failed.value.message
    answer = engine.execute(f"SELECT jsonb_build_object('p', j::jsonb) AS o {subquery}")[0][0]
    assert answer["rows"] == [{"o": {"p": {"a": [1, 2], "b": 1}}}]
