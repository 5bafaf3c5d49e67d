"""The `postgres` adapter: Postgres-dialect SQL run on DuckDB, answering like PGlite.

Each statement of a request is transpiled with sqlglot (`transpile.py`) and run
through the platform's `DuckConnection`. Unless the SQL carries its own BEGIN/
COMMIT/ROLLBACK, the whole request runs in one transaction (Postgres simple-query
semantics): the first failing statement rolls everything back and raises
`SqlError` naming the user's statement. A transaction the SQL leaves open is
rolled back at the end of the request (every request is a session of its own).

Result: one `{"rows", "fields", "affectedRows"}` per statement, as PGlite's `exec`:
rows are objects keyed by column name; INSERT/UPDATE/DELETE without RETURNING have
no rows and report the count in `affectedRows`; transaction control and DDL report
an empty result.
"""

from __future__ import annotations

import contextlib
from typing import Any

from ..ports import DuckConnection
from .declared import DECLARED_QUERY, load_declared
from .duckdump import dump_database, restore_database
from .foreign_keys import (
    FOREIGN_KEYS_QUERY,
    ForeignKey,
    check_statement,
    load_foreign_keys,
    register_foreign_keys,
)
from .group_by_key import PRIMARY_KEYS_QUERY, load_primary_keys, mentions_group_by
from .pgtypes import DECLARED_CARRIERS, json_value, type_oid
from .savepoints import Savepoints
from .statements import SqlError, split_postgres
from .transpile import Transpiled, transpile_statement

__all__ = ["DuckEngine", "declared_types", "table_types", "use_public_schema"]


def use_public_schema(conn: DuckConnection) -> None:
    """Work in a schema named `public`, as Postgres does.

    Front ends and ORMs look tables up in information_schema/pg_catalog under that
    name and qualify with it. Build-time seeding does the same, so images agree.
    """
    conn.execute("CREATE SCHEMA IF NOT EXISTS public")
    conn.execute("SET schema = 'public'")


def table_types(conn: DuckConnection) -> dict[str, dict[str, str]]:
    """Table -> column -> DuckDB type, for the database's tables (lower-case names)."""
    result = conn.execute(
        "SELECT table_name, column_name, data_type FROM information_schema.columns "
        "WHERE table_catalog = current_database() ORDER BY table_name, ordinal_position"
    )
    tables: dict[str, dict[str, str]] = {}
    for table, column, data_type in result.rows:
        tables.setdefault(str(table).lower(), {})[str(column).lower()] = str(data_type)
    return tables


def declared_types(conn: DuckConnection) -> dict[str, dict[str, str]]:
    """Table -> column -> declared Postgres type (see declared.py)."""
    return load_declared([list(r) for r in conn.execute(DECLARED_QUERY).rows])


class DuckEngine:
    """One DuckDB database behind the Postgres-flavoured query API."""

    adapter = "postgres"

    def __init__(self, conn: DuckConnection) -> None:
        self._conn = conn
        # The request's declared foreign keys, read when a write first needs them.
        self._foreign_keys: list[ForeignKey] | None = None
        use_public_schema(conn)

    def load_image(self, image: bytes) -> None:
        restore_database(self._conn, image)

    def image(self) -> bytes:
        return dump_database(self._conn)

    def _run(self, item: Transpiled) -> dict[str, Any]:
        results = []
        for duck_sql in item.statements:
            try:
                results.append(self._conn.execute(duck_sql))
            except Exception as exc:  # adapters raise plain Exception(message)
                raise SqlError(str(exc), item.source.strip()) from exc
        if item.foreign_keys:
            broken = register_foreign_keys(
                self._conn, item.foreign_keys[0].table, item.foreign_keys
            )
            if broken is not None:
                raise SqlError(broken, item.source.strip())
        if item.kind == "other":
            self._foreign_keys = None  # a table or key may have come or gone
        if item.written:
            self._check_foreign_keys(item)
        result = results[item.result_index] if results else None
        if result is None or item.kind == "transaction":
            return {"rows": [], "fields": [], "affectedRows": 0}
        if item.kind == "dml" and not item.returning:
            count = result.rows[0][0] if result.rows and result.rows[0] else 0
            return {"rows": [], "fields": [], "affectedRows": int(count or 0)}
        if item.kind == "other":
            return {"rows": [], "fields": [], "affectedRows": 0}  # DDL: DuckDB's "Count" column
        columns = list(result.columns)
        types = [
            "pg:" + item.declared[c]
            if c in item.declared and type_oid(t) in DECLARED_CARRIERS
            else t
            for c, t in zip(columns, result.types, strict=False)
        ]
        rows = [
            {c: json_value(v, t) for c, v, t in zip(columns, row, types, strict=False)}
            for row in result.rows
        ]
        fields = [
            {"name": c, "dataTypeID": type_oid(t)} for c, t in zip(columns, types, strict=False)
        ]
        affected = len(rows) if item.kind == "dml" else 0
        return {"rows": rows, "fields": fields, "affectedRows": affected}

    def _step(self, item: Transpiled, savepoints: Savepoints, *, in_block: bool) -> dict[str, Any]:
        """Run one statement, keeping the savepoints of the user's block up to date."""
        source = item.source.strip()
        try:
            if item.savepoint is not None:
                action, name = item.savepoint
                savepoints.command(action, name, source, in_block=in_block)
                return {"rows": [], "fields": [], "affectedRows": 0}
            if item.kind == "transaction" and item.statements[0] in ("COMMIT", "ROLLBACK"):
                savepoints.end(committing=item.statements[0] == "COMMIT")
            if item.written:
                savepoints.before_write(item.written)
        except SqlError:
            raise
        except Exception as exc:  # the copies' DuckDB statements
            raise SqlError(str(exc), source) from exc
        result = self._run(item)
        if item.kind == "other":
            savepoints.after_ddl(source)
        return result

    def execute(self, sql: str) -> tuple[list[dict[str, Any]], bool]:
        """Run a request's SQL; return (PGlite-shaped result, whether data may have changed)."""
        # Transpile everything first: a statement sqlglot cannot read fails the request
        # before anything has run.
        statements = split_postgres(sql)
        self._foreign_keys = None
        types, declared = self._table_types(), self._declared()
        keys = self._primary_keys(statements)
        items = [
            transpile_statement(s, table_types=types, declared=declared, primary_keys=keys)
            for s in statements
        ]
        own_tx = any(item.kind == "transaction" for item in items)
        in_tx = False
        results: list[dict[str, Any]] = []
        affected = 0
        if not own_tx:
            self._conn.execute("BEGIN TRANSACTION")
            in_tx = True
        savepoints = Savepoints(self._conn)
        try:
            for i, item in enumerate(items):
                if any(earlier.kind == "other" for earlier in items[:i]):
                    # A table this request created or altered: transpile against it.
                    item = transpile_statement(
                        item.source,
                        table_types=self._table_types(),
                        declared=self._declared(),
                        primary_keys=self._primary_keys([item.source]),
                    )
                result = self._step(item, savepoints, in_block=own_tx and in_tx)
                # PGlite's exec reports, on each result, the rows affected so far in
                # the request (a running total): panels written for it see that.
                affected += result["affectedRows"]
                results.append({**result, "affectedRows": affected})
                if item.kind == "transaction":
                    in_tx = item.statements[0].startswith("BEGIN")
        except SqlError:
            if in_tx:
                self._rollback()
            raise
        if not own_tx:
            self._conn.execute("COMMIT")
        elif in_tx:
            self._rollback()
        return results, any(item.changes_data for item in items)

    def _check_foreign_keys(self, item: Transpiled) -> None:
        """Fail the statement, as Postgres would, if it broke a declared foreign key."""
        if self._foreign_keys is None:
            rows = self._conn.execute(FOREIGN_KEYS_QUERY).rows
            self._foreign_keys = load_foreign_keys([list(r) for r in rows])
        if not self._foreign_keys:
            return
        keys = load_primary_keys([list(r) for r in self._conn.execute(PRIMARY_KEYS_QUERY).rows])
        try:
            broken = check_statement(self._conn, item.written, self._foreign_keys, keys)
        except Exception as exc:  # e.g. the referenced table was dropped
            raise SqlError(str(exc), item.source.strip()) from exc
        if broken is not None:
            raise SqlError(broken, item.source.strip())

    def _table_types(self) -> dict[str, dict[str, str]]:
        return table_types(self._conn)

    def _declared(self) -> dict[str, dict[str, str]]:
        return declared_types(self._conn)

    def _primary_keys(self, statements: list[str]) -> dict[str, list[str]]:
        if not any(mentions_group_by(s) for s in statements):
            return {}
        return load_primary_keys([list(r) for r in self._conn.execute(PRIMARY_KEYS_QUERY).rows])

    def _rollback(self) -> None:
        # A failed statement may already have ended the transaction on some engines.
        with contextlib.suppress(Exception):
            self._conn.execute("ROLLBACK")

    def close(self) -> None:
        self._conn.close()
