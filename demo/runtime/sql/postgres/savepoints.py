"""SAVEPOINT, ROLLBACK TO SAVEPOINT and RELEASE SAVEPOINT on DuckDB, which has none.

Within the user's transaction block, a table is copied (a temporary table, in the same
transaction) before the first write to it after a savepoint; ROLLBACK TO puts the
copies back (`DELETE` + `INSERT ... SELECT`), RELEASE hands a savepoint's copies to
the one before it (a table first written after the later savepoint was unchanged
since the earlier one). Everything stays in one DuckDB transaction, so what Postgres
keeps across a rollback to a savepoint is kept too: sequence values already drawn,
`now()`. DDL after a savepoint cannot be undone this way: rolling back over it fails
with a message (the request then fails as a whole, as every failed request does).
Messages for misuse are Postgres' own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...ports import DuckConnection
from ..statements import SqlError, strip_leading_comments
from .duckdump import quote_ident

__all__ = ["Savepoints", "savepoint_command"]

_COMMANDS = (
    ("define", re.compile(r"^SAVEPOINT\s+(\S+)\s*;?\s*$", re.I)),
    (
        "rollback",
        re.compile(
            r"^ROLLBACK(?:\s+(?:WORK|TRANSACTION))?\s+TO\s+(?:SAVEPOINT\s+)?(\S+)\s*;?\s*$", re.I
        ),
    ),
    ("release", re.compile(r"^RELEASE(?:\s+SAVEPOINT)?\s+(\S+)\s*;?\s*$", re.I)),
)
_NAMES = {
    "define": "SAVEPOINT",
    "rollback": "ROLLBACK TO SAVEPOINT",
    "release": "RELEASE SAVEPOINT",
}


def savepoint_command(statement: str) -> tuple[str, str] | None:
    """("define" | "rollback" | "release", savepoint name) for a savepoint statement."""
    head = strip_leading_comments(statement).strip()
    for action, pattern in _COMMANDS:
        m = pattern.match(head)
        if m:
            name = m.group(1)
            if name.startswith('"') and name.endswith('"') and len(name) > 1:
                return action, name[1:-1].replace('""', '"')
            return action, name.lower()
    return None


@dataclass
class _Savepoint:
    name: str
    # Table -> the temporary table holding its rows as they were at the savepoint.
    copies: dict[str, str] = field(default_factory=dict)
    # The first statement after the savepoint that a rollback could not undo.
    ddl: str = ""


class Savepoints:
    """The savepoints of the user's open transaction block, on one DuckDB connection."""

    def __init__(self, conn: DuckConnection) -> None:
        self._conn = conn
        self._stack: list[_Savepoint] = []
        self._made = 0

    def command(self, action: str, name: str, statement: str, *, in_block: bool) -> None:
        if not in_block:
            raise SqlError(f"{_NAMES[action]} can only be used in transaction blocks", statement)
        if action == "define":
            self._stack.append(_Savepoint(name))
            return
        index = self._find(name, statement)
        if action == "release":
            self._release(index)
        else:
            self._rollback_to(index, statement)

    def before_write(self, table: str) -> None:
        """Copy `table` for every savepoint that has no copy of it yet."""
        missing = [s for s in self._stack if table not in s.copies]
        if not missing:
            return
        self._made += 1
        copy = f"__pg_savepoint_{self._made}"
        self._conn.execute(
            f"CREATE TEMPORARY TABLE {quote_ident(copy)} AS SELECT * FROM {quote_ident(table)}"
        )
        for savepoint in missing:
            savepoint.copies[table] = copy

    def after_ddl(self, statement: str) -> None:
        for savepoint in self._stack:
            savepoint.ddl = savepoint.ddl or " ".join(statement.split())[:80]

    def end(self, *, committing: bool) -> None:
        """The block ends: drop the copies (a rollback drops them with everything else)."""
        if committing:
            for copy in sorted({c for s in self._stack for c in s.copies.values()}):
                self._conn.execute(f"DROP TABLE IF EXISTS temp.{quote_ident(copy)}")
        self._stack.clear()

    def _find(self, name: str, statement: str) -> int:
        for index in range(len(self._stack) - 1, -1, -1):
            if self._stack[index].name == name:
                return index
        raise SqlError(f'savepoint "{name}" does not exist', statement)

    def _release(self, index: int) -> None:
        """Forget savepoints `index`.. ; their copies serve the savepoint before, where it has none.

        (A table first written after a later savepoint was unchanged since the earlier one.)
        """
        removed = self._stack[index:]
        if index > 0:
            below = self._stack[index - 1]
            for savepoint in removed:  # the earliest copy is the state at `below`
                for table, copy in savepoint.copies.items():
                    below.copies.setdefault(table, copy)
        del self._stack[index:]
        self._drop_unreferenced(removed)

    def _rollback_to(self, index: int, statement: str) -> None:
        target = self._stack[index]
        if target.ddl:
            raise SqlError(
                f"ROLLBACK TO SAVEPOINT over a schema change ({target.ddl}) is not supported by"
                " this demo",
                statement,
            )
        for table, copy in target.copies.items():
            self._conn.execute(f"DELETE FROM {quote_ident(table)}")
            self._conn.execute(
                f"INSERT INTO {quote_ident(table)} SELECT * FROM temp.{quote_ident(copy)}"
            )
        removed = self._stack[index + 1 :]
        del self._stack[index + 1 :]  # the savepoint itself stays, as in Postgres
        self._drop_unreferenced(removed)

    def _drop_unreferenced(self, removed: list[_Savepoint]) -> None:
        used = {c for s in self._stack for c in s.copies.values()}
        for copy in sorted({c for s in removed for c in s.copies.values()} - used):
            self._conn.execute(f"DROP TABLE IF EXISTS temp.{quote_ident(copy)}")
