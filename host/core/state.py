"""The host's state database: one SQLite file in the data folder.

SQLite's journal makes every write atomic, so a crash mid-write leaves the
previous state intact. Each feature keeps its tables here through
`MIGRATIONS`; a database is upgraded in order on open. Only hashes of
secrets are ever written (credentials, tokens, sessions).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from host.core.text import without_unencodable

__all__ = ["MIGRATIONS", "StateDB", "dump_stored", "load_stored"]


def load_stored(text: str) -> Any:
    """A JSON value from the database. `NaN` and `Infinity`, which hosts before the
    finite-number rule stored, read as null, and so do strings with a lone surrogate
    (stored before the body parser refused them; `host.core.text`): the host starts
    and answers instead of failing on every read (the API never accepts them now)."""
    value, _replaced = without_unencodable(json.loads(text, parse_constant=lambda _name: None))
    return value


def dump_stored(value: Any) -> str:
    """JSON text for the database; a non-finite number is a bug here (ValueError)."""
    return json.dumps(value, allow_nan=False)


# Append-only: each entry upgrades the schema by one version. Statements are split on ";",
# so none may contain a semicolon inside a literal or comment.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE tokens (
        hash TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        created_at REAL NOT NULL,
        scopes TEXT NOT NULL
    );
    CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        username TEXT NOT NULL,
        access_hash TEXT NOT NULL UNIQUE,
        access_expires REAL NOT NULL,
        refresh_hash TEXT NOT NULL UNIQUE,
        refresh_expires REAL NOT NULL,
        remember INTEGER NOT NULL,
        created_at REAL NOT NULL,
        last_seen REAL NOT NULL,
        address TEXT NOT NULL,
        user_agent TEXT NOT NULL
    );
    -- Refresh tokens already rotated away: presenting one again means theft.
    CREATE TABLE rotated_refresh (
        hash TEXT PRIMARY KEY,
        session_id TEXT NOT NULL
    );
    """,
    """
    CREATE TABLE clients (
        uuid TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        cert_fingerprint TEXT NOT NULL UNIQUE,
        cert_pem TEXT NOT NULL,
        permissions TEXT NOT NULL,
        paired_at REAL NOT NULL
    );
    """,
    """
    CREATE TABLE apps (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uuid TEXT NOT NULL UNIQUE,
        position INTEGER NOT NULL,
        data TEXT NOT NULL
    );
    """,
    """
    CREATE TABLE display_layouts (
        device_id TEXT PRIMARY KEY,
        data TEXT NOT NULL,
        updated_at REAL NOT NULL
    );
    """,
)


class StateDB:
    """A thread-safe handle on the state database."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.RLock()
        self._conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._conn.row_factory = sqlite3.Row
        if path != ":memory:":
            self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=FULL")
        self._migrate()

    def _migrate(self) -> None:
        with self.transaction() as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                for statement in script.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version={number}")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All writes inside happen together or not at all."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._conn.execute(sql, params).fetchall()

    def get_json(self, key: str, default: Any = None) -> Any:
        rows = self.query("SELECT value FROM kv WHERE key = ?", (key,))
        return load_stored(rows[0]["value"]) if rows else default

    def set_json(self, key: str, value: Any) -> None:
        with self.transaction() as db:
            db.execute(
                "INSERT INTO kv (key, value) VALUES (?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, dump_stored(value)),
            )

    def close(self) -> None:
        with self._lock:
            self._conn.close()
