"""Calls of functions Postgres does not have, and how Postgres words their refusal.

DuckDB has functions Postgres lacks (`range`, `read_csv`, `list_value`, ...): handed
through, a statement calling one would be answered where Postgres refuses it (and
`read_csv` would read the machine's files natively, or fetch a URL in the browser).
`unknown_function` refuses such a call as Postgres does, before any rewrite: a call
whose written name is not one of Postgres' own functions (name_lists.py) nor grammar that
Postgres writes as a call (`coalesce`, `greatest`). sqlglot knows many functions of other
engines by name (`ifnull`, `median`, `typeof`, `read_csv`: 167 that Postgres refuses were
answered) and keeps the written name of each (dialect.WRITTEN_NAME); the calls its own
parsers read (`CAST`, `EXTRACT`, `SUBSTRING ... FROM`) are Postgres grammar.

`postgres_accepts` tells whether Postgres has a call of a function for given argument
types (its signatures and the casts it applies unasked, name_lists.py): where DuckDB has
the function but not for those arguments, the refusal says "does not exist" only if
Postgres has no such call either.

`missing_function` words the refusal, also for DuckDB's own "does not exist" of a function
Postgres has (duck_messages.py): then the demo's limit is said, never that Postgres lacks it.
"""

from __future__ import annotations

from sqlglot import exp

from .dialect import WRITTEN_NAME
from .name_lists import POSTGRES_FUNCTIONS, implicit_casts, postgres_signatures
from .transforms.operand_types import number_literal_type

__all__ = ["call_arguments", "missing_function", "postgres_accepts", "unknown_function"]

_T = exp.DataType.Type
_CAST_NAMES = {
    _T.SMALLINT: "smallint", _T.INT: "integer", _T.BIGINT: "bigint", _T.DECIMAL: "numeric",
    _T.DOUBLE: "double precision", _T.FLOAT: "real", _T.TEXT: "text",
    _T.VARCHAR: "character varying", _T.CHAR: "character", _T.BOOLEAN: "boolean",
    _T.DATE: "date", _T.TIMESTAMP: "timestamp without time zone",
    _T.TIMESTAMPTZ: "timestamp with time zone", _T.INTERVAL: "interval", _T.JSON: "json",
    _T.JSONB: "jsonb", _T.UUID: "uuid", _T.VARBINARY: "bytea",
}  # fmt: skip
# Postgres grammar written as a call, not in its catalog of functions (PGlite answers each).
_GRAMMAR = frozenset({
    "all", "row", "array", "exists", "grouping", "coalesce", "nullif", "greatest", "least", "trim",
    "current_time", "current_timestamp", "localtime", "localtimestamp",
})  # fmt: skip
# Calls of other engines that sqlglot reads without keeping the written name.
_OTHER_ENGINES = (exp.ArgMax, exp.ArgMin)
# Postgres functions sqlglot writes for DuckDB without their meaning: to_number's format
# is dropped (a plain cast, which fails on '12,345.6' in DuckDB's words).
_LOST_IN_TRANSLATION = frozenset({"to_number"})


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
    given = {k: v for k, v in call.args.items() if v is not None}
    listed = given.get("expressions", [])
    if isinstance(call, exp.Anonymous):
        arguments = call.expressions
    elif set(given) <= {"this", "expressions"} and isinstance(listed, list):
        arguments = [a for a in (given.get("this"), *listed) if a is not None]
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
    for call in tree.find_all(exp.Func):
        written = call.name if isinstance(call, exp.Anonymous) else call.meta.get(WRITTEN_NAME)
        if isinstance(call, _OTHER_ENGINES):
            written = call.sql_names()[0]
        if isinstance(call, exp.If) and not isinstance(call.parent, exp.Case):
            written = "if"  # IF(c, a, b) or IIF(...): a CASE's branches are nodes of this kind
        if not isinstance(written, str):
            continue  # read by a parser of sqlglot's own: Postgres grammar
        name = written.lower()
        subquery = len(call.expressions) == 1 and isinstance(call.expressions[0], exp.Query)
        if name == "array" and not subquery:
            # ARRAY(subquery) is Postgres grammar; ARRAY(1, 2) is DuckDB's list.
            after = call.expressions[0].sql("postgres") if call.expressions else ")"
            return f'syntax error at or near "{after}"'
        if name in _LOST_IN_TRANSLATION:
            return missing_function(name, call_arguments(call))
        if name in POSTGRES_FUNCTIONS or name in _GRAMMAR:
            continue
        if call.find_ancestor(exp.PartitionedByProperty):  # PARTITION BY RANGE (a)
            continue
        return missing_function(name, call_arguments(call))
    return None


# Polymorphic argument types, by what they take (a range family takes no type DuckDB has).
_ANY_TYPE = ('"any"', "anyelement", "anynonarray", "anycompatible", "anycompatiblenonarray")
_ANY_ARRAY = ("anyarray", "anycompatiblearray")


def _fits(given: str, wanted: str) -> bool:
    """Whether Postgres passes an argument of type `given` (`unknown`: a string literal or
    NULL, which takes the type wanted) where a function wants `wanted`."""
    return (
        given in (wanted, "unknown")
        or wanted in _ANY_TYPE
        or (wanted in _ANY_ARRAY and given.endswith("[]"))
        or (wanted == "anyenum" and given.startswith("enum"))
        or (given, wanted) in implicit_casts()
    )


def postgres_accepts(name: str, types: list[str]) -> bool:
    """Whether Postgres has a function `name` taking arguments of `types` (its own type
    names), as they are or by casts it applies unasked; defaults and VARIADIC counted."""
    for signature in postgres_signatures().get(name.lower(), []):
        wanted = list(signature.arguments)
        if signature.variadic:
            fixed, last = wanted[:-1], wanted[-1]
            if len(types) < len(fixed):
                continue
            element = last.removesuffix("[]")
            wanted = fixed + [element] * (len(types) - len(fixed))
        elif not len(wanted) - signature.defaults <= len(types) <= len(wanted):
            continue
        if all(_fits(g, w) for g, w in zip(types, wanted, strict=False)):
            return True
    return False
