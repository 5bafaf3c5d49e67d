"""How a handler reaches the host: its services and the request's principal."""

from __future__ import annotations

from starlette.requests import Request

from host.core.auth.principal import Principal
from host.core.context import HostContext
from host.core.ports import HostAdapters, PlatformAdapters
from http_errors import Unauthorized

__all__ = ["adapters", "context", "platform", "principal", "require_principal", "simulated_mark"]


def context(request: Request) -> HostContext:
    """The host's services (`host.core.context.build_host`), the one way handlers reach them."""
    ctx: HostContext = request.app.state.ctx
    return ctx


def adapters(request: Request) -> HostAdapters:
    """The profile's half of the services: launcher, covers, updater, crash dumps, ..."""
    return context(request).adapters


def platform(request: Request) -> PlatformAdapters:
    """This PC's displays, libraries and tools, chosen from the settings at this moment."""
    ctx = context(request)
    return ctx.adapters.platform(ctx.settings.current())


def simulated_mark(pc: PlatformAdapters) -> dict[str, bool]:
    """`{"simulated": true}` for an answer about a made-up PC's things, else nothing."""
    return {"simulated": True} if pc.simulated else {}


def principal(request: Request) -> Principal | None:
    return getattr(request.state, "principal", None)


def require_principal(request: Request) -> Principal:
    who = principal(request)
    if who is None:  # the middleware guarantees this for admin routes
        raise Unauthorized("Authentication required")
    return who
