"""`DuckConnection` over the native `duckdb` package (imported only when opened).

Values are converted to the plain types the port promises, in the text forms
DuckDB's own `CAST(... AS VARCHAR)` prints (what the browser adapter produces
from duckdb-wasm too): DECIMAL, dates, times, timestamps, intervals and UUIDs
become strings; BLOBs bytes; LIST/STRUCT/MAP lists and dicts.
"""

from __future__ import annotations

import collections
import contextlib
import datetime as dt
import decimal
import inspect
import itertools
import threading
import time
import uuid
import weakref
from collections.abc import Callable
from typing import Any

from demo.runtime.duck_text import OUTSIDE_PYTHON_RANGE, fraction_text, interval_text
from demo.runtime.ports import DuckResult

__all__ = ["NativeDuckConnection", "open_native_duck"]


def _clock(value: dt.time | dt.datetime) -> str:
    return (
        f"{value.hour:02d}:{value.minute:02d}:{value.second:02d}{fraction_text(value.microsecond)}"
    )


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str | bytes):
        return value
    if isinstance(value, decimal.Decimal):
        return format(value, "f")  # positional ("0.0000000005", not "5E-10"), as Postgres prints
    if isinstance(value, dt.datetime):
        text = f"{value.date().isoformat()} {_clock(value)}"
        if value.tzinfo is not None:
            # The session runs in UTC (see __init__), as duckdb-wasm does.
            text += "+00"
        return text
    if isinstance(value, dt.time):
        return _clock(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return interval_text(value)
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, memoryview | bytearray):
        return bytes(value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return str(value)


# A statement still running after this long is cancelled (DuckDB's interrupt) and the
# request answered with Postgres' statement-timeout error: every request gets an answer,
# even one DuckDB would evaluate forever (a recursive CTE Postgres stops by its LIMIT).
STATEMENT_TIMEOUT_S = 10.0
STATEMENT_TIMEOUT_MESSAGE = "canceling statement due to statement timeout"
# A database holds a demo's seed, not a warehouse: a statement past this much memory (of
# the process's databases together, as duckdb-wasm's share its memory) is refused with
# Postgres' out-of-memory error instead of eating the machine's memory.
# Nothing spills to disk either: DuckDB's default for an in-memory database writes its
# overflow to `.tmp` in the working directory (a user's checkout). An endless recursive
# CTE (with.sql:277) grows to gigabytes within the statement timeout, and once, on a
# clean-clone CI machine, gave no answer in 120 s.
MEMORY_LIMIT = "1GB"
OUT_OF_MEMORY_MESSAGE = "out of memory"
# Python's timedelta holds fewer days than an interval can (999,999,999 against 2**31).
INTERVAL_OVERFLOW_MESSAGE = (
    "this demo cannot read an interval of more than 999999999 days natively (the browser path can)"
)


class _Watchdog:
    """One thread for the process that interrupts each statement still running at its
    deadline, and again every 0.1 s until it ends: DuckDB drops an interrupt that arrives
    before the statement has started (a busy machine can take that long to parse and
    plan it). A thread started per statement cost about a tenth of a run of many short
    statements (the regression corpus, natively)."""

    _REPEAT_S = 0.1

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._running: dict[int, tuple[float, Callable[[], None]]] = {}
        self._overdue: set[int] = set()
        self._tokens = itertools.count()
        self._thread: threading.Thread | None = None

    def watch(self, seconds: float, interrupt: Callable[[], None]) -> int:
        """Starts watching a statement; the token `release` takes when it ends."""
        with self._changed:
            token = next(self._tokens)
            self._running[token] = (time.monotonic() + seconds, interrupt)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._interrupt_overdue, name="duckdb-watchdog", daemon=True
                )
                self._thread.start()
            self._changed.notify()
            return token

    def release(self, token: int) -> bool:
        """Stops watching (again is harmless); whether the statement ran past its time."""
        with self._changed:
            self._running.pop(token, None)
            return token in self._overdue

    def _interrupt_overdue(self) -> None:
        with self._changed:
            while True:
                now = time.monotonic()
                self._overdue &= self._running.keys()
                waits = []
                for token, (deadline, interrupt) in self._running.items():
                    if deadline <= now:
                        self._overdue.add(token)
                        interrupt()
                        waits.append(self._REPEAT_S)
                    else:
                        waits.append(deadline - now)
                self._changed.wait(min(waits, default=None))


_WATCHDOG = _Watchdog()


class _Instance:
    """One DuckDB database instance of the process, whose connections each attach an
    in-memory catalog of their own: a database, as duckdb-wasm's are in the browser
    (duck-database.js). Creating an instance of its own for each database cost 12 ms
    (DuckDB sets its catalog of functions up), a connection and a catalog 0.2 ms: the
    regression corpus opens one for each of its 757 cases.
    """

    def __init__(self, memory_limit: str) -> None:
        import duckdb

        # Nothing outside the databases: no files read or written (a statement's
        # `read_csv('/etc/passwd')` or `COPY ... TO '/tmp/x'` would reach the machine's
        # disk), no overflow spilled (`temp_directory`), and no extension downloaded or
        # loaded, as duckdb-wasm's sessions are set up. The limit holds for the instance.
        self.root = duckdb.connect(
            ":memory:",
            config={
                "memory_limit": memory_limit,
                "temp_directory": "",
                "autoinstall_known_extensions": False,
                "autoload_known_extensions": False,
            },
        )
        # Last: it also closes the settings above, and no statement can open it again.
        self.root.execute("SET enable_external_access = false")
        self._lock = threading.Lock()
        self._catalogs = itertools.count(1)
        # DuckDB keeps a Python function in the instance's catalog, shared by every
        # connection and refusing a second registration: each name is registered once,
        # and its latest implementation answers (the runtime's functions are the same
        # for every database).
        self._functions: dict[str, Callable[..., str | None]] = {}
        # (connection, catalog) of databases collected unclosed, freed by the next
        # connect(): not while the collector runs, which may be inside a statement.
        self.forgotten: collections.deque[tuple[Any, str]] = collections.deque()

    def forget(self, conn: Any, catalog: str) -> None:
        """A database collected unclosed: freed by the next connect(). Called by the
        collector, which may run while this thread holds `_lock`: takes no lock (a
        deque's append is atomic)."""
        self.forgotten.append((conn, catalog))

    def connect(self) -> tuple[Any, str]:
        """A connection using a new, empty catalog of its own, and the catalog's name."""
        with self._lock:
            conn = self.root.cursor()
            catalog = f"helio_db_{next(self._catalogs)}"
        while True:
            try:
                forgotten = self.forgotten.popleft()  # another thread may take the last
            except IndexError:
                break
            _free_catalog(*forgotten)
        conn.execute(f"ATTACH ':memory:' AS {catalog}")
        conn.execute(f"USE {catalog}")
        return conn, catalog

    def create_function(self, name: str, function: Callable[..., str | None], arity: int) -> None:
        with self._lock:
            known = name in self._functions
            self._functions[name] = function
            if not known:
                # Through the instance's own connection, which lives as long as the
                # instance: a connection keeps the Python functions registered through it,
                # and one closed with its function still in the catalog left DuckDB
                # calling freed memory.
                self._register(name, arity)

    def _register(self, name: str, arity: int) -> None:
        """The SQL function `name`, answered by the latest implementation given."""
        from duckdb import func, sqltypes

        def strict(*args: str | None) -> str | None:
            return None if any(a is None for a in args) else self._functions[name](*args)

        # DuckDB counts the parameters from the signature.
        strict.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [inspect.Parameter(f"a{i}", inspect.Parameter.POSITIONAL_ONLY) for i in range(arity)]
        )
        # "special": the function may return NULL, which DuckDB's default forbids.
        text, special = sqltypes.VARCHAR, func.FunctionNullHandling.SPECIAL
        self.root.create_function(name, strict, [text] * arity, text, null_handling=special)


def _free_catalog(conn: Any, catalog: str) -> None:
    """Detaches a database's catalog (its memory goes with it) and closes its connection."""
    import duckdb

    try:
        with contextlib.suppress(duckdb.Error):
            conn.execute("ROLLBACK")  # a transaction left open would keep the catalog
        conn.execute("USE memory")
        conn.execute(f"DETACH {catalog}")
    finally:
        conn.close()


_INSTANCES: dict[str, _Instance] = {}  # memory limit -> the instance with it
_INSTANCES_LOCK = threading.Lock()


def _instance(memory_limit: str) -> _Instance:
    with _INSTANCES_LOCK:
        if memory_limit not in _INSTANCES:
            _INSTANCES[memory_limit] = _Instance(memory_limit)
        return _INSTANCES[memory_limit]


class NativeDuckConnection:
    """One in-memory database of the `duckdb` package: a catalog of its own, attached to
    the process's instance (`_Instance`)."""

    def __init__(self, *, memory_limit: str = MEMORY_LIMIT) -> None:
        self._instance = _instance(memory_limit)
        self._conn, catalog = self._instance.connect()
        # A database nobody closes is freed after it is collected: its catalog would hold
        # memory under the instance's limit, which every database shares.
        self._forget = weakref.finalize(self, self._instance.forget, self._conn, catalog)
        self._catalog = catalog
        self.statement_timeout = STATEMENT_TIMEOUT_S
        # Timestamps with time zone are read in UTC, as duckdb-wasm does.
        self._conn.execute("SET TimeZone = 'UTC'")

    def execute(self, sql: str, *, repeated: bool = False) -> DuckResult:
        # `repeated` is a hint for duckdb-wasm; the duckdb package caches plans itself.
        import duckdb

        watch = _WATCHDOG.watch(self.statement_timeout, self._conn.interrupt)
        try:
            cursor = self._conn.execute(sql)
            if cursor.description is None:
                return DuckResult([], [], [])
            rows = cursor.fetchall()
        except OverflowError as exc:  # the duckdb package reads an interval as a timedelta
            raise Exception(OUTSIDE_PYTHON_RANGE) from exc
        except duckdb.Error as exc:
            if isinstance(exc, duckdb.InterruptException) and _WATCHDOG.release(watch):
                raise Exception(STATEMENT_TIMEOUT_MESSAGE) from exc
            if isinstance(exc, duckdb.OutOfMemoryException):
                raise Exception(OUT_OF_MEMORY_MESSAGE) from exc
            raise Exception(str(exc)) from exc
        finally:
            _WATCHDOG.release(watch)
        columns = [d[0] for d in cursor.description]
        types = [str(d[1]) for d in cursor.description]
        return DuckResult(columns, types, [[_plain(v) for v in row] for row in rows])

    def create_function(self, name: str, function: Callable[..., str | None], arity: int) -> None:
        self._instance.create_function(name, function, arity)

    def close(self) -> None:
        self._forget.detach()
        _free_catalog(self._conn, self._catalog)


def open_native_duck() -> NativeDuckConnection:
    """The native `OpenDuck`: a fresh, empty in-memory database."""
    return NativeDuckConnection()
