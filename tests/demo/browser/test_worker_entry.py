"""demo.browser.worker_entry: the app prepared without JavaScript, each request matched once."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import pytest

from demo.browser.bridge import call_asgi
from demo.browser.worker_entry import start_eagerly
from demo.build.bundle import duck_queries
from demo.runtime import routes
from tests.demo.browser.asyncrun import run


def test_duck_queries_are_the_query_paths_of_duckdb_adapters() -> None:
    # The one list the worker decides from (serviceworker/engine-start.js).
    services = [
        {"name": "ledger", "adapter": "postgres"},
        {"name": "notes", "adapter": "sqlite"},
        {"name": "api", "adapter": "mock-http"},
    ]
    assert duck_queries({"services": services}) == ["/__demo/db/ledger/query"]


class _Bytes:
    """What a JS Uint8Array looks like from Python."""

    def __init__(self, data: bytes) -> None:
        self._data = data

    def to_bytes(self) -> bytes:
        return self._data


class _FakeJs:
    """The worker's JavaScript API, over a built site folder and a dict."""

    def __init__(self, site: Any) -> None:
        self.site = site
        self.stored: dict[str, bytes] = {}

    async def readAsset(self, path: str) -> Any:  # noqa: N802 - the JS name
        target = self.site / path
        return _Bytes(target.read_bytes()) if target.is_file() else None

    async def idbGet(self, key: str) -> Any:  # noqa: N802
        return _Bytes(self.stored[key]) if key in self.stored else None

    async def idbPut(self, key: str, value: Any) -> None:  # noqa: N802
        self.stored[key] = bytes(value)

    async def idbDeletePrefix(self, prefix: str) -> None:  # noqa: N802
        for key in [k for k in self.stored if k.startswith(prefix)]:
            del self.stored[key]

    def duckFactory(self) -> Any:  # noqa: N802
        return None  # this site has no postgres service


class _Without:
    """A worker API that lacks one member."""

    def __init__(self, api: Any, missing: str) -> None:
        self._api = api
        self._missing = missing

    def __getattr__(self, name: str) -> Any:
        if name == self._missing:
            raise AttributeError(name)
        return getattr(self._api, name)


def test_app_is_prepared_without_javascript_and_attached_later(sites: Any) -> None:
    from demo.browser import worker_entry

    site = sites.other.out
    worker_entry.prepare((site / "manifest.json").read_text())
    handler = worker_entry._handler
    assert handler is not None
    # Before attach nothing can reach JavaScript: the request fails with a clear 500.
    early = run(call_asgi(handler.app, "GET", "/__demo/mock/api/health", "", [], b""))
    assert early.status == 500 and b"not attached" in early.body
    # With a warm-up folder the mock routes are loaded by prepare() itself (before the
    # snapshot): they answer even before the JavaScript side is attached.
    worker_entry.prepare((site / "manifest.json").read_text(), str(site))
    warmed = worker_entry._handler
    assert warmed is not None
    reply = run(call_asgi(warmed.app, "GET", "/__demo/mock/api/health", "", [], b""))
    assert (reply.status, reply.body) == (200, b"ok")

    # A worker built against another contract is refused, naming what it lacks.
    with pytest.raises(TypeError, match="lacks duckFactory"):
        worker_entry.attach(_Without(_FakeJs(site), "duckFactory"))
    attached = worker_entry.attach(_FakeJs(site))
    assert isinstance(attached, worker_entry.Handler)
    answer = run(
        call_asgi(
            attached.app,
            "POST",
            "/__demo/db/notes/query",
            "",
            [("content-type", "application/json")],
            json.dumps({"sql": "SELECT body FROM notes ORDER BY id"}).encode(),
        )
    )
    assert json.loads(answer.body)["result"][0]["values"] == [["first"], ["second"]]


class _Js:
    """What Pyodide hands `Handler.handle` for a JavaScript array and Uint8Array."""

    def __init__(self, value: Any) -> None:
        self._value = value

    def to_py(self) -> Any:
        return self._value

    def to_bytes(self) -> bytes:
        return bytes(self._value)


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("POST", "/__demo/db/notes/query", {"sql": "SELECT 1"}, 200),
        ("GET", "/__demo/mock/api/health", None, 200),
        ("GET", "/__demo/db/notes/query", None, 405),
        ("POST", "/__demo/db/nope/query", {"sql": "SELECT 1"}, 404),
        ("GET", "/__demo/manifest", None, 200),
        # The worker starts duckdb-wasm before a postgres query; this fake one never does.
        ("POST", "/__demo/db/ledger/query", {"sql": "SELECT 1"}, 500),
    ],
)
def test_a_request_is_matched_once_on_its_way_through_the_worker_entry(
    sites: Any, monkeypatch: pytest.MonkeyPatch, method: str, path: str, body: Any, status: int
) -> None:
    # The whole Python path of a fetch: handle -> call_asgi -> the app -> the handler,
    # on a site with a postgres service (Python once matched again to decide on DuckDB).
    from demo.browser import worker_entry

    site = sites.shop.out
    worker_entry.prepare((site / "manifest.json").read_text(), str(site))
    handler = worker_entry.attach(_FakeJs(site))
    matched: list[str] = []
    real = routes.route_table

    def counting_table() -> Any:
        matched.append(path)  # match_route walks the table once per match
        return real()

    monkeypatch.setattr(routes, "route_table", counting_table)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", _FakeFfi())
    headers = [("content-type", "application/json")] if body is not None else []
    data = json.dumps(body).encode() if body is not None else b""

    async def through_handle() -> Any:
        answer = handler.handle(method, path, "", _Js(headers), _Js(data))
        return await answer if isinstance(answer, asyncio.Future) else answer

    answer = run(through_handle())
    assert answer["status"] == status, answer
    assert matched == [path]


class _FakeFfi:
    """`pyodide.ffi` natively: to_js hands the dict back."""

    @staticmethod
    def to_js(value: Any) -> Any:
        return value


async def _answer_now(value: str) -> str:
    return value


async def _answer_later(lock: asyncio.Lock, value: str) -> str:
    async with lock:
        return value


async def _in_a_task() -> bool:
    return asyncio.current_task() is not None


def test_an_answer_that_never_waits_is_given_at_once() -> None:
    # Eager tasks are Python 3.12's: the worker (Pyodide, 3.14) gets the answer itself;
    # an older Python (this suite's native 3.11) a task that gives it.
    async def scenario() -> Any:
        answer = start_eagerly(_answer_now("warm"))
        if sys.version_info >= (3, 12):
            return answer
        assert isinstance(answer, asyncio.Future) and not answer.done()
        return await answer

    assert run(scenario()) == "warm"


def test_an_answer_runs_in_a_task() -> None:
    # Apps relying on the current task (anyio's cancel scopes, starlette) keep working.
    async def scenario() -> Any:
        answer = start_eagerly(_in_a_task())
        return await answer if isinstance(answer, asyncio.Future) else answer

    assert run(scenario()) is True


def test_an_answer_that_waits_goes_on_as_a_task() -> None:
    async def scenario() -> tuple[str, bool]:
        lock = asyncio.Lock()
        await lock.acquire()  # another request holds the database
        pending = start_eagerly(_answer_later(lock, "after the lock"))
        assert isinstance(pending, asyncio.Future)
        started_waiting = not pending.done()
        lock.release()
        return await pending, started_waiting

    assert run(scenario()) == ("after the lock", True)


async def _answer_unless_cancelled(lock: asyncio.Lock, seen: list[str]) -> str:
    try:
        async with lock:
            return "answered"
    except asyncio.CancelledError:
        seen.append("cancelled")
        raise


def test_a_waiting_answer_can_be_cancelled() -> None:
    async def scenario() -> list[str]:
        seen: list[str] = []
        lock = asyncio.Lock()
        await lock.acquire()
        pending = start_eagerly(_answer_unless_cancelled(lock, seen))
        assert isinstance(pending, asyncio.Future)
        await asyncio.sleep(0)
        pending.cancel()
        with pytest.raises(asyncio.CancelledError):
            await pending
        lock.release()
        assert not lock.locked()  # the cancelled request never took the database
        return seen

    assert run(scenario()) == ["cancelled"]
