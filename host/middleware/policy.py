"""Access policy of a route entry: whether this principal may call this method on this path.

- `PUBLIC` routes need nothing. `SETUP` routes are public from the host PC
  while no account exists (403 from anywhere else), then `ADMIN`.
- `ADMIN` routes need a principal (401). A token must be granted the method
  and whole path by one of its scopes, and only `grantable` routes can be
  granted (401 otherwise).
- Paths the table does not know, and methods it does not serve there, are
  401 until authenticated, then 404 / 405 (with `Allow` from the table):
  an anonymous caller learns nothing about which routes exist.
"""

from __future__ import annotations

from host.core.auth.principal import Principal
from host.core.auth.reach import is_loopback
from host.core.context import HostContext
from host.routing import Access, Resolution, Route
from http_errors import Forbidden, MethodNotAllowed, NotFound, Unauthorized

__all__ = ["effective_access", "require_access"]


def effective_access(ctx: HostContext, route: Route | None, peer: str) -> Access:
    """The entry's access now (an unknown path or method counts as ADMIN)."""
    access = route.access if route else Access.ADMIN
    if access is Access.SETUP and not ctx.credentials.configured():
        if not is_loopback(peer):
            raise Forbidden("The first administrator account can only be created on the host PC")
        return Access.PUBLIC
    return access


def require_access(found: Resolution, principal: Principal | None, method: str, path: str) -> None:
    """Raise unless `principal` may call a non-public route (`found.route` None: no entry matched)."""
    route = found.route
    if principal is None:
        raise Unauthorized("Authentication required")
    if principal.token is not None:
        granted = (
            route is not None
            and route.grantable
            and principal.token.allows("GET" if method == "HEAD" else method, path)
        )
        if not granted:
            raise Unauthorized(f"This token does not grant {method} {path}")
    elif route is None:
        if found.path_exists:
            allow = ", ".join(found.allowed)
            raise MethodNotAllowed(f"{method} is not allowed on {path}", {"Allow": allow})
        raise NotFound(f"No API route {path}")
