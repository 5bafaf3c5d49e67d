"""A row made JSON: `row_to_json(t)`, `to_json(t)`, `json_agg(t)` of a FROM item `t`.

APIs written in SQL build their answers this way: `SELECT json_agg(u) FROM (SELECT id,
email FROM users) u` is a JSON array of objects, one per row, keyed by the columns' names
in their order. DuckDB has no record to hand the JSON functions. Where the statement
shows the item's columns (a subquery's select list without `*`, or a table of the
database) the row becomes the call that builds the object from them, `json_build_object`
or `jsonb_build_object` (json_rewrite.py writes it, values as Postgres converts them).
Another item, or a name that is also a column, is left as it was: the JSON rewrite
refuses it, as before.
"""

from __future__ import annotations

from sqlglot import exp

from ..json_rewrite import ROW_OBJECT, json_kind
from ..type_match import is_type

__all__ = ["row_json_arguments"]

# Function -> the object builder of its flavour.
_ROW_FUNCTIONS = {
    "row_to_json": "json_build_object",
    "to_json": "json_build_object",
    "json_agg": "json_build_object",
    "to_jsonb": "jsonb_build_object",
    "jsonb_agg": "jsonb_build_object",
}


def _row_argument(call: exp.Expr) -> tuple[str, exp.Expr] | None:
    """(the function's name, its one argument) of a call that may take a row."""
    if isinstance(call, exp.JSONArrayAgg):  # json_agg(x [ORDER BY ...])
        argument = call.this.this if isinstance(call.this, exp.Order) else call.this
        return "json_agg", argument
    if isinstance(call, exp.Anonymous) and len(call.expressions) == 1:
        return str(call.this).lower(), call.expressions[0]
    return None


def _item_columns(
    select: exp.Select, alias: str, table_types: dict[str, dict[str, str]]
) -> list[tuple[str, exp.Expr | None]] | None:
    """The columns, in order, of the FROM item of `select` named `alias`: each name, with
    the subquery's expression for it (None for a table's column)."""
    holders = [select.args.get("from_"), *(select.args.get("joins") or [])]
    for holder in holders:
        item = holder.this if holder is not None else None
        if item is None or item.alias_or_name.lower() != alias:
            continue
        if isinstance(item, exp.Subquery) and isinstance(item.this, exp.Select):
            renamed = item.args.get("alias")
            if renamed is not None and renamed.columns:
                return None  # `AS u(a, b)`
            outputs = item.this.expressions
            if any(o.is_star for o in outputs):
                return None
            names = [o.alias_or_name for o in outputs]
            if not all(names) or len(set(names)) != len(names):
                return None
            return [(n, o.unalias()) for n, o in zip(names, outputs, strict=True)]
        if isinstance(item, exp.Table) and not item.db:
            columns = table_types.get(item.name.lower())
            return [(name, None) for name in columns] if columns else None
        return None
    return None


# Expressions of a subquery's column that are never JSON when json_kind() says so.
_PLAIN = (
    exp.Literal, exp.Null, exp.Boolean, exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Mod, exp.Neg,
    exp.Upper, exp.Lower, exp.Length, exp.DPipe, exp.Round, exp.Abs,
)  # fmt: skip


def _not_json(inner: exp.Expr, json_types: dict[str, str]) -> bool:
    """Whether a subquery's column is surely not JSON (an unknown is not)."""
    if json_kind(inner, json_types) is not None:
        return False
    if isinstance(inner, exp.Column):
        return json_types.get(inner.name.lower()) not in (None, "json", "jsonb", "?")
    if isinstance(inner, exp.Cast):
        return not is_type(inner.to, "json", "jsonb")
    return isinstance(inner, _PLAIN)


def _value(alias: str, name: str, inner: exp.Expr | None, json_types: dict[str, str]) -> exp.Expr:
    """The reference to a column of the row. The JSON rewrite tells JSON columns by their
    names: a subquery's column that is surely not JSON is handed to it as an expression
    (in parentheses), so that it converts the value instead of refusing an unknown name."""
    reference = exp.column(name, table=alias, quoted=True)
    if inner is not None and _not_json(inner, json_types):
        return exp.Paren(this=reference)
    return reference  # a table's column, or JSON: the rewrite knows it by its name, or refuses


def row_json_arguments(
    tree: exp.Expr, table_types: dict[str, dict[str, str]], json_types: dict[str, str]
) -> None:
    """Each row argument of a JSON function whose columns the statement shows, replaced by
    the object built from them (the whole call, but for the aggregates)."""
    known_columns = {c.lower() for columns in table_types.values() for c in columns}
    for call in list(tree.find_all(exp.JSONArrayAgg, exp.Anonymous)):
        found = _row_argument(call)
        if found is None:
            continue
        function, argument = found
        builder = _ROW_FUNCTIONS.get(function)
        if builder is None or not isinstance(argument, exp.Column) or argument.table:
            continue
        alias = argument.name.lower()
        select = call.find_ancestor(exp.Select)
        if select is None or alias in known_columns:
            continue
        columns = _item_columns(select, alias, table_types)
        if columns is None:
            continue
        pairs: list[exp.Expr] = []
        for name, inner in columns:
            pairs += [exp.Literal.string(name), _value(alias, name, inner, json_types)]
        built = exp.Anonymous(this=builder, expressions=pairs)
        built.meta[ROW_OBJECT] = True  # written as Postgres writes a row: `{"a":1,"b":2}`
        if function in ("json_agg", "jsonb_agg"):
            argument.replace(built)
        else:
            call.replace(built)
