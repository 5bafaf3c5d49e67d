"""The runtime tests' client: every request goes through the production bridge.

`demo.browser.bridge.call_asgi` is what the service worker runs for each fetch: it
builds the ASGI scope from the forwarded request and collects the answer. The client
drives it by hand instead of running an event loop: inside Pyodide (where these tests
also run) a synchronous test cannot wait on the browser's event loop, and the demo app
never needs to suspend when its Store and AssetSource answer at once (MemoryStore,
DirectoryAssets). A coroutine that does try to suspend fails the test loudly rather
than hang.
"""

from __future__ import annotations

import json
from collections.abc import Coroutine, Mapping
from dataclasses import dataclass
from typing import Any

from demo.browser.bridge import call_asgi, run_at_once

__all__ = ["Client", "Reply", "run_sync"]


def run_sync(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine that never suspends; return its result."""
    return run_at_once(
        coro, "the coroutine suspended; this client only runs apps that answer at once"
    )


@dataclass
class Reply:
    status: int
    headers: dict[str, str]  # lower-case names; repeated headers joined with ", "
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
        answer = run_sync(call_asgi(self.app, method, path, query, headers.items(), body))
        merged: dict[str, str] = {}
        for name, value in answer.headers:
            name = name.lower()
            merged[name] = f"{merged[name]}, {value}" if name in merged else value
        return Reply(answer.status, merged, answer.body)

    def get(self, path: str, **kw: Any) -> Reply:
        return self.request("GET", path, **kw)

    def post(self, path: str, **kw: Any) -> Reply:
        return self.request("POST", path, **kw)

    def query(self, service: str, sql: str, prefix: str = "") -> Reply:
        return self.post(f"{prefix}/__demo/db/{service}/query", json_body={"sql": sql})
