"""The `sqlite` adapter: stdlib `sqlite3` in memory, answering in sql.js's `exec` shape.

A request's statements run inside one transaction that the engine opens, unless the
SQL carries its own transaction control (BEGIN/COMMIT/ROLLBACK/SAVEPOINT); then
statements outside the user's transaction commit on their own and a transaction
left open at the end of the request is rolled back. On the first failing
statement the open transaction is rolled back and `SqlError` names it.
Like sql.js, only statements that produce at least one row add a
`{"columns", "values"}` entry. BLOBs are sent as lists of byte values (sql.js gives
a Uint8Array; `new Uint8Array(value)` restores one).

The image persisted to `Store` is `sqlite3.Connection.serialize()`; where a build
of Python lacks serialize/deserialize the engine goes through a temporary file
with the backup API instead.
"""

from __future__ import annotations

import math
import os
import re
import sqlite3
import tempfile
from collections.abc import Sequence
from typing import Any

from .results import SqlJsResult
from .statements import SqlError, is_sqlite_transaction_control, split_sqlite

__all__ = ["SqliteEngine"]


def _json_cell(value: Any) -> Any:
    if isinstance(value, bytes):
        # sql.js gives a Uint8Array; its JSON-ready twin is the list of byte values
        # (`new Uint8Array(value)` in a panel restores it).
        return list(value)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


_PRAGMA = re.compile(r"^\s*PRAGMA\b", re.I)
# A PRAGMA that sets a value (`PRAGMA foreign_keys = ON`), as a seed sets up its connection.
_SETTING = re.compile(r"^\s*PRAGMA\s+[\w.]+\s*=", re.I)


class SqliteEngine:
    """One in-memory SQLite database."""

    adapter = "sqlite"

    def __init__(self, image: bytes | None = None, *, settings: Sequence[str] = ()) -> None:
        """`settings`: PRAGMA statements run on the connection after each image is loaded
        (the `settings` its seed's `run_script` kept), as an application runs them on each
        connection it opens."""
        self._conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        self._settings = list(settings)
        if image:
            self.load_image(image)

    # -- images -------------------------------------------------------------------

    def load_image(self, image: bytes) -> None:
        """Replace the database with a serialized image."""
        if hasattr(self._conn, "deserialize"):
            self._conn.deserialize(image)
        else:
            self._copy_in(image)
        for setting in self._settings:
            self._conn.execute(setting)

    def _copy_in(self, image: bytes) -> None:
        """An image in, where sqlite3 has no `deserialize` (before Python 3.11)."""
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "image.sqlite")
            with open(path, "wb") as fh:
                fh.write(image)
            source = sqlite3.connect(path)
            try:
                source.backup(self._conn)
            finally:
                source.close()

    def image(self) -> bytes:
        """The whole database as bytes (the `.sqlite` file format)."""
        if hasattr(self._conn, "serialize"):
            try:
                return bytes(self._conn.serialize())
            except sqlite3.OperationalError:
                pass  # a database without pages (never written) cannot be serialized
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "image.sqlite")
            target = sqlite3.connect(path)
            try:
                self._conn.backup(target)
            finally:
                target.close()
            with open(path, "rb") as fh:
                return fh.read()

    def run_script(self, sql: str) -> None:
        """Run seed SQL as given (build time); raise SqlError naming the failing statement.
        Its PRAGMA settings join `settings`: most (foreign_keys) belong to the connection,
        and an image does not keep them."""
        for statement in split_sqlite(sql):
            try:
                self._conn.execute(statement)
            except sqlite3.Error as exc:
                raise SqlError(str(exc), statement) from exc
            if _SETTING.match(statement):
                self._settings.append(statement)

    @property
    def settings(self) -> list[str]:
        """The PRAGMA settings run again after each image is loaded, in order."""
        return list(self._settings)

    # -- queries ------------------------------------------------------------------

    def _fingerprint(self) -> tuple[int, int]:
        schema_version = self._conn.execute("PRAGMA schema_version").fetchone()[0]
        return self._conn.total_changes, schema_version

    def execute(self, sql: str) -> tuple[list[SqlJsResult], bool]:
        """Run a request's SQL; return (sql.js-shaped result, whether data changed)."""
        statements = split_sqlite(sql)
        own_tx = any(is_sqlite_transaction_control(s) for s in statements)
        before = self._fingerprint()
        results: list[SqlJsResult] = []
        # PRAGMAs such as foreign_keys are no-ops inside a transaction: the ones a
        # request starts with run before the request's own transaction opens.
        leading = 0
        while leading < len(statements) and _PRAGMA.match(statements[leading]):
            leading += 1
        if not own_tx and leading < len(statements):
            for statement in statements[:leading]:
                self._run_one(statement, results)
            statements = statements[leading:]
        if not own_tx:
            self._conn.execute("BEGIN")
        for statement in statements:
            self._run_one(statement, results)
        if not own_tx:
            self._conn.execute("COMMIT")
        elif self._conn.in_transaction:
            # Each request is a session of its own: what it left open is rolled back,
            # as Postgres does when a client disconnects inside a transaction.
            self._conn.execute("ROLLBACK")
        return results, self._fingerprint() != before

    def _run_one(self, statement: str, results: list[SqlJsResult]) -> None:
        try:
            cursor = self._conn.execute(statement)
            rows = cursor.fetchall()
        except sqlite3.Error as exc:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise SqlError(str(exc), statement.rstrip(";").rstrip()) from exc
        if cursor.description and rows:
            results.append(
                SqlJsResult(
                    columns=[d[0] for d in cursor.description],
                    values=[[_json_cell(v) for v in row] for row in rows],
                )
            )

    def close(self) -> None:
        self._conn.close()
