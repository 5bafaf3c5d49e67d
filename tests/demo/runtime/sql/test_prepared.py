"""duckdb-wasm's prepared statements (serviceworker/duck-database.js) answer as plain queries.

The postgres adapter marks a read it runs again as `repeated`, and the worker keeps it
prepared. The same steps run on duckdb-wasm (Node bundle) both ways, and every answer,
error text included, must be the same: across tables dropped and re-created with other
types, and past the number of statements kept prepared.
"""

from __future__ import annotations

from tests.demo.sites import native_only

from .duckdb_wasm import run_on_duckdb_wasm

pytestmark = [native_only]
READ = "SELECT a / b AS q, * FROM ratio ORDER BY a"


def _steps() -> list[tuple[str, bool]]:
    steps = [
        ("CREATE TABLE ratio (a INTEGER, b INTEGER)", False),
        ("INSERT INTO ratio VALUES (7, 2), (9, 4)", False),
        (READ, True),
        (READ, True),
        ("DROP TABLE ratio", False),
        (READ, True),  # the table is gone: the same error either way
        ("CREATE TABLE ratio (a DOUBLE, b DOUBLE, note VARCHAR)", False),
        ("INSERT INTO ratio VALUES (7, 2, 'x')", False),
        (READ, True),  # re-bound to the new columns and types
        ("SELECT * FROM nowhere", True),
    ]
    # More distinct statements than are kept prepared, then the first ones again.
    many = [(f"SELECT {i} AS n, count(*) AS c FROM ratio", True) for i in range(80)]
    return steps + many + many[:5] + [(READ, True)]


def test_repeated_reads_answer_as_plain_queries() -> None:
    steps = _steps()
    answers = run_on_duckdb_wasm("prepared_runner.mjs", steps)
    assert len(answers["prepared"]) == len(steps)
    for (sql, _), plain, prepared in zip(steps, answers["plain"], answers["prepared"], strict=True):
        assert prepared == plain, sql
    # The steps do what they say: a real answer, a real error, re-bound columns.
    by_step = dict(zip(range(len(steps)), answers["prepared"], strict=True))
    assert by_step[3]["names"] == ["q", "a", "b"]
    assert "ratio does not exist" in by_step[5]["error"]
    assert by_step[8]["names"] == ["q", "a", "b", "note"]
