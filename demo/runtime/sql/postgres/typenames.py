"""Postgres' names for types, where a query asks for them by name.

DuckDB names its own types (`INTEGER`, `VARCHAR`, `DECIMAL(10,2)`); front ends and
ORMs read Postgres' (`integer`, `character varying`, `numeric`, `int4`):

- `information_schema_columns`: `information_schema.columns` is read through a
  view of DuckDB's whose `data_type` and `udt_name` hold Postgres' names. The
  varchar/char/json/jsonb columns DuckDB keeps as VARCHAR are told apart by the
  declared type that declared.py records as the column's comment.
- `untyped_nulls`: `SELECT NULL AS x` is a text column in Postgres; DuckDB's NULL
  type has no Arrow twin (duckdb-wasm reports it as an integer), so it is cast.
- `pg_typeof`: answers Postgres' name of its argument's type (a `regtype`, OID 2206),
  from DuckDB's `typeof()` of the transpiled argument, so it names the type this
  adapter reports for that expression.
"""

from __future__ import annotations

import sqlglot
from sqlglot import exp

from .declared import base_name
from .identity_columns import IDENTITY_COMMENT_PREFIX
from .json_rewrite import json_kind
from .transforms.catalog_scope import view_subquery
from .transforms.statement import output_targets

__all__ = ["REGTYPE", "information_schema_columns", "pg_typeof", "untyped_nulls"]

REGTYPE = "regtype"

# DuckDB type name -> (format_type name, udt_name); DECIMAL(p,s) is matched by prefix.
_NAMES = {
    "BOOLEAN": ("boolean", "bool"),
    "TINYINT": ("smallint", "int2"),
    "SMALLINT": ("smallint", "int2"),
    "INTEGER": ("integer", "int4"),
    "BIGINT": ("bigint", "int8"),
    "HUGEINT": ("bigint", "int8"),
    "FLOAT": ("real", "float4"),
    "DOUBLE": ("double precision", "float8"),
    "VARCHAR": ("text", "text"),
    "BLOB": ("bytea", "bytea"),
    "DATE": ("date", "date"),
    "TIME": ("time without time zone", "time"),
    "TIMESTAMP": ("timestamp without time zone", "timestamp"),
    # timestamptz is held as TIMESTAMP_NS (transforms/timestamptz.py).
    "TIMESTAMP_NS": ("timestamp with time zone", "timestamptz"),
    "TIMESTAMP WITH TIME ZONE": ("timestamp with time zone", "timestamptz"),
    "INTERVAL": ("interval", "interval"),
    "UUID": ("uuid", "uuid"),
}
# Declared types (declared.py), from the column's comment.
_DECLARED = {
    "pg:varchar": ("character varying", "varchar"),
    "pg:bpchar": ("character", "bpchar"),
    "pg:json": ("json", "json"),
    "pg:jsonb": ("jsonb", "jsonb"),
}


def _declared_key(column: exp.Column, declared: dict[str, str]) -> str:
    """`pg:bpchar` for a char(n) column (declared `bpchar(n)`), `pg:varchar`, ..."""
    return "pg:" + base_name(declared.get(column.name.lower(), ""))


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _name_case(type_sql: str, which: int, comment_sql: str | None = None) -> str:
    """A DuckDB CASE naming the type whose DuckDB name `type_sql` yields, Postgres' way."""
    whens = []
    if comment_sql is not None:
        # `pg:bpchar(4)`: the comment keeps a char(n) column's width.
        whens += [
            f"WHEN split_part({comment_sql}, '(', 1) = {_quote(k)} THEN {_quote(v[which])}"
            for k, v in _DECLARED.items()
        ]
    whens += [f"WHEN {type_sql} = {_quote(k)} THEN {_quote(v[which])}" for k, v in _NAMES.items()]
    numeric = ("numeric", "numeric")[which]
    whens.append(f"WHEN {type_sql} LIKE 'DECIMAL(%' THEN {_quote(numeric)}")
    return f"CASE {' '.join(whens)} ELSE lower({type_sql}) END"


def _column_type_sql() -> tuple[str, str]:
    """(data_type, udt_name) expressions over DuckDB's information_schema.columns."""
    element = "regexp_replace(data_type, '\\[\\d*\\]$', '')"
    data_type = (
        f"CASE WHEN data_type LIKE '%]' THEN 'ARRAY' "
        f"ELSE {_name_case('data_type', 0, 'COLUMN_COMMENT')} END"
    )
    udt = (
        f"CASE WHEN data_type LIKE '%]' THEN '_' || {_name_case(element, 1)} "
        f"ELSE {_name_case('data_type', 1, 'COLUMN_COMMENT')} END"
    )
    return data_type, udt


# Columns of information_schema.columns that DuckDB's catalog leaves NULL: refused by name.
_UNRECORDED_COLUMN_FACTS = frozenset({
    "is_identity", "identity_generation", "identity_start", "identity_increment",
    "identity_maximum", "identity_minimum", "identity_cycle", "is_generated",
    "generation_expression",
})  # fmt: skip
# Columns of other information_schema views whose values DuckDB's catalog gives
# otherwise (a view's definition in DuckDB's words, simple views not updatable, a
# column's is_updatable NULL; updatable_views.sql reads them): refused by name.
_OTHER_VALUES = {
    "columns": frozenset({"is_updatable"}),
    "tables": frozenset({"is_insertable_into"}),
    "views": frozenset({
        "view_definition", "check_option", "is_updatable", "is_insertable_into",
        "is_trigger_updatable", "is_trigger_deletable", "is_trigger_insertable_into",
    }),
}  # fmt: skip


def _unrecorded(tree: exp.Expr, view: str) -> str | None:
    """The refusal of a column of `information_schema.<view>` the statement names whose
    values the demo's catalog does not give as Postgres does, or None."""
    for column in tree.find_all(exp.Column):
        name = column.name.lower()
        if view == "columns" and name in _UNRECORDED_COLUMN_FACTS:
            return (
                f"information_schema.columns.{name} is not supported by this demo (its"
                " engine's catalog does not record identity or generated columns)"
            )
        if name in _OTHER_VALUES.get(view, ()):
            return (
                f"information_schema.{view}.{name} is not supported by this demo (its"
                " engine's catalog does not give it as Postgres does)"
            )
    return None


# DuckDB writes a serial column's default `nextval('public.t_id_seq')`; Postgres writes
# the sequence as a regclass, unqualified in the path's schema and quoted where its name
# needs quotes: `nextval('t_id_seq'::regclass)`, `nextval('"Post_id_seq"'::regclass)`.
_NEXTVAL = r"'^nextval\(''(public\.)?([^'']+)''\)$'"
_SEQUENCE = f"regexp_extract(column_default, {_NEXTVAL}, 2)"
_SERIAL_DEFAULT = (
    f"'nextval(''' || CASE WHEN regexp_matches({_SEQUENCE}, '^[a-z_][a-z0-9_$.]*$')"
    f" THEN {_SEQUENCE} ELSE '\"' || {_SEQUENCE} || '\"' END || '''::regclass)'"
)

# Defaults Postgres writes as DuckDB does (`0`, `2.50`, `false`), and string literals of
# the string and JSON types, which Postgres writes with a cast (`'USER'::text`).
_AS_WRITTEN = r"'^(true|false|[0-9]+(\.[0-9]+)?)$'"
_STRING = r"'^''([^'']|'''')*''$'"
_STRING_TYPES = "('text', 'character varying', 'json', 'jsonb')"
_UNKNOWN_DEFAULT = (
    "'this demo does not give information_schema.columns.column_default of ' || table_name"
    " || '.' || column_name || ': DuckDB keeps the default as ' || column_default"
    " || ', which Postgres writes otherwise'"
)


def information_schema_columns(tree: exp.Expr) -> str | None:
    """Read `information_schema.columns` through a view with Postgres' type names; the
    refusal of a column of an information_schema view the demo's catalog does not give
    as Postgres does, or None."""
    for table in list(tree.find_all(exp.Table)):
        if table.db.lower() != "information_schema":
            continue
        refused = _unrecorded(tree, table.name.lower())
        if refused is not None:
            return refused
        if table.name.lower() != "columns":
            continue
        data_type, udt = _column_type_sql()
        # An identity column has no default in Postgres' catalog; here a sequence's
        # nextval stands in for it (identity_columns.py marks the column's comment). The
        # defaults DuckDB writes as Postgres does, or can be written so, answer; another
        # (`now()`, which DuckDB keeps as a cast of CURRENT_TIMESTAMP) fails where read.
        default = (
            f"CASE WHEN COLUMN_COMMENT LIKE '{IDENTITY_COMMENT_PREFIX}%' THEN NULL"
            " WHEN column_default IS NULL THEN NULL"
            f" WHEN regexp_matches(column_default, {_NEXTVAL}) THEN {_SERIAL_DEFAULT}"
            f" WHEN regexp_matches(column_default, {_AS_WRITTEN}) THEN column_default"
            # DuckDB 1.4 (duckdb-wasm) keeps a restored boolean default as a cast of 't'/'f'.
            " WHEN column_default = 'CAST(''t'' AS BOOLEAN)' THEN 'true'"
            " WHEN column_default = 'CAST(''f'' AS BOOLEAN)' THEN 'false'"
            f" WHEN regexp_matches(column_default, {_STRING}) AND ({data_type}) IN {_STRING_TYPES}"
            f" THEN column_default || '::' || ({data_type})"
            f" ELSE error({_UNKNOWN_DEFAULT}) END"
        )
        view = sqlglot.parse_one(
            f"SELECT * REPLACE ({data_type} AS data_type, {udt} AS udt_name,"
            f" {default} AS column_default) FROM information_schema.columns",
            read="duckdb",
        )
        view_subquery(table, view)
    return None


def pg_typeof(tree: exp.Expr, declared: dict[str, str]) -> dict[str, str]:
    """`pg_typeof(x)` as Postgres' type name; return output name -> `regtype` tag.

    `declared` maps unambiguous column names to their declared Postgres type
    (varchar, json, ...), which DuckDB's typeof() cannot see.
    """
    tags = {
        target.alias_or_name: REGTYPE
        for target in output_targets(tree)
        if _is_pg_typeof(target.this if isinstance(target, exp.Alias) else target)
    }
    for node in list(tree.find_all(exp.Anonymous)):
        if not _is_pg_typeof(node):
            continue
        (arg,) = node.expressions
        if isinstance(arg, exp.Literal) and arg.is_string:
            name: exp.Expr = exp.Literal.string("unknown")  # an untyped literal, as in Postgres
        elif isinstance(arg, exp.Column) and _declared_key(arg, declared) in _DECLARED:
            name = exp.Literal.string(_DECLARED[_declared_key(arg, declared)][0])
        elif (kind := json_kind(arg, declared)) in ("json", "jsonb"):
            # a JSON function's result: text in DuckDB (jsonb_set, jsonb_insert, ...)
            name = exp.Literal.string(str(kind))
        else:
            type_sql = "typeof(__pg_typeof_arg__)"
            element = "regexp_replace(typeof(__pg_typeof_arg__), '\\[\\d*\\]$', '')"
            case = (
                f"CASE WHEN {type_sql} LIKE '%]' THEN {_name_case(element, 0)} || '[]' "
                f"ELSE {_name_case(type_sql, 0)} END"
            )
            name = sqlglot.parse_one(case, read="duckdb")
            for placeholder in list(name.find_all(exp.Column)):
                if placeholder.name == "__pg_typeof_arg__":
                    placeholder.replace(arg.copy())
        node.replace(name)
    return tags


def _is_pg_typeof(node: exp.Expr) -> bool:
    return (
        isinstance(node, exp.Anonymous)
        and str(node.this).lower() == "pg_typeof"
        and len(node.expressions) == 1
    )


def untyped_nulls(tree: exp.Expr) -> None:
    """A select-list `NULL` (no cast) is text, as Postgres resolves it: in the
    statement's own list and in a subquery's or a CTE's (`(SELECT NULL) v(v) WHERE v = 1`
    is `text = integer` to Postgres). Not in a set operation's branches (resolved with
    the other branches' types) nor in an INSERT's query (the target columns' types).
    A NULL joined with `||` to a string literal is text too."""
    for select in list(tree.find_all(exp.Select)):
        if select is not tree and not isinstance(select.parent, exp.Subquery | exp.CTE):
            continue
        for target in select.expressions:
            node = target.this if isinstance(target, exp.Alias) else target
            if isinstance(node, exp.Null):
                node.replace(exp.cast(exp.Null(), "VARCHAR"))
    # `'x' || NULL` is text || unknown to Postgres: text. duckdb-wasm types it INTEGER,
    # even with the NULL cast to text: the whole is cast.
    for concat in list(tree.find_all(exp.DPipe)):
        sides = (concat.this, concat.expression)
        if any(isinstance(s, exp.Null) for s in sides) and any(
            isinstance(s, exp.Literal) and s.is_string for s in sides
        ):
            concat.replace(exp.cast(concat.copy(), "VARCHAR"))
