"""Postgres column types that DuckDB folds into VARCHAR, remembered beside the tables.

DuckDB has one string type, so `varchar(n)`, `char(n)`, `json` and `jsonb` columns
(json is text here: the json extension is not available offline) would all report
`text`. CREATE TABLE records the declared type of such columns as the column's
comment (`pg:varchar`), which the image keeps (duckdump writes COMMENT ON COLUMN)
and which no information_schema listing shows. A result column that is a plain reference to such a column (or part of a
`*`, or a COALESCE/CASE/GREATEST/LEAST choosing between it and literals) then reports the declared type's OID, and json/jsonb values are parsed.
The identifier columns of information_schema and pg_catalog report `name` (19), as
Postgres' do. UUID results are named `uuid` the same way (casts, `gen_random_uuid()`,
uuid columns): duckdb-wasm's Arrow output carries them as text.
"""

from __future__ import annotations

from typing import Any

from sqlglot import exp

from .transforms.column_names import postgres_name
from .transforms.statement import target_table
from .transforms.timestamp_precision import declared_precision
from .type_match import is_type

__all__ = [
    "DECLARED_PREFIX",
    "MIXED_CHARACTERS",
    "base_name",
    "column_declared_type",
    "column_type",
    "declared_columns",
    "declared_name",
    "load_declared",
    "output_types",
    "registry_statements",
    "set_operation_of_characters",
]

# What a column comment that records a declared type starts with.
DECLARED_PREFIX = "pg:"

# A column name several char(n) columns of different widths answer to.
MIXED_CHARACTERS = "bpchar(?)"

_DECLARED = {
    "VARCHAR": "varchar",
    "CHAR": "bpchar",
    "NCHAR": "bpchar",
    "JSON": "json",
    "JSONB": "jsonb",
}

# Identifier columns of the catalog views front ends and ORMs read.
_NAME = "name"
CATALOG_TYPES: dict[str, dict[str, str]] = {
    "tables": {"table_catalog": _NAME, "table_schema": _NAME, "table_name": _NAME,
               "table_type": "varchar"},
    "columns": {"table_catalog": _NAME, "table_schema": _NAME, "table_name": _NAME,
                "column_name": _NAME, "is_nullable": "varchar", "data_type": "varchar",
                "udt_name": _NAME, "column_default": "varchar"},
    "views": {"table_catalog": _NAME, "table_schema": _NAME, "table_name": _NAME},
    "schemata": {"catalog_name": _NAME, "schema_name": _NAME},
    "table_constraints": {"constraint_catalog": _NAME, "constraint_schema": _NAME,
                          "constraint_name": _NAME, "table_catalog": _NAME,
                          "table_schema": _NAME, "table_name": _NAME,
                          "constraint_type": "varchar"},
    "key_column_usage": {"constraint_catalog": _NAME, "constraint_name": _NAME,
                         "table_catalog": _NAME, "table_schema": _NAME, "table_name": _NAME,
                         "column_name": _NAME, "is_nullable": "varchar", "data_type": "varchar"},
    "pg_tables": {"schemaname": _NAME, "tablename": _NAME, "tableowner": _NAME},
    "pg_class": {"relname": _NAME, "relkind": '"char"'},
    "pg_namespace": {"nspname": _NAME},
}  # fmt: skip
_CATALOG_SCHEMAS = ("information_schema", "pg_catalog")


def quote_literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def column_type(column: exp.ColumnDef) -> exp.DataType | None:
    """A column definition's type, where sqlglot knows it (an object identifier type,
    `oid` or `regclass`, is held as its name alone: the rewrites refuse it)."""
    kind = column.args.get("kind")
    if isinstance(kind, exp.DataType) and isinstance(kind.this, exp.DType):
        return kind
    return None


def declared_name(data_type: exp.DataType) -> str:
    """The registry's name of a string type: `bpchar(4)` keeps the width a char(n)
    value is padded to (`char` alone is char(1)), `varchar(10)` the length a varchar(n)
    value is checked against; the others their base name."""
    name = _DECLARED[data_type.this.name]
    if name not in ("bpchar", "varchar"):
        return name
    params = data_type.expressions
    width = params[0].this if len(params) == 1 else None
    if isinstance(width, exp.Literal) and width.is_int:
        return f"{name}({int(width.this)})"
    return "bpchar(1)" if name == "bpchar" and not params else name


def base_name(declared: str) -> str:
    """`bpchar(4)` -> `bpchar`: the type without its width."""
    return declared.split("(", 1)[0]


def declared_columns(tree: exp.Expr) -> list[tuple[str, str]]:
    """(column, Postgres type) for the varchar/char/json/jsonb columns of a CREATE TABLE
    or those ALTER TABLE ... ADD COLUMN adds."""
    holder = tree.this
    if isinstance(tree, exp.Alter):
        defs = [a for a in tree.args.get("actions") or [] if isinstance(a, exp.ColumnDef)]
    elif isinstance(holder, exp.Schema):
        defs = list(holder.find_all(exp.ColumnDef))
    else:
        return []
    found = []
    for column in defs:
        kind = column_type(column)
        if kind is not None and kind.this.name in _DECLARED:
            found.append((column.name.lower(), declared_name(kind)))
        elif kind is not None and (precision := declared_precision(kind)):
            found.append((column.name.lower(), precision))  # transforms/timestamp_precision.py
    return found


def registry_statements(table: str, columns: list[tuple[str, str]]) -> list[str]:
    """DuckDB statements that record a new table's declared column types."""
    quoted = ".".join('"' + part.replace('"', '""') + '"' for part in table.split("."))
    return [
        f'COMMENT ON COLUMN {quoted}."{column}" IS {quote_literal("pg:" + pg_type)}'
        for column, pg_type in columns
    ]


def load_declared(rows: list[list[Any]]) -> dict[str, dict[str, str]]:
    """Table -> column -> declared type, from (table, column, comment) rows of the
    commented columns (other comments are not this module's)."""
    declared: dict[str, dict[str, str]] = {}
    for table, column, comment in rows:
        if str(comment).startswith(DECLARED_PREFIX):
            text = str(comment)[len(DECLARED_PREFIX) :]
            declared.setdefault(str(table).lower(), {})[str(column).lower()] = text
    return declared


def _sources(select: exp.Expr) -> dict[str, str]:
    """Alias (or name) -> table name for the tables a SELECT reads."""
    sources = {}
    for table in select.find_all(exp.Table):
        if table.find_ancestor(exp.Select) is not select:
            continue
        key = table.alias_or_name.lower()
        sources[key] = (
            f"{table.db.lower()}.{table.name.lower()}"
            if table.db.lower() in _CATALOG_SCHEMAS or table.name.lower() in CATALOG_TYPES
            else table.name.lower()
        )
    return sources


def _derived_tables(
    select: exp.Expr, table_types: dict[str, dict[str, str]], declared: dict[str, dict[str, str]]
) -> dict[str, dict[str, str]]:
    """Alias -> declared output types, for the subqueries a SELECT reads FROM.

    `FROM (SELECT * FROM t) s` keeps t's varchar columns varchar, as in Postgres.
    """
    derived = {}
    for sub in select.find_all(exp.Subquery):
        if (
            isinstance(sub.parent, exp.From | exp.Join)
            and sub.alias
            and sub.parent.parent is select
        ):
            inner = output_types(sub.this, table_types, declared)
            derived[sub.alias.lower()] = {k.lower(): v for k, v in inner.items()}
    ctes = _ctes_in_scope(select)
    for table in select.find_all(exp.Table):
        cte = ctes.get(table.name.lower()) if not table.db else None
        if cte is not None and table.find_ancestor(exp.Select) is select:
            inner = output_types(cte, table_types, declared)
            derived[table.alias_or_name.lower()] = {k.lower(): v for k, v in inner.items()}
    return derived


def _ctes_in_scope(select: exp.Expr) -> dict[str, exp.Expr]:
    """Name -> query of the WITH queries a SELECT may read (the nearest wins)."""
    found: dict[str, exp.Expr] = {}
    inside: set[int] = set()  # a WITH query does not read itself
    node: exp.Expr | None = select
    while node is not None:
        inside.add(id(node))
        with_ = node.args.get("with_") or node.args.get("with")
        if isinstance(with_, exp.With) and not with_.args.get("recursive"):
            for cte in with_.expressions:
                if id(cte) not in inside:
                    found.setdefault(cte.alias_or_name.lower(), cte.this)
        node = node.parent
    return found


def _types_of(table: str, declared: dict[str, dict[str, str]]) -> dict[str, str]:
    if "." in table or table in CATALOG_TYPES:
        return CATALOG_TYPES.get(table.rsplit(".", 1)[-1], {})
    return declared.get(table, {})


def _uuid_columns(table: str, table_types: dict[str, dict[str, str]]) -> dict[str, str]:
    # duckdb-wasm's Arrow output carries UUID as text: name the type for that path.
    return {c: "uuid" for c, t in table_types.get(table, {}).items() if t.upper() == "UUID"}


def output_types(
    tree: exp.Expr, table_types: dict[str, dict[str, str]], declared: dict[str, dict[str, str]]
) -> dict[str, str]:
    """Output column name -> declared Postgres type, for plain column references."""
    if isinstance(tree, exp.Insert | exp.Update | exp.Delete):
        returning = tree.args.get("returning")
        target = target_table(tree)
        if returning is None or not isinstance(target, exp.Table):
            return {}
        sources = {target.alias_or_name.lower(): target.name.lower()}
        targets = returning.expressions
    else:
        query = tree
        while isinstance(query, exp.SetOperation):
            query = query.this
        if not isinstance(query, exp.Select) or query is not tree:
            return {}  # a set operation's type is the union's, not one table's
        sources = _sources(query)
        targets = query.expressions
        derived = _derived_tables(query, table_types, declared)
        declared = {**declared, **derived}
        sources.update({alias: alias for alias in derived})
    out: dict[str, str] = {}
    for node in targets:
        name = node.alias_or_name or postgres_name(node)  # `SELECT current_user` too
        column = node.this if isinstance(node, exp.Alias) else node
        if isinstance(column, exp.Star) or (
            isinstance(column, exp.Column) and isinstance(column.this, exp.Star)
        ):
            qualifier = column.table.lower() if isinstance(column, exp.Column) else ""
            for alias, table in sources.items():
                if not qualifier or qualifier == alias:
                    out.update(_uuid_columns(table, table_types))
                    out.update(_types_of(table, declared))
            continue
        if isinstance(
            column,
            exp.CurrentDatabase
            | exp.CurrentCatalog
            | exp.CurrentUser
            | exp.SessionUser
            | exp.CurrentSchema,
        ):
            out[name] = _NAME
            continue
        if isinstance(column, exp.Cast):
            kind = getattr(column.to.this, "name", "")  # a user-defined type is text
            if kind in _DECLARED:
                out[name] = declared_name(column.to)
            elif is_type(column.to, "uuid"):
                out[name] = "uuid"
            continue
        if isinstance(column, exp.Uuid):
            out[name] = "uuid"
            continue
        if (
            isinstance(column, exp.Max | exp.Min)
            and isinstance(column.this, exp.Column)
            and not column.expressions
        ):
            found = _column_type(column.this, sources, table_types, declared)
            # max(c) of char(n) is bpchar, its values padded to n; of varchar it is text
            # (Postgres has no max(varchar): it takes the text form).
            if found and base_name(found) != "varchar":
                out[name if column is not node else postgres_name(column)] = found
            continue
        if isinstance(column, exp.Window) and isinstance(column.this, _VALUE_WINDOWS):
            value = column.this.this
            found = (
                _column_type(value, sources, table_types, declared)
                if isinstance(value, exp.Column)
                else None
            )
            if found:  # lag(c), first_value(c), ...: c's own type (Postgres' anyelement)
                out[name if column is not node else postgres_name(column)] = found
            continue
        if isinstance(column, exp.ArrayAgg):
            value = column.this.this if isinstance(column.this, exp.Order) else column.this
            found = (
                _column_type(value, sources, table_types, declared)
                if isinstance(value, exp.Column)
                else None
            )
            if found and base_name(found) == "varchar":  # varchar[], not text[]
                out[name if column is not node else postgres_name(column)] = "varchar[]"
            continue
        if isinstance(column, exp.Coalesce | exp.Case | exp.Greatest | exp.Least):
            chosen = _chosen_type(column, sources, table_types, declared)
            if chosen:
                out[name if column is not node else postgres_name(column)] = chosen
            continue
        if not isinstance(column, exp.Column):
            continue
        found = _column_type(column, sources, table_types, declared)
        if found:
            out[name] = found
    return out


# Window functions that answer one of their argument's values, in its type.
_VALUE_WINDOWS = (exp.Lag, exp.Lead, exp.FirstValue, exp.LastValue, exp.NthValue)


def _column_type(
    column: exp.Column,
    sources: dict[str, str],
    table_types: dict[str, dict[str, str]],
    declared: dict[str, dict[str, str]],
) -> str | None:
    """The declared type DuckDB cannot report of a column reference, if it has one."""
    col = column.name.lower()
    qualifier = column.table.lower()
    owners = [
        table
        for alias, table in sources.items()
        if (not qualifier or qualifier == alias)
        and (col in _types_of(table, declared) or col in table_types.get(table, {}))
    ]
    if len(owners) == 1 and col in _types_of(owners[0], declared):
        return _types_of(owners[0], declared)[col]
    kinds = {_types_of(t, declared).get(col) for t in owners}
    if len(owners) > 1 and len(kinds) == 1:  # `JOIN ... USING (col)` of one declared type
        return kinds.pop()
    if len(owners) == 1 and col in _uuid_columns(owners[0], table_types):
        return "uuid"
    return None


def column_declared_type(
    column: exp.Column,
    tree: exp.Expr,
    table_types: dict[str, dict[str, str]],
    declared: dict[str, dict[str, str]],
) -> str | None:
    """The declared type of a column reference anywhere in `tree`, looked up from its
    own SELECT outwards (a correlated reference names an outer query's table), then
    in the table an INSERT/UPDATE/DELETE writes (and UPDATE ... FROM's)."""
    col, qualifier = column.name.lower(), column.table.lower()
    scope = column.find_ancestor(exp.Select)
    while scope is not None:
        sources = _sources(scope)
        derived = _derived_tables(scope, table_types, declared)
        sources.update({alias: alias for alias in derived})
        known = {**declared, **derived}
        owners = [
            table
            for alias, table in sources.items()
            if (not qualifier or qualifier == alias)
            and (col in _types_of(table, known) or col in table_types.get(table, {}))
        ]
        if owners:
            kinds = {_types_of(t, known).get(col) for t in owners}
            if len(kinds) == 1:
                return kinds.pop()
            # USING columns of two char widths: which one Postgres shows is not followed.
            return MIXED_CHARACTERS if any(k and k.startswith("bpchar(") for k in kinds) else None
        if derived or any(t not in table_types for t in sources.values()):
            return None  # a subquery's or unknown relation's column: not followed out
        scope = scope.find_ancestor(exp.Select)
    if not isinstance(tree, exp.Insert | exp.Update | exp.Delete):
        return None
    target = target_table(tree)
    if not isinstance(target, exp.Table):
        return None
    sources = {target.alias_or_name.lower(): target.name.lower()}
    if column.table.lower() == "excluded" and isinstance(tree, exp.Insert):
        sources = {"excluded": target.name.lower()}  # ON CONFLICT's proposed row
    for key in ("from_", "from", "using", "joins"):
        found = tree.args.get(key)
        for holder in found if isinstance(found, list) else [found] if found else []:
            for table in holder.find_all(exp.Table):
                if table.find_ancestor(exp.Select) is None:
                    sources[table.alias_or_name.lower()] = table.name.lower()
    return _column_type(column, sources, table_types, declared)


def _chosen_type(
    node: exp.Coalesce | exp.Case | exp.Greatest | exp.Least,
    sources: dict[str, str],
    table_types: dict[str, dict[str, str]],
    declared: dict[str, dict[str, str]],
) -> str | None:
    """The declared type of COALESCE/CASE/GREATEST/LEAST over columns and literals.

    Postgres resolves them to the first typed argument's type where the others convert
    to it both ways (`coalesce(varchar_col, 'x')` and `coalesce(varchar_col, text_col)`
    are varchar); a string literal or NULL has no type of its own. Anything else (a
    function's result) is a type this does not know: None, DuckDB's type stands.
    """
    if isinstance(node, exp.Case):
        results = [i.args["true"] for i in node.args.get("ifs") or []]
        results.append(node.args.get("default"))
    else:
        results = [node.this, *node.expressions]
    for result in results:
        if result is None or isinstance(result, exp.Null):
            continue
        if isinstance(result, exp.Literal) and result.is_string:
            continue
        if not isinstance(result, exp.Column):
            return None
        found = _column_type(result, sources, table_types, declared)
        # A choice's own width is not the column's (`coalesce(c, 'q')` leaves 'q' unpadded).
        return base_name(found) if found and base_name(found) in ("varchar", "bpchar") else None
    return None


def _branches(query: exp.Expr) -> list[exp.Expr]:
    if isinstance(query, exp.SetOperation):
        return _branches(query.this) + _branches(query.expression)
    while isinstance(query, exp.Subquery):
        query = query.this
    return [query]


def set_operation_of_characters(
    tree: exp.Expr, table_types: dict[str, dict[str, str]], declared: dict[str, dict[str, str]]
) -> str | None:
    """A refusal for a UNION/INTERSECT/EXCEPT answering varchar or char(n) columns.

    Postgres answers such a column as character varying or blank-padded character
    (`'a   '`); DuckDB's is text and a char(n) value is held unpadded
    (`characters.py`): neither the type nor the values can be shown right
    (union.sql:72/77/82/86).
    """
    if not isinstance(tree, exp.SetOperation):
        return None
    for branch in _branches(tree):
        if not isinstance(branch, exp.Select):
            continue
        types = output_types(branch, table_types, declared).values()
        found = {base_name(t) for t in types} & {"varchar", "bpchar"}
        if found:
            name = "character varying" if "varchar" in found else "character"
            return (
                f"UNION/INTERSECT/EXCEPT of {name} columns is not supported by this demo:"
                " Postgres answers them in their declared type, blank-padded for character(n);"
                " cast them to text"
            )
    return None
