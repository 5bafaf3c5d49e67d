"""Catalog views that show the statement's own database, not every database of the engine.

A service's database is a catalog of its own inside one DuckDB instance (duckdb-wasm's
one instance in the browser, the process's natively: demo/native/duck.py), and DuckDB's
information_schema and pg_catalog views list the objects of every attached catalog. A
site with two postgres services listed each one's tables in the other's
`information_schema.tables`, and `pg_tables` showed a table twice where both had one of
its name. Postgres shows the current database only, and names it as the service's
database (`table_catalog` is `postgres`, not DuckDB's `helio_db_1`).

Each reference to such a view becomes a subquery of it that keeps the rows of the
current catalog and of DuckDB's own (`system` and `temp`, where the views themselves and
the built-in types and functions live: what a database alone in its instance shows).
Views that carry a catalog name are filtered by it; views keyed by OIDs by the OIDs of
the objects in those catalogs; `pg_tables`, `pg_views`, `pg_indexes` and `pg_sequences`,
which carry neither, are written out over DuckDB's table functions, filtered. Runs after
the readers of the statement as written (declared output types, column names), which
read the views' names.
"""

from __future__ import annotations

import sqlglot
from sqlglot import exp

__all__ = ["catalog_scope", "view_subquery"]

# DuckDB's name of the database the statement runs on: a call the session-name rewrite
# (result_types.py, which answers the sqlglot node `CurrentDatabase` with the service's
# name) does not touch.
_DUCK_DATABASE = "current_database()"
# Where the service's database name goes: replaced by a `CurrentDatabase` node.
_SERVICE_DATABASE = "__helio_service_database__"
_VISIBLE = f"({_DUCK_DATABASE}, 'system', 'temp')"
_SCHEMAS = f"(SELECT oid FROM duckdb_schemas() WHERE database_name IN {_VISIBLE})"
_OBJECTS = (
    f"(SELECT table_oid FROM duckdb_tables() WHERE database_name IN {_VISIBLE}"
    f" UNION ALL SELECT view_oid FROM duckdb_views() WHERE database_name IN {_VISIBLE}"
    f" UNION ALL SELECT sequence_oid FROM duckdb_sequences() WHERE database_name IN {_VISIBLE}"
    f" UNION ALL SELECT index_oid FROM duckdb_indexes() WHERE database_name IN {_VISIBLE}"
    f" UNION ALL SELECT type_oid FROM duckdb_types() WHERE database_name IN {_VISIBLE}"
    f" UNION ALL SELECT function_oid FROM duckdb_functions() WHERE database_name IN {_VISIBLE})"
)

# information_schema view -> its columns naming a catalog (the first one filters).
_CATALOG_COLUMNS = {
    "schemata": ("catalog_name",),
    "tables": ("table_catalog",),
    "columns": ("table_catalog",),
    "views": ("table_catalog",),
    "table_constraints": ("constraint_catalog", "table_catalog"),
    "key_column_usage": ("constraint_catalog", "table_catalog"),
    "constraint_column_usage": ("table_catalog", "constraint_catalog"),
    "constraint_table_usage": ("table_catalog", "constraint_catalog"),
    "check_constraints": ("constraint_catalog",),
    "referential_constraints": ("constraint_catalog", "unique_constraint_catalog"),
}
# pg_catalog view -> the condition that keeps its rows of the visible catalogs.
_PG_CONDITIONS = {
    "pg_class": f"relnamespace IN {_SCHEMAS}",
    "pg_type": f"typnamespace IN {_SCHEMAS}",
    "pg_proc": f"pronamespace IN {_SCHEMAS}",
    "pg_constraint": f"connamespace IN {_SCHEMAS}",
    "pg_attribute": f"attrelid IN {_OBJECTS}",
    "pg_attrdef": f"adrelid IN {_OBJECTS}",
    "pg_index": f"indrelid IN {_OBJECTS}",
    "pg_description": f"objoid IN {_OBJECTS}",
    "pg_enum": f"enumtypid IN {_OBJECTS}",
    "pg_sequence": f"seqrelid IN {_OBJECTS}",
}
# pg_catalog views without a catalog name or an OID, written out (the columns DuckDB's
# own definitions give), filtered.
_PG_WRITTEN = {
    "pg_tables": (
        "SELECT schema_name AS schemaname, table_name AS tablename, 'duckdb' AS tableowner,"
        " NULL AS tablespace, index_count > 0 AS hasindexes, false AS hasrules,"
        " false AS hastriggers FROM duckdb_tables()"
    ),
    "pg_views": (
        "SELECT schema_name AS schemaname, view_name AS viewname, 'duckdb' AS viewowner,"
        " sql AS definition FROM duckdb_views()"
    ),
    "pg_indexes": (
        "SELECT schema_name AS schemaname, table_name AS tablename, index_name AS indexname,"
        " NULL AS tablespace, sql AS indexdef FROM duckdb_indexes()"
    ),
    "pg_sequences": (
        "SELECT schema_name AS schemaname, sequence_name AS sequencename,"
        " 'duckdb' AS sequenceowner, 0 AS data_type, start_value, min_value, max_value,"
        " increment_by, cycle, 0 AS cache_size, last_value FROM duckdb_sequences()"
    ),
}


def _scoped_sql(schema: str, view: str) -> str | None:
    """The scoped view's SELECT in DuckDB's SQL, or None where `view` needs none."""
    if schema == "information_schema" and view in _CATALOG_COLUMNS:
        columns = _CATALOG_COLUMNS[view]
        # The current catalog is named as the service's database (the CurrentDatabase
        # node that result_types.py answers); DuckDB's own keep their names.
        named = ", ".join(
            f"CASE WHEN {c} = {_DUCK_DATABASE} THEN {_SERVICE_DATABASE} ELSE {c} END AS {c}"
            for c in columns
        )
        return (
            f"SELECT * REPLACE ({named}) FROM information_schema.{view}"
            f" WHERE {columns[0]} IN {_VISIBLE}"
        )
    if schema == "pg_catalog" and view in _PG_CONDITIONS:
        return f"SELECT * FROM pg_catalog.{view} WHERE {_PG_CONDITIONS[view]}"
    if schema == "pg_catalog" and view in _PG_WRITTEN:
        return f"{_PG_WRITTEN[view]} WHERE database_name IN {_VISIBLE}"
    return None


def _catalog_view(table: exp.Table, ctes: set[str]) -> tuple[str, str] | None:
    """(schema, view) of a reference to a catalog view, or None."""
    if not isinstance(table.this, exp.Identifier) or table.catalog:
        return None
    name, schema = table.name.lower(), table.db.lower()
    if schema in ("information_schema", "pg_catalog"):
        return schema, name
    # pg_catalog comes first on Postgres' search path: a bare pg_class is its, unless the
    # statement names a WITH query so.
    if not schema and name.startswith("pg_") and name not in ctes:
        return "pg_catalog", name
    return None


def view_subquery(table: exp.Table, select: exp.Expr) -> None:
    """Put `select` (DuckDB's SQL) where a catalog view `table` was read, under its alias."""
    alias = exp.TableAlias(this=exp.to_identifier(table.alias or table.name))
    table.replace(exp.Subquery(this=select, alias=alias))


def catalog_scope(tree: exp.Expr) -> None:
    """Replace each catalog view the statement reads with its rows of this database."""
    ctes = {cte.alias_or_name.lower() for cte in tree.find_all(exp.CTE)}
    # Listed first: the views inside the subqueries put in their place are not visited.
    for table in list(tree.find_all(exp.Table)):
        view = _catalog_view(table, ctes)
        sql = None if view is None else _scoped_sql(*view)
        if sql is None:
            continue
        scoped = sqlglot.parse_one(sql, read="duckdb")
        # DuckDB's current_database() stays DuckDB's; the placeholder is the service's.
        for call in list(scoped.find_all(exp.CurrentDatabase)):
            call.replace(exp.Anonymous(this="current_database"))
        for placeholder in list(scoped.find_all(exp.Column)):
            if placeholder.name == _SERVICE_DATABASE:
                placeholder.replace(exp.CurrentDatabase())
        view_subquery(table, scoped)
