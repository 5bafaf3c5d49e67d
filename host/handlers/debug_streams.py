"""The stream simulator (`--simulate-streams`): drive the stream registry by hand."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse

from host.body import read_json_object
from host.responses import ok

from .common import context

__all__ = ["delete_stream", "list_streams", "put_stream"]


async def list_streams(request: Request) -> JSONResponse:
    return ok(streams=[s.as_json() for s in context(request).streams.list()])


async def put_stream(request: Request) -> JSONResponse:
    """`{device, kind, state}` creates or updates that paired device's stream."""
    body = await read_json_object(request)
    ctx = context(request)
    device = body["device"]
    ctx.clients.get(device)  # 404 for a device that is not paired
    stream = ctx.streams.put(device, body["kind"], body["state"])
    return ok(stream=stream.as_json())


async def delete_stream(request: Request) -> JSONResponse:
    stream = context(request).streams.remove(request.path_params["device"])
    return ok(stream=stream.as_json())
