"""What the service worker calls inside Pyodide.

The calls and their shapes are declared in `demo.browser.contract` (and, for the
JavaScript side, serviceworker/contract.js). A memory snapshot may not hold any
JavaScript object, so the work is split:

- `prepare(manifest_text, has_duck, warm_folder)` imports everything heavy and
  builds the `/__demo` ASGI app over adapters that look their JavaScript functions
  up only when called. The snapshot is taken after it, so a restored worker
  starts with the app already built.
- `attach(api)` hands over the worker's JavaScript functions (fetch, IndexedDB,
  duckdb-wasm) and returns the `Handler`; it runs after every (re)start.

`Handler.handle` serves one forwarded fetch.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from demo.browser.bridge import Reply, call_asgi, error_reply
from demo.browser.contract import HandlerReply, JsBytes, PythonHandler, WorkerApi, missing_members
from demo.runtime.adapters import ADAPTERS
from demo.runtime.routes import match_route

__all__ = [
    "Handler",
    "attach",
    "duck_services",
    "needs_duck",
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


def needs_duck(path: str, duck_services: set[str]) -> bool:
    """Whether a request will open a DuckDB database: a query to a service whose adapter
    runs on DuckDB. (Resets only drop stored data and engines; they never open one.)"""
    match = match_route(path)
    return match is not None and match.route.name == "db-query" and match.service in duck_services


def duck_services(manifest: dict[str, Any]) -> set[str]:
    """The services whose adapter runs on duckdb-wasm (the registry's `duckdb`)."""
    return {s["name"] for s in manifest.get("services", []) if ADAPTERS[s["adapter"]].duckdb}


class Handler:
    def __init__(self, app: Any, duck: Any, duck_services: set[str]) -> None:
        self._app = app
        self._duck = duck
        self._duck_services = duck_services

    async def serve(
        self, method: str, path: str, query: str, headers: list[tuple[str, str]], body: bytes
    ) -> Reply:
        if (
            self._duck is not None
            and not self._duck.started
            and needs_duck(path, self._duck_services)
        ):
            try:
                await self._duck.start()
            except Exception as exc:
                return error_reply(500, f"could not start duckdb-wasm: {exc}")
        return await call_asgi(self._app, method, path, query, headers, body)

    def handle(self, method: str, path: str, query: str, headers: Any, body: JsBytes) -> Any:
        """`PythonHandler.handle`: the worker's fetch in, a `HandlerReply` object out (a
        future of one when the request has to wait)."""
        return start_eagerly(self._handle(method, path, query, headers, body))

    async def _handle(self, method: str, path: str, query: str, headers: Any, body: JsBytes) -> Any:
        # No `from js import ...` here: importing `js` after a snapshot restore costs
        # 25-50 ms of every restart's first answer, and to_js makes a dict a plain
        # JavaScript object (as Object.fromEntries would) without it.
        from pyodide.ffi import to_js

        pairs = [(str(k), str(v)) for k, v in headers.to_py()]
        reply = await self.serve(method, path, query, pairs, bytes(body.to_bytes()))
        answer: HandlerReply = {
            "status": reply.status,
            "headers": [list(h) for h in reply.headers],
            "body": reply.body,
        }
        return to_js(answer)


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


def _run_now(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine that never really waits (file reads, free locks), without an event loop."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value
    coro.close()
    raise RuntimeError("the warm-up had to wait for something")


def _open_http_services(app: Any, folder: str) -> None:
    # HTTP services (mock-http: its OpenAPI document and fixtures) are opened on first
    # use; opening them here puts them into the snapshot instead of the first request.
    _late.js = _FolderAssets(folder)
    try:
        _run_now(app.services.open_http_services())
    except Exception as exc:  # only an optimisation: the first request opens them instead
        print(f"[helio-demo] warm-up skipped: {type(exc).__name__}: {exc}", file=sys.stderr)
    finally:
        _late.js = None


def prepare(manifest_text: str, has_duck: bool, warm_folder: str | None = None) -> None:
    """Build the app for the site's manifest.json; holds no JavaScript object.

    `warm_folder` holds copies of the files the adapters `prefetch` (the mock services'
    documents): the HTTP services are opened from them now."""
    global _handler
    from demo.browser.assets import FetchAssetSource
    from demo.browser.duck import LazyDuck
    from demo.browser.store import IndexedDBStore
    from demo.runtime.app import create_demo_app

    manifest = json.loads(manifest_text)
    preload(postgres=bool(duck_services(manifest)))
    assets = FetchAssetSource(_late.function("readAsset"))
    store = IndexedDBStore(
        _late.function("idbGet"), _late.function("idbPut"), _late.function("idbDeletePrefix")
    )
    duck = LazyDuck(_late.function("openDuck") if has_duck else None)
    app = create_demo_app(manifest, assets, store, duck)
    if warm_folder is not None:
        _open_http_services(app, warm_folder)
    _handler = Handler(app, duck if duck.available else None, duck_services(manifest))


def attach(api: WorkerApi) -> PythonHandler:
    """Give the prepared app the worker's JavaScript functions; return the handler."""
    if _handler is None:
        raise RuntimeError("prepare() must run before attach()")
    missing = missing_members(api, WorkerApi)
    if missing:
        raise TypeError(f"the worker's API lacks {', '.join(missing)} (serviceworker/contract.js)")
    _late.js = api
    return _handler
