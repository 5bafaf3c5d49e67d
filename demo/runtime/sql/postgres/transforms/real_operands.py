"""`real` (float4) values meeting other numbers, computed as Postgres computes them.

Postgres has float4 operators for float4 with float4 and with float8 only. A real
meeting an integer or a numeric (`rating * 2`, `rating > 1.1`, `price + qty`) is cast
to float8, the numeric category's preferred type, and the answer is float8: `1.1::real
* 2` is 2.200000047683716 and `1.1::real > 1.1` is true. DuckDB casts the other side to
FLOAT instead and answers in single precision (2.2, false): rows went missing from a
WHERE and totals differed in their last digits, silently. So here the real side of
`+ - * /`, of a comparison and of BETWEEN is cast to DOUBLE where the other side is an
integer or a numeric. A string literal takes the real's type, as in Postgres (`r * '2'`
stays real), and two reals stay real. `r IN (1.1, 2.5)` is left as it is: Postgres
resolves a list to one common type, real there, as DuckDB does.

`%` has no floating-point form in Postgres: `real % integer` is refused in its words.

A column whose type is not seen here (a WITH query's, a VALUES list's) meeting an
integer or a numeric is checked as the statement runs (`runtime_types.py`): where DuckDB
types it FLOAT the statement fails before any answer.
"""

from __future__ import annotations

from sqlglot import exp

from ..numeric import is_float4, value_kind
from .operand_types import number_literal_type
from .runtime_types import UNSEEN_TYPE, duck_type_in, failing_where, is_checked
from .statement import is_assignment

__all__ = ["real_operands"]

_ARITHMETIC = (exp.Add, exp.Sub, exp.Mul, exp.Div)
_COMPARISONS = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)
_EXACT = ("int", "numeric")
# DuckDB's type -> Postgres' name, for the refusal of `%`.
_POSTGRES_NAMES = {
    "SMALLINT": "smallint", "INTEGER": "integer", "BIGINT": "bigint", "DOUBLE": "double precision",
    "FLOAT": "real", "REAL": "real", "DECIMAL": "numeric",
}  # fmt: skip


def _to_double(node: exp.Expr) -> None:
    node.replace(exp.Cast(this=node.copy(), to=exp.DataType.build("DOUBLE")))


def _unseen_column(node: exp.Expr, column_types: dict[str, str]) -> bool:
    while isinstance(node, exp.Paren | exp.Neg):
        node = node.this
    return isinstance(node, exp.Column) and node.name.lower() not in column_types


def _promote(operand: exp.Expr, others: list[exp.Expr], column_types: dict[str, str]) -> bool:
    """Cast `operand` to DOUBLE where it is a real and one of `others` an integer or a
    numeric; True when it did."""
    if is_float4(operand, column_types) and any(
        value_kind(o, column_types) in _EXACT for o in others
    ):
        _to_double(operand)
        return True
    return False


def _check_unseen(node: exp.Expr, operands: list[exp.Expr], column_types: dict[str, str]) -> None:
    """`node` failing as it runs where an operand of unseen type is a FLOAT and another is
    an integer or a numeric."""
    if not any(value_kind(o, column_types) in _EXACT for o in operands):
        return
    unseen = [o for o in operands if _unseen_column(o, column_types)]
    if not unseen or is_checked(node.parent or node):
        return
    condition = exp.or_(*(duck_type_in(o.copy(), ("float4",)) for o in unseen))
    message = UNSEEN_TYPE.format(what="arithmetic or a comparison", kinds="real (float4)")
    node.replace(failing_where(condition, message, node.copy()))


def _type_name(node: exp.Expr, column_types: dict[str, str]) -> str | None:
    """Postgres' name of a number operand's type; None where not seen here."""
    if isinstance(node, exp.Paren | exp.Neg):
        return _type_name(node.this, column_types)
    if isinstance(node, exp.Literal):
        return None if node.is_string else number_literal_type(node)
    if isinstance(node, exp.Cast):
        duck = node.to.sql("duckdb")
    elif isinstance(node, exp.Column):
        duck = column_types.get(node.name.lower(), "")
    else:
        return None
    return _POSTGRES_NAMES.get(duck.upper().split("(")[0].strip())


def _modulo_refusal(node: exp.Mod, column_types: dict[str, str]) -> str | None:
    """`x % y` with a float operand: Postgres has no such operator; DuckDB answers fmod."""
    if "float" not in {value_kind(side, column_types) for side in (node.left, node.right)}:
        return None
    names = [_type_name(side, column_types) for side in (node.left, node.right)]
    if None in names:
        return None
    return f"operator does not exist: {names[0]} % {names[1]}"


def real_operands(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    """Rewrite in place; a refusal of `real % integer` (and any float `%`), or None."""
    for modulo in list(tree.find_all(exp.Mod)):
        refused = _modulo_refusal(modulo, column_types)
        if refused is not None:
            return refused
    # Innermost first: `r * 2 + 1` casts r, then its (now float8) product meets 1.
    nodes = list(tree.find_all(*_ARITHMETIC, *_COMPARISONS, exp.Between))
    for node in reversed(nodes):
        if is_assignment(node):
            continue  # `SET f = 2`: an assignment, not a comparison
        if isinstance(node, exp.Between):
            operands = [node.this, node.args["low"], node.args["high"]]
        else:
            operands = [node.this, node.expression]
        changed = False
        for operand in operands:
            others = [o for o in operands if o is not operand]
            changed = _promote(operand, others, column_types) or changed
        if not changed:
            _check_unseen(node, operands, column_types)
    return None
