"""An httpx client that calls an ASGI app in-process with no thread and no event loop.

Starlette's TestClient runs the app on an anyio portal thread; Pyodide has no
threads. The host's app never has to wait on anything when its profile is pure
Python (an SQLite file, in-memory adapters, sync work run inline), so each call
is stepped by hand (`_advance`): the coroutine runs until it finishes, and one that suspends
is an error that says so. The lifespan is the one call that does wait (for the
shutdown message); it is started on `__enter__` and finished on `__exit__`, as
`with TestClient(app):` does. Used inside Pyodide by `app_client.py`.
"""

from __future__ import annotations

import asyncio
import sys
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Generator, MutableMapping
from typing import Any
from urllib.parse import unquote

import httpx

__all__ = ["ASGIApp", "InProcessClient", "Lifespan", "SteppedTransport"]

Message = MutableMapping[str, Any]
ASGIApp = Callable[
    [Message, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
    Awaitable[None],
]

_DEFAULT_PORTS = {"https": 443, "http": 80}


class _Wait:
    """Suspends the coroutine once: the driver resumes it when there is a message."""

    def __await__(self) -> Generator[None]:
        yield


def _step(coro: Coroutine[Any, Any, None]) -> bool:
    try:
        coro.send(None)
    except StopIteration:
        return True
    return False


async def _step_in_task(coro: Coroutine[Any, Any, None]) -> bool:
    return _step(coro)


def _advance(coro: Coroutine[Any, Any, None]) -> bool:
    """Run `coro` until it finishes (True) or suspends (False).

    Inside Pyodide the tests themselves run in its event loop, so anyio finds one (a
    shielded cancel scope when a file closes needs it) and the step runs as is. Natively
    (HELIO_HOST_TESTS_PURE=1) the step runs as a task of a fresh loop, for the same reason;
    it still never waits on that loop."""
    if sys.platform == "emscripten":
        return _step(coro)
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(_step_in_task(coro))
    finally:
        loop.close()


class Lifespan:
    """The app's lifespan (startup now, shutdown on `stop`), driven without a loop."""

    def __init__(self, app: ASGIApp) -> None:
        self._messages: deque[Message] = deque([{"type": "lifespan.startup"}])
        self._sent: list[str] = []
        scope = {"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}
        self._coro: Coroutine[Any, Any, None] = app(scope, self._receive, self._send)  # type: ignore[assignment]

    async def _receive(self) -> Message:
        while not self._messages:
            await _Wait()
        return self._messages.popleft()

    async def _send(self, message: Message) -> None:
        if message["type"].endswith(".failed"):
            raise RuntimeError(f"{message['type']}: {message.get('message', '')}")
        self._sent.append(message["type"])

    def start(self) -> None:
        if _advance(self._coro) or self._sent != ["lifespan.startup.complete"]:
            raise RuntimeError(f"the lifespan did not start: {self._sent}")

    def stop(self) -> None:
        self._messages.append({"type": "lifespan.shutdown"})
        if not _advance(self._coro):
            self._coro.close()
            raise RuntimeError("the lifespan did not finish its shutdown")


class SteppedTransport(httpx.BaseTransport):
    """One httpx request -> one ASGI call, as uvicorn builds the scope, from `peer`."""

    def __init__(self, app: ASGIApp, peer: tuple[str, int]) -> None:
        self.app = app
        self.peer = peer

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        # uvicorn: the path is the percent-decoded target before "?", raw_path as sent.
        raw_path, _, query = request.url.raw_path.partition(b"?")
        scope: Message = {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": "1.1",
            "method": request.method,
            "scheme": request.url.scheme,
            "path": unquote(raw_path.decode("ascii")),
            "raw_path": raw_path,
            "query_string": query,
            "root_path": "",
            "headers": [(name.lower(), value) for name, value in request.headers.raw],
            "client": self.peer,
            "server": (request.url.host, request.url.port or _DEFAULT_PORTS[request.url.scheme]),
            "state": {},
        }
        body = [request.read()]
        status, headers, chunks = 0, [], []

        async def receive() -> Message:
            if body:
                return {"type": "http.request", "body": body.pop(), "more_body": False}
            return {"type": "http.disconnect"}

        async def send(message: Message) -> None:
            nonlocal status, headers
            if message["type"] == "http.response.start":
                status, headers = int(message["status"]), list(message.get("headers", []))
            elif message["type"] == "http.response.body":
                chunks.append(bytes(message.get("body", b"")))

        coro: Coroutine[Any, Any, None] = self.app(scope, receive, send)  # type: ignore[assignment]
        try:
            finished = _advance(coro)
        except Exception:
            # As TestClient(raise_server_exceptions=False): the 500 the app's error
            # middleware sent (and logged) is the answer.
            finished = True
            if not status:
                status = 500
        if not finished:
            coro.close()
            raise RuntimeError(f"{request.method} {request.url.path} waited on something")
        return httpx.Response(status, headers=headers, content=b"".join(chunks), request=request)


class InProcessClient(httpx.Client):
    """TestClient's interface without its thread: `with client:` runs the lifespan."""

    def __init__(self, app: ASGIApp, peer: tuple[str, int], **options: Any) -> None:
        options.setdefault("follow_redirects", True)  # TestClient's default
        super().__init__(transport=SteppedTransport(app, peer), **options)
        self.app = app
        self._lifespan: Lifespan | None = None

    def __enter__(self) -> InProcessClient:
        self._lifespan = Lifespan(self.app)
        self._lifespan.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._lifespan is not None:
            self._lifespan.stop()
            self._lifespan = None
        self.close()
