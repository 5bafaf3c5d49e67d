"""Splitting multi-statement SQL into single statements, keeping the user's text.

Both engines run one statement at a time so that a failure can name the statement
that failed (`{"error", "statement"}`) and so the runtime can wrap the batch in its
own transaction. SQLite text is split with `sqlite3.complete_statement`, which knows
SQLite's quoting and `CREATE TRIGGER ... BEGIN ... END;` bodies. (Postgres text is
split by `postgres/split.py`, with sqlglot's tokenizer.)
"""

from __future__ import annotations

import re
import sqlite3

__all__ = [
    "SqlError",
    "is_sqlite_transaction_control",
    "split_sqlite",
    "strip_leading_comments",
]


class SqlError(Exception):
    """A statement failed; `message` is the engine's text, `statement` the user's SQL."""

    def __init__(self, message: str, statement: str) -> None:
        super().__init__(message)
        self.message = message
        self.statement = statement


_LEADING_COMMENTS = re.compile(r"^(?:\s+|--[^\n]*(?:\n|$)|/\*.*?\*/)*", re.S)


def strip_leading_comments(sql: str) -> str:
    return _LEADING_COMMENTS.sub("", sql, count=1)


def split_sqlite(sql: str) -> list[str]:
    """Split SQLite text into complete statements (each keeps its trailing `;`)."""
    statements: list[str] = []
    start = 0
    pos = sql.find(";")
    while pos != -1:
        chunk = sql[start : pos + 1]
        if sqlite3.complete_statement(chunk):
            if strip_leading_comments(chunk).strip().strip(";").strip():
                statements.append(chunk.strip())
            start = pos + 1
        pos = sql.find(";", pos + 1)
    rest = sql[start:]
    if strip_leading_comments(rest).strip():
        statements.append(rest.strip())
    return statements


_SQLITE_TX = re.compile(r"^(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b", re.I)


def is_sqlite_transaction_control(statement: str) -> bool:
    return bool(_SQLITE_TX.match(strip_leading_comments(statement)))
