"""The names of Postgres' own functions and types are PGlite's (real Postgres, npm lock).

duck_messages.py and function_calls.py read them (name_lists.py) to tell a function or
type Postgres lacks ("does not exist", as Postgres says) from one only DuckDB lacks ("not
supported by this demo"): a wrong list would make a refusal claim Postgres lacks what it
has, or let a DuckDB-only function through.
"""

from __future__ import annotations

import pytest

from demo.runtime.sql.postgres.function_calls import postgres_accepts
from demo.runtime.sql.postgres.name_lists import (
    POSTGRES_FUNCTIONS,
    POSTGRES_TYPES,
    implicit_casts,
    postgres_signatures,
    read_names,
)
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
    assert sorted(read_names("postgres_signatures.txt")) == reference["signatures"]
    assert sorted(read_names("postgres_operators.txt")) == reference["operators"]
    assert sorted(read_names("postgres_casts.txt")) == reference["implicitCasts"]
    words = {name for name in postgres_signatures() if name.isidentifier()}
    assert words == POSTGRES_FUNCTIONS  # the rest are operators: `-`, `||`, `#`
    assert ("integer", "bigint") in implicit_casts()


@pytest.mark.parametrize(
    ("name", "types", "accepted"),
    [
        ("octet_length", ["text"], True),  # DuckDB's is for bytes only
        ("octet_length", ["integer"], False),
        ("round", ["integer", "integer"], True),  # integer to numeric, unasked
        ("round", ["double precision", "integer"], False),
        ("string_to_array", ["unknown", "unknown", "unknown"], True),  # literals take a type
        ("concat", ["integer", "boolean", "date"], True),  # VARIADIC "any"
        ("concat_ws", [], False),
        ("array_length", ["integer[]", "integer"], True),  # anyarray
        ("regexp_replace", ["text", "text", "text"], True),  # its later arguments default
        ("no_such_function", ["text"], False),
        ("-", ["time without time zone", "time without time zone"], True),  # an interval
        ("#", ["integer", "integer"], True),  # `#` alone is an operator, not a comment
        ("+", ["integer", "boolean"], False),  # not by `+(anyrange, anyrange)`: no range here
    ],
)
def test_a_call_is_postgres_own_by_its_argument_types(
    name: str, types: list[str], accepted: bool
) -> None:
    """What decides between "function f(text) does not exist" (Postgres' verdict) and
    "not supported by this demo" when DuckDB has the function for other arguments."""
    assert postgres_accepts(name, types) is accepted
