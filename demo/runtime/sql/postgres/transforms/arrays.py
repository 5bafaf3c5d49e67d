"""Arrays in Postgres' text form.

- `parse_array_text`: the items of `'{a,"b c",NULL}'` (also read by the JSON path
  functions, which take a path as array text).
- `array_text_literals`: Postgres' `'{a,b}'` array text, cast or written into an
  array column, becomes a DuckDB list (DuckDB reads only `[a, b]`).
- `any_of_null_array`: `x = ANY (array)` and `x = ALL (array)` are NULL where the
  array is NULL, as in Postgres; DuckDB answers false for ANY and true for ALL.
"""

from __future__ import annotations

import re

from sqlglot import exp

from ..type_match import is_type
from .statement import written_literals

__all__ = ["any_of_null_array", "array_text_literals", "parse_array_text"]


_ARRAY_ITEM = re.compile(r'\s*("(?:[^"\\]|\\.)*"|[^,{}"]*)\s*(,|$)')


def parse_array_text(text: str) -> list[str | None] | None:
    """`{a,"b c",NULL}` -> ["a", "b c", None]; None when not a one-level array literal."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        return None
    body = body[1:-1]
    if not body.strip():
        return []
    items: list[str | None] = []
    pos = 0
    while pos < len(body):
        m = _ARRAY_ITEM.match(body, pos)
        if m is None or m.end() == pos:
            return None
        raw = m.group(1)
        if raw.startswith('"'):
            items.append(re.sub(r"\\(.)", r"\1", raw[1:-1]))
        else:
            items.append(None if raw.upper() == "NULL" else raw)
        pos = m.end()
    return items


def _array_value(literal: exp.Literal, array_type: exp.DataType) -> exp.Expr | None:
    items = parse_array_text(literal.this)
    if items is None:
        return None
    values = [exp.Null() if v is None else exp.Literal.string(v) for v in items]
    return exp.cast(exp.Array(expressions=values), array_type)


def array_text_literals(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> None:
    """`'{a,b}'::text[]`, `'{a,b}'` written into array columns, and an array column's
    `DEFAULT '{}'` in CREATE TABLE become DuckDB lists."""
    for column in list(tree.find_all(exp.ColumnDef)):
        kind = column.args.get("kind")
        if not (isinstance(kind, exp.DataType) and is_type(kind, *exp.DataType.NESTED_TYPES)):
            continue
        for default in column.find_all(exp.DefaultColumnConstraint):
            value = default.this
            if isinstance(value, exp.Literal) and value.is_string:
                replacement = _array_value(value, kind.copy())
                if replacement is not None:
                    value.replace(replacement)
    for cast in list(tree.find_all(exp.Cast)):
        if is_type(cast.to, *exp.DataType.NESTED_TYPES) and cast.to.args.get("nested"):
            value = cast.this
            if isinstance(value, exp.Literal) and value.is_string:
                replacement = _array_value(value, cast.to.copy())
                if replacement is not None:
                    cast.replace(replacement)
    for value, duck_type in written_literals(tree, table_types):
        if duck_type.endswith("[]"):
            replacement = _array_value(value, exp.DataType.build(duck_type, dialect="duckdb"))
            if replacement is not None:
                value.replace(replacement)


def any_of_null_array(tree: exp.Expr) -> None:
    """`x op ANY (array)` and `x op ALL (array)` made NULL where the array is NULL
    (DuckDB answers false for ANY, true for ALL; Postgres NULL: a row filtered by
    NOT (... = ANY (tags)) or by x <> ALL (tags) would be kept). Of a subquery they are
    left alone: DuckDB answers them as Postgres does."""
    for quantified in list(tree.find_all(exp.Any, exp.Anonymous)):
        if isinstance(quantified, exp.Anonymous):
            # sqlglot reads `ALL (array)` as a call of a function named ALL.
            if quantified.name.upper() != "ALL" or len(quantified.expressions) != 1:
                continue
            array = quantified.expressions[0]
        else:
            array = quantified.this
        while isinstance(array, exp.Paren):
            array = array.this
        comparison = quantified.parent
        if isinstance(array, exp.Subquery | exp.Query) or not isinstance(comparison, exp.Binary):
            continue
        guarded = exp.Case(
            ifs=[exp.If(this=exp.Is(this=array.copy(), expression=exp.null()), true=exp.null())],
            default=comparison.copy(),
        )
        comparison.replace(exp.Paren(this=guarded))
