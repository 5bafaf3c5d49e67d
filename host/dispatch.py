"""Dispatch an API request from the entry its one match found.

`AuthMiddleware` matches each `/api/` request against the route table once
(`RouteTable.resolve`): it needs the entry for its policy decision (401 before
404 / 405) and leaves it in the ASGI scope (`ROUTE_KEY`, path parameters in
`path_params`). `TableRouter` calls that entry's handler, behind its schemas
(`host.validation.enforcing`), without matching again; Starlette's own routing
serves only what is not the API (the console) and the lifespan.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from starlette.routing import BaseRoute, Router, request_response
from starlette.types import ASGIApp, Lifespan, Receive, Scope, Send

from host.routing import API_PREFIX, ROUTE_KEY, Route, RouteTable
from host.validation import enforcing

__all__ = ["TableRouter"]


class TableRouter(Router):
    def __init__(
        self, table: RouteTable, routes: Sequence[BaseRoute], lifespan: Lifespan[Any] | None = None
    ):
        super().__init__(routes, lifespan=lifespan)
        # Entries are compared by identity: the scope carries this table's own objects.
        self.handlers: dict[int, tuple[Route, ASGIApp]] = {
            id(route): (route, request_response(enforcing(route))) for route in table.routes
        }

    async def app(self, scope: Scope, receive: Receive, send: Send) -> None:
        route: Route | None = scope.get(ROUTE_KEY)
        if route is None:
            if scope["type"] == "http" and scope["path"].startswith(API_PREFIX):
                # Never route the API a second way: without the middleware there is no policy.
                raise RuntimeError(f"{scope['path']} reached the router unmatched")
            await super().app(scope, receive, send)
            return
        entry, handler = self.handlers[id(route)]
        assert entry is route, "an entry of another route table"
        scope.setdefault("router", self)
        scope["endpoint"] = route.endpoint
        await handler(scope, receive, send)
