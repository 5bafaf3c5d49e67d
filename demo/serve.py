"""`python -m demo serve`: serves a built site (or a folder of sites) on loopback.

Static files get the MIME types the browser insists on (`.mjs`/`.js` as
text/javascript, `.wasm` as application/wasm) and `Cache-Control: no-cache`,
so a rebuilt site is picked up on the next load (the service worker script is
revalidated too). With `native_demo`, requests under `/__demo/` are answered
by the same `/__demo` ASGI app the worker runs, over the native adapters: the
behaviour can be compared without a browser.
"""

from __future__ import annotations

import json
import mimetypes
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["make_app", "serve"]

_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".sqlite": "application/octet-stream",
}
for _suffix, _type in _TYPES.items():
    mimetypes.add_type(_type, _suffix)


class _Headers:
    """Adds the no-surprise caching and worker headers to every static answer."""

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
                if scope["path"].endswith(".js"):
                    # The worker's scope is its own folder; allowing it explicitly costs nothing.
                    headers.append((b"service-worker-allowed", b"/"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


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
    static = _Headers(Starlette(routes=[Mount("/", StaticFiles(directory=root, html=True))]))
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
