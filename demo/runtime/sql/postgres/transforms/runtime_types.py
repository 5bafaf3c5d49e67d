"""Checks of DuckDB's own type of a value, made as the statement runs.

The transpiler reads operand types from the tables' columns, casts and literals; a
column of a WITH query, a VALUES list, a subquery or a table function has none it can
see. Where Postgres' answer depends on such a type (an exact numeric where DuckDB
computes a double), the rewrite asks DuckDB instead: `typeof(x)` is fixed when DuckDB
binds the statement, so `CASE WHEN typeof(x) ... THEN error(...) ELSE answer END` fails
before any wrong value is shown, or answers as before.
"""

from __future__ import annotations

from sqlglot import exp

__all__ = [
    "argument_sample",
    "duck_type_in",
    "failing_where",
    "is_checked",
    "same_frame",
    "whole_call",
]

_CHECKED = "runtime_type_check"

# The message of every such check: `{what}` names the operation, `{kinds}` the types.
UNSEEN_TYPE = (
    "{what} of a value from a WITH query, a subquery or a VALUES list, whose type is"
    " {kinds} there, is not supported by this demo: cast the value to its type"
    " (x::integer, x::numeric(10, 2), x::float8) so that the result is computed as"
    " Postgres computes it"
)

# DuckDB's type names for the kinds Postgres computes differently from a double.
_DUCK_TYPES = {
    "int": ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT"),
    "float4": ("FLOAT",),
    "float": ("DOUBLE", "FLOAT"),
}


def duck_type_in(value: exp.Expr, kinds: tuple[str, ...]) -> exp.Expr:
    """True where DuckDB's type of `value` is one of `kinds`: "int", "numeric"
    (a DECIMAL), "float4", "float" (float4 or float8)."""
    type_name = exp.func("typeof", value)
    tests: list[exp.Expr] = []
    if "numeric" in kinds:
        tests.append(exp.Like(this=type_name.copy(), expression=exp.Literal.string("DECIMAL%")))
    names = [exp.Literal.string(n) for kind in kinds for n in _DUCK_TYPES.get(kind, ())]
    if names:
        tests.append(exp.In(this=type_name.copy(), expressions=names))
    return exp.or_(*tests)


def failing_where(condition: exp.Expr, message: str, answer: exp.Expr) -> exp.Expr:
    """`answer`, or DuckDB's error(message) where `condition` holds."""
    fail = exp.func("error", exp.Literal.string(message))
    checked = exp.Case(ifs=[exp.If(this=condition, true=fail)], default=answer)
    checked.meta[_CHECKED] = True
    return checked


def is_checked(node: exp.Expr) -> bool:
    """Whether `node` is already a check of `failing_where`: its own message says best
    what is wrong, so an enclosing expression adds none of its own."""
    return bool(node.meta.get(_CHECKED))


def whole_call(call: exp.Expr) -> exp.Expr:
    """An aggregate call with its FILTER and OVER clauses."""
    while isinstance(call.parent, exp.Filter | exp.Window) and call.parent.this is call:
        call = call.parent
    return call


def same_frame(call: exp.Expr, function: exp.Expr) -> exp.Expr:
    """`function` wrapped in the FILTER and OVER clauses of the aggregate `call`."""
    wrapped = function
    while isinstance(call.parent, exp.Filter | exp.Window) and call.parent.this is call:
        outer = call.parent.copy()
        outer.set("this", wrapped)
        wrapped, call = outer, call.parent
    return wrapped


def argument_sample(call: exp.Expr) -> exp.Expr:
    """`any_value(argument)` over the same rows as the aggregate `call`: its argument
    read where an aggregate's argument may be (any group, any window), typed as it."""
    return same_frame(call, exp.AnyValue(this=call.this.copy()))
