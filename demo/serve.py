"""`python -m demo serve`: serves a built site (or a folder of sites) on loopback.

Static files get the MIME types the browser insists on (`.mjs`/`.js` as
text/javascript, `.wasm` as application/wasm) and `Cache-Control: no-cache`,
so a rebuilt site is picked up on the next load (the service worker script is
revalidated too). A request that accepts gzip for a file with an up-to-date gzip
sibling (`<file>.gz`, written by `demo build`) gets the sibling with
`Content-Encoding: gzip` (demo.build.precompress). With `native_demo`, requests under `/__demo/` are answered
by the same `/__demo` ASGI app the worker runs, over the native adapters: the
behaviour can be compared without a browser.
"""

from __future__ import annotations

import json
import mimetypes
import socket
import struct
import sys
import threading
import time
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import unquote

from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from demo.build.headers import STRICT_TYPES
from demo.build.precompress import GZIP_SUFFIX

__all__ = ["ServerThread", "free_port", "make_app", "serve"]

# Python's own table knows .json and .zip; a wheel is a zip, and a seed database is
# served as bytes (the worker reads it whole, never as a document).
_TYPES = {**STRICT_TYPES, ".whl": "application/zip", ".sqlite": "application/octet-stream"}
for _suffix, _type in _TYPES.items():
    mimetypes.add_type(_type, _suffix)


class _Headers:
    """Adds the no-surprise caching headers to every static answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v) for k, v in message.get("headers", []) if k.lower() != b"cache-control"
                ]
                headers.append((b"cache-control", b"no-cache"))
                headers.append((b"x-content-type-options", b"nosniff"))
                # No Service-Worker-Allowed: a demo's worker may control its own folder
                # only, never a wider scope holding other demos (docs/demo-kit.md).
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _accepts_gzip(scope: Scope) -> bool:
    """Whether Accept-Encoding names gzip (or `*`) without `q=0`."""
    for key, value in scope.get("headers", []):
        if key != b"accept-encoding":
            continue
        for item in value.decode("latin-1").lower().split(","):
            name, *params = (part.strip() for part in item.split(";"))
            if name in ("gzip", "*"):
                q = next((p[2:] for p in params if p.startswith("q=")), "1")
                try:
                    return float(q) > 0
                except ValueError:
                    return False
    return False


class _Precompressed:
    """Sends `<file>.gz` in place of `<file>` when the client accepts gzip.

    Only when the sibling is at least as new as the file (an edited or rebuilt file
    without a new sibling is sent as it is). The static app serves the sibling, so
    ETags, 304s and HEAD work as for any file; the answer keeps the file's type.
    """

    def __init__(self, app: ASGIApp, root: Path) -> None:
        self.app = app
        self.root = root

    def _sibling(self, path: str) -> str | None:
        relative = unquote(path).lstrip("/")
        if relative == "" or relative.endswith("/"):
            relative += "index.html"
        file = (self.root / relative).resolve()
        if not file.is_relative_to(self.root) or not file.is_file():
            return None
        gz = file.with_name(file.name + GZIP_SUFFIX)
        try:
            fresh = gz.stat().st_mtime_ns >= file.stat().st_mtime_ns
        except OSError:
            return None
        return "/" + gz.relative_to(self.root).as_posix() if fresh else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        sibling = None
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            sibling = self._sibling(scope["path"])
        if sibling is None or not _accepts_gzip(scope):
            if sibling is not None:
                send = _with_vary(send)
            await self.app(scope, receive, send)
            return
        media_type = mimetypes.guess_type(scope["path"])[0] or "application/octet-stream"
        if scope["path"].endswith("/"):
            media_type = "text/html"

        async def send_encoded(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] in (200, 206, 304):
                headers = [
                    (k, v) for k, v in message.get("headers", []) if k.lower() != b"content-type"
                ]
                headers.append((b"content-type", _with_charset(media_type).encode("latin-1")))
                headers.append((b"content-encoding", b"gzip"))
                message = {**message, "headers": headers}
            await send(message)

        inner = {**scope, "path": sibling, "raw_path": sibling.encode()}
        await self.app(inner, receive, _with_vary(send_encoded))


def _with_charset(media_type: str) -> str:
    if media_type.startswith("text/"):  # as Starlette's own file answers
        return media_type + "; charset=utf-8"
    return media_type


def _with_vary(send: Send) -> Send:
    """Caches must key the answer on Accept-Encoding: it depends on it."""

    async def send_with_vary(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {
                **message,
                "headers": [*message.get("headers", []), (b"vary", b"accept-encoding")],
            }
        await send(message)

    return send_with_vary


def _native_demo_app(site: Path) -> ASGIApp:
    from demo.native import DirectoryAssets, MemoryStore, open_native_duck
    from demo.runtime.app import create_demo_app

    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    return create_demo_app(manifest, DirectoryAssets(site), MemoryStore(), open_native_duck)


def make_app(site: str | Path, *, native_demo: bool = False) -> ASGIApp:
    """The ASGI app serving `site`; with `native_demo`, `/__demo/...` runs natively."""
    root = Path(site).resolve()
    if not root.is_dir():
        raise FileNotFoundError(
            f"{root}: no such folder (build a site with `python -m demo build`)"
        )
    # Inside a Starlette app so a missing file is a plain 404, not an unhandled exception.
    files = Starlette(routes=[Mount("/", StaticFiles(directory=root, html=True))])
    static = _Headers(_Precompressed(files, root))
    if not native_demo:
        return static
    if not (root / "manifest.json").is_file():
        raise FileNotFoundError(
            f"{root}/manifest.json missing: --native-demo needs a built demo site"
        )
    demo_app = _native_demo_app(root)

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/__demo/"):
            await demo_app(scope, receive, send)
        else:
            await static(scope, receive, send)

    return app


def serve(
    site: str | Path, *, port: int = 8000, native_demo: bool = False, **uvicorn_options: Any
) -> None:
    import uvicorn

    app = make_app(site, native_demo=native_demo)
    print(
        f"serving {Path(site).resolve()} at http://127.0.0.1:{port}/"
        + (" (native /__demo)" if native_demo else "")
    )
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", **uvicorn_options)


# How long a stopping test server may take to finish the responses under way.
STOP_GRACE_S = 5.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cut(transport: Any) -> None:
    """Resets a connection at once. A plain close would leave the kernel holding the unsent
    rest of the response for a client that reads nothing: the connection then lingered, and
    its client waited, until the kernel gave up probing (98 s in a full test run)."""
    sock = transport.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport.abort()


class ServerThread:
    """`make_app` in a uvicorn thread on a free loopback port (tests, the pytest plugin)."""

    # Every server started and not yet stopped, so that `stop_all` can reach them.
    _running: ClassVar[set[ServerThread]] = set()

    def __init__(self, folder: Path, *, native_demo: bool = False) -> None:
        import uvicorn

        # The port is bound here and the socket handed to uvicorn: nothing can take the port
        # between its pick and the listen, as it could after `free_port()` closed its socket.
        self._socket = socket.socket()
        self._socket.bind(("127.0.0.1", 0))
        self.port = int(self._socket.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            make_app(folder, native_demo=native_demo),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._socket]}, daemon=True
        )
        self._stop_by: float | None = None

    def __enter__(self) -> ServerThread:
        self._thread.start()
        ServerThread._running.add(self)
        # Until it listens or its thread has ended: a busy machine starts it late, not never
        # (a deadline here failed tests under load; a hang is pytest-timeout's to report).
        while not self._server.started:
            if not self._thread.is_alive():
                raise RuntimeError(f"demo server {self.url} did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        """Asks the server to stop, without waiting: it takes no new connection, closes its
        idle ones and has until `STOP_GRACE_S` from the first ask to finish the responses
        under way (`__exit__` waits that long, then cuts what is left)."""
        if self._stop_by is None:
            self._stop_by = time.monotonic() + STOP_GRACE_S
        self._server.should_exit = True

    @classmethod
    def stop_all(cls) -> None:
        """Asks every running server to stop. At a test session's end its servers each may
        wait for a response under way: asked together, those waits overlap."""
        for server in list(cls._running):
            server.stop()

    def __exit__(self, *exc: object) -> None:
        self.stop()
        assert self._stop_by is not None
        self._thread.join(timeout=max(0.0, self._stop_by - time.monotonic()))
        ServerThread._running.discard(self)
        if self._thread.is_alive():
            # A client that never reads the rest of a response would hold the server past
            # the grace: its connection is cut, which ends the response and the thread.
            state = self._server.server_state
            print(
                f"demo server {self.url} did not stop within {STOP_GRACE_S:g} s: "
                f"{len(state.connections)} connections and {len(state.tasks)} tasks still "
                "open; cutting the connections",
                file=sys.__stderr__,
            )
            for connection in list(state.connections):
                connection.loop.call_soon_threadsafe(_cut, connection.transport)
            self._thread.join(timeout=STOP_GRACE_S)
