"""Sign-in, refresh, sign-out, sessions and CSRF tokens of the web console."""

from __future__ import annotations

import secrets

from starlette.requests import Request
from starlette.responses import JSONResponse

from host.body import read_json_object
from host.cookies import ANON_CSRF_COOKIE, REFRESH_COOKIE, SESSION_COOKIE, clear_cookie, set_cookie
from host.core.auth.reach import is_loopback, peer_address
from host.core.auth.sessions import IssuedTokens
from host.responses import ok
from host.signin import SignInBlocked, check_sign_in
from http_errors import TooManyRequests, Unauthorized

from .common import context, principal, require_principal

__all__ = [
    "auth_status",
    "csrf_token",
    "delete_session",
    "list_sessions",
    "login",
    "logout",
    "refresh",
]


async def auth_status(request: Request) -> JSONResponse:
    ctx = context(request)
    who = principal(request)
    configured = ctx.credentials.configured()
    return ok(
        credentials_configured=configured,
        setup_allowed=not configured and is_loopback(peer_address(request.scope)),
        authenticated=who is not None,
        method=who.method if who else None,
        username=who.username if who else None,
    )


def _issue(request: Request, issued: IssuedTokens) -> JSONResponse:
    """The login/refresh answer: tokens in JSON, and the same in HttpOnly cookies."""
    ctx = context(request)
    now = ctx.clock()
    session = issued.session
    access_in = max(0, int(session.access_expires - now))
    refresh_in = max(0, int(session.refresh_expires - now))
    response = ok(
        access_token=issued.access_token,
        refresh_token=issued.refresh_token,
        csrf_token=issued.csrf_token,
        token_type="Bearer",
        expires_in=access_in,
        refresh_expires_in=refresh_in,
        session_id=session.id,
        remember_me=session.remember,
    )
    # Remembered sessions get persistent cookies; others end with the browser.
    set_cookie(
        response, SESSION_COOKIE, issued.access_token, access_in if session.remember else None
    )
    set_cookie(
        response, REFRESH_COOKIE, issued.refresh_token, refresh_in if session.remember else None
    )
    clear_cookie(response, ANON_CSRF_COOKIE)
    return response


async def login(request: Request) -> JSONResponse:
    ctx = context(request)
    body = await read_json_object(request)
    username, password = body["username"], body["password"]
    remember = body.get("remember_me", False)
    address = peer_address(request.scope)
    try:
        signed_in = await check_sign_in(ctx, address, username, password)
    except SignInBlocked as blocked:
        raise TooManyRequests(str(blocked), headers=blocked.headers) from None
    if not signed_in:
        raise Unauthorized("Invalid username or password", code="auth.bad_credentials", params={})
    issued = ctx.sessions.create(
        username, remember, ctx.settings.lifetimes(), address, request.headers.get("user-agent", "")
    )
    return _issue(request, issued)


async def refresh(request: Request) -> JSONResponse:
    ctx = context(request)
    body = await read_json_object(request, allow_empty=True)
    token = body.get("refresh_token", request.cookies.get(REFRESH_COOKIE))
    if not isinstance(token, str) or not token:
        raise Unauthorized("A refresh token is required (JSON refresh_token or the refresh cookie)")
    return _issue(request, ctx.sessions.refresh(token, ctx.settings.lifetimes()))


async def logout(request: Request) -> JSONResponse:
    who = require_principal(request)
    if who.session is not None:
        context(request).sessions.revoke(who.session.id)
    response = ok(revoked=who.session.id if who.session else None)
    clear_cookie(response, SESSION_COOKIE)
    clear_cookie(response, REFRESH_COOKIE)
    return response


async def list_sessions(request: Request) -> JSONResponse:
    who = require_principal(request)
    current = who.session.id if who.session else None
    sessions = context(request).sessions.list()
    return ok(sessions=[s.as_json(current) for s in sessions])


async def delete_session(request: Request) -> JSONResponse:
    session_id = request.path_params["id"]
    context(request).sessions.revoke(session_id)
    return ok(revoked=session_id)


async def csrf_token(request: Request) -> JSONResponse:
    """The session's CSRF token; before sign-in, an anonymous one bound to a cookie."""
    who = principal(request)
    if who is not None and who.csrf_token is not None:
        return ok(csrf_token=who.csrf_token, session=True)
    existing = request.cookies.get(ANON_CSRF_COOKIE)
    token = existing or secrets.token_hex(32)
    response = ok(csrf_token=token, session=False)
    if not existing:
        set_cookie(response, ANON_CSRF_COOKIE, token)
    return response
