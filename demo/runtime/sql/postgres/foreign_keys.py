"""Foreign keys checked by the adapter, as Postgres checks them, not declared to DuckDB.

DuckDB refuses every UPDATE of a row that a foreign key references (its updates are
a delete plus an insert), which breaks ordinary app writes such as `INSERT ... ON
CONFLICT DO UPDATE` on a referenced row. So CREATE TABLE keeps its REFERENCES /
FOREIGN KEY clauses out of DuckDB (`transforms/statement.py`) and records
them here instead, as the table's comment (`pg:fk [...]`, which the database image
keeps; ALTER TABLE ... ADD FOREIGN KEY adds to it, in seeds too). After each INSERT/UPDATE/DELETE/MERGE the engine checks the keys that touch
the statement's table with an anti-join, as Postgres checks a non-deferred key at
the end of the statement; a violation fails the statement (and so the request, which
rolls back) with Postgres' message. After a DELETE, ON DELETE CASCADE / SET NULL
are applied first (to the rows whose parent is gone, repeatedly down the chain).
ON UPDATE CASCADE (Prisma declares every relation so) is accepted, and an UPDATE that
changes a key such a foreign key's rows still reference is refused in the demo's words:
the change is not carried to them; an UPDATE that leaves every referenced key as it was
answers as in Postgres. Other referential actions (SET DEFAULT, ON UPDATE SET NULL) fail
at CREATE TABLE with a message. MATCH SIMPLE: a key with a NULL column is not checked.
Dropping a table that a key references fails as in Postgres.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlglot import exp

from ...ports import DuckConnection
from .declared import quote_literal
from .duckdump import quote_ident
from .group_by_key import read_primary_keys

__all__ = [
    "FOREIGN_KEYS_QUERY",
    "ForeignKey",
    "ForeignKeyGuard",
    "check_statement",
    "declared_foreign_keys",
    "delete_actions",
    "dropped_parent",
    "load_foreign_keys",
    "register_foreign_keys",
    "registry_statement",
]

FOREIGN_KEYS_QUERY = (
    "SELECT table_name, comment FROM duckdb_tables() "
    "WHERE database_name = current_database() AND comment LIKE 'pg:fk %'"
)
_PREFIX = "pg:fk "
# DEFERRABLE keys (Django declares every key INITIALLY DEFERRED) are checked after each
# statement, as an immediate key is: a transaction that breaks one and mends it before
# COMMIT is refused at the breaking statement, where Postgres accepts it (docs/demo-runtime.md).
_DEFERRAL = {"DEFERRABLE", "NOT DEFERRABLE", "INITIALLY DEFERRED", "INITIALLY IMMEDIATE"}
_CHECKS = {"NO ACTION", "RESTRICT"}
_DELETE_ACTIONS = {"CASCADE", "SET NULL"}
_UPDATE_ACTIONS = {*_CHECKS, "CASCADE"}


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
    # What a DELETE of a referenced parent row does: NO ACTION, RESTRICT (the same check,
    # another message), CASCADE or SET NULL.
    on_delete: str = "NO ACTION"
    # What an UPDATE of a referenced key does: NO ACTION, RESTRICT, or CASCADE (refused
    # where it would reach a row: `check_statement`).
    on_update: str = "NO ACTION"


def declared_foreign_keys(tree: exp.Expr, table: str) -> list[ForeignKey]:
    """The foreign keys a CREATE TABLE declares; ForeignKeyError for unsupported actions."""
    keys = []
    for ref in tree.find_all(exp.Reference):
        parent = ref.this.this if isinstance(ref.this, exp.Schema) else ref.this
        parent_columns = (
            tuple(c.name.lower() for c in ref.this.expressions)
            if isinstance(ref.this, exp.Schema)
            else ()
        )
        on_delete = on_update = "NO ACTION"
        for option in ref.args.get("options") or []:
            text = " ".join(str(option).upper().split())
            if text.startswith("ON DELETE ") and text[10:] in _CHECKS | _DELETE_ACTIONS:
                on_delete = text[10:]
            elif text.startswith("ON UPDATE ") and text[10:] in _UPDATE_ACTIONS:
                on_update = text[10:]
            elif text not in _DEFERRAL:  # DEFERRABLE: checked after each statement
                raise ForeignKeyError(
                    f"foreign key option {text} is not supported by this demo"
                    " (ON DELETE NO ACTION, RESTRICT, CASCADE, SET NULL,"
                    " ON UPDATE NO ACTION, RESTRICT, CASCADE, and DEFERRABLE, only)"
                )
        holder = ref.parent
        if isinstance(holder, exp.ForeignKey):
            columns = tuple(c.name.lower() for c in holder.expressions)
            name = holder.parent.name if isinstance(holder.parent, exp.Constraint) else ""
        elif isinstance(holder, exp.ColumnConstraint) and isinstance(holder.parent, exp.ColumnDef):
            columns = (holder.parent.name.lower(),)
            name = holder.name  # CONSTRAINT name REFERENCES ...
        else:
            continue
        keys.append(
            ForeignKey(
                name=name or f"{table}_{'_'.join(columns)}_fkey",
                table=table,
                columns=columns,
                parent=parent.name.lower(),
                parent_columns=parent_columns,
                on_delete=on_delete,
                on_update=on_update,
            )
        )
    return keys


def registry_statement(table: str, keys: list[ForeignKey]) -> str:
    """The DuckDB statement that records a new table's foreign keys as its comment."""
    text = _PREFIX + json.dumps(
        [
            [k.name, list(k.columns), k.parent, list(k.parent_columns), k.on_delete, k.on_update]
            for k in keys
        ]
    )
    return f"COMMENT ON TABLE {quote_ident(table)} IS '" + text.replace("'", "''") + "'"


def register_foreign_keys(conn: DuckConnection, table: str, keys: list[ForeignKey]) -> str | None:
    """Add keys to an existing table (ALTER TABLE ... ADD FOREIGN KEY).

    Rows already there must satisfy them, as Postgres validates them: returns Postgres'
    message for the first key they break (nothing is recorded then), else None.
    """
    rows = conn.execute(FOREIGN_KEYS_QUERY).rows
    existing = [k for k in load_foreign_keys([list(r) for r in rows]) if k.table == table]
    primary_keys = read_primary_keys(conn)
    broken = check_statement(conn, table, keys, primary_keys, parent_side=False)
    if broken is not None:
        return broken
    conn.execute(registry_statement(table, existing + keys))
    return None


def load_foreign_keys(rows: list[list[Any]]) -> list[ForeignKey]:
    keys = []
    for table, comment in rows:
        # An image made before ON UPDATE was recorded holds five parts.
        for name, columns, parent, parent_columns, on_delete, *on_update in json.loads(
            str(comment)[len(_PREFIX) :]
        ):
            keys.append(
                ForeignKey(
                    name,
                    str(table).lower(),
                    tuple(columns),
                    parent,
                    tuple(parent_columns),
                    on_delete,
                    *on_update,
                )
            )
    return keys


def _orphans(key: ForeignKey, parent_columns: tuple[str, ...]) -> str:
    """WHERE condition on `c` (a row of the key's table) whose parent row is missing."""
    present = " AND ".join(f"c.{quote_ident(c)} IS NOT NULL" for c in key.columns)
    match = " AND ".join(
        f"p.{quote_ident(pc)} = c.{quote_ident(c)}"
        for c, pc in zip(key.columns, parent_columns, strict=True)
    )
    return f"{present} AND NOT EXISTS (SELECT 1 FROM {quote_ident(key.parent)} AS p WHERE {match})"


def _violation_query(key: ForeignKey, parent_columns: tuple[str, ...]) -> str:
    return (
        f"SELECT 1 FROM {quote_ident(key.table)} AS c WHERE {_orphans(key, parent_columns)} LIMIT 1"
    )


def delete_actions(
    conn: DuckConnection,
    deleted_from: str,
    keys: list[ForeignKey],
    primary_keys: dict[str, list[str]],
    before_write: Callable[[str], None],
) -> None:
    """ON DELETE CASCADE / SET NULL for the rows whose parent a DELETE removed."""
    pending = [deleted_from]
    while pending:
        parent = pending.pop()
        for key in keys:
            if key.parent != parent or key.on_delete not in _DELETE_ACTIONS:
                continue
            parent_columns = key.parent_columns or tuple(primary_keys.get(key.parent, ()))
            if len(parent_columns) != len(key.columns):
                continue  # check_statement reports the key itself
            before_write(key.table)
            where = _orphans(key, parent_columns)
            if key.on_delete == "SET NULL":
                nulls = ", ".join(f"{quote_ident(c)} = NULL" for c in key.columns)
                conn.execute(f"UPDATE {quote_ident(key.table)} AS c SET {nulls} WHERE {where}")
                continue
            deleted = conn.execute(f"DELETE FROM {quote_ident(key.table)} AS c WHERE {where}").rows
            if deleted and deleted[0] and deleted[0][0]:
                pending.append(key.table)  # its own children may now be orphans


def dropped_parent(keys: list[ForeignKey], tables: set[str]) -> str | None:
    """Postgres' message when a table that a remaining key references was dropped."""
    for key in keys:
        if key.table in tables and key.parent not in tables:
            return f"cannot drop table {key.parent} because other objects depend on it"
    return None


def check_statement(
    conn: DuckConnection,
    written: str,
    keys: list[ForeignKey],
    primary_keys: dict[str, list[str]],
    *,
    parent_side: bool = True,
    deleting: bool = False,
) -> str | None:
    """Postgres' message for the first key a write to table `written` broke, or None
    (`deleting`: the write was a DELETE, else an INSERT or UPDATE)."""
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
        table, parent = _shown_name(conn, key.table), _shown_name(conn, key.parent)
        if written == key.table:
            return (
                f'insert or update on table "{table}" violates foreign key constraint "{key.name}"'
            )
        action = key.on_delete if deleting else key.on_update
        if action == "CASCADE":  # an UPDATE: a DELETE's cascade ran before the check
            return (
                f"ON UPDATE CASCADE is not carried out by this demo: this UPDATE changes a"
                f' key of "{parent}" that rows of "{table}" reference (foreign key'
                f' "{key.name}"); update those rows apart, or leave the key as it is'
            )
        restrict = "RESTRICT setting of " if action == "RESTRICT" else ""
        return (
            f'update or delete on table "{parent}" violates {restrict}foreign key'
            f' constraint "{key.name}" on table "{table}"'
        )
    return None


def _shown_name(conn: DuckConnection, table: str) -> str:
    """A table's name as created (`"Post"`): keys hold names in lower case, as statements
    are matched to them."""
    rows = conn.execute(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database()"
        f" AND lower(table_name) = {quote_literal(table)}"
    ).rows
    return str(rows[0][0]) if rows else table


class ForeignKeyGuard:
    """The declared keys of one database, enforced as a request's statements run.

    Each method returns Postgres' message when the statement just run broke a key
    (the caller fails the request), else None.
    """

    def __init__(self, conn: DuckConnection) -> None:
        self._conn = conn
        # Read when first needed; kept until the schema may have changed (`forget`).
        self._keys: list[ForeignKey] | None = None
        self._primary: dict[str, list[str]] | None = None

    def forget(self) -> None:
        self._keys = None
        self._primary = None

    def _loaded(self) -> list[ForeignKey]:
        if self._keys is None:
            rows = self._conn.execute(FOREIGN_KEYS_QUERY).rows
            self._keys = load_foreign_keys([list(r) for r in rows])
        return self._keys

    def _primary_keys(self) -> dict[str, list[str]]:
        if self._primary is None:
            self._primary = read_primary_keys(self._conn)
        return self._primary

    def after_write(
        self, table: str, *, deleting: bool, before_write: Callable[[str], None]
    ) -> str | None:
        keys = self._loaded()
        if not any(table in (k.table, k.parent) for k in keys):
            return None
        primary_keys = self._primary_keys()
        if deleting:
            delete_actions(self._conn, table, keys, primary_keys, before_write)
        return check_statement(self._conn, table, keys, primary_keys, deleting=deleting)

    def before_truncate(self, tables: tuple[str, ...], *, cascade: bool) -> str | None:
        """Postgres refuses to empty a table that another table's key references."""
        for key in self._loaded():
            if key.parent in tables and key.table not in tables:
                if cascade:
                    return (
                        "TRUNCATE ... CASCADE of a table that a foreign key references is not"
                        " supported by this demo"
                    )
                return "cannot truncate a table referenced in a foreign key constraint"
        return None

    def after_ddl(self) -> str | None:
        self.forget()  # a table or key may have come or gone
        keys = self._loaded()
        if not keys:
            return None
        rows = self._conn.execute(
            "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database()"
        ).rows
        return dropped_parent(keys, {str(r[0]).lower() for r in rows})

    def add(self, table: str, keys: list[ForeignKey]) -> str | None:
        self.forget()
        return register_foreign_keys(self._conn, table, keys)
