"""The names a Postgres session answers: `current_database()`, `current_user` (also
written `user`, `current_role`).

The official Postgres image creates the database `POSTGRES_DB` (default: the value of
`POSTGRES_USER`) owned by `POSTGRES_USER` (default `postgres`), and a client of the
container connects as that user to that database. A `postgres` service's `config`
carries the same two names (`database`, `user`; `python -m demo init` copies them
from the Compose file), so a page or seed that reads them sees what it would see
against the container. The DuckDB catalog itself keeps its own name: only what
Postgres reports is changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlglot import exp

from .dialect import PG_NAME

__all__ = ["DEFAULT_NAMES", "SessionNames", "session_names", "user_keywords"]

# Postgres' reserved words for current_user that sqlglot reads as column names (DuckDB
# then answers its own user, `duckdb`); quoted or qualified, they are column names.
_USER_KEYWORDS = ("user", "current_role")

VERSION = "PostgreSQL 17 (demo: DuckDB through sqlglot)"


@dataclass(frozen=True)
class SessionNames:
    database: str = "postgres"
    user: str = "postgres"

    def values(self) -> dict[str, str]:
        """sqlglot expression class -> the text Postgres answers for it."""
        return {
            "CurrentDatabase": self.database,
            "CurrentCatalog": self.database,
            "CurrentUser": self.user,
            "SessionUser": self.user,
            "CurrentVersion": VERSION,
        }


DEFAULT_NAMES = SessionNames()


def user_keywords(tree: exp.Expr) -> None:
    """`user` and `current_role` written bare, read as `current_user` (named as written)."""
    for column in list(tree.find_all(exp.Column)):
        if column.table or column.this.quoted or column.name.lower() not in _USER_KEYWORDS:
            continue
        user = exp.CurrentUser()
        user.meta[PG_NAME] = column.name.lower()
        column.replace(user)


def session_names(config: Mapping[str, Any]) -> SessionNames:
    """A service config's names, defaulted as the Postgres image defaults them."""
    user = config.get("user") or DEFAULT_NAMES.user
    return SessionNames(database=config.get("database") or user, user=user)
