"""The seams between the pure demo runtime and the platform it runs on.

The runtime (routing, mocks, SQL, persistence policy) is written once against
these protocols. Natively they are backed by files, the `duckdb` package and
a dict; inside the service worker by fetch, duckdb-wasm and IndexedDB
(`demo.browser`). Keep this module free of imports beyond the standard library.

Contract notes
- Every byte the runtime persists goes through `Store`; keys are built by the
  runtime as "<storageNamespace>/<service>/<name>", so two demos on one origin
  never share keys.
- `Store.put` resolves only once the bytes are durable (IndexedDB transaction
  complete): a 200 from a write is answered after it.
- `DuckConnection` is synchronous because duckdb-wasm's blocking bundle is; it
  returns plain Python values (int, float, str, bool, None, bytes, lists and
  dicts for nested types) with DuckDB's type name for each column.
- DECIMAL, DATE, TIME, TIMESTAMP[ WITH TIME ZONE] and INTERVAL values are str in
  the text DuckDB's `CAST(... AS VARCHAR)` prints ("1.50", "2024-02-29 12:00:00.5",
  "2023-12-31 19:00:00.12+00"); the session works in UTC. `demo.runtime` never
  relies on these forms for persistence (its dump casts to VARCHAR in SQL).
- A DuckConnection must not try to fetch extensions (`SET autoinstall_known_extensions
  = false; SET autoload_known_extensions = false`): offline, duckdb-wasm would hang or
  fail on json/icu. The runtime's transpiler keeps to DuckDB's core for that reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["AssetSource", "DuckConnection", "DuckResult", "OpenDuck", "Store"]


class AssetSource(Protocol):
    """Reads the built site's files, by path relative to the site root."""

    async def read(self, path: str) -> bytes:
        """Return the file's bytes; raise FileNotFoundError when it is missing."""
        ...


class Store(Protocol):
    """Durable key -> bytes storage (IndexedDB in the browser)."""

    async def get(self, key: str) -> bytes | None: ...

    async def put(self, key: str, value: bytes) -> None: ...

    async def delete_prefix(self, prefix: str) -> None:
        """Delete every key that starts with `prefix`."""
        ...


@dataclass(frozen=True)
class DuckResult:
    """One statement's result: column names, DuckDB type names, rows of Python values."""

    columns: Sequence[str]
    types: Sequence[str]
    rows: Sequence[Sequence[Any]]


class DuckConnection(Protocol):
    """One in-memory DuckDB database."""

    def execute(self, sql: str, *, repeated: bool = False) -> DuckResult:
        """Run exactly one statement; raise Exception(message) on error.

        `repeated`: a read the caller has run before and expects to run again; the
        connection may keep it prepared. Answers are the same either way.
        """
        ...

    def create_function(self, name: str, function: Callable[..., str | None], arity: int) -> None:
        """Make `function` a scalar SQL function of `arity` VARCHAR arguments returning
        VARCHAR. A NULL argument gives NULL without a call; an exception the function
        raises fails the statement with its message."""
        ...

    def close(self) -> None: ...


# Opens a fresh, empty in-memory DuckDB database.
OpenDuck = Callable[[], DuckConnection]
