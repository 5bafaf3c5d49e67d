"""`is_type` with each type name parsed once.

sqlglot's `DataType.is_type("jsonb")` parses the name with the full SQL parser on every
call. The rewrites ask it of every cast, so a seed's long INSERT statements asked it
350,000 times: a third of the Chinook seed's transpile time. The names are parsed here
once, exactly as sqlglot parses them (`udt=True`), so every answer stays the same.

`of_type` asks the same of an operand the rewrites see before any typing: a column (by
the tables' DuckDB types), a cast, or a node that is of the type by itself.
"""

from __future__ import annotations

import functools

from sqlglot import exp

__all__ = ["is_type", "of_type"]


def is_type(typed: exp.Expr, *types: str | exp.DType) -> bool:
    """`typed.is_type(*types)`: a DataType, or an expression by its annotated type."""
    return typed.is_type(*(_parsed(t) if isinstance(t, str) else t for t in types))


@functools.cache
def _parsed(name: str) -> exp.DataType:
    # Shared: only ever compared, never put into a tree.
    return exp.DataType.build(name, udt=True)


def of_type(
    node: exp.Expr,
    column_types: dict[str, str],
    duck_type: str,
    *cast_to: str | exp.DType,
    nodes: tuple[type[exp.Expr], ...] = (),
) -> bool:
    """Whether `node` is a column whose DuckDB type is `duck_type`, a cast to one of
    `cast_to`, or one of `nodes` (`CURRENT_DATE` is a date)."""
    if isinstance(node, exp.Column):
        return column_types.get(node.name.lower(), "").upper() == duck_type
    if isinstance(node, exp.Cast):
        return is_type(node.to, *cast_to)
    return isinstance(node, nodes)
