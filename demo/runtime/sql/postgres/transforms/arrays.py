"""Arrays in Postgres' text form.

- `parse_array_text`: the items of `'{a,"b c",NULL}'` (also read by the JSON path
  functions, which take a path as array text).
- `array_text_literals`: Postgres' `'{a,b}'` array text, cast or written into an
  array column, becomes a DuckDB list (DuckDB reads only `[a, b]`).
- `any_of_null_array`: `x = ANY (array)` and `x = ALL (array)` are NULL where the
  array is NULL, as in Postgres; DuckDB answers false for ANY and true for ALL.
- `null_array_concatenations`: `a || b` and `array_cat(a, b)` of two arrays take a NULL
  side as empty, as Postgres does (`tags || '{new}'` of a NULL `tags` is `{new}`);
  DuckDB's `||` answered NULL, and its array_cat `[]` for two NULLs (Postgres: NULL).
"""

from __future__ import annotations

import re

from sqlglot import exp

from ..type_match import is_type
from .statement import written_literals

__all__ = [
    "any_of_null_array",
    "array_text_literals",
    "null_array_concatenations",
    "parse_array_text",
]


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


# Expression.meta key: an array concatenation this module rewrote (an array itself).
_JOINED = "pg_joined_arrays"
_ARRAY_SHAPES = (
    exp.Array, exp.ArrayAgg, exp.ArrayAppend, exp.ArrayPrepend, exp.ArrayConcat,
    exp.StringToArray,
)  # fmt: skip


def _is_array(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """Whether the statement alone shows `node` to be an array."""
    node = node.unnest()
    if node.meta.get(_JOINED) or isinstance(node, _ARRAY_SHAPES):
        return True
    return _array_type(node, column_types) is not None


def _array_type(node: exp.Expr, column_types: dict[str, str]) -> exp.DataType | None:
    """The array type the statement shows `node` to have (a column's, a cast's)."""
    node = node.unnest()
    if isinstance(node, exp.Cast) and node.to.is_type(exp.DataType.Type.ARRAY):
        return node.to.copy()
    if isinstance(node, exp.Column):
        known = column_types.get(node.name.lower(), "")
        return exp.DataType.build(known, dialect="duckdb") if known.endswith("[]") else None
    return None


def _joined(left: exp.Expr, right: exp.Expr) -> exp.Expr:
    """Two arrays joined as Postgres' array_cat joins them: a NULL side counts as empty,
    and two NULLs are NULL."""
    both_null = exp.and_(
        exp.Is(this=left.copy(), expression=exp.null()),
        exp.Is(this=right.copy(), expression=exp.null()),
    )
    joined = exp.Anonymous(this="list_concat", expressions=[left.copy(), right.copy()])
    return _marked(exp.Case(ifs=[exp.If(this=both_null, true=exp.null())], default=joined))


_T = exp.DType
_TEXT = (_T.VARCHAR, _T.TEXT)
_INTEGERS = (_T.SMALLINT, _T.INT, _T.BIGINT)  # by width


def _element_type(array: exp.Expr, column_types: dict[str, str]) -> exp.DType | None:
    """The element type of an array the statement shows, or None."""
    array = array.unnest()
    if isinstance(array, exp.Array):
        items = array.expressions
        if items and all(isinstance(i, exp.Literal) and i.is_int for i in items):
            return _T.INT
        if items and all(isinstance(i, exp.Literal) and i.is_string for i in items):
            return _T.VARCHAR
        return None
    typed = _array_type(array, column_types)
    if typed is None or not typed.expressions:
        return None
    return typed.expressions[0].this


def _value_type(node: exp.Expr, column_types: dict[str, str]) -> exp.DType | None:
    """The type of a value that is not an array, where the statement shows it (an untyped
    string literal has none: Postgres reads it as array text)."""
    node = node.unnest()
    if isinstance(node, exp.Literal):
        return _T.INT if node.is_int else None
    if isinstance(node, exp.Cast) and not node.to.is_type(_T.ARRAY):
        return node.to.this
    if isinstance(node, exp.Column):
        known = column_types.get(node.name.lower(), "")
        if not known or known.endswith("[]"):
            return None
        return exp.DataType.build(known, dialect="duckdb").this
    return None


def _appends(array: exp.Expr, value: exp.Expr, column_types: dict[str, str]) -> bool:
    """Whether Postgres' `array || value` appends `value` keeping the array's type, as
    DuckDB's list_append does: text to a text array, an integer no wider than the array's
    integers. Others (`int[] || 2.5` is a numeric[] in Postgres) are left to DuckDB."""
    element, added = _element_type(array, column_types), _value_type(value, column_types)
    if element in _TEXT:
        return added in _TEXT
    if element in _INTEGERS and added in _INTEGERS:
        return _INTEGERS.index(added) <= _INTEGERS.index(element)
    return False


def null_array_concatenations(tree: exp.Expr, column_types: dict[str, str]) -> None:
    """`a || b` and `array_cat(a, b)` of arrays the statement shows as such, innermost
    first (`a || b || c`); `array || element` and `element || array` as array_append and
    array_prepend (DuckDB's `||` refused them). A side of a type the statement does not
    show (a subquery's column) is left to DuckDB, whose `||` answers NULL for a NULL side."""
    for node in reversed(list(tree.find_all(exp.DPipe, exp.ArrayConcat))):
        if isinstance(node, exp.ArrayConcat):
            if len(node.expressions) == 1:
                node.replace(_joined(node.this, node.expressions[0]))
            continue
        for side, other in ((node.expression, node.this), (node.this, node.expression)):
            typed = _array_type(other, column_types)
            if typed is not None and isinstance(side, exp.Literal) and side.is_string:
                # Postgres reads an untyped string beside an array as array text
                side.replace(exp.cast(side.copy(), typed))
        left, right = node.this, node.expression
        arrays = (_is_array(left, column_types), _is_array(right, column_types))
        if all(arrays):
            node.replace(_joined(left, right))
        elif arrays[0] and _appends(left, right, column_types):
            node.replace(_marked(exp.ArrayAppend(this=left.copy(), expression=right.copy())))
        elif arrays[1] and _appends(right, left, column_types):
            node.replace(_marked(exp.ArrayPrepend(this=right.copy(), expression=left.copy())))


def _marked(node: exp.Expr) -> exp.Expr:
    node.meta[_JOINED] = True
    return node
