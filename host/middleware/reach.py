"""Network reach: a peer outside `origin_web_ui_allowed` gets 403 on every route."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from host.core.auth.reach import peer_address, reach_allows
from host.core.context import HostContext
from host.responses import error_response
from http_errors import Forbidden

__all__ = ["ReachMiddleware"]


class ReachMiddleware:
    def __init__(self, app: ASGIApp, ctx: HostContext) -> None:
        self.app = app
        self.ctx = ctx

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            address = peer_address(scope)
            level = self.ctx.settings.get("origin_web_ui_allowed")
            if not reach_allows(level, address):
                denied = Forbidden(
                    f"Access from {address or 'an unknown address'} is not allowed"
                    f" (origin_web_ui_allowed is {level})"
                )
                await error_response(denied)(scope, receive, send)
                return
        await self.app(scope, receive, send)
