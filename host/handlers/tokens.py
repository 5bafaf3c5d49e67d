"""Scoped API tokens: catalogue, create (secret shown once), list, revoke."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse

from host.body import read_json_object
from host.core.auth.tokens import parse_scopes
from host.responses import ok
from host.routing import RouteTable

from .common import context, require_principal

__all__ = ["create_token", "list_tokens", "revoke_token", "token_routes"]


def _table(request: Request) -> RouteTable:
    table: RouteTable = request.app.state.route_table
    return table


async def token_routes(request: Request) -> JSONResponse:
    return ok(routes=_table(request).catalogue_entries())


async def create_token(request: Request) -> JSONResponse:
    who = require_principal(request)
    body = await read_json_object(request)
    scopes = parse_scopes(body.get("scopes"), _table(request).catalogue())
    secret, record = context(request).tokens.create(who.username, scopes)
    return ok(token=secret, **record.as_json())


async def list_tokens(request: Request) -> JSONResponse:
    return ok(tokens=[t.as_json() for t in context(request).tokens.list()])


async def revoke_token(request: Request) -> JSONResponse:
    token_hash = request.path_params["hash"]
    context(request).tokens.revoke(token_hash)
    return ok(revoked=token_hash)
