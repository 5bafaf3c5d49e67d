"""One forwarded fetch -> one ASGI HTTP call -> (status, headers, body).

The worker hands over the request as plain values (method, path relative to
the demo root, raw query string, header pairs, body bytes); this module builds
the ASGI scope, drives the app and collects its answer. An exception from the
app becomes a JSON 500 that names the cause, so the page sees why. The runtime
tests send every request through `call_asgi` too (tests/demo/runtime/asgi.py).
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Awaitable, Callable, Coroutine, Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import unquote

from demo.runtime.single_request import receive_once
from http_errors import error_body

__all__ = ["Reply", "call_asgi", "error_reply", "run_at_once"]

Message = MutableMapping[str, Any]
ASGIApp = Callable[
    [Message, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
    Awaitable[None],
]
T = TypeVar("T")


@dataclass
class Reply:
    status: int
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: bytes = b""


def error_reply(status: int, message: str) -> Reply:
    """A JSON error answer in the one error shape (`http_errors.error_body`)."""
    headers = [("content-type", "application/json"), ("cache-control", "no-store")]
    return Reply(status, headers, json.dumps(error_body(message), ensure_ascii=False).encode())


def _scope(method: str, path: str, query: str, headers: Iterable[tuple[str, str]]) -> Message:
    raw_path = path if path.startswith("/") else "/" + path
    return {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": method.upper(),
        "scheme": "https",
        "path": unquote(raw_path),
        "raw_path": raw_path.encode(),
        "query_string": query.encode("latin-1", "replace"),
        "root_path": "",
        "headers": [
            (k.lower().encode("latin-1"), v.encode("latin-1", "replace")) for k, v in headers
        ],
        "client": ("127.0.0.1", 0),  # the page itself; there is no network peer
        "server": None,
        "state": {},
    }


async def call_asgi(
    app: ASGIApp,
    method: str,
    path: str,
    query: str,
    headers: Iterable[tuple[str, str]],
    body: bytes,
) -> Reply:
    """Run `app` for one request; never raises (errors become a JSON 500)."""
    scope = _scope(method, path, query, headers)
    reply = Reply(500)
    chunks: list[bytes] = []
    started = False

    async def send(message: Message) -> None:
        nonlocal started
        if message["type"] == "http.response.start":
            started = True
            reply.status = int(message["status"])
            reply.headers = [
                (k.decode("latin-1"), v.decode("latin-1")) for k, v in message.get("headers", [])
            ]
        elif message["type"] == "http.response.body":
            chunks.append(bytes(message.get("body", b"")))

    try:
        await app(scope, receive_once(body), send)
    except Exception as exc:  # the page must get an answer, whatever went wrong
        traceback.print_exc(file=sys.stderr)
        return error_reply(500, f"{type(exc).__name__}: {exc} ({scope['method']} {scope['path']})")
    if not started:
        return error_reply(
            500, f"the demo app sent no response for {scope['method']} {scope['path']}"
        )
    reply.body = b"".join(chunks)
    return reply


def run_at_once(coro: Coroutine[Any, Any, T], refusal: str) -> T:
    """Run a coroutine that never suspends (all it awaits answers at once), without an
    event loop: inside Pyodide a synchronous caller cannot wait on the browser's loop.
    A coroutine that does suspend is closed and `RuntimeError(refusal)` raised."""
    try:
        coro.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    coro.close()
    raise RuntimeError(refusal)
