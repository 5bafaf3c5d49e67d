"""The origin rule: a state-changing request with an `Origin` must come from this host.

Allowed: the host's HTTPS origin under the names a browser on the PC uses
(`localhost`, `127.0.0.1`, `[::1]`), the `Host` the request was sent to, and
the `csrf_allowed_origins` setting. A rejected origin is 403 whatever else
the request carries (a CSRF token does not override it).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import Request

from host.core.context import HostContext
from host.core.errors import Forbidden

__all__ = ["allowed_origins", "check_origin"]


def allowed_origins(ctx: HostContext, request: Request) -> set[str]:
    port = ctx.https_port
    allowed = {
        f"https://localhost:{port}",
        f"https://127.0.0.1:{port}",
        f"https://[::1]:{port}",
    }
    host = request.headers.get("host")
    if host and not urlsplit(f"//{host}").path:
        allowed.add(f"https://{host}")
    allowed.update(o.rstrip("/") for o in ctx.settings.get("csrf_allowed_origins"))
    return allowed


def check_origin(ctx: HostContext, request: Request) -> None:
    origin = request.headers.get("origin")
    if origin is None:
        return
    if origin.rstrip("/") not in allowed_origins(ctx, request):
        raise Forbidden(f"Origin {origin} is not allowed to change state on this host")
