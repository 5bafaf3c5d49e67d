"""Calls of functions Postgres does not have, and how Postgres words their refusal.

DuckDB has functions Postgres lacks (`range`, `read_csv`, `list_value`, ...): handed
through, a statement calling one would be answered where Postgres refuses it (and
`read_csv` would read the machine's files natively, or fetch a URL in the browser).
`unknown_function` refuses such a call as Postgres does, before any rewrite: a function
whose name is not one of Postgres' own (name_lists.py), written as a call sqlglot does not
know (`exp.Anonymous`). Functions sqlglot knows by name are translated, not handed through.

`missing_function` words the refusal, also for DuckDB's own "does not exist" of a function
Postgres has (duck_messages.py): then the demo's limit is said, never that Postgres lacks it.
"""

from __future__ import annotations

from sqlglot import exp

from .name_lists import POSTGRES_FUNCTIONS
from .transforms.operand_types import number_literal_type

__all__ = ["call_arguments", "missing_function", "unknown_function"]

_T = exp.DataType.Type
_CAST_NAMES = {
    _T.SMALLINT: "smallint", _T.INT: "integer", _T.BIGINT: "bigint", _T.DECIMAL: "numeric",
    _T.DOUBLE: "double precision", _T.FLOAT: "real", _T.TEXT: "text",
    _T.VARCHAR: "character varying", _T.CHAR: "character", _T.BOOLEAN: "boolean",
    _T.DATE: "date", _T.TIMESTAMP: "timestamp without time zone",
    _T.TIMESTAMPTZ: "timestamp with time zone", _T.INTERVAL: "interval", _T.JSON: "json",
    _T.JSONB: "jsonb", _T.UUID: "uuid", _T.VARBINARY: "bytea",
}  # fmt: skip
# Postgres grammar that sqlglot reads as a call: `x <> ALL (array)`, `ROW(v.*)`.
_GRAMMAR = frozenset({"all", "row"})
# DuckDB's file readers, which sqlglot knows by name (its other readers are calls it does
# not know): natively they read the machine's files, in the browser they fetch URLs.
_READERS = (exp.ReadCSV, exp.ReadParquet)


def _argument_type(node: exp.Expr) -> str | None:
    """Postgres' type of a call's argument, where the statement alone says it."""
    if isinstance(node, exp.Paren):
        return _argument_type(node.this)
    if isinstance(node, exp.Literal):
        return "unknown" if node.is_string else number_literal_type(node)
    if isinstance(node, exp.Neg) and isinstance(node.this, exp.Literal) and node.this.is_number:
        return number_literal_type(node.this)
    if isinstance(node, exp.Null):
        return "unknown"
    if isinstance(node, exp.Boolean):
        return "boolean"
    if isinstance(node, exp.CurrentTimestamp):
        return "timestamp with time zone"
    if isinstance(node, exp.Cast) and isinstance(node.to, exp.DataType):
        return _CAST_NAMES.get(node.to.this)
    return None


def call_arguments(call: exp.Func) -> str:
    """A call's argument types as Postgres lists them (`integer, unknown`); `...` where
    one of them is not known from the statement alone."""
    if isinstance(call, exp.Anonymous):
        arguments = call.expressions
    elif set(k for k, v in call.args.items() if v is not None) <= {"this", "expressions"}:
        arguments = [a for a in (call.this, *call.expressions) if a is not None]
    else:  # a node of sqlglot's own, with arguments in named places: their order is lost
        return "..."
    types = [_argument_type(a) for a in arguments]
    return "..." if None in types else ", ".join(t for t in types if t)


def missing_function(name: str, arguments: str) -> str:
    """The refusal of `name(arguments)` that neither DuckDB nor the translation has."""
    if name in POSTGRES_FUNCTIONS:
        return (
            f"function {name}({arguments}) is not supported by this demo"
            " (DuckDB, its engine, has no such function)"
        )
    return f"function {name}({arguments}) does not exist"


def unknown_function(tree: exp.Expr) -> str | None:
    """Postgres' refusal of the first call of a function it does not have, or None."""
    for call in tree.find_all(exp.Anonymous, *_READERS):
        name = call.name.lower() if isinstance(call, exp.Anonymous) else call.sql_names()[0].lower()
        if name in POSTGRES_FUNCTIONS or name in _GRAMMAR:
            continue
        if call.find_ancestor(exp.PartitionedByProperty):  # PARTITION BY RANGE (a)
            continue
        return missing_function(name, call_arguments(call))
    return None
