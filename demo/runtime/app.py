"""The `/__demo` ASGI app: mock routes, database queries, resets, the manifest.

Routes (below the site's base path, see "Mounting"), as `routes.py` declares them:

    ANY   /__demo/mock/<service>/<route...>   the mock's fixture or OpenAPI example
    POST  /__demo/db/<service>/query          {"sql": "..."} -> {"service", "adapter", "result"}
    POST  /__demo/db/<service>/reset          that database back to its seed
    POST  /__demo/reset                       every database of the demo back to its seed
    GET   /__demo/manifest                    the built manifest.json

A request is matched once (`match_route`); after the checks below its route's own
handler answers (`DemoRoute.handler`, handlers.py). Decided here, for every route: an unknown service is 404 before a wrong method is 405
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
from typing import Any

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Message, Receive, Scope, Send

from http_errors import ApiError, MethodNotAllowed, NotFound

from .adapters import ADAPTERS, HttpAdapter, service_addresses
from .manifest import parse_built_manifest
from .ports import AssetSource, OpenDuck, Store
from .routes import RouteMatch, demo_route_path, match_route, preflight_methods, service_prefix
from .services import Services
from .single_request import receive_once

__all__ = ["DemoApp", "create_demo_app"]

log = logging.getLogger(__name__)

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

    def close(self) -> None:
        """Close the open database engines (e.g. when the worker or a test ends)."""
        self.services.close()

    # -- callbacks: requests a mock sends after its answer (handlers.http) ----------

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

    async def send_callback(self, callback: Any) -> None:
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
        await self(scope, receive_once(callback.body), send)
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
        document = await route.handler(self, match, request, send)
        return None if document is None else _json(document)

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
