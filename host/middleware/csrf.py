"""CSRF: a cookie-borne credential must be paired with a token a page can only read itself.

- A session-authenticated state change needs `X-CSRF-Token` equal to the
  session's token (derived from its access token).
- Before sign-in, once `GET /api/csrf-token` has set the anonymous CSRF
  cookie, a public state change (sign-in) must send it back in the header.
Basic and API tokens need none: a browser never attaches them on its own.
"""

from __future__ import annotations

import hmac

from starlette.requests import Request

from host.cookies import ANON_CSRF_COOKIE
from host.core.auth.principal import Principal
from http_errors import Forbidden

__all__ = ["check_anonymous_csrf", "check_session_csrf"]

_REFUSED = "Missing or invalid X-CSRF-Token; read it from GET /api/csrf-token"


def _same(sent: str, expected: str) -> bool:
    return bool(sent) and hmac.compare_digest(sent.encode(), expected.encode())


def check_session_csrf(request: Request, principal: Principal) -> None:
    if not _same(request.headers.get("x-csrf-token", ""), principal.csrf_token or ""):
        raise Forbidden(_REFUSED)


def check_anonymous_csrf(request: Request) -> None:
    cookie = request.cookies.get(ANON_CSRF_COOKIE)
    if cookie is None:
        return
    if not _same(request.headers.get("x-csrf-token", ""), cookie):
        raise Forbidden(_REFUSED)
