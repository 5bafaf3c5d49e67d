"""Small accessors shared by handlers."""

from __future__ import annotations

from starlette.requests import Request

from host.core.context import HostContext
from host.core.errors import Unauthorized
from host.core.principal import Principal

__all__ = ["context", "principal", "require_principal"]


def context(request: Request) -> HostContext:
    ctx: HostContext = request.app.state.ctx
    return ctx


def principal(request: Request) -> Principal | None:
    return getattr(request.state, "principal", None)


def require_principal(request: Request) -> Principal:
    who = principal(request)
    if who is None:  # the middleware guarantees this for admin routes
        raise Unauthorized("Authentication required")
    return who
