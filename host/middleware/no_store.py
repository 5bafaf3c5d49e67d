"""`Cache-Control: no-store` on answers that may carry secrets.

API answers hand out tokens (sign-in, refresh, `POST /api/token`), CSRF
tokens and settings: no browser or proxy cache may keep a copy. On the admin
port this covers every `/api/` answer that does not choose its own caching
(cover images say `private, max-age=60`); the streaming ports mark every
answer, whatever it set.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["NoStore"]

_HEADER = b"cache-control"


class NoStore:
    def __init__(self, app: ASGIApp, prefix: str = "/", keep_own: bool = False) -> None:
        self.app = app
        self.prefix = prefix
        self.keep_own = keep_own

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix):
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                own = any(k.lower() == _HEADER for k, _ in headers)
                if not (own and self.keep_own):
                    headers = [(k, v) for k, v in headers if k.lower() != _HEADER]
                    message = {**message, "headers": [*headers, (_HEADER, b"no-store")]}
            await send(message)

        await self.app(scope, receive, sending)
