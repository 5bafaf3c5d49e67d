"""Serving the built console (`web/dist`, made by `web/build.mjs`).

- `/assets/...`: content-hashed files, cached for a year as immutable.
- Any other path without a file extension is a client-side route (`/apps`,
  `/settings`, `/devices/abc`): it gets `index.html`, so deep links and
  reloads work. `index.html` itself is `no-cache` so a new build is seen.
- `/api/...` never reaches here with a page: an unknown API path stays a
  JSON 404 like every other API error.
"""

from __future__ import annotations

from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.responses import FileResponse, Response
from starlette.types import Receive, Scope, Send

__all__ = ["IMMUTABLE", "REVALIDATE", "ConsoleFiles"]

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


class ConsoleFiles:
    """An ASGI app answering GET/HEAD for the console below `root` (the build folder)."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = self.answer(scope["method"], scope["path"])
        await response(scope, receive, send)

    def answer(self, method: str, path: str) -> Response:
        if path == "/api" or path.startswith("/api/"):
            raise HTTPException(404, f"No route {path}")
        if method not in ("GET", "HEAD"):
            raise HTTPException(405, "The console's files are read-only", {"Allow": "GET, HEAD"})
        index = self.root / "index.html"
        if not index.is_file():
            raise HTTPException(
                404, "The console is not built: run `make console` (node web/build.mjs)"
            )
        file = self._file(path)
        if file is not None:
            cache = IMMUTABLE if path.startswith("/assets/") else REVALIDATE
            return FileResponse(file, headers={"Cache-Control": cache})
        last = path.rsplit("/", 1)[-1]
        if path.startswith("/assets/") or "." in last:
            raise HTTPException(404, f"No file {path}")
        return FileResponse(index, headers={"Cache-Control": REVALIDATE})

    def _file(self, path: str) -> Path | None:
        relative = path.lstrip("/") or "index.html"
        candidate = (self.root / relative).resolve()
        if not candidate.is_relative_to(self.root) or not candidate.is_file():
            return None
        return candidate
