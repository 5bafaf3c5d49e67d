"""Scoped API tokens and the catalogue of what they can grant: never grantable themselves."""

from __future__ import annotations

from host.handlers import tokens
from host.routing import Route

from .build import STR, array, delete, get, obj, post

__all__ = ["ROUTES"]

_SCOPE = obj(("path", "methods"), path=STR, methods=array(STR, minItems=1))
_SCOPES = array(_SCOPE, minItems=1, maxItems=64)

ROUTES: tuple[Route, ...] = (
    get(
        "/api/token/routes",
        tokens.token_routes,
        "token-routes",
        "Grantable scope paths and their methods",
        grantable=False,
    ),
    post(
        "/api/token",
        tokens.create_token,
        "token-create",
        "Create a scoped token; the secret is returned once",
        grantable=False,
        request_schema=obj(("scopes",), scopes=_SCOPES),
    ),
    get(
        "/api/tokens",
        tokens.list_tokens,
        "token-list",
        "Token hashes, owners, creation times and scopes",
        grantable=False,
    ),
    delete(
        "/api/token/{hash}", tokens.revoke_token, "token-revoke", "Revoke a token", grantable=False
    ),
)
