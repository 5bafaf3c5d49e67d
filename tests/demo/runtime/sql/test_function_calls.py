"""Calls of functions Postgres does not have are refused, never answered (function_calls.py).

sqlglot knows hundreds of functions of other engines by name (`ifnull`, `median`,
`typeof`, `arg_max`, `read_csv`), reads them as its own nodes and writes them out for
DuckDB, which has many of them: 167 such names were answered where Postgres refuses them.
The probe is every function name sqlglot knows that Postgres' catalog lacks, called with
the first two argument lists it reads as that function; PGlite answers each in this run,
and the adapter may answer only where PGlite does.
"""

from __future__ import annotations

import inspect
import json

from sqlglot import exp

from demo.native.duck import open_native_duck
from demo.runtime.sql import SqlError
from demo.runtime.sql.postgres import DuckEngine
from demo.runtime.sql.postgres.name_lists import POSTGRES_FUNCTIONS
from demo.runtime.sql.postgres.transpile import _parse
from tests.demo.sites import native_only

from . import differential as diff

pytestmark = native_only  # PGlite runs under Node

_ARGUMENTS = ("", "1", "'a'", "1, 2", "'a', 'b'", "ARRAY[1,2]", "ARRAY[1,2], 1")


def _names() -> set[str]:
    names = set()
    for _, node in inspect.getmembers(exp, inspect.isclass):
        if not issubclass(node, exp.Func) or node is exp.Anonymous:
            continue
        try:
            names.update(n.lower() for n in node.sql_names())
        except NotImplementedError:  # an abstract family of functions
            continue
    return {n for n in names if n.isidentifier() and n not in POSTGRES_FUNCTIONS}


def _probes() -> list[str]:
    probes = []
    for name in sorted(_names()):
        read_as_known = []
        for arguments in _ARGUMENTS:
            sql = f"SELECT {name}({arguments})"
            try:
                selects = _parse(sql).selects
            except Exception:  # noqa: BLE001 - sqlglot cannot read it (its IndexError too)
                continue
            call = selects[0] if selects else None
            if isinstance(call, exp.Func) and not isinstance(call, exp.Anonymous):
                read_as_known.append(sql)
        probes += read_as_known[:2]
    return probes


def test_functions_of_other_engines_are_refused_where_postgres_refuses_them() -> None:
    probes = _probes()
    assert len(probes) > 300, len(probes)  # sqlglot's own table of functions
    corpus = {
        "postgres": [
            {
                "name": "calls",
                "setup": "SELECT 1",
                "probe": "SELECT 1",
                "cases": [{"name": sql, "sql": sql} for sql in probes],
            }
        ],
        "sqlite": [],
    }
    reference = diff.NodeRun("oracle.mjs", stdin=json.dumps(corpus)).result()["postgres"]
    engine = DuckEngine(open_native_duck())
    answered = []
    for sql in probes:  # an exception other than SqlError is a crash: the test fails
        try:
            engine.execute(sql)
        except SqlError:
            continue
        if not reference["calls"]["cases"][sql]["answer"]["ok"]:
            answered.append(sql)
    assert not answered
