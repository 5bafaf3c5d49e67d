"""`INSERT INTO t VALUES (...)` with fewer values than t has columns.

Postgres fills the first columns left to right and gives the rest their defaults;
DuckDB refuses ("table has 3 columns but 2 values were supplied"). Naming the first
columns makes DuckDB do what Postgres does.
"""

from __future__ import annotations

from sqlglot import exp

__all__ = ["implicit_insert_columns"]


def implicit_insert_columns(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> None:
    """Give a column-less INSERT ... VALUES with short rows its first columns' names."""
    if not isinstance(tree, exp.Insert) or not isinstance(tree.this, exp.Table):
        return
    values = tree.expression
    if not isinstance(values, exp.Values) or not values.expressions:
        return
    columns = table_types.get(tree.this.name.lower())
    if not columns:
        return
    widths = {len(row.expressions) for row in values.expressions if isinstance(row, exp.Tuple)}
    if len(widths) != 1 or len(values.expressions) != sum(
        isinstance(row, exp.Tuple) for row in values.expressions
    ):
        return
    (width,) = widths
    if width >= len(columns):
        return
    names = [exp.to_identifier(name) for name in list(columns)[:width]]
    tree.set("this", exp.Schema(this=tree.this.copy(), expressions=names))
