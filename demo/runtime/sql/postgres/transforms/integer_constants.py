"""Integer constants meeting a smallint, typed int4 as Postgres types them.

Postgres types an integer constant as int4 (int8 past int4's range), so `stock * 1000`
over a smallint column is int4 arithmetic and `stock * 1000 * 1000` is 10000000. DuckDB
types a constant as narrow as it fits, so the same product was smallint arithmetic and
failed with "smallint out of range" where Postgres answers (pagila's
`rental_duration * 86400` is such a product). Here an integer constant of int4's range
that meets a smallint in `+ - * / %` is cast to INTEGER; a smallint meeting a smallint
stays smallint arithmetic, as in Postgres. So is one among the values a GREATEST, LEAST,
COALESCE or CASE chooses from with a smallint (`coalesce(stock, 0)` is int4 in Postgres,
a smallint in DuckDB).
"""

from __future__ import annotations

from sqlglot import exp

from ..type_match import is_type

__all__ = ["int4_constants"]

_ARITHMETIC = (exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Mod)
_INT4 = 2**31
_SMALLINT = ("SMALLINT", "INT2")


def _int4_constant(node: exp.Expr) -> bool:
    value = node.this if isinstance(node, exp.Neg) else node
    return isinstance(value, exp.Literal) and value.is_int and abs(int(value.this)) < _INT4


def _smallint(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """Whether Postgres computes `node` as a smallint."""
    if isinstance(node, exp.Paren | exp.Neg):
        return _smallint(node.this, column_types)
    if isinstance(node, exp.Column):
        return column_types.get(node.name.lower(), "").upper() in _SMALLINT
    if isinstance(node, exp.Cast):
        return is_type(node.to, "smallint")
    if isinstance(node, _ARITHMETIC):
        return _smallint(node.this, column_types) and _smallint(node.expression, column_types)
    return False


def _choices(node: exp.Expr) -> list[exp.Expr]:
    """The values a GREATEST, LEAST, COALESCE or CASE answers with."""
    if isinstance(node, exp.Case):
        found = [i.args["true"] for i in node.args.get("ifs") or []]
        return [*found, node.args["default"]] if node.args.get("default") else found
    return [node.this, *node.expressions]


def int4_constants(tree: exp.Expr, column_types: dict[str, str]) -> None:
    for node in list(tree.find_all(*_ARITHMETIC, exp.Greatest, exp.Least, exp.Coalesce, exp.Case)):
        if isinstance(node, _ARITHMETIC):
            pairs = [(node.this, node.expression), (node.expression, node.this)]
            widen = [
                c for c, other in pairs if _int4_constant(c) and _smallint(other, column_types)
            ]
        else:
            values = _choices(node)
            narrow = any(_smallint(v, column_types) for v in values)
            widen = [v for v in values if narrow and _int4_constant(v)]
        for constant in widen:
            constant.replace(exp.cast(constant.copy(), "INTEGER"))
