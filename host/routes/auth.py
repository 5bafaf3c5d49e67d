"""Sign-in, web sessions, CSRF and the administrator account: public or never grantable."""

from __future__ import annotations

from host.core.auth.credentials import MAX_PASSWORD, MAX_USERNAME, MIN_PASSWORD
from host.handlers import account, auth
from host.routing import Route

from .build import BOOL, INT, NONEMPTY, PUBLIC, SETUP, STR, delete, each, get, obj, post

__all__ = ["ROUTES"]

_LOGIN = obj(("username", "password"), username=NONEMPTY, password=NONEMPTY, remember_me=BOOL)
_SESSION_TOKENS = obj(
    ("status", "access_token", "refresh_token", "csrf_token"),
    status=BOOL,
    **each(STR, "access_token", "refresh_token", "csrf_token", "token_type"),
    **each(INT, "expires_in", "refresh_expires_in"),
    session_id=STR,
    remember_me=BOOL,
)
# The account policy, published here for the console's password page to show before submit.
_PASSWORD = obj(
    ("newPassword", "confirmNewPassword"),
    **each(STR, "currentUsername", "currentPassword", "confirmNewPassword"),
    newUsername={"type": "string", "maxLength": MAX_USERNAME},
    newPassword={"type": "string", "minLength": MIN_PASSWORD, "maxLength": MAX_PASSWORD},
)

ROUTES: tuple[Route, ...] = (
    get(
        "/api/auth/status",
        auth.auth_status,
        "auth-status",
        "Whether credentials exist and how this request is authenticated",
        access=PUBLIC,
    ),
    post(
        "/api/auth/login",
        auth.login,
        "auth-login",
        "Sign in; sets session cookies and returns access, refresh and CSRF tokens",
        access=PUBLIC,
        request_schema=_LOGIN,
        response_schema=_SESSION_TOKENS,
    ),
    post(
        "/api/auth/refresh",
        auth.refresh,
        "auth-refresh",
        "Rotate the session's access, refresh and CSRF tokens",
        access=PUBLIC,
        request_schema=obj(refresh_token=STR),
        response_schema=_SESSION_TOKENS,
    ),
    post(
        "/api/auth/logout",
        auth.logout,
        "auth-logout",
        "Revoke the current session",
        grantable=False,
    ),
    get(
        "/api/auth/sessions",
        auth.list_sessions,
        "auth-sessions",
        "List web sessions",
        grantable=False,
    ),
    delete(
        "/api/auth/sessions/{id}",
        auth.delete_session,
        "auth-session-delete",
        "Revoke one web session",
        grantable=False,
    ),
    get(
        "/api/csrf-token",
        auth.csrf_token,
        "csrf-token",
        "The session's CSRF token (anonymous before sign-in)",
        access=PUBLIC,
    ),
    post(
        "/api/password",
        account.change_password,
        "password",
        "Create the first account (host PC only) or change credentials",
        access=SETUP,
        request_schema=_PASSWORD,
    ),
)
