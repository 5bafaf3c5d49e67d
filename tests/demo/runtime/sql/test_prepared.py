"""duckdb-wasm's prepared statements (serviceworker/duck-database.js) answer as plain queries.

The postgres adapter marks a read it runs again as `repeated`, and the worker keeps it
prepared. The same steps run on duckdb-wasm (Node bundle) both ways, and every answer,
error text included, must be the same: across tables dropped and re-created with other
types, and past the number of statements kept prepared.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.demo.sites import REPO, native_only

pytestmark = [native_only]

RUNNER = REPO / "tests" / "demo" / "runtime" / "sql" / "prepared_runner.mjs"
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
    node = shutil.which("node")
    if node is None or not (REPO / "node_modules" / "@duckdb" / "duckdb-wasm").is_dir():
        pytest.fail("needs node and node_modules/@duckdb/duckdb-wasm (run `make test`)")
    steps = _steps()
    done = subprocess.run(
        [node, str(RUNNER), str(REPO)],
        input=json.dumps(steps),
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    answers = json.loads(done.stdout)
    assert len(answers["prepared"]) == len(steps)
    for (sql, _), plain, prepared in zip(steps, answers["plain"], answers["prepared"], strict=True):
        assert prepared == plain, sql
    # The steps do what they say: a real answer, a real error, re-bound columns.
    by_step = dict(zip(range(len(steps)), answers["prepared"], strict=True))
    assert by_step[3]["names"] == ["q", "a", "b"]
    assert "ratio does not exist" in by_step[5]["error"]
    assert by_step[8]["names"] == ["q", "a", "b", "note"]
