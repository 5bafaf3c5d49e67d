"""Integer constants meeting a smallint, typed int4 as Postgres types them.

Postgres types an integer constant as int4 (int8 past int4's range), so `stock * 1000`
over a smallint column is int4 arithmetic and `stock * 1000 * 1000` is 10000000. DuckDB
types a constant as narrow as it fits, so the same product was smallint arithmetic and
failed with "smallint out of range" where Postgres answers (pagila's
`rental_duration * 86400` is such a product). Here an integer constant of int4's range
that meets a smallint in `+ - * / %` is cast to INTEGER; a smallint meeting a smallint
stays smallint arithmetic, as in Postgres. The same for a constant among the values a
GREATEST, LEAST, COALESCE or CASE chooses from beside a smallint (`coalesce(stock, 0)` is
int4 in Postgres, a smallint in DuckDB); not in NULLIF, which answers its first
argument's type.
"""

from __future__ import annotations

from sqlglot import exp

from .division import chosen_values, is_smallint

__all__ = ["int4_constants"]

_ARITHMETIC = (exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Mod)
_CHOICES = (exp.Greatest, exp.Least, exp.Coalesce, exp.Case)  # not NULLIF
_INT4 = 2**31


def _int4_constant(node: exp.Expr) -> bool:
    value = node.this if isinstance(node, exp.Neg) else node
    return isinstance(value, exp.Literal) and value.is_int and abs(int(value.this)) < _INT4


def int4_constants(tree: exp.Expr, column_types: dict[str, str]) -> None:
    for node in list(tree.find_all(*_ARITHMETIC, *_CHOICES)):
        if isinstance(node, _ARITHMETIC):
            pairs = [(node.this, node.expression), (node.expression, node.this)]
            widen = [
                c for c, other in pairs if _int4_constant(c) and is_smallint(other, column_types)
            ]
        else:
            values = chosen_values(node) or []
            narrow = any(is_smallint(v, column_types) for v in values)
            widen = [v for v in values if narrow and _int4_constant(v)]
        for constant in widen:
            constant.replace(exp.cast(constant.copy(), "INTEGER"))
