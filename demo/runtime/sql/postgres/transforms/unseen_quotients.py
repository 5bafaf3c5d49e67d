"""Quotients whose operands' types the transpiler cannot see, checked by DuckDB as they run.

`numeric.numeric_quotients` computes a result column's `avg()` or `/` exactly where
Postgres' answer is numeric, which needs each operand's kind. A column of a WITH query,
a VALUES list, a subquery or a table function has none here, so such a quotient was
left to DuckDB, whose DECIMAL division and avg of integers answer a double
(`SELECT avg(x) FROM (VALUES (1), (2)) v(x)`: `1.5` for Postgres'
`1.5000000000000000`). Integer by integer needs no help: DuckDB divides those as
Postgres does (`integer_division`, set for the session in engine.py).

So the select list's `avg()`, `avg() OVER (...)` and `/` (also under `round()`) with an
operand of unknown kind fail as the statement runs where DuckDB's own type of that
operand (`runtime_types.py`) makes Postgres' answer numeric, and answer as before where
it is a double in Postgres too (a float8 or real operand). A cast of the operand makes
its kind known, and the exact quotient is computed.
"""

from __future__ import annotations

from sqlglot import exp

from ..numeric import value_kind
from .runtime_types import UNSEEN_TYPE, argument_sample, duck_type_in, failing_where

__all__ = ["unseen_numeric_quotients"]

_MESSAGE = UNSEEN_TYPE.format(what="{what}", kinds="numeric or integer")
_EXACT = ("int", "numeric")


def _guard(node: exp.Expr, column_types: dict[str, str]) -> exp.Expr | None:
    """`node` failing where its exact numeric answer cannot be given; None where no
    check is needed (its operands' kinds are known, or one is a float)."""
    if isinstance(node, exp.Div):
        kinds = {value_kind(node.left, column_types), value_kind(node.right, column_types)}
        if None not in kinds or "float" in kinds:
            return None
        left, right = node.left, node.right
        numeric = exp.or_(
            exp.and_(duck_type_in(left.copy(), ("numeric",)), duck_type_in(right.copy(), _EXACT)),
            exp.and_(duck_type_in(right.copy(), ("numeric",)), duck_type_in(left.copy(), _EXACT)),
        )
        return failing_where(numeric, _MESSAGE.format(what="/"), node.copy())
    average = node
    while isinstance(average, exp.Window | exp.Filter):
        average = average.this
    if not isinstance(average, exp.Avg) or value_kind(average.this, column_types) is not None:
        return None
    sample = argument_sample(average)
    return failing_where(duck_type_in(sample, _EXACT), _MESSAGE.format(what="avg()"), node.copy())


def unseen_numeric_quotients(tree: exp.Expr, column_types: dict[str, str]) -> None:
    """Guard the select list's quotients of unknown kinds (after `numeric_quotients`,
    which has rewritten those whose kinds it knows)."""
    if not isinstance(tree, exp.Select):
        return
    for target in tree.expressions:
        value = target.this if isinstance(target, exp.Alias) else target
        if isinstance(value, exp.Round) and not isinstance(value.this, exp.Cast):
            value = value.this  # round(numeric) is exact too
        guarded = _guard(value, column_types)
        if guarded is not None:
            value.replace(guarded)
