"""The worker <-> Python contract, Python side; the JavaScript side is serviceworker/contract.js.

    worker (boot.js)  --prepare(manifest_text, warm_folder)-->  worker_entry
    worker (boot.js)  --attach(WorkerApi)-->  worker_entry  --returns-->  PythonHandler
    worker (worker.js) --PythonHandler.handle(method, path, query, headers, body)--> HandlerReply
    Python (assets, store, duck) --calls--> WorkerApi.readAsset / idbGet / idbPut / ...

Each Protocol or TypedDict here mirrors the JSDoc typedef of the same name;
tests/demo/serviceworker/test_contract.py fails when they drift apart (members, and
parameter names: camelCase there, snake_case here). mypy holds the implementations
to these declarations, and `attach` refuses a `WorkerApi` that lacks a member.
JavaScript values reach Python as Pyodide proxies: a Uint8Array is a `JsBytes`, an
array or object converts with `.to_py()`.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, Protocol, TypedDict

__all__ = [
    "DuckAnswer",
    "DuckDatabase",
    "DuckFactory",
    "HandlerReply",
    "JsBytes",
    "PythonHandler",
    "WorkerApi",
    "WorkerEntry",
    "WorkerStatus",
    "missing_members",
]


class JsBytes(Protocol):
    """A Uint8Array as Python sees it."""

    def to_bytes(self) -> bytes: ...


class WorkerStatus(TypedDict):
    """What the worker tells its pages of its Python (the STATUS_QUERY message): not read by
    Python, declared here so that tests reading it (the flagship's boot screen) and the
    worker cannot drift apart."""

    build: str
    workerStartedAt: int  # noqa: N815 (the message's own key)
    python: str  # "idle" | "booting" | "ready" | "failed"
    how: str | None
    bootMs: int | None  # noqa: N815
    error: str | None
    stage: str | None  # "downloading" | "starting" | "opening" | None once the host is open
    stepsDone: int  # noqa: N815
    stepsTotal: int  # noqa: N815


class DuckAnswer(TypedDict):
    """One statement's result from serviceworker/duck.js (after `.to_py()`)."""

    names: list[str]
    types: list[dict[str, Any]]
    columns: list[list[Any]]
    numRows: int


class DuckDatabase(Protocol):
    def query(self, sql: str) -> Any:
        """A proxy of a `DuckAnswer`; raises with DuckDB's message."""
        ...

    def close(self) -> None: ...


class DuckFactory(Protocol):
    def open(self) -> DuckDatabase: ...


class WorkerApi(Protocol):
    """The JavaScript functions the worker hands Python after every start."""

    def readAsset(self, path: str) -> Awaitable[JsBytes | None]: ...  # noqa: N802

    def idbGet(self, key: str) -> Awaitable[JsBytes | None]: ...  # noqa: N802

    def idbPut(self, key: str, value: Any) -> Awaitable[None]: ...  # noqa: N802

    def idbDeletePrefix(self, prefix: str) -> Awaitable[None]: ...  # noqa: N802

    def duckFactory(self) -> DuckFactory | None:  # noqa: N802
        """duckdb-wasm once the worker started it (serviceworker/engine-start.js), else None."""
        ...


class HandlerReply(TypedDict):
    status: int
    headers: list[list[str]]
    body: bytes


class PythonHandler(Protocol):
    def handle(self, method: str, path: str, query: str, headers: Any, body: JsBytes) -> Any:
        """One forwarded fetch -> a JavaScript object with the `HandlerReply` fields, or,
        when the request has to wait (storage), a future of one.

        `headers` is a proxy of `[[name, value], ...]`; `path` is relative to the demo
        root; `query` has no "?"."""
        ...

    def open_services(self) -> Any:
        """Build the stateful services' apps (asgi: the flagship's host) now, as their
        first request would: a future of their names."""
        ...


class WorkerEntry(Protocol):
    """The module demo.browser.worker_entry, as the worker calls it."""

    def prepare(self, manifest_text: str, warm_folder: str | None = None) -> None:
        """Build the app before the memory snapshot; holds no JavaScript object."""
        ...

    def attach(self, api: WorkerApi) -> PythonHandler:
        """Hand over the worker's functions after every start; return the handler."""
        ...


def missing_members(value: object, protocol: type) -> list[str]:
    """The public members of `protocol` that `value` lacks."""
    names = [name for name in vars(protocol) if not name.startswith("_")]
    return [name for name in names if not hasattr(value, name)]


if TYPE_CHECKING:  # mypy holds the module to its declaration
    from demo.browser import worker_entry

    _entry: WorkerEntry = worker_entry
