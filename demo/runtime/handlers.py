"""What each `/__demo` route does, once the app matched it and checked its service and method.

One function per route of `routes.route_table()`, which names it as the route's
`handler` (as an entry of the host's route table carries its endpoint). A handler
gets the app, the match and the request; it returns the JSON document to answer
with, or None when it answered itself through `send` (HTTP services). Pure: the
app (app.py) turns a document into the response and every error into its answer.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from .query import check_query_request, query_document

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.types import Send

    from .app import DemoApp
    from .routes import RouteMatch

__all__ = ["Handler", "http", "query", "reset_all", "reset_one", "show_manifest"]

Handler = Callable[["DemoApp", "RouteMatch", "Request", "Send"], Awaitable[Any]]


async def show_manifest(app: DemoApp, match: RouteMatch, request: Request, send: Send) -> Any:
    return app.manifest_data


async def reset_all(app: DemoApp, match: RouteMatch, request: Request, send: Send) -> Any:
    return {"reset": await app.services.reset_all()}


async def reset_one(app: DemoApp, match: RouteMatch, request: Request, send: Send) -> Any:
    name = str(match.service)
    await app.services.database(name).reset()
    return {"reset": [name]}


async def query(app: DemoApp, match: RouteMatch, request: Request, send: Send) -> Any:
    database = app.services.database(str(match.service))
    sql = check_query_request(request.headers.get("content-type"), await request.body())
    result = await database.query(sql)
    return query_document(database.service.name, database.adapter.name, result)


async def http(app: DemoApp, match: RouteMatch, request: Request, send: Send) -> None:
    """The service answers itself; a mock's OpenAPI callbacks are sent after its answer."""
    service = await app.services.http(str(match.service), str(match.route.family))
    callbacks: list[Any] = []
    scope = {
        **request.scope,
        "path": match.rest,
        "root_path": match.base,
        "demo.callbacks": callbacks,
    }
    await service(scope, request.receive, send)
    for callback in callbacks:
        await app.send_callback(callback)
