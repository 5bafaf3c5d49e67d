"""A restored image's table rows, inserted when a statement first needs them.

A stopped worker's first postgres answer waited for the whole image to be replayed
into duckdb-wasm: for the Chinook seed most of that is inserting its 15,000 rows
(the `track` table alone is a 240 kB statement), though a first query usually reads
one or two small tables. So `DuckEngine.load_image` runs the schema at once and
keeps each table's rows here.

Only a read that names nothing but the image's tables with rows and its own WITH
queries (`Transpiled.reads`) runs with some tables' rows still waiting: the rows of
those it names are inserted first. Anything else inserts every waiting row before it
runs: a write, DDL, a transaction, a read through a view, a catalog table or a table
function (whose reads are hidden), and a dump of the database. So no statement sees a
table without its rows (tests/demo/runtime/sql/test_deferred_rows.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...ports import DuckConnection
from .duckdump import run_script
from .transpile import Transpiled

__all__ = ["DeferredRows"]


class DeferredRows:
    """The row statements of the tables not read yet, by lowercase table name."""

    def __init__(self, conn: DuckConnection, rows: dict[str, list[str]]) -> None:
        self._conn = conn
        self._rows = dict(rows)
        self._tables = frozenset(rows)  # the image's tables that have rows

    @property
    def waiting(self) -> frozenset[str]:
        """The tables whose rows are not inserted yet."""
        return frozenset(self._rows)

    def before(self, items: Sequence[Transpiled]) -> None:
        """Insert the rows `items` (one request's statements) may read."""
        if not self._rows:
            return
        read: set[str] = set()
        for item in items:
            # A name the image has no rows for may be a view (the transpiler's tables
            # include views) whose reads are hidden.
            if item.kind != "read" or item.reads is None or not item.reads <= self._tables:
                self.insert_all()
                return
            read |= item.reads
        self._insert([table for table in self._rows if table in read])

    def insert_all(self) -> None:
        self._insert(list(self._rows))

    def _insert(self, tables: list[str]) -> None:
        # In the image's order: a table's rows stay in the order they were dumped.
        if not tables:
            return
        try:
            run_script(self._conn, [s for table in tables for s in self._rows[table]])
        except Exception as exc:
            raise RuntimeError(
                f"the stored rows of {', '.join(tables)} could not be loaded: {exc}"
            ) from exc
        for table in tables:
            del self._rows[table]
