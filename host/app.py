"""Wiring only: the route table, middleware, error handlers and lifespan into one Starlette app.

The services come built (`host.core.context.build_host`, e.g. through
`host.native.profile.build_native_host`); their background work runs in the
app's lifespan (`HostContext.running`), which uvicorn and the in-process
test client both run.

Middleware order, outermost first: errors (500 as JSON) -> security headers ->
reach -> auth -> router. The built console (`host.console`) is served below `/`
behind the same reach check.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount
from starlette.routing import Route as StarletteRoute

from host.console import ConsoleFiles
from host.core.context import HostContext
from host.core.errors import ApiError, error_body
from host.middleware.auth import AuthMiddleware
from host.middleware.reach import ReachMiddleware
from host.middleware.security_headers import SecurityHeadersMiddleware
from host.responses import error_response
from host.route_table import build_route_table

__all__ = ["WEB_ROOT", "create_app"]

WEB_ROOT = Path(__file__).resolve().parent.parent / "web" / "dist"  # node web/build.mjs
log = logging.getLogger("helio.http")


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return JSONResponse(error_body(exc.detail), status_code=exc.status_code, headers=exc.headers)


async def _server_error(request: Request, exc: Exception) -> Response:
    # The cause goes to the log only: no stack trace ever reaches a client.
    log.exception("Unhandled error on %s %s", request.method, request.url.path)
    return JSONResponse(error_body("Internal server error; see the host log"), status_code=500)


def create_app(ctx: HostContext) -> Starlette:
    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        with ctx.running():
            yield

    table = build_route_table(ctx.features)
    routes: list[StarletteRoute | Mount] = [
        StarletteRoute(
            r.path, r.endpoint, methods=list(r.methods), name=f"{r.name}:{'/'.join(r.methods)}"
        )
        for r in table.routes
    ]
    routes.append(Mount("/", ConsoleFiles(WEB_ROOT), name="console"))
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(SecurityHeadersMiddleware),
            Middleware(ReachMiddleware, ctx=ctx),
            Middleware(AuthMiddleware, ctx=ctx, table=table),
        ],
        lifespan=lifespan,
        exception_handlers={
            ApiError: _api_error,
            HTTPException: _http_error,
            Exception: _server_error,
        },
    )
    app.state.ctx = ctx
    app.state.route_table = table
    return app
