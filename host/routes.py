"""The one route table of the admin API. Adding a route is adding one entry.

Router, auth policy, `/api/token/routes`, `/api/openapi.json` and the tests'
route matrix all read this list (see `host.table`).
"""

from __future__ import annotations

from typing import Any

from host.handlers import account, auth, config, openapi, tokens
from host.table import Access, Route, RouteTable

__all__ = ["build_route_table"]

PUBLIC, SETUP = Access.PUBLIC, Access.SETUP


def _obj(required: tuple[str, ...] = (), **properties: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    return schema


_STR = {"type": "string"}
_BOOL = {"type": "boolean"}
_SCOPES = {
    "type": "array",
    "minItems": 1,
    "maxItems": 64,
    "items": _obj(("path", "methods"), path=_STR, methods={"type": "array", "items": _STR, "minItems": 1}),
}
_LOGIN = _obj(("username", "password"), username=_STR, password=_STR, remember_me=_BOOL)
_SESSION_TOKENS = _obj(
    ("status", "access_token", "refresh_token", "csrf_token"),
    status=_BOOL,
    access_token=_STR,
    refresh_token=_STR,
    csrf_token=_STR,
    token_type=_STR,
    expires_in={"type": "integer"},
    refresh_expires_in={"type": "integer"},
    session_id=_STR,
    remember_me=_BOOL,
)
_PASSWORD = _obj(
    ("newPassword", "confirmNewPassword"),
    currentUsername=_STR,
    currentPassword=_STR,
    newUsername=_STR,
    newPassword=_STR,
    confirmNewPassword=_STR,
)

AUTH_ROUTES: tuple[Route, ...] = (
    # Authentication and tokens: public or never grantable.
    Route("/api/auth/status", ("GET",), auth.auth_status, "auth-status", "Whether credentials exist and how this request is authenticated", PUBLIC),
    Route("/api/auth/login", ("POST",), auth.login, "auth-login", "Sign in; sets session cookies and returns access, refresh and CSRF tokens", PUBLIC, request_schema=_LOGIN, response_schema=_SESSION_TOKENS),
    Route("/api/auth/refresh", ("POST",), auth.refresh, "auth-refresh", "Rotate the session's access, refresh and CSRF tokens", PUBLIC, request_schema=_obj(refresh_token=_STR), response_schema=_SESSION_TOKENS),
    Route("/api/auth/logout", ("POST",), auth.logout, "auth-logout", "Revoke the current session", grantable=False),
    Route("/api/auth/sessions", ("GET",), auth.list_sessions, "auth-sessions", "List web sessions", grantable=False),
    Route("/api/auth/sessions/{id}", ("DELETE",), auth.delete_session, "auth-session-delete", "Revoke one web session", grantable=False),
    Route("/api/csrf-token", ("GET",), auth.csrf_token, "csrf-token", "The session's CSRF token (anonymous before sign-in)", PUBLIC),
    Route("/api/configLocale", ("GET",), config.config_locale, "config-locale", "Console locale", PUBLIC),
    Route("/api/token/routes", ("GET",), tokens.token_routes, "token-routes", "Grantable scope paths and their methods", grantable=False),
    Route("/api/token", ("POST",), tokens.create_token, "token-create", "Create a scoped token; the secret is returned once", grantable=False, request_schema=_obj(("scopes",), scopes=_SCOPES)),
    Route("/api/tokens", ("GET",), tokens.list_tokens, "token-list", "Token hashes, owners, creation times and scopes", grantable=False),
    Route("/api/token/{hash}", ("DELETE",), tokens.revoke_token, "token-revoke", "Revoke a token", grantable=False),
    Route("/api/password", ("POST",), account.change_password, "password", "Create the first account (host PC only) or change credentials", SETUP, request_schema=_PASSWORD),
    # Settings and description of the API itself.
    Route("/api/config", ("GET",), config.read_config, "config-read", "Every setting with its current value"),
    Route("/api/config", ("POST", "PATCH"), config.write_config, "config-write", "Merge the submitted settings", request_schema={"type": "object"}),
    Route("/api/openapi.json", ("GET",), openapi.openapi_json, "openapi", "This API as an OpenAPI 3.1 document", response_schema={"type": "object"}),
)

# -- Admin resources: status, apps, covers, clients, browse, updates, logs ---------------
RESOURCE_ROUTES: tuple[Route, ...] = ()

# -- Streaming: stream registry and its simulator (feature "simulate-streams") -----------
STREAM_ROUTES: tuple[Route, ...] = ()
SIMULATOR_ROUTES: tuple[Route, ...] = ()

# -- Platform helpers: displays, frame limiting, HDR, store and library integrations -----
PLATFORM_ROUTES: tuple[Route, ...] = ()

ROUTES: tuple[Route, ...] = AUTH_ROUTES + RESOURCE_ROUTES + STREAM_ROUTES + PLATFORM_ROUTES


def build_route_table(features: frozenset[str] = frozenset()) -> RouteTable:
    """The routes of this host process; `features` switches optional groups on."""
    simulator = SIMULATOR_ROUTES if "simulate-streams" in features else ()
    return RouteTable(ROUTES + simulator)
