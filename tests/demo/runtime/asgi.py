"""A tiny synchronous in-process ASGI client for the runtime tests.

It drives the app's coroutine by hand instead of running an event loop: inside
Pyodide (where these tests also run) a synchronous test cannot wait on the
browser's event loop, and the demo app never needs to suspend when its Store and
AssetSource answer at once (MemoryStore, DirectoryAssets). A coroutine that does
try to suspend fails the test loudly rather than hang.
"""

from __future__ import annotations

import json
from collections.abc import Coroutine, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Client", "Reply", "run_sync"]


def run_sync(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine that never suspends; return its result."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value
    coro.close()
    raise RuntimeError("the coroutine suspended; this client only runs apps that answer at once")


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode()


class Client:
    def __init__(self, app: Any) -> None:
        self.app = app

    def request(
        self,
        method: str,
        path: str,
        *,
        headers: Mapping[str, str] | None = None,
        body: bytes = b"",
        json_body: Any = None,
    ) -> Reply:
        headers = dict(headers or {})
        if json_body is not None:
            body = json.dumps(json_body).encode()
            headers.setdefault("content-type", "application/json")
        path, _, query = path.partition("?")
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method.upper(),
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "root_path": "",
            "query_string": query.encode(),
            "headers": [
                (k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()
            ],
            "client": ("127.0.0.1", 1234),
            "server": ("demo.test", 80),
        }
        sent_body = False

        async def receive() -> dict[str, Any]:
            nonlocal sent_body
            if sent_body:
                return {"type": "http.disconnect"}
            sent_body = True
            return {"type": "http.request", "body": body, "more_body": False}

        reply = Reply(0, {}, b"")

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                reply.status = message["status"]
                for key, value in message.get("headers", []):
                    name = key.decode("latin-1").lower()
                    reply.headers[name] = (
                        f"{reply.headers[name]}, {value.decode('latin-1')}"
                        if name in reply.headers
                        else value.decode("latin-1")
                    )
            elif message["type"] == "http.response.body":
                reply.body += message.get("body", b"")

        run_sync(self.app(scope, receive, send))
        return reply

    def get(self, path: str, **kw: Any) -> Reply:
        return self.request("GET", path, **kw)

    def post(self, path: str, **kw: Any) -> Reply:
        return self.request("POST", path, **kw)

    def query(self, service: str, sql: str, prefix: str = "") -> Reply:
        return self.post(f"{prefix}/__demo/db/{service}/query", json_body={"sql": sql})
