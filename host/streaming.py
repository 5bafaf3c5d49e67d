"""Wiring only: the two streaming services of the host, as Starlette apps.

- Plain HTTP on the base port (47989): `/serverinfo`, `/pair`, `/unpair`.
- HTTPS on base−5 (47984): the same, plus `GET /api/hardware-metrics`, with
  the requesting device identified by its client certificate
  (`host.middleware.device`).
Anything else is a JSON 404; every answer carries `Cache-Control: no-store`
(the metrics spec requires it; nothing here may be cached either).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from host.core.context import HostContext
from host.core.errors import ApiError, error_body
from host.core.pairing_protocol import PairingCrypto
from host.handlers import pair, streaming
from host.middleware.device import DeviceMiddleware
from host.middleware.no_store import NoStore
from host.responses import error_response

__all__ = ["StreamPorts", "create_plain_app", "create_stream_app"]

log = logging.getLogger("helio.streaming")


@dataclass(frozen=True)
class StreamPorts:
    https: int  # base − 5
    http: int  # base

    @classmethod
    def for_base(cls, base: int) -> StreamPorts:
        return cls(base - 5, base)


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    message = (
        f"No route {request.url.path} on this port" if exc.status_code == 404 else str(exc.detail)
    )
    return JSONResponse(error_body(message), status_code=exc.status_code)


async def _server_error(request: Request, exc: Exception) -> Response:
    log.exception("Unhandled error on %s %s", request.method, request.url.path)
    return JSONResponse(error_body("Internal server error; see the host log"), status_code=500)


def _app(
    ctx: HostContext, ports: StreamPorts, crypto: PairingCrypto | None, over_https: bool
) -> Starlette:
    routes = [
        Route("/serverinfo", streaming.serverinfo, methods=["GET"]),
        Route("/pair", pair.pair, methods=["GET"]),
        Route("/unpair", pair.unpair, methods=["GET"]),
    ]
    middleware = [Middleware(NoStore)]
    if over_https:
        # Served only here: on plain HTTP the route does not exist (404), as the spec requires.
        routes.append(Route("/api/hardware-metrics", streaming.hardware_metrics, methods=["GET"]))
        middleware.append(Middleware(DeviceMiddleware, clients=ctx.clients))
    app = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={
            ApiError: _api_error,
            HTTPException: _http_error,
            Exception: _server_error,
        },
    )
    app.state.ctx = ctx
    app.state.ports = ports
    app.state.pairing_crypto = crypto
    app.state.over_https = over_https
    return app


def create_plain_app(
    ctx: HostContext, ports: StreamPorts, crypto: PairingCrypto | None
) -> Starlette:
    return _app(ctx, ports, crypto, over_https=False)


def create_stream_app(
    ctx: HostContext, ports: StreamPorts, crypto: PairingCrypto | None
) -> Starlette:
    return _app(ctx, ports, crypto, over_https=True)
