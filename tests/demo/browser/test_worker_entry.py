"""demo.browser.worker_entry: which requests start duckdb-wasm, natively."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import pytest

from demo.browser.worker_entry import Handler, duck_services, needs_duck, start_eagerly
from tests.demo.browser.asyncrun import run


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/__demo/db/ledger/query", True),
        ("/__demo/db/ledger/query/", False),  # no such route: a 404 needs no engine
        ("/__demo/db/notes/query", False),  # sqlite
        ("/__demo/db/ledger/reset", False),  # resets never open an engine
        ("/__demo/reset", False),
        ("/__demo/mock/ledger/query", False),
    ],
)
def test_only_queries_to_duckdb_services_need_duckdb(path: str, expected: bool) -> None:
    assert needs_duck(path, {"ledger"}) is expected


def test_duck_services_are_those_of_duckdb_adapters() -> None:
    services = [
        {"name": "ledger", "adapter": "postgres"},
        {"name": "notes", "adapter": "sqlite"},
        {"name": "api", "adapter": "mock-http"},
    ]
    assert duck_services({"services": services}) == {"ledger"}


class _Duck:
    def __init__(self, fail: bool = False) -> None:
        self.started = False
        self.fail = fail

    async def start(self) -> None:
        if self.fail:
            raise RuntimeError("wasm missing")
        self.started = True


async def _app(scope: Any, receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": scope["path"].encode()})


def test_duckdb_starts_before_the_first_postgres_query_only() -> None:
    duck = _Duck()
    handler = Handler(_app, duck, {"ledger"})
    run(handler.serve("GET", "/__demo/mock/api/x", "", [], b""))
    assert not duck.started
    reply = run(handler.serve("POST", "/__demo/db/ledger/query", "", [], b"{}"))
    assert duck.started
    assert reply.body == b"/__demo/db/ledger/query"


def test_duckdb_that_cannot_start_is_a_json_500() -> None:
    handler = Handler(_app, _Duck(fail=True), {"ledger"})
    reply = run(handler.serve("POST", "/__demo/db/ledger/query", "", [], b"{}"))
    assert reply.status == 500
    assert b"could not start duckdb-wasm: wasm missing" in reply.body


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

    async def openDuck(self) -> Any:  # noqa: N802
        raise RuntimeError("this site has no postgres service")


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
    import json

    from demo.browser import worker_entry

    site = sites.other.out
    worker_entry.prepare((site / "manifest.json").read_text(), False)
    handler = worker_entry._handler
    assert handler is not None
    # Before attach nothing can reach JavaScript: the request fails with a clear 500.
    early = run(handler.serve("GET", "/__demo/mock/api/health", "", [], b""))
    assert early.status == 500 and b"not attached" in early.body
    # With a warm-up folder the mock routes are loaded by prepare() itself (before the
    # snapshot): they answer even before the JavaScript side is attached.
    worker_entry.prepare((site / "manifest.json").read_text(), False, str(site))
    warmed = worker_entry._handler
    assert warmed is not None
    reply = run(warmed.serve("GET", "/__demo/mock/api/health", "", [], b""))
    assert (reply.status, reply.body) == (200, b"ok")

    # A worker built against another contract is refused, naming what it lacks.
    with pytest.raises(TypeError, match="lacks openDuck"):
        worker_entry.attach(_Without(_FakeJs(site), "openDuck"))
    attached = worker_entry.attach(_FakeJs(site))
    answer = run(
        attached.serve(
            "POST",
            "/__demo/db/notes/query",
            "",
            [("content-type", "application/json")],
            json.dumps({"sql": "SELECT body FROM notes ORDER BY id"}).encode(),
        )
    )
    assert json.loads(answer.body)["result"][0]["values"] == [["first"], ["second"]]


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
