"""Aggregates whose edge cases DuckDB answers differently from Postgres.

- `population_variance_of_non_finite`: `var_pop`/`stddev_pop` of a single infinite or
  NaN value are NaN in Postgres (its running sums turn NaN) but 0 in DuckDB, which
  answers NaN as Postgres does once two or more values are aggregated.
"""

from __future__ import annotations

from sqlglot import exp

__all__ = ["population_variance_of_non_finite"]


def _same_frame(node: exp.Expr, func: exp.Expr) -> exp.Expr:
    """`func` wrapped in `node`'s FILTER and OVER clauses, if it has them."""
    call = node
    wrapped = func
    parent = call.parent
    while isinstance(parent, exp.Filter | exp.Window) and parent.this is call:
        outer = parent.copy()
        outer.set("this", wrapped)
        wrapped, call, parent = outer, parent, parent.parent
    return wrapped


def _outermost(node: exp.Expr) -> exp.Expr:
    while isinstance(node.parent, exp.Filter | exp.Window) and node.parent.this is node:
        node = node.parent
    return node


def population_variance_of_non_finite(tree: exp.Expr) -> None:
    """`var_pop(x)` becomes `var_pop(x) + (max(x) - max(x))`, over the same rows.

    The added term is 0 for finite values and NaN when the greatest value is infinite
    or NaN, which is Postgres' answer; with two or more values DuckDB is already NaN.
    """
    for call in list(tree.find_all(exp.VariancePop, exp.StddevPop)):
        greatest = _same_frame(call, exp.Max(this=call.this.copy()))
        nan_if_not_finite = exp.paren(exp.Sub(this=greatest, expression=greatest.copy()))
        whole = _outermost(call)
        whole.replace(exp.paren(exp.Add(this=whole.copy(), expression=nan_if_not_finite)))
