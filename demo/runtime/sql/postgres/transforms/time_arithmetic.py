"""`time - time`, an interval in Postgres, which DuckDB has no operator for.

Each side is set on one day and the timestamps subtracted: DuckDB's timestamp
difference is the interval Postgres answers (`'10:00' - '08:30'` is `01:30:00`, and
`'08:00' - '10:00'` is `-02:00:00`), never more than a day apart.
"""

from __future__ import annotations

from sqlglot import exp

from ..type_match import of_type

__all__ = ["time_differences"]


def _is_time(node: exp.Expr, column_types: dict[str, str]) -> bool:
    return of_type(node.unnest(), column_types, "TIME", "time", nodes=(exp.CurrentTime,))


def time_differences(tree: exp.Expr, column_types: dict[str, str]) -> None:
    day = exp.cast(exp.Literal.string("2000-01-01"), "DATE")
    for node in list(tree.find_all(exp.Sub)):
        if _is_time(node.left, column_types) and _is_time(node.right, column_types):
            moments = [exp.paren(exp.Add(this=day.copy(), expression=side.copy()))
                       for side in (node.left, node.right)]  # fmt: skip
            node.replace(exp.paren(exp.Sub(this=moments[0], expression=moments[1])))
