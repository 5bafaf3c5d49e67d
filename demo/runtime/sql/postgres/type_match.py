"""`is_type` with each type name parsed once.

sqlglot's `DataType.is_type("jsonb")` parses the name with the full SQL parser on every
call. The rewrites ask it of every cast, so a seed's long INSERT statements asked it
350,000 times: a third of the Chinook seed's transpile time. The names are parsed here
once, exactly as sqlglot parses them (`udt=True`), so every answer stays the same.
"""

from __future__ import annotations

import functools

from sqlglot import exp

__all__ = ["is_type"]


def is_type(typed: exp.Expr, *types: str | exp.DType) -> bool:
    """`typed.is_type(*types)`: a DataType, or an expression by its annotated type."""
    return typed.is_type(*(_parsed(t) if isinstance(t, str) else t for t in types))


@functools.cache
def _parsed(name: str) -> exp.DataType:
    # Shared: only ever compared, never put into a tree.
    return exp.DataType.build(name, udt=True)
