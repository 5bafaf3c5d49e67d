"""Result column names as Postgres gives them.

`postgres_column_names`: Postgres names an unaliased output column after the
column or function (`count`, `upper`), the cast's type (`int4`) or `?column?`;
DuckDB uses the expression's text. The names are made explicit aliases.
"""

from __future__ import annotations

from sqlglot import exp

from ..dialect import WRITTEN_NAME
from .statement import output_targets

__all__ = ["postgres_column_names", "postgres_name"]


_FUNCTION_NAMES = {
    "CurrentTimestamp": "now",
    "AtTimeZone": "timezone",
    "CurrentDate": "current_date",
    "TimestampTrunc": "date_trunc",
    "DateTrunc": "date_trunc",
    "ArraySize": "array_length",
    "ExplodingGenerateSeries": "generate_series",
    "CurrentDatabase": "current_database",
    "CurrentUser": "current_user",
    "SessionUser": "session_user",
    "CurrentCatalog": "current_catalog",
    "CurrentVersion": "version",
    "CurrentSchema": "current_schema",
    "UnixToTime": "to_timestamp",
    "Substring": "substring",
    "Trim": "btrim",
    "StrPosition": "position",
    "Extract": "extract",
    "Count": "count",
    "Avg": "avg",
    "Length": "length",
    "Array": "array",
    "ArrayAgg": "array_agg",
    "JSONArrayAgg": "json_agg",
    "JSONObject": "json_object",
    "GroupConcat": "string_agg",
    "Round": "round",
    "Exists": "exists",
    "Case": "case",
    "Coalesce": "coalesce",
    "Greatest": "greatest",
    "Least": "least",
    "Nullif": "nullif",
    "Lower": "lower",
    "Upper": "upper",
}

_TYPE_NAMES = {
    "INT": "int4",
    "BIGINT": "int8",
    "SMALLINT": "int2",
    "BOOLEAN": "bool",
    "DOUBLE": "float8",
    "FLOAT": "float4",
    "DECIMAL": "numeric",
    "VARCHAR": "varchar",
    "TIMESTAMPTZ": "timestamptz",
    "TIMESTAMP": "timestamp",
    "TEXT": "text",
    "VARBINARY": "bytea",
    "CHAR": "bpchar",
    "JSONB": "jsonb",
    "JSON": "json",
}


def _weakly_named(node: exp.Expr) -> bool:
    """Whether Postgres names `node` only by a type's name or `case` (a cast of an
    unnamed value, an interval literal, a CASE whose ELSE is unnamed): a cast around it
    is then named after its own type (`1::int8::text` is `text`), where a column's or a
    function's name would stay (`x::text` is `x`)."""
    if isinstance(node, exp.Paren):
        return _weakly_named(node.this)
    if isinstance(node, exp.Cast):
        return postgres_name(node.this) == "?column?" or _weakly_named(node.this)
    if isinstance(node, exp.Case):
        default = node.args.get("default")
        return default is None or postgres_name(default) == "?column?" or _weakly_named(default)
    return isinstance(node, exp.Interval)


def postgres_name(node: exp.Expr) -> str:
    """The name Postgres gives an unaliased output column computing `node`."""
    if isinstance(node, exp.Column):
        return node.name
    if node.meta.get("pg_name"):
        return str(node.meta["pg_name"])  # see dialect.py
    if isinstance(node, exp.Cast):
        inner = postgres_name(node.this)
        if inner != "?column?" and not _weakly_named(node.this):
            return inner
        to = node.to
        if to.this is exp.DataType.Type.ARRAY and to.expressions:  # `::text[]` is `text`
            to = to.expressions[0]
        kind = getattr(to.this, "name", str(to.this))  # str: a user-defined type
        return _TYPE_NAMES.get(kind, kind.lower())
    if isinstance(node, exp.Interval):  # `interval '1 day'`: a typed literal
        return "interval"
    if isinstance(node, exp.Case) and not _weakly_named(node):
        return postgres_name(node.args["default"])  # `CASE ... ELSE upper(x) END` is `upper`
    if isinstance(node, exp.Paren | exp.Window | exp.Filter | exp.WithinGroup):
        # a window or FILTER call, an ordered-set aggregate: the function's name
        return postgres_name(node.this)
    written = node.meta.get(WRITTEN_NAME)
    if isinstance(written, str) and written.isidentifier():  # `mod(a, 3)`, not `a % 3`
        return written.lower()
    if isinstance(node, exp.Subquery):  # a scalar subquery: its one column's name
        selects = node.this.selects if isinstance(node.this, exp.Query) else []
        if len(selects) != 1:
            return "?column?"
        return selects[0].alias or postgres_name(selects[0])
    if isinstance(node, exp.Bracket):  # `(...)[1]` is named after what it subscripts
        return postgres_name(node.this)
    if isinstance(node, exp.Anonymous):
        return str(node.this).lower()
    name = _FUNCTION_NAMES.get(type(node).__name__)
    if name:
        return name
    if isinstance(node, exp.Func) and not isinstance(node, exp.Binary | exp.Unary):
        return node.sql_names()[0].lower() if node.sql_names() else "?column?"
    return "?column?"


def postgres_column_names(tree: exp.Expr) -> None:
    """Give every unaliased output column of the statement its Postgres name, and those of
    every query inside it: a WITH query's, a subquery's or a view's columns are named too
    (`WITH w AS (SELECT count(*) FROM t) SELECT count FROM w`, and `*` over them).

    An alias written without quotes is folded to lower case, as Postgres folds every
    unquoted name (`count(*) AS One` is the column `one`); DuckDB keeps it as written.
    """
    _name(output_targets(tree))
    top = set(map(id, output_targets(tree)))
    for select in tree.find_all(exp.Select):
        if not any(id(node) in top for node in select.expressions):
            _name(list(select.expressions))


def _name(targets: list[exp.Expr]) -> None:
    for i, node in enumerate(targets):
        alias = node.args.get("alias") if isinstance(node, exp.Alias) else None
        if isinstance(alias, exp.Identifier) and not alias.quoted:
            node.set("alias", exp.to_identifier(alias.name.lower(), quoted=True))
        if isinstance(node, exp.Alias | exp.Star) or (
            isinstance(node, exp.Column) and isinstance(node.this, exp.Star)
        ):
            continue
        if isinstance(node, exp.Column):
            continue  # DuckDB names a column reference after the column, as Postgres does
        targets[i].replace(exp.alias_(node.copy(), postgres_name(node), quoted=True))
