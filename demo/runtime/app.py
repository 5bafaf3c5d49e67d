"""The `/__demo` ASGI app: mock routes, database queries, resets, the manifest.

Routes (below the site's base path, see "Mounting"), as `routes.py` declares them:

    ANY   /__demo/mock/<service>/<route...>   the mock's fixture or OpenAPI example
    POST  /__demo/db/<service>/query          {"sql": "..."} -> {"service", "adapter", "result"}
    POST  /__demo/db/<service>/reset          that database back to its seed
    POST  /__demo/reset                       every database of the demo back to its seed
    GET   /__demo/manifest                    the built manifest.json

Decided here, for every route: an unknown service is 404 before a wrong method is 405
(the URL itself is wrong); 405 carries `Allow` from the route table. Every answer
carries `Access-Control-Allow-Origin: *` and `Access-Control-Expose-Headers: *`.
Every OPTIONS request to an existing route and service is answered as a CORS preflight
(204, the allowed methods, the requested headers echoed; a path outside the table or an
unknown service is 404 as for any method): a page cannot send `Access-Control-Request-Method` itself
(browsers drop it from fetch), so its absence proves nothing. Only a mock route that
defines OPTIONS itself answers a plain OPTIONS (one without that header). Errors are
JSON `{"error": ...}` built by `http_errors.error_body`.

Mounting: pass the request's full URL path as `scope["path"]` (e.g.
`/demos/shop/__demo/mock/api/pet/1` for a demo served under `/demos/shop/`). The app
routes on the part from the first `/__demo/` segment on and ignores what comes
before it and `scope["root_path"]`, so a demo works under any subpath without
configuration. Requests whose path has no `/__demo/` segment get a JSON 404.
"""

from __future__ import annotations

import json
import logging
import urllib.parse
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Message, Receive, Scope, Send

from http_errors import ApiError, MethodNotAllowed, NotFound

from .adapters import ADAPTERS, HttpAdapter, service_addresses
from .manifest import parse_built_manifest
from .ports import AssetSource, OpenDuck, Store
from .query import check_query_request, query_document
from .routes import RouteMatch, demo_route_path, match_route, preflight_methods, service_prefix
from .services import Services

__all__ = ["DemoApp", "create_demo_app"]

log = logging.getLogger(__name__)

# A route's handler: an answer to send, or None when it answered itself (HTTP services).
Handler = Callable[[RouteMatch, Request, Send], Awaitable[Response | None]]

_CORS = ((b"access-control-allow-origin", b"*"), (b"access-control-expose-headers", b"*"))


def _json(data: Any, status: int = 200) -> Response:
    body = json.dumps(data, ensure_ascii=False).encode()
    return Response(body, status, media_type="application/json")


def _error(error: ApiError) -> Response:
    body = json.dumps(error.body(), ensure_ascii=False).encode()
    return Response(body, error.status_code, headers=error.headers, media_type="application/json")


def _with_cors(send: Send) -> Send:
    async def send_with_cors(message: Message) -> None:
        if message["type"] == "http.response.start":
            present = {k.lower() for k, _ in message.get("headers", [])}
            extra = [(k, v) for k, v in _CORS if k not in present]
            message = {**message, "headers": [*message.get("headers", []), *extra]}
        await send(message)

    return send_with_cors


async def _lifespan(receive: Receive, send: Send) -> None:
    # Nothing to start: services open on first use.
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


class DemoApp:
    """The ASGI app; see the module docstring for routes and mounting."""

    def __init__(
        self, manifest: dict[str, Any], assets: AssetSource, store: Store, open_duck: OpenDuck
    ) -> None:
        self.manifest_data = manifest
        self.manifest = parse_built_manifest(manifest)
        self.services = Services(self.manifest, assets, store, open_duck)
        self._handlers: dict[str, Handler] = {
            "manifest": self._show_manifest,
            "reset": self._reset_all,
            "db-query": self._query,
            "db-reset": self._reset_one,
            "http": self._http,
        }

    def close(self) -> None:
        """Close the open database engines (e.g. when the worker or a test ends)."""
        self.services.close()

    # -- handlers, one per route name of routes.route_table() -----------------------

    async def _show_manifest(self, match: RouteMatch, request: Request, send: Send) -> Response:
        return _json(self.manifest_data)

    async def _reset_all(self, match: RouteMatch, request: Request, send: Send) -> Response:
        return _json({"reset": await self.services.reset_all()})

    async def _reset_one(self, match: RouteMatch, request: Request, send: Send) -> Response:
        name = str(match.service)
        await self.services.database(name).reset()
        return _json({"reset": [name]})

    async def _query(self, match: RouteMatch, request: Request, send: Send) -> Response:
        database = self.services.database(str(match.service))
        sql = check_query_request(request.headers.get("content-type"), await request.body())
        result = await database.query(sql)
        return _json(query_document(database.service.name, database.adapter.name, result))

    async def _http(self, match: RouteMatch, request: Request, send: Send) -> None:
        family = str(match.route.family)
        service = await self.services.http(str(match.service), family)
        callbacks: list[Any] = []  # a mock's OpenAPI callbacks, sent after its answer
        scope = {
            **request.scope,
            "path": match.rest,
            "root_path": service_prefix(family, str(match.service)),
            "demo.callbacks": callbacks,
        }
        await service(scope, request.receive, send)
        for callback in callbacks:
            await self._send_callback(callback)

    def _callback_path(self, url: str) -> str | None:
        """The `/__demo/...` path a callback URL reaches: a service's `address`, or a
        URL of the demo itself (the page's origin); None for anything else."""
        for service in self.manifest.services:
            adapter = ADAPTERS[service.adapter]
            for address in service_addresses(service.config):
                address = address.rstrip("/")
                reached = address and (url == address or url.startswith(address + "/"))
                if reached and isinstance(adapter, HttpAdapter):
                    rest = url[len(address) :].split("#", 1)[0]
                    return service_prefix(adapter.family, service.name) + (rest or "/")
        path = urllib.parse.urlsplit(url).path
        inside = demo_route_path(path)
        if inside is None:
            return None
        query = urllib.parse.urlsplit(url).query
        return inside + (f"?{query}" if query else "")

    async def _send_callback(self, callback: Any) -> None:
        """Send one callback request through this app (no network: a demo is offline)."""
        path = self._callback_path(callback.url)
        if path is None:
            log.info(
                "callback %s %s %s skipped: not a service of this demo",
                callback.name,
                callback.method,
                callback.url,
            )
            return
        route, _, query = path.partition("?")
        statuses: list[int] = []
        body_sent = False

        async def receive() -> Message:
            nonlocal body_sent
            if body_sent:
                return {"type": "http.disconnect"}
            body_sent = True
            return {"type": "http.request", "body": callback.body, "more_body": False}

        async def send(message: Message) -> None:
            if message["type"] == "http.response.start":
                statuses.append(int(message["status"]))

        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": callback.method,
            "scheme": "http",
            "path": urllib.parse.unquote(route),
            "raw_path": route.encode(),
            "query_string": query.encode(),
            "root_path": "",
            "headers": [(k.encode(), v.encode()) for k, v in callback.headers.items()],
        }
        await self(scope, receive, send)
        log.info(
            "callback %s %s %s -> %s",
            callback.name,
            callback.method,
            callback.url,
            statuses[0] if statuses else "no answer",
        )

    # -- dispatch -------------------------------------------------------------------

    async def _answer(
        self, match: RouteMatch | None, request: Request, send: Send
    ) -> Response | None:
        method, path = request.method, request.scope["path"]
        if match is None:
            raise NotFound(f"no demo endpoint for {method} {path}", method=method, path=path)
        route = match.route
        if route.family is not None:
            # 404 before 405, and before a preflight: no method is allowed on a missing service.
            self.services.find(str(match.service), route.family)
        if method == "OPTIONS" and await self._is_preflight(match, request.headers):
            return await self._preflight(match, request.headers)
        if route.methods is not None and method not in route.methods:
            how = route.hint or "use " + " or ".join(route.methods)
            raise MethodNotAllowed(
                f"{method} is not allowed on {path}: {how}", headers={"allow": route.allow}
            )
        return await self._handlers[route.name](match, request, send)

    async def _service_methods(self, match: RouteMatch | None) -> list[str] | None:
        """The methods an `http` route's service defines for it (None: not an `http` route)."""
        if match is None or match.route.methods is not None or match.route.family is None:
            return None
        try:
            service = await self.services.http(str(match.service), match.route.family)
        except ApiError:
            return []
        return service.allowed_methods(match.rest)

    async def _is_preflight(self, match: RouteMatch | None, headers: Headers) -> bool:
        if "access-control-request-method" in headers:
            return True
        defined = await self._service_methods(match)
        return not (defined and ("OPTIONS" in defined or "*" in defined))

    async def _preflight(self, match: RouteMatch | None, headers: Headers) -> Response:
        if match is not None and match.route.methods is not None:
            allow = match.route.allow
        else:
            allow = preflight_methods(await self._service_methods(match) or [])
        cors = {
            "allow": allow,
            "access-control-allow-origin": "*",
            "access-control-allow-methods": allow,
            "access-control-allow-headers": headers.get("access-control-request-headers") or "*",
            "access-control-max-age": "86400",
        }
        return Response(b"", 204, headers=cors)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send)
            return
        if scope["type"] != "http":  # no WebSocket endpoint exists
            await send({"type": "websocket.close", "code": 1000})
            return
        route_path = demo_route_path(scope["path"])
        inner = {k: v for k, v in scope.items() if k != "raw_path"}
        inner.update(path=route_path or scope["path"], root_path="")
        # Kept aside for services that need the undecoded path (`%2F` in a mock parameter).
        inner["demo.raw_path"] = scope.get("raw_path")
        request = Request(inner, receive)
        match = match_route(route_path) if route_path is not None else None
        started = False
        send_with_cors = _with_cors(send)

        async def send_tracked(message: Message) -> None:
            nonlocal started  # an HTTP service answers itself: no error answer after that
            started = True
            await send_with_cors(message)

        try:
            response = await self._answer(match, request, send_tracked)
        except ApiError as exc:
            if started:
                raise
            response = _error(exc)
        except Exception as exc:  # the worker has no log a user sees: say it in the answer
            if started:
                raise
            response = _error(ApiError(f"internal error: {type(exc).__name__}: {exc}"))
        if response is not None:
            await response(inner, receive, send_with_cors)


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
