"""Wiring only: the route table, middleware, error handlers and lifespan into one Starlette app.

The services come built (`host.core.context.build_host` over a profile, e.g.
`host.native.profile.NativeProfile`); their background work runs in the
app's lifespan (`HostContext.running`), which uvicorn and the in-process
test client both run.

Middleware order, outermost first: errors (500 as JSON) -> security headers ->
no-store (API answers) ->
reach -> auth (matches the request against the route table, once) -> router
(dispatches the matched entry). The built console (`host.console`) is served below `/`
behind the same reach check.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount

from host.console import ConsoleFiles
from host.core.context import HostContext
from host.dispatch import TableRouter
from host.error_handlers import exception_handlers
from host.middleware.auth import AuthMiddleware
from host.middleware.no_store import NoStore
from host.middleware.reach import ReachMiddleware
from host.middleware.security_headers import SecurityHeadersMiddleware
from host.routes import build_route_table
from host.routing import API_PREFIX

__all__ = ["WEB_ROOT", "create_app"]

WEB_ROOT = Path(__file__).resolve().parent.parent / "web" / "dist"  # node web/build.mjs


def create_app(ctx: HostContext) -> Starlette:
    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        with ctx.running():
            yield

    table = build_route_table(ctx.features)
    app = Starlette(
        middleware=[
            Middleware(SecurityHeadersMiddleware),
            Middleware(NoStore, prefix=API_PREFIX, keep_own=True),
            Middleware(ReachMiddleware, ctx=ctx),
            Middleware(AuthMiddleware, ctx=ctx, table=table),
        ],
        exception_handlers=exception_handlers(),
    )
    # The API is dispatched from the entry the auth middleware matched (`host.dispatch`);
    # Starlette's routing keeps the console and the lifespan.
    console = Mount("/", ConsoleFiles(WEB_ROOT), name="console")
    app.router = TableRouter(table, [console], lifespan=lifespan)
    app.state.ctx = ctx
    app.state.route_table = table
    return app
