"""The one choke point of API access policy, driven by the route table.

For each `/api/...` request, in order:
1. Origin: a state-changing request with an `Origin` header must come from
   the host's HTTPS origin or `csrf_allowed_origins` (403, whatever else).
2. Authentication: HTTP Basic (rate limited), `Authorization: Bearer` (a
   scoped token or a session access token), or the session cookie.
3. Policy of the route entry: public, admin, or first-account set-up (public
   from the host PC while no account exists). Unknown routes and other
   methods answer 401 until authenticated, then 404 / 405. A token must be
   granted the method and whole path by one of its scopes, else 401.
4. CSRF: a session-authenticated state change needs `X-CSRF-Token` for that
   session; before sign-in, when the anonymous CSRF cookie is present, the
   header must match it. Basic and tokens need none.
The principal is left in `request.state.principal` for the handlers.
"""

from __future__ import annotations

import base64
import binascii
import hmac
from urllib.parse import urlsplit

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from host.cookies import ANON_CSRF_COOKIE, SESSION_COOKIE
from host.core.context import HostContext
from host.core.errors import ApiError, Forbidden, MethodNotAllowed, NotFound, Unauthorized
from host.core.principal import Principal
from host.core.reach import is_loopback
from host.responses import error_response
from host.routing import STATE_CHANGING, Access, RouteTable

__all__ = ["AuthMiddleware", "peer_address"]

TOO_MANY_FAILURES = "Too many failed sign-in attempts; try again later"


def peer_address(scope: Scope) -> str:
    client = scope.get("client")
    return client[0] if client else ""


class AuthMiddleware:
    def __init__(self, app: ASGIApp, ctx: HostContext, table: RouteTable) -> None:
        self.app = app
        self.ctx = ctx
        self.table = table

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        try:
            scope.setdefault("state", {})["principal"] = await self.authorize(request)
        except ApiError as refused:
            await error_response(refused)(scope, receive, send)
            return
        await self.app(scope, receive, send)

    async def authorize(self, request: Request) -> Principal | None:
        method, path = request.method, request.url.path
        changes_state = method in STATE_CHANGING
        if changes_state:
            self.check_origin(request)
        route, path_exists = self.table.resolve(method, path)
        access = route.access if route else Access.ADMIN
        try:
            principal = await self.authenticate(request)
        except Unauthorized:
            if access is Access.ADMIN:
                raise
            principal = None  # stale credentials must not lock anyone out of sign-in
        if access is Access.SETUP and not self.ctx.credentials.configured():
            if not is_loopback(peer_address(request.scope)):
                raise Forbidden(
                    "The first administrator account can only be created on the host PC"
                )
            access = Access.PUBLIC
        if access is Access.PUBLIC:
            if changes_state and principal is None:
                self.check_anonymous_csrf(request)
            return principal
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
            if path_exists:
                raise MethodNotAllowed(f"{method} is not allowed on {path}")
            raise NotFound(f"No API route {path}")
        if changes_state and principal.method == "session":
            self.check_session_csrf(request, principal)
        return principal

    # -- 1. origin ---------------------------------------------------------

    def check_origin(self, request: Request) -> None:
        origin = request.headers.get("origin")
        if origin is None:
            return
        if origin.rstrip("/") not in self.allowed_origins(request):
            raise Forbidden(f"Origin {origin} is not allowed to change state on this host")

    def allowed_origins(self, request: Request) -> set[str]:
        port = self.ctx.https_port
        allowed = {
            f"https://localhost:{port}",
            f"https://127.0.0.1:{port}",
            f"https://[::1]:{port}",
        }
        host = request.headers.get("host")
        if host and not urlsplit(f"//{host}").path:
            allowed.add(f"https://{host}")
        allowed.update(o.rstrip("/") for o in self.ctx.settings.get("csrf_allowed_origins"))
        return allowed

    # -- 2. authentication ---------------------------------------------------

    async def authenticate(self, request: Request) -> Principal | None:
        header = request.headers.get("authorization")
        if header is not None:
            scheme, _, credentials = header.partition(" ")
            if scheme.lower() == "basic":
                return await self.authenticate_basic(request, credentials.strip())
            if scheme.lower() == "bearer":
                return self.authenticate_bearer(credentials.strip())
            raise Unauthorized(f"Unsupported Authorization scheme {scheme}")
        cookie = request.cookies.get(SESSION_COOKIE)
        if cookie:
            session = self.ctx.sessions.authenticate(cookie)
            if session is not None:
                return Principal("session", session.username, session=session, access_token=cookie)
        return None

    async def authenticate_basic(self, request: Request, encoded: str) -> Principal:
        challenge = {"WWW-Authenticate": 'Basic realm="Helio", charset="UTF-8"'}
        address = peer_address(request.scope)
        settings = self.ctx.settings.current()
        window = settings["login_failure_window_s"]
        if self.ctx.limiter.blocked(address, settings["login_max_failures"], window):
            raise Unauthorized(TOO_MANY_FAILURES, headers=challenge)
        try:
            username, sep, password = (
                base64.b64decode(encoded, validate=True).decode().partition(":")
            )
        except (binascii.Error, UnicodeDecodeError):
            username, sep, password = "", "", ""
        if not sep:
            raise Unauthorized("Malformed Basic credentials", headers=challenge)
        if not await run_in_threadpool(self.ctx.credentials.verify, username, password):
            self.ctx.limiter.record_failure(address, window)
            raise Unauthorized("Invalid username or password", headers=challenge)
        self.ctx.limiter.clear(address)
        return Principal("basic", username)

    def authenticate_bearer(self, secret: str) -> Principal:
        token = self.ctx.tokens.lookup(secret)
        if token is not None:
            return Principal("token", token.owner, token=token)
        session = self.ctx.sessions.authenticate(secret)
        if session is not None:
            return Principal("session", session.username, session=session, access_token=secret)
        raise Unauthorized("The bearer token is invalid, revoked or expired")

    # -- 4. CSRF -----------------------------------------------------------------

    @staticmethod
    def check_session_csrf(request: Request, principal: Principal) -> None:
        sent = request.headers.get("x-csrf-token", "")
        expected = principal.csrf_token or ""
        if not sent or not hmac.compare_digest(sent.encode(), expected.encode()):
            raise Forbidden("Missing or invalid X-CSRF-Token; read it from GET /api/csrf-token")

    @staticmethod
    def check_anonymous_csrf(request: Request) -> None:
        cookie = request.cookies.get(ANON_CSRF_COOKIE)
        if cookie is None:
            return
        sent = request.headers.get("x-csrf-token", "")
        if not sent or not hmac.compare_digest(sent.encode(), cookie.encode()):
            raise Forbidden("Missing or invalid X-CSRF-Token; read it from GET /api/csrf-token")
