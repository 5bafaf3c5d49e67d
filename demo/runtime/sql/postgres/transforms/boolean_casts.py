"""Casts between boolean and the integer types Postgres has no rule for, refused in its words.

Postgres casts int4 to boolean and back, and no other integer type: `small::boolean` is
"cannot cast type smallint to boolean". DuckDB casts every integer type, so such a cast
was answered where Postgres refuses it.
"""

from __future__ import annotations

from sqlglot import exp

from ..type_match import is_type, of_type
from .division import is_bigint, is_smallint

__all__ = ["boolean_casts"]


def _is_boolean(node: exp.Expr, column_types: dict[str, str]) -> bool:
    if isinstance(node, exp.Paren):
        return _is_boolean(node.this, column_types)
    return isinstance(node, exp.Boolean | exp.Predicate | exp.Connector | exp.Not) or of_type(
        node, column_types, "BOOLEAN", "boolean"
    )


def _narrow_or_wide(node: exp.Expr, column_types: dict[str, str]) -> str | None:
    """ "smallint" or "bigint" for an integer of that type Postgres computes, else None."""
    if is_smallint(node, column_types):
        return "smallint"
    if is_bigint(node, column_types):
        return "bigint"
    return None


def boolean_casts(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    for cast in tree.find_all(exp.Cast):
        value = cast.this
        if is_type(cast.to, "boolean"):
            integer = _narrow_or_wide(value, column_types)
            if integer:
                return f"cannot cast type {integer} to boolean"
        elif is_type(cast.to, "smallint", "bigint") and _is_boolean(value, column_types):
            target = "smallint" if is_type(cast.to, "smallint") else "bigint"
            return f"cannot cast type boolean to {target}"
    return None
