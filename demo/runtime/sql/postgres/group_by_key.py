"""GROUP BY a primary key, selecting the other columns of its table, as Postgres allows.

Postgres knows that every column of a table is functionally dependent on its primary
key, so `SELECT u.id, u.name, count(*) ... GROUP BY u.id` is valid there; DuckDB's
binder asks for `u.name` in the GROUP BY. Adding the table's other columns to the
GROUP BY gives the same groups (they cannot split a group that has one key value),
so the query answers as in Postgres. Only plain GROUP BY lists are extended:
ROLLUP, CUBE and GROUPING SETS would change meaning.
"""

from __future__ import annotations

from typing import Any

import sqlglot
from sqlglot import exp

from ...ports import DuckConnection

__all__ = [
    "KEYS_QUERY",
    "group_by_primary_key",
    "load_keys",
    "read_primary_keys",
]

# Primary keys, UNIQUE constraints and unique indexes (CREATE UNIQUE INDEX, which DuckDB
# does not list as a constraint) in one read: the schema the transpiler gets.
KEYS_QUERY = (
    "SELECT table_name, constraint_type, constraint_column_names, NULL FROM duckdb_constraints() "
    "WHERE database_name = current_database() "
    "AND constraint_type IN ('PRIMARY KEY', 'UNIQUE') "
    "UNION ALL SELECT table_name, 'UNIQUE INDEX', NULL, sql FROM duckdb_indexes() "
    "WHERE database_name = current_database() AND is_unique AND NOT is_primary"
)


def load_keys(rows: list[list[Any]]) -> tuple[dict[str, list[str]], dict[str, list[list[str]]]]:
    """From KEYS_QUERY's rows: table -> its primary key's columns, and table -> the parts
    of each of its UNIQUE constraints and unique indexes: a column's lower-case name, or an
    index's expression as DuckDB SQL in parentheses (no column name starts with one)."""
    primary = {
        str(table).lower(): [str(c).lower() for c in columns]
        for table, kind, columns, _ in rows
        if kind == "PRIMARY KEY"
    }
    unique: dict[str, list[list[str]]] = {}
    for table, kind, columns, index_sql in rows:
        if kind == "UNIQUE":
            parts = [str(c).lower() for c in columns]
        elif kind == "UNIQUE INDEX":
            parts = _index_parts(str(index_sql))
        else:
            continue
        unique.setdefault(str(table).lower(), []).append(parts)
    return primary, unique


def _index_parts(index_sql: str) -> list[str]:
    """The key parts of a `CREATE UNIQUE INDEX` statement as DuckDB reports it."""
    create = sqlglot.parse_one(index_sql, read="duckdb")
    parts = []
    for ordered in create.this.args["params"].args["columns"]:
        part = ordered.this
        if isinstance(part, exp.Column):
            parts.append(part.name.lower())
        else:
            paren = part if isinstance(part, exp.Paren) else exp.Paren(this=part)
            parts.append(paren.sql("duckdb"))
    return parts


def _grouped_columns(select: exp.Expr) -> list[exp.Column] | None:
    """The Column nodes of a plain GROUP BY (ordinals resolved); None if not plain."""
    group = select.args.get("group")
    if group is None or any(group.args.get(k) for k in ("rollup", "cube", "grouping_sets")):
        return None
    columns = []
    for item in group.expressions:
        if isinstance(item, exp.Literal) and item.is_int:
            position = int(item.this) - 1
            if 0 <= position < len(select.expressions):
                target = select.expressions[position]
                item = target.this if isinstance(target, exp.Alias) else target
        if isinstance(item, exp.Column):
            columns.append(item)
    return columns


def _is_grouped(
    column: str,
    alias: str,
    grouped: set[tuple[str, str]],
    sources: dict[str, str],
    table_types: dict[str, dict[str, str]],
) -> bool:
    """Whether `alias.column` is in the GROUP BY (qualified, or unqualified and unambiguous)."""
    if (alias, column) in grouped:
        return True
    owners = [a for a, t in sources.items() if column in table_types.get(t, {})]
    return ("", column) in grouped and owners == [alias]


def group_by_primary_key(
    tree: exp.Expr, primary_keys: dict[str, list[str]], table_types: dict[str, dict[str, str]]
) -> None:
    """Add the other columns of a table whose primary key is grouped to the GROUP BY."""
    for select in list(tree.find_all(exp.Select)):
        columns = _grouped_columns(select)
        if not columns:
            continue
        sources = {
            table.alias_or_name.lower(): table.name.lower()
            for table in select.find_all(exp.Table)
            if table.find_ancestor(exp.Select) is select and table.name
        }
        grouped = {(c.table.lower(), c.name.lower()) for c in columns}
        for alias, table in sources.items():
            key = primary_keys.get(table)
            if not key or not all(
                _is_grouped(c, alias, grouped, sources, table_types) for c in key
            ):
                continue
            group = select.args["group"]
            for column in table_types.get(table, {}):
                if not _is_grouped(column, alias, grouped, sources, table_types):
                    group.append("expressions", exp.column(column, table=alias, quoted=True))


def read_primary_keys(conn: DuckConnection) -> dict[str, list[str]]:
    """Table -> its primary key's columns (lower-case), read from the database."""
    return load_keys([list(r) for r in conn.execute(KEYS_QUERY).rows])[0]
