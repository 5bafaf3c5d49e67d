"""The one choke point of API access policy, driven by the route table.

For each `/api/...` request, one concern per module, in order:
1. origin (`host.middleware.origin`): a state-changing request with an
   `Origin` header must come from this host (403, whatever else);
2. authentication (`host.middleware.authentication`): Basic, Bearer token
   or session cookie give the principal; bad credentials are 401, except on
   a public route, where they are ignored (stale credentials must not lock
   anyone out of sign-in);
3. policy (`host.middleware.policy`): the route entry's access, token scope,
   401 before 404/405;
4. CSRF (`host.middleware.csrf`) for cookie-borne credentials.
The request is matched against the route table once, here; the principal and the
matched entry are left in the scope (`request.state.principal`, `ROUTE_KEY` and
`path_params`) for the router (`host.dispatch`) and the handlers.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from host.core.auth.principal import Principal
from host.core.auth.reach import peer_address
from host.core.context import HostContext
from host.responses import error_response
from host.routing import API_PREFIX, ROUTE_KEY, STATE_CHANGING, Access, Resolution, RouteTable
from http_errors import ApiError, Unauthorized

from .authentication import authenticate
from .csrf import check_anonymous_csrf, check_session_csrf
from .origin import check_origin
from .policy import effective_access, require_access

__all__ = ["AuthMiddleware"]


class AuthMiddleware:
    def __init__(self, app: ASGIApp, ctx: HostContext, table: RouteTable) -> None:
        self.app = app
        self.ctx = ctx
        self.table = table

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(API_PREFIX):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        # The path the router routes: `request.url.path` re-parses a URL, which drops TAB,
        # CR and LF and cuts at a decoded "?" or "#", so it can name another route.
        found = self.table.resolve(request.method, scope["path"])
        try:
            scope.setdefault("state", {})["principal"] = await self.authorize(request, found)
        except ApiError as refused:
            await error_response(refused)(scope, receive, send)
            return
        # Authorized means an entry matched: unknown paths and methods were refused above.
        scope[ROUTE_KEY] = found.route
        scope["path_params"] = {**scope.get("path_params", {}), **found.path_params}
        await self.app(scope, receive, send)

    async def authorize(self, request: Request, found: Resolution) -> Principal | None:
        method, path, route = request.method, request.scope["path"], found.route
        changes_state = method in STATE_CHANGING
        if changes_state:
            check_origin(self.ctx, request)
        try:
            principal = await authenticate(self.ctx, request)
        except Unauthorized:
            if route is not None and route.access is not Access.ADMIN:
                principal = None  # stale credentials must not lock anyone out of sign-in
            else:
                raise
        access = effective_access(self.ctx, route, peer_address(request.scope))
        if access is Access.PUBLIC:
            if changes_state and principal is None:
                check_anonymous_csrf(request)
            return principal
        require_access(found, principal, method, path)
        assert principal is not None
        if changes_state and principal.method == "session":
            check_session_csrf(request, principal)
        return principal
