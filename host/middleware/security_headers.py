"""Security headers on every answer of the admin port (console pages and API alike).

The console is a static bundle: scripts and styles come only from this origin
(`script-src 'self'`, no inline script, no eval), it may not be framed, and
nothing it loads learns the console's URL. One list, applied to every
response, so no page or route can forget it.

HSTS: the admin port only speaks HTTPS, so a browser that reached it once
should never try plain http again (no `includeSubDomains`: the host does not
speak for other names under its own). Browsers ignore the header from a
certificate they had to be told to accept, so it cannot lock anyone out.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CONTENT_SECURITY_POLICY", "SECURITY_HEADERS", "SecurityHeadersMiddleware"]

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
    ("strict-transport-security", "max-age=31536000"),
)
_ENCODED = [(name.encode(), value.encode()) for name, value in SECURITY_HEADERS]


class SecurityHeadersMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(n, v) for n, v in _ENCODED if n not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
