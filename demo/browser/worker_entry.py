"""What the service worker calls inside Pyodide.

The calls and their shapes are declared in `demo.browser.contract` (and, for the
JavaScript side, serviceworker/contract.js). A memory snapshot may not hold any
JavaScript object, so the work is split:

- `prepare(manifest_text, warm_folder)` imports everything heavy and
  builds the `/__demo` ASGI app over adapters that look their JavaScript functions
  up only when called. The snapshot is taken after it, so a restored worker
  starts with the app already built.
- `attach(api)` hands over the worker's JavaScript functions (fetch, IndexedDB,
  duckdb-wasm) and returns the `Handler`; it runs after every (re)start.

`Handler.handle` serves one forwarded fetch: the bridge (`call_asgi`) runs the app,
which matches the route once and runs its handler. When duckdb-wasm starts is the
worker's decision (serviceworker/engine-start.js): a postgres query reaches Python
with it started, and the DuckDB port asks the worker for it (demo/browser/duck.py).
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from demo.browser.bridge import call_asgi, run_at_once
from demo.browser.contract import HandlerReply, JsBytes, PythonHandler, WorkerApi, missing_members

__all__ = [
    "Handler",
    "attach",
    "preload",
    "prepare",
    "start_eagerly",
]

T = TypeVar("T")


def preload(postgres: bool) -> None:
    """Import the runtime and its dependencies: starlette always; sqlglot, its dialects
    and the Postgres engine only for a site with a Postgres service (`postgres`), so a
    SQLite-only site never loads them."""
    import starlette.requests  # noqa: F401
    import starlette.responses  # noqa: F401

    import demo.browser.assets  # noqa: F401
    import demo.browser.duck  # noqa: F401
    import demo.browser.store  # noqa: F401
    import demo.runtime.app  # noqa: F401
    import demo.runtime.mock.router  # noqa: F401 - the adapters import these on first use
    import demo.runtime.sql.sqlite_engine  # noqa: F401

    if postgres:
        import sqlglot  # noqa: F401
        import sqlglot.dialects.duckdb  # noqa: F401
        import sqlglot.dialects.postgres  # noqa: F401

        import demo.runtime.sql.postgres.engine  # noqa: F401
        from demo.runtime.sql.postgres.transpile import transpile_statement

        # A first statement builds sqlglot's lazily made tables and compiles the rewrites'
        # patterns: transpiled here, before the snapshot, that work is in it instead of in
        # a restarted worker's first postgres answer.
        transpile_statement("SELECT t.a AS b FROM t WHERE t.a = 1 ORDER BY 1 LIMIT 1")


class Handler:
    """`PythonHandler`: the worker's fetches in, the app's answers out."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def handle(self, method: str, path: str, query: str, headers: Any, body: JsBytes) -> Any:
        """`PythonHandler.handle`: the worker's fetch in, a `HandlerReply` object out (a
        future of one when the request has to wait)."""
        pairs = [(str(k), str(v)) for k, v in headers.to_py()]
        return start_eagerly(self._reply(method, path, query, pairs, bytes(body.to_bytes())))

    async def _reply(
        self, method: str, path: str, query: str, headers: list[tuple[str, str]], body: bytes
    ) -> Any:
        # No `from js import ...` here: importing `js` after a snapshot restore costs
        # 25-50 ms of every restart's first answer, and to_js makes a dict a plain
        # JavaScript object (as Object.fromEntries would) without it.
        from pyodide.ffi import to_js

        reply = await call_asgi(self.app, method, path, query, headers, body)
        answer: HandlerReply = {
            "status": reply.status,
            "headers": [list(h) for h in reply.headers],
            "body": reply.body,
        }
        return to_js(answer)

    def open_services(self) -> Any:
        """`PythonHandler.open_services`: the stateful services' apps built now (a future
        of their names), so the first request finds them open."""
        return start_eagerly(self._open_services())

    async def _open_services(self) -> Any:
        from pyodide.ffi import to_js

        return to_js(await self.app.services.open_stateful_services())


def start_eagerly(coro: Coroutine[Any, Any, T]) -> T | asyncio.Future[T]:
    """Run `coro` as a task started at once (an eager task): its result if it never
    waits (a warm answer), else the task, which goes on from where it waits.

    A task started the usual way (what Pyodide makes of a coroutine handed to
    JavaScript) begins on a later turn of the browser's event loop and reports its end on
    another: two trips through the worker's task queue, about 0.5 ms of a warm query's
    5 ms. It is a task all the same, so apps that need one (anyio, starlette) run as
    before. Eager tasks are Python 3.12's (Pyodide runs 3.14); before, a plain task.
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no loop runs here: the task starts the usual way
        return asyncio.ensure_future(coro)
    if sys.version_info >= (3, 12):
        task = asyncio.Task(coro, loop=loop, eager_start=True)
    else:
        task = loop.create_task(coro)
    return task.result() if task.done() else task


class _Late:
    """Attribute access to the worker's JavaScript API, resolved at call time."""

    def __init__(self) -> None:
        self.js: Any = None

    def function(self, name: str) -> Any:
        def call(*args: Any) -> Any:
            if self.js is None:
                raise RuntimeError("the worker has not attached its JavaScript API yet")
            return getattr(self.js, name)(*args)

        return call


_late = _Late()
_handler: Handler | None = None


class _FolderAssets:
    """Stands in for the JavaScript API while warming up: site files copied into the
    Pyodide file system by the worker."""

    def __init__(self, folder: str) -> None:
        self.folder = Path(folder)

    async def readAsset(self, path: str) -> Any:  # noqa: N802 - the JavaScript name
        target = self.folder / path
        return _Bytes(target.read_bytes()) if target.is_file() else None


class _Bytes:
    def __init__(self, data: bytes) -> None:
        self._data = data

    def to_bytes(self) -> bytes:
        return self._data


def _open_http_services(app: Any, folder: str) -> None:
    # HTTP services (mock-http: its OpenAPI document and fixtures) are opened on first
    # use; opening them here puts them into the snapshot instead of the first request.
    _late.js = _FolderAssets(folder)
    try:
        run_at_once(app.services.open_http_services(), "the warm-up had to wait for something")
    except Exception as exc:  # only an optimisation: the first request opens them instead
        print(f"[helio-demo] warm-up skipped: {type(exc).__name__}: {exc}", file=sys.stderr)
    finally:
        _late.js = None


def prepare(manifest_text: str, warm_folder: str | None = None) -> None:
    """Build the app for the site's manifest.json; holds no JavaScript object.

    `warm_folder` holds copies of the files the adapters `prefetch` (the mock services'
    documents): the HTTP services are opened from them now."""
    global _handler
    from demo.browser.assets import FetchAssetSource
    from demo.browser.duck import AskedDuck
    from demo.browser.store import IndexedDBStore
    from demo.browser.threads import run_threads_inline
    from demo.runtime.adapters import duckdb_service_names
    from demo.runtime.app import create_demo_app

    manifest = json.loads(manifest_text)
    run_threads_inline()  # before any app module imports anyio's function by name
    preload(postgres=bool(duckdb_service_names(manifest)))
    assets = FetchAssetSource(_late.function("readAsset"))
    store = IndexedDBStore(
        _late.function("idbGet"), _late.function("idbPut"), _late.function("idbDeletePrefix")
    )
    app = create_demo_app(manifest, assets, store, AskedDuck(_late.function("duckFactory")))
    if warm_folder is not None:
        _open_http_services(app, warm_folder)
    _handler = Handler(app)


def attach(api: WorkerApi) -> PythonHandler:
    """Give the prepared app the worker's JavaScript functions; return the handler."""
    if _handler is None:
        raise RuntimeError("prepare() must run before attach()")
    missing = missing_members(api, WorkerApi)
    if missing:
        raise TypeError(f"the worker's API lacks {', '.join(missing)} (serviceworker/contract.js)")
    _late.js = api
    return _handler
