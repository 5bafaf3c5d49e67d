"""Remembered transpiles: a repeated Postgres statement skips sqlglot.

Transpiling (`transpile.py`) parses and rewrites every statement, and reads the
database's column types first: most of a warm one-row query's time. Its output
depends on the statement's text and on the schema (`table_types`, the declared
types, the primary keys); the dialects are fixed (Postgres in, DuckDB out). So a `TranspileCache`
belongs to one database: it keeps the schema it read and the statements it
transpiled against it, and the engine calls `schema_may_have_changed()` after any
statement that can change the schema (DDL, and ROLLBACK, which undoes DDL; BEGIN and
COMMIT change nothing). That drops both; the next statement reads the schema again.

Only successful transpiles are kept (an error is raised again by transpiling
again), at most `MAX_ENTRIES` of them, and none of a text longer than
`MAX_TEXT` (a bulk INSERT is seldom repeated and would only hold memory).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from ..statements import SqlError
from .identity_columns import Identities
from .session_names import DEFAULT_NAMES, SessionNames
from .split import split_postgres
from .transpile import Transpiled, transpile_statement

__all__ = ["MAX_ENTRIES", "MAX_TEXT", "Schema", "TranspileCache"]

MAX_ENTRIES = 1024  # about 1 MB: a panel's or an app's repeated statements fit
MAX_TEXT = 16 * 1024

# (table -> column -> DuckDB type, table -> column -> declared Postgres type,
#  table -> primary-key columns, table -> identity column -> its kind,
#  table -> the columns of each UNIQUE constraint)
Schema = tuple[
    dict[str, dict[str, str]],
    dict[str, dict[str, str]],
    dict[str, list[str]],
    Identities,
    dict[str, list[list[str]]],
]


K = TypeVar("K")
V = TypeVar("V")


class _Lru(Generic[K, V]):
    """A dict that forgets its least recently used entry beyond `size`."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        if len(self._items) > self._size:
            self._items.popitem(last=False)

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


def guarded_transpile(
    statement: str, *schema: Any, names: SessionNames = DEFAULT_NAMES
) -> Transpiled:
    """`transpile_statement`, where a translation that breaks is a refusal, never a 500.

    A statement nested deeper than Python's stack (sqlglot recurses over the tree) gets
    Postgres' own message; any other failure inside sqlglot or our transforms means the
    translation cannot be shown right, so the statement is refused with its cause.
    """
    types, declared, keys, identities, unique = schema
    try:
        return transpile_statement(
            statement,
            table_types=types,
            declared=declared,
            primary_keys=keys,
            identities=identities,
            unique_keys=unique,
            names=names,
        )
    except SqlError:
        raise
    except RecursionError:
        raise SqlError("stack depth limit exceeded", statement) from None
    except Exception as exc:  # noqa: BLE001 - see the docstring
        raise SqlError(
            f"this demo cannot translate the statement ({type(exc).__name__}: {exc})"[:300],
            statement,
        ) from exc


# Transpiles shared by every database of the process, keyed by the statement, a digest
# of the schema's text it was transpiled against and the session's names:
# `transpile_statement` depends on nothing else, so databases with one schema (a service
# before and after a reset opens it again from its seed) transpile a statement once
# between them. Natively, databases answer on several threads: one lock for the LRU.
_SHARED: _Lru[tuple[str, str, SessionNames], Transpiled] = _Lru(MAX_ENTRIES)
_SHARED_LOCK = threading.Lock()


class TranspileCache:
    """Transpiles of one database's statements, valid until its schema may have changed.

    `read_schema` reads the database's current schema; it is called at most once
    between two `schema_may_have_changed()` calls, and only when a statement has to
    be transpiled.
    """

    def __init__(
        self, read_schema: Callable[[], Schema], names: SessionNames = DEFAULT_NAMES
    ) -> None:
        self._read_schema = read_schema
        self._names = names  # fixed for the database: part of every transpile
        self._schema: Schema | None = None
        self._schema_digest = ""  # of repr(self._schema): its part of the shared key
        self._transpiled: _Lru[str, Transpiled] = _Lru(MAX_ENTRIES)
        # Splitting depends on the text alone: it survives schema changes.
        self._splits: _Lru[str, tuple[str, ...]] = _Lru(MAX_ENTRIES)

    def split(self, sql: str) -> list[str]:
        """`split_postgres(sql)`, remembered."""
        found = self._splits.get(sql)
        if found is None:
            found = tuple(split_postgres(sql))
            if len(sql) <= MAX_TEXT:
                self._splits.put(sql, found)
        return list(found)

    def transpile(self, statement: str) -> Transpiled:
        """`transpile_statement` against the current schema; raises its SqlError."""
        found = self._transpiled.get(statement)
        if found is not None:
            return found
        if self._schema is None:
            self.know_schema(self._read_schema())
        assert self._schema is not None
        shared_key = (statement, self._schema_digest, self._names)
        with _SHARED_LOCK:
            item = _SHARED.get(shared_key)
        if item is None:
            item = guarded_transpile(statement, *self._schema, names=self._names)
            if len(statement) <= MAX_TEXT:
                with _SHARED_LOCK:
                    _SHARED.put(shared_key, item)
        if len(statement) <= MAX_TEXT:
            self._transpiled.put(statement, item)
        return item

    def known(self, statement: str) -> bool:
        """Whether `statement` was transpiled before against the current schema."""
        return self._transpiled.get(statement) is not None

    @property
    def schema(self) -> Schema | None:
        """The schema read since the last change, if any."""
        return self._schema

    def know_schema(self, schema: Schema) -> None:
        """The current schema, known without reading it (a restored image carries it)."""
        self._schema = schema
        # The order of its entries is part of the text: transpiles may depend on it
        # (a `*` lists a table's columns in order). A digest, so that a large schema's
        # text is not kept once per entry.
        self._schema_digest = hashlib.sha256(repr(schema).encode()).hexdigest()

    def schema_may_have_changed(self) -> None:
        self._schema = None
        self._schema_digest = ""
        self._transpiled.clear()

    def __len__(self) -> int:
        return len(self._transpiled)
