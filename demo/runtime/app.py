"""The `/__demo` ASGI app: mock routes, database queries, resets, the manifest.

Routes (below the site's base path, see "Mounting"):

    ANY   /__demo/mock/<service>/<route...>   the mock's fixture or OpenAPI example
    POST  /__demo/db/<service>/query          {"sql": "..."} -> {"service", "adapter", "result"}
    POST  /__demo/db/<service>/reset          that database back to its seed
    POST  /__demo/reset                       every database of the demo back to its seed
    GET   /__demo/manifest                    the built manifest.json

Every answer carries `Access-Control-Allow-Origin: *` and
`Access-Control-Expose-Headers: *`; a CORS preflight (OPTIONS with
`Access-Control-Request-Method`) is answered 204 with the allowed methods and the
requested headers. Errors are JSON `{"error": ...}` (see `errors.py`).

Mounting: pass the request's full URL path as `scope["path"]` (e.g.
`/demos/shop/__demo/mock/api/pet/1` for a demo served under `/demos/shop/`). The app
routes on the part from the first `/__demo/` segment on and ignores what comes
before it and `scope["root_path"]`, so a demo works under any subpath without
configuration. Requests whose path has no `/__demo/` segment get a JSON 404.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, Router
from starlette.types import Message, Receive, Scope, Send

from .errors import DemoError, MethodNotAllowed, NotFound, error_body
from .manifest import parse_built_manifest
from .ports import AssetSource, OpenDuck, Store
from .query import check_method, check_query_request, query_document
from .services import Services

__all__ = ["DemoApp", "create_demo_app", "demo_route_path"]

_MARK = "/__demo"
_DEFAULT_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"

Endpoint = Callable[[Request], Awaitable[Response]]


def demo_route_path(path: str) -> str | None:
    """The part of a URL path from its first `/__demo` segment, or None.

    >>> demo_route_path("/demos/shop/__demo/mock/api/pet/1")
    '/__demo/mock/api/pet/1'
    """
    start = 0
    while True:
        index = path.find(_MARK, start)
        if index < 0:
            return None
        end = index + len(_MARK)
        if end == len(path) or path[end] == "/":
            return path[index:]
        start = end


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    body = json.dumps(data, ensure_ascii=False).encode()
    return Response(body, status, headers=headers, media_type="application/json")


def _error(error: DemoError) -> Response:
    return Response(
        error_body(error), error.status, headers=error.headers, media_type="application/json"
    )


class _Endpoint:
    """An endpoint as a plain ASGI app, so that Starlette routes every method to it
    (each endpoint answers 405 itself, in the JSON error shape). DemoError becomes its
    JSON answer, anything else a JSON 500."""

    def __init__(self, handler: Endpoint) -> None:
        self.handler = handler

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        try:
            response = await self.handler(request)
        except DemoError as exc:
            response = _error(exc)
        except Exception as exc:  # the worker has no log a user sees: say it in the answer
            response = _error(DemoError(f"internal error: {type(exc).__name__}: {exc}"))
        await response(scope, receive, send)


class DemoApp:
    """The ASGI app; see the module docstring for routes and mounting."""

    def __init__(
        self, manifest: dict[str, Any], assets: AssetSource, store: Store, open_duck: OpenDuck
    ) -> None:
        self.manifest_data = manifest
        self.manifest = parse_built_manifest(manifest)
        self.services = Services(self.manifest, assets, store, open_duck)
        self.router = Router(
            routes=[
                Route("/__demo/manifest", _Endpoint(self.show_manifest)),
                Route("/__demo/reset", _Endpoint(self.reset_all)),
                Route("/__demo/mock/{service}", _Endpoint(self.mock)),
                Route("/__demo/mock/{service}/{route:path}", _Endpoint(self.mock)),
                Route("/__demo/db/{service}/query", _Endpoint(self.query)),
                Route("/__demo/db/{service}/reset", _Endpoint(self.reset_one)),
            ],
            redirect_slashes=False,
            default=self.not_found,
        )

    def close(self) -> None:
        """Close the open database engines (e.g. when the worker or a test ends)."""
        self.services.close()

    # -- endpoints ----------------------------------------------------------------

    async def show_manifest(self, request: Request) -> Response:
        if request.method not in ("GET", "HEAD"):
            raise MethodNotAllowed(
                f"{request.method} is not allowed here", headers={"allow": "GET, HEAD"}
            )
        return _json(self.manifest_data)

    async def reset_all(self, request: Request) -> Response:
        check_method(request.method)
        return _json({"reset": await self.services.reset_all()})

    async def reset_one(self, request: Request) -> Response:
        check_method(request.method)
        name = request.path_params["service"]
        await self.services.database(name).reset()
        return _json({"reset": [name]})

    async def query(self, request: Request) -> Response:
        name = request.path_params["service"]
        database = self.services.database(name)  # 404 before 405: the URL itself is wrong
        sql = check_query_request(
            request.method, request.headers.get("content-type"), await request.body()
        )
        result = await database.query(sql)
        return _json(query_document(name, database.service.adapter, result))

    async def mock(self, request: Request) -> Response:
        service = await self.services.mock(request.path_params["service"])
        route = "/" + request.path_params.get("route", "")
        answer = service.respond(request.method, route, request.headers)
        return Response(answer.body, answer.status, headers=answer.headers)

    async def not_found(self, scope: Scope, receive: Receive, send: Send) -> None:
        method, path = scope.get("method", ""), scope.get("path", "")
        error = NotFound(f"no demo endpoint for {method} {path}", method=method, path=path)
        await _error(error)(scope, receive, send)

    async def _preflight_methods(self, path: str) -> str:
        prefix = "/__demo/mock/"
        if path.startswith(prefix):
            name, _, route = path[len(prefix) :].partition("/")
            try:
                methods = (await self.services.mock(name)).allowed_methods("/" + route)
            except DemoError:
                methods = []
            if methods and "*" not in methods:
                return ", ".join(
                    sorted({*methods, "OPTIONS"} | ({"HEAD"} if "GET" in methods else set()))
                )
        elif path.startswith("/__demo/db/") or path == "/__demo/reset":
            return "POST, OPTIONS"
        return _DEFAULT_METHODS

    # -- ASGI ---------------------------------------------------------------------

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.router(scope, receive, send)  # lifespan: nothing to start
            return
        route_path = demo_route_path(scope["path"])
        inner = {k: v for k, v in scope.items() if k != "raw_path"}
        inner.update(path=route_path or scope["path"], root_path="")
        headers = {
            k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])
        }
        if scope["method"] == "OPTIONS" and "access-control-request-method" in headers:
            allow = await self._preflight_methods(inner["path"])
            cors = {
                "access-control-allow-origin": "*",
                "access-control-allow-methods": allow,
                "access-control-allow-headers": headers.get("access-control-request-headers")
                or "*",
                "access-control-max-age": "86400",
            }
            await Response(b"", 204, headers=cors)(inner, receive, send)
            return

        async def send_with_cors(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                extra = [
                    (k, v)
                    for k, v in (
                        (b"access-control-allow-origin", b"*"),
                        (b"access-control-expose-headers", b"*"),
                    )
                    if k not in present
                ]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        if route_path is None:
            await self.not_found(scope, receive, send_with_cors)
            return
        await self.router(inner, receive, send_with_cors)


def create_demo_app(
    manifest: dict[str, Any], assets: AssetSource, store: Store, open_duck: OpenDuck
) -> DemoApp:
    """The `/__demo` ASGI app for one built manifest (the parsed `manifest.json`).

    `assets` reads the site's files (paths in the manifest are site-relative),
    `store` persists database images under the manifest's storageNamespace, and
    `open_duck` opens an empty DuckDB database (called only when a postgres service
    is first used). Raises `ManifestError` when the manifest is invalid.
    """
    return DemoApp(manifest, assets, store, open_duck)
