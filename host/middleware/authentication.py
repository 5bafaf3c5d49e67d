"""Authentication back-ends: who a request is, from its credentials.

In order: `Authorization: Basic` (the administrator's password, through the
sign-in guard), `Authorization: Bearer` (a scoped API token, else a session
access token), then the session cookie. Bad credentials raise Unauthorized;
no credentials give None. Whether that is enough for the route is
`host.middleware.policy`'s business.
"""

from __future__ import annotations

import base64
import binascii

from starlette.requests import Request

from host.cookies import SESSION_COOKIE
from host.core.auth.principal import Principal
from host.core.auth.reach import peer_address
from host.core.context import HostContext
from host.signin import TOO_MANY_FAILURES, SignInBlocked, check_sign_in, refuse_if_blocked
from http_errors import Unauthorized

__all__ = ["authenticate", "basic", "bearer", "session_cookie"]

BASIC_CHALLENGE = {"WWW-Authenticate": 'Basic realm="Helio", charset="UTF-8"'}


async def basic(ctx: HostContext, request: Request, encoded: str) -> Principal:
    address = peer_address(request.scope)
    try:
        refuse_if_blocked(ctx, address)  # first: a blocked address learns nothing more
        try:
            decoded = base64.b64decode(encoded, validate=True).decode()
        except (binascii.Error, UnicodeDecodeError):
            decoded = ""
        username, sep, password = decoded.partition(":")
        if not sep:
            raise Unauthorized("Malformed Basic credentials", headers=BASIC_CHALLENGE)
        right = await check_sign_in(ctx, address, username, password)
    except SignInBlocked as blocked:
        raise Unauthorized(TOO_MANY_FAILURES, headers=BASIC_CHALLENGE) from blocked
    if not right:
        raise Unauthorized("Invalid username or password", headers=BASIC_CHALLENGE)
    return Principal("basic", username)


def bearer(ctx: HostContext, secret: str) -> Principal:
    token = ctx.tokens.lookup(secret)
    if token is not None:
        return Principal("token", token.owner, token=token)
    session = ctx.sessions.authenticate(secret)
    if session is not None:
        return Principal("session", session.username, session=session, access_token=secret)
    raise Unauthorized("The bearer token is invalid, revoked or expired")


def session_cookie(ctx: HostContext, request: Request) -> Principal | None:
    cookie = request.cookies.get(SESSION_COOKIE)
    if not cookie:
        return None
    session = ctx.sessions.authenticate(cookie)
    if session is None:
        return None  # an expired cookie is no credential; the route decides if one is needed
    return Principal("session", session.username, session=session, access_token=cookie)


async def authenticate(ctx: HostContext, request: Request) -> Principal | None:
    header = request.headers.get("authorization")
    if header is not None:
        scheme, _, credentials = header.partition(" ")
        if scheme.lower() == "basic":
            return await basic(ctx, request, credentials.strip())
        if scheme.lower() == "bearer":
            return bearer(ctx, credentials.strip())
        raise Unauthorized(f"Unsupported Authorization scheme {scheme}")
    return session_cookie(ctx, request)
