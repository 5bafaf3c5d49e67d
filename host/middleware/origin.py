"""The origin rule: a state-changing request with an `Origin` must come from this host.

Allowed: the host's HTTPS origin under the names a browser on the PC uses
(`localhost`, `127.0.0.1`, `[::1]`), the address the connection actually
reached (the server's own socket address, so a console opened at
`https://192.168.1.10:47990` works), this machine's host name (`name`,
`name.local`), and the `csrf_allowed_origins` setting. A rejected origin is
403 whatever else the request carries (a CSRF token does not override it).

Never the request's `Host` header: a page on `evil.example` that rebinds its
name to 127.0.0.1 sends `Host: evil.example` with a matching `Origin`, and
once created the first account from the PC that way.
"""

from __future__ import annotations

import ipaddress
import socket
from functools import cache

from starlette.requests import Request

from host.core.context import HostContext
from http_errors import Forbidden

__all__ = ["allowed_origins", "check_origin"]


def _origin(host: str, port: int) -> str:
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return f"https://{host.lower()}:{port}"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return f"https://{ip.ipv4_mapped}:{port}"
        return f"https://[{ip}]:{port}"
    return f"https://{ip}:{port}"


@cache
def _machine_names() -> tuple[str, ...]:
    """This machine's own name, as a browser on the LAN may reach it."""
    try:
        name = socket.gethostname().strip().lower()
    except OSError:
        return ()
    return (name, f"{name}.local") if name and name != "localhost" else ()


def allowed_origins(ctx: HostContext, request: Request) -> set[str]:
    port = ctx.https_port
    names = ("localhost", "127.0.0.1", "::1", *_machine_names())
    allowed = {_origin(name, port) for name in names}
    server = request.scope.get("server")  # the socket the connection reached, not a header
    if server and server[1] is not None:
        allowed.add(_origin(str(server[0]), int(server[1])))
    allowed.update(o.rstrip("/") for o in ctx.settings.get("csrf_allowed_origins"))
    return allowed


def check_origin(ctx: HostContext, request: Request) -> None:
    origin = request.headers.get("origin")
    if origin is None:
        return
    if origin.rstrip("/") not in allowed_origins(ctx, request):
        raise Forbidden(f"Origin {origin} is not allowed to change state on this host")
