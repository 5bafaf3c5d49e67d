"""The names of Postgres' own functions and types are PGlite's (real Postgres, npm lock).

duck_messages.py and function_calls.py read them (name_lists.py) to tell a function or
type Postgres lacks ("does not exist", as Postgres says) from one only DuckDB lacks ("not
supported by this demo"): a wrong list would make a refusal claim Postgres lacks what it
has, or let a DuckDB-only function through.
"""

from __future__ import annotations

from demo.runtime.sql.postgres.name_lists import POSTGRES_FUNCTIONS, POSTGRES_TYPES
from tests.demo.sites import native_only

from . import differential as diff

pytestmark = native_only  # PGlite runs under Node


def test_the_lists_are_postgres_own_names_as_pglite_lists_them() -> None:
    reference = diff.NodeRun("catalog_names.mjs").result()
    assert sorted(POSTGRES_FUNCTIONS) == reference["functions"]
    assert sorted(POSTGRES_TYPES) == reference["types"]
    # Some names every Postgres has, and DuckDB's that it has not.
    assert {"now", "generate_series", "float8send", "to_tsvector"} <= POSTGRES_FUNCTIONS
    assert {"money", "inet", "point", "regclass"} <= POSTGRES_TYPES
    assert not {"range", "list_value", "read_csv"} & POSTGRES_FUNCTIONS
