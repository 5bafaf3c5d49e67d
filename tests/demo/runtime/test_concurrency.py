"""Requests to one service interleave at Store awaits; the per-service lock keeps them apart."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from demo.native.store import MemoryStore

from .conftest import Demo, native_only

pytestmark = native_only  # needs a real event loop (asyncio.run), which Pyodide's tests lack


class YieldingStore(MemoryStore):
    """Gives other tasks a turn inside every call, as IndexedDB does."""

    async def get(self, key: str) -> bytes | None:
        await asyncio.sleep(0)
        return await super().get(key)

    async def put(self, key: str, value: bytes) -> None:
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        await super().put(key, value)


async def _query(app: Any, service: str, sql: str) -> tuple[int, Any]:
    body = json.dumps({"sql": sql}).encode()
    sent = False
    status = 0
    chunks: list[bytes] = []

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            await asyncio.Event().wait()  # a client that stays connected
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    scope = {
        "type": "http",
        "method": "POST",
        "path": f"/__demo/db/{service}/query",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json")],
    }
    await app(scope, receive, send)
    return status, json.loads(b"".join(chunks))


def test_concurrent_writes_are_serialized(make_demo: Callable[..., Demo]) -> None:
    demo = make_demo("mini", YieldingStore())

    async def main() -> list[tuple[int, Any]]:
        batch = "INSERT INTO note (id, title) VALUES ({n}, 't{n}'); SELECT count(*) FROM note"
        return await asyncio.gather(
            *(_query(demo.app, "notes", batch.format(n=n)) for n in range(10, 20))
        )

    replies = asyncio.run(main())
    assert all(status == 200 for status, _ in replies)
    counts = sorted(body["result"][0]["values"][0][0] for _, body in replies)
    assert counts == list(range(3, 13))  # each batch saw exactly the ones before it
    copy = MemoryStore()
    copy.data = dict(demo.store.data)
    stored = make_demo("mini", copy)
    final = stored.client.query("notes", "SELECT count(*) FROM note").json()["result"][0]["values"]
    assert final == [[12]]
