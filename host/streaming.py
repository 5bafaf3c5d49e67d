"""Wiring only: the two streaming services of the host, as Starlette apps.

- Plain HTTP on the base port (47989): `/serverinfo`, `/pair`, `/unpair`.
- HTTPS on base−5 (47984): the same, plus `GET /api/hardware-metrics`, with
  the requesting device identified by its client certificate
  (`host.middleware.device`).
Anything else is a JSON 404; every answer carries `Cache-Control: no-store`
(the metrics spec requires it; nothing here may be cached either).
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.routing import Route

from host.core.context import HostContext
from host.core.pairing.protocol import PairingCrypto
from host.error_handlers import exception_handlers
from host.handlers import pair, streaming
from host.middleware.device import DeviceMiddleware
from host.middleware.no_store import NoStore

__all__ = ["StreamPorts", "create_plain_app", "create_stream_app"]


@dataclass(frozen=True)
class StreamPorts:
    https: int  # base − 5
    http: int  # base

    @classmethod
    def for_base(cls, base: int) -> StreamPorts:
        return cls(base - 5, base)


def _no_route(request: Request) -> str:
    return f"No route {request.url.path} on this port"


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
        exception_handlers=exception_handlers(_no_route),
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
