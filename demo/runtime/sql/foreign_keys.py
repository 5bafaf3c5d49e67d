"""Foreign keys checked by the adapter, as Postgres checks them, not declared to DuckDB.

DuckDB refuses every UPDATE of a row that a foreign key references (its updates are
a delete plus an insert), which breaks ordinary app writes such as `INSERT ... ON
CONFLICT DO UPDATE` on a referenced row. So CREATE TABLE keeps its REFERENCES /
FOREIGN KEY clauses out of DuckDB (`pg_transforms.strip_foreign_keys`) and records
them here instead, as the table's comment (`pg:fk [...]`, which the database image
keeps; ALTER TABLE ... ADD FOREIGN KEY adds to it, in seeds too). After each INSERT/UPDATE/DELETE/MERGE the engine checks the keys that touch
the statement's table with an anti-join, as Postgres checks a non-deferred key at
the end of the statement; a violation fails the statement (and so the request, which
rolls back) with Postgres' message. Only NO ACTION / RESTRICT referential actions
(Postgres' default) are supported: others fail at CREATE TABLE with a message.
MATCH SIMPLE: a key with a NULL column is not checked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

__all__ = [
    "FOREIGN_KEYS_QUERY",
    "ForeignKey",
    "check_statement",
    "declared_foreign_keys",
    "load_foreign_keys",
    "register_foreign_keys",
    "registry_statement",
]

FOREIGN_KEYS_QUERY = (
    "SELECT table_name, comment FROM duckdb_tables() "
    "WHERE database_name = current_database() AND comment LIKE 'pg:fk %'"
)
_PREFIX = "pg:fk "
_ACCEPTED_ACTIONS = {"NO ACTION", "RESTRICT"}


class ForeignKeyError(Exception):
    """A foreign key this adapter cannot enforce as Postgres would."""


@dataclass(frozen=True)
class ForeignKey:
    name: str
    table: str
    columns: tuple[str, ...]
    parent: str
    # Empty: the parent's primary key (resolved when checked).
    parent_columns: tuple[str, ...]


def _ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def declared_foreign_keys(tree: Any, table: str) -> list[ForeignKey]:
    """The foreign keys a CREATE TABLE declares; ForeignKeyError for unsupported actions."""
    from sqlglot import exp

    keys = []
    for ref in tree.find_all(exp.Reference):
        parent = ref.this.this if isinstance(ref.this, exp.Schema) else ref.this
        parent_columns = (
            tuple(c.name.lower() for c in ref.this.expressions)
            if isinstance(ref.this, exp.Schema)
            else ()
        )
        for option in ref.args.get("options") or []:
            text = " ".join(str(option).upper().split())
            action = text.removeprefix("ON DELETE ").removeprefix("ON UPDATE ")
            if action == text or action not in _ACCEPTED_ACTIONS:
                raise ForeignKeyError(
                    f"foreign key option {text} is not supported by this demo"
                    " (only NO ACTION and RESTRICT actions)"
                )
        holder = ref.parent
        if isinstance(holder, exp.ForeignKey):
            columns = tuple(c.name.lower() for c in holder.expressions)
            named = holder.parent if isinstance(holder.parent, exp.Constraint) else None
        elif isinstance(holder, exp.ColumnConstraint) and isinstance(holder.parent, exp.ColumnDef):
            columns = (holder.parent.name.lower(),)
            named = holder
        else:
            continue
        name = named.name if named is not None and named.name else ""
        keys.append(
            ForeignKey(
                name=name or f"{table}_{'_'.join(columns)}_fkey",
                table=table,
                columns=columns,
                parent=parent.name.lower(),
                parent_columns=parent_columns,
            )
        )
    return keys


def registry_statement(table: str, keys: list[ForeignKey]) -> str:
    """The DuckDB statement that records a new table's foreign keys as its comment."""
    text = _PREFIX + json.dumps(
        [[k.name, list(k.columns), k.parent, list(k.parent_columns)] for k in keys]
    )
    return f"COMMENT ON TABLE {_ident(table)} IS '" + text.replace("'", "''") + "'"


def register_foreign_keys(conn: Any, table: str, keys: list[ForeignKey]) -> str | None:
    """Add keys to an existing table (ALTER TABLE ... ADD FOREIGN KEY).

    Rows already there must satisfy them, as Postgres validates them: returns Postgres'
    message for the first key they break (nothing is recorded then), else None.
    """
    from .group_by_key import PRIMARY_KEYS_QUERY, load_primary_keys

    rows = conn.execute(FOREIGN_KEYS_QUERY).rows
    existing = [k for k in load_foreign_keys([list(r) for r in rows]) if k.table == table]
    primary_keys = load_primary_keys([list(r) for r in conn.execute(PRIMARY_KEYS_QUERY).rows])
    broken = check_statement(conn, table, keys, primary_keys, parent_side=False)
    if broken is not None:
        return broken
    conn.execute(registry_statement(table, existing + keys))
    return None


def load_foreign_keys(rows: list[list[Any]]) -> list[ForeignKey]:
    keys = []
    for table, comment in rows:
        for name, columns, parent, parent_columns in json.loads(str(comment)[len(_PREFIX) :]):
            keys.append(
                ForeignKey(name, str(table).lower(), tuple(columns), parent, tuple(parent_columns))
            )
    return keys


def _violation_query(key: ForeignKey, parent_columns: tuple[str, ...]) -> str:
    present = " AND ".join(f"c.{_ident(c)} IS NOT NULL" for c in key.columns)
    match = " AND ".join(
        f"p.{_ident(pc)} = c.{_ident(c)}" for c, pc in zip(key.columns, parent_columns, strict=True)
    )
    return (
        f"SELECT 1 FROM {_ident(key.table)} AS c WHERE {present} AND NOT EXISTS "
        f"(SELECT 1 FROM {_ident(key.parent)} AS p WHERE {match}) LIMIT 1"
    )


def check_statement(
    conn: Any,
    written: str,
    keys: list[ForeignKey],
    primary_keys: dict[str, list[str]],
    *,
    parent_side: bool = True,
) -> str | None:
    """Postgres' message for the first key a write to table `written` broke, or None."""
    for key in keys:
        if written != key.table and not (parent_side and written == key.parent):
            continue
        parent_columns = key.parent_columns or tuple(primary_keys.get(key.parent, ()))
        if len(parent_columns) != len(key.columns):
            return (
                f'there is no primary key for referenced table "{key.parent}"'
                if not parent_columns
                else "number of referencing and referenced columns for foreign key disagree"
            )
        if not conn.execute(_violation_query(key, parent_columns)).rows:
            continue
        if written == key.table:
            return (
                f'insert or update on table "{key.table}" violates foreign key constraint'
                f' "{key.name}"'
            )
        return (
            f'update or delete on table "{key.parent}" violates foreign key constraint'
            f' "{key.name}" on table "{key.table}"'
        )
    return None
