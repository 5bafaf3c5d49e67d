"""Streaming-port handlers: `/serverinfo` and `GET /api/hardware-metrics`."""

from __future__ import annotations

import uuid

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from host.core.devices.clients import Client
from host.core.devices.streams import StreamState
from host.core.metrics.rules import check_eligibility, discovery_version
from host.core.pairing.serverinfo import ServerInfo, host_uniqueid

from .common import context

__all__ = ["device", "hardware_metrics", "serverinfo"]


def device(request: Request) -> Client | None:
    """The paired device behind this HTTPS request (None on plain HTTP or without a certificate)."""
    return getattr(request.state, "device", None)


def _mac() -> str:
    node = uuid.getnode()
    return ":".join(f"{(node >> shift) & 0xFF:02x}" for shift in range(40, -8, -8))


async def serverinfo(request: Request) -> Response:
    ctx = context(request)
    over_https: bool = request.app.state.over_https
    client = device(request) if over_https else None
    server = request.scope.get("server") or ("", 0)
    info = ServerInfo(
        hostname=ctx.adapters.system.hostname(),
        uniqueid=host_uniqueid(ctx.db),
        https_port=request.app.state.ports.https,
        http_port=request.app.state.ports.http,
        mac=_mac(),
        local_ip=server[0] or "",
        paired=client is not None,
        busy=any(s.state is StreamState.ACTIVE for s in ctx.streams.list()),
        current_game=0,  # no application engine yet
        hardware_metrics_version=discovery_version(
            client, over_https, ctx.settings.get("hardware_metrics")
        ),
    )
    return Response(info.to_xml(), media_type="application/xml")


async def hardware_metrics(request: Request) -> JSONResponse:
    """One sample for an eligible device (spec/hardware-metrics.md); refusals raise ApiError."""
    ctx = context(request)
    client = device(request)
    stream = ctx.streams.get(client.uuid) if client is not None else None
    check_eligibility(client, stream, ctx.settings.get("hardware_metrics"))
    return JSONResponse(await ctx.metrics.read())
