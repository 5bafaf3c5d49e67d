"""A built site served on loopback for the browser benchmarks, counting the bytes it sends."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["ByteCounter", "serve"]


class ByteCounter:
    """Bytes of every answer since the last `reset()` (what a visit downloaded).

    `sent`: body bytes as transferred (gzip where the server sent a gzip sibling);
    `raw`: the same answers' bytes before compression (the files' own sizes).
    """

    def __init__(self) -> None:
        self.sent = 0
        self.raw = 0
        self.by_path: dict[str, int] = {}

    def reset(self) -> None:
        self.sent = 0
        self.raw = 0
        self.by_path = {}

    def wrap(self, app: ASGIApp, folder: Path) -> ASGIApp:
        async def counted(scope: Scope, receive: Receive, send: Send) -> None:
            encoded = False

            async def counting(message: Message) -> None:
                nonlocal encoded
                if message["type"] == "http.response.start":
                    headers = dict(message.get("headers", []))
                    encoded = headers.get(b"content-encoding") == b"gzip"
                    if encoded and message["status"] == 200:
                        self.raw += _file_size(folder, scope["path"])
                if message["type"] == "http.response.body":
                    size = len(message.get("body", b""))
                    self.sent += size
                    self.raw += 0 if encoded else size
                    self.by_path[scope["path"]] = self.by_path.get(scope["path"], 0) + size
                await send(message)

            await app(scope, receive, counting)

        return counted


def _file_size(folder: Path, path: str) -> int:
    relative = unquote(path).lstrip("/")
    if relative == "" or relative.endswith("/"):
        relative += "index.html"
    return (folder / relative).stat().st_size


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(folder: Path, counter: ByteCounter | None = None) -> Iterator[str]:
    """`demo serve`'s app for `folder` in a thread; yields its base URL."""
    import uvicorn

    from demo.serve import make_app

    app = make_app(folder)
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            counter.wrap(app, folder) if counter else app,
            host="127.0.0.1",
            port=port,
            log_level="warning",
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("bench server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=5)
