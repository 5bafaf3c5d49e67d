"""A toy `asgi` factory: a counter whose value is its persisted state.

`GET /count` answers `{"count": n, "seeded": s}`; `POST /count` adds one;
`POST /fail` raises inside the app; `POST /note` writes a row into the demo's
database service `notes` through `HostedContext.query` and answers what it read back
(or the error); `POST /later` leaves such a row for the next query of `notes`
(`HostedContext.feed`). The image is the count as text.
"""

from __future__ import annotations

import json
from typing import Any

from demo.runtime.asgi_service import HostedContext
from http_errors import ApiError

__all__ = ["Counter", "create_counter"]


class Counter:
    def __init__(self, context: HostedContext) -> None:
        self.context = context
        self.seeded = context.image is None
        self.count = int(context.image or context.config.get("start", "0"))
        self._dirty = False
        self.closed = False
        self._later: list[str] = []
        self.left = 0
        context.feed("notes", self._pending)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["method"] == "POST" and scope["path"] == "/fail":
            raise RuntimeError("the app failed")
        if scope["method"] == "POST" and scope["path"] == "/note":
            await self._note(send)
            return
        if scope["method"] == "POST" and scope["path"] == "/later":
            self.left += 1  # note titles are unique
            self._later.append(f"INSERT INTO note (title) VALUES ('left for later {self.left}');")
        if scope["method"] == "POST" and scope["path"] == "/count":
            self.count += 1
            self._dirty = True
        body = json.dumps(
            {"count": self.count, "seeded": self.seeded, "path": scope["path"]}
        ).encode()
        headers = [(b"content-type", b"application/json")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def _note(self, send: Any) -> None:
        try:
            results = await self.context.query(
                "notes",
                "INSERT INTO note (title) VALUES ('from the app');"
                " SELECT title FROM note ORDER BY id DESC LIMIT 1;",
            )
            answer: Any = {"read": results[-1]}
        except ApiError as exc:
            answer = {"error": exc.message}
        headers = [(b"content-type", b"application/json")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": json.dumps(answer).encode()})

    def _pending(self) -> str | None:
        pending, self._later = self._later, []
        return "\n".join(pending) or None

    def dirty(self) -> bool:
        return self._dirty

    def image(self) -> bytes:
        self._dirty = False
        return str(self.count).encode()

    def close(self) -> None:
        self.closed = True


def create_counter(context: HostedContext) -> Counter:
    return Counter(context)
