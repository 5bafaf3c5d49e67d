"""The transpile cache: a repeated statement is not transpiled again until the schema may
have changed (the engine-level behaviour is in test_postgres.py)."""

from __future__ import annotations

from typing import Any

import pytest

from demo.runtime.sql import SqlError
from demo.runtime.sql.postgres.session_names import DEFAULT_NAMES, SessionNames
from demo.runtime.sql.postgres.transpile_cache import MAX_ENTRIES, MAX_TEXT, Schema, TranspileCache
from tests.demo.sites import native_only


def _counting_cache(
    b_type: str = "INTEGER", names: SessionNames = DEFAULT_NAMES
) -> tuple[TranspileCache, list[int]]:
    reads: list[int] = []

    def read_schema() -> Schema:
        reads.append(1)
        return {"t": {"a": "INTEGER", "b": b_type}}, {}, {}, {}, {}

    return TranspileCache(read_schema, names), reads


def test_repeated_statement_reuses_its_transpile_until_the_schema_changes() -> None:
    cache, reads = _counting_cache()
    first = cache.transpile("SELECT a / b FROM t")
    assert cache.transpile("SELECT a / b FROM t") is first
    assert len(reads) == 1
    cache.schema_may_have_changed()
    assert cache.transpile("SELECT a / b FROM t") is first  # the same schema, read again
    assert len(reads) == 2


def test_databases_of_one_schema_share_transpiles_and_others_do_not() -> None:
    # A reset opens the service's database again from its seed: the statements a suite
    # repeats between its resets are transpiled once for all the copies.
    sql = "SELECT a / b, current_user FROM t"
    first = _counting_cache()[0].transpile(sql)
    assert _counting_cache()[0].transpile(sql) is first
    # `b` a double: the quotient is not integer division, so the translation differs.
    double = _counting_cache("DOUBLE")[0].transpile(sql)
    assert double.statements != first.statements
    named = _counting_cache(names=SessionNames(user="alice"))[0].transpile(sql)
    assert "alice" in named.statements[-1] and "alice" not in first.statements[-1]


def test_cache_is_bounded_and_skips_long_texts() -> None:
    cache, _ = _counting_cache()
    for i in range(MAX_ENTRIES + 10):
        cache.transpile(f"SELECT {i}")
    assert len(cache) == MAX_ENTRIES
    cache.schema_may_have_changed()
    long = "SELECT '" + "x" * MAX_TEXT + "'"
    cache.transpile(long)
    assert len(cache) == 0


def test_split_is_remembered_and_returns_a_fresh_list() -> None:
    cache, reads = _counting_cache()
    parts = cache.split("SELECT 1; SELECT ';'")
    assert parts == ["SELECT 1", "SELECT ';'"]
    parts.append("changed by the caller")
    assert cache.split("SELECT 1; SELECT ';'") == ["SELECT 1", "SELECT ';'"]
    assert reads == []  # splitting needs no schema


@native_only
def test_a_transaction_of_its_own_keeps_the_transpiles_and_a_rollback_drops_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A request such as a transfer (BEGIN; UPDATE; UPDATE; COMMIT) read the schema and
    # transpiled its statements again every time: COMMIT counted as a schema change.
    from demo.native.duck import open_native_duck
    from demo.runtime.sql.postgres import engine as engine_module

    reads: list[int] = []
    read_schema = engine_module.read_schema

    def counting(conn: Any) -> Schema:
        reads.append(1)
        return read_schema(conn)

    monkeypatch.setattr(engine_module, "read_schema", counting)
    engine = engine_module.DuckEngine(open_native_duck())
    engine.execute("CREATE TABLE t (a int)")
    transfer = "BEGIN; UPDATE t SET a = a + 1; COMMIT"
    engine.execute(transfer)
    before = len(reads)
    engine.execute(transfer)
    engine.execute(transfer)
    assert len(reads) == before
    # DDL a ROLLBACK undid is undone for the statements after it, too.
    engine.execute("BEGIN; ALTER TABLE t ADD COLUMN b text; ROLLBACK")
    assert len(reads) > before
    with pytest.raises(SqlError, match='column "b" does not exist'):
        engine.execute("SELECT b FROM t")
