"""Paired devices: list, rename and set permissions, disconnect, unpair.

(Pending pairings, `/api/pin` and `/api/otp` belong to the pairing flow of
the streaming service, in its own handlers.)
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse

from host.body import read_json_object
from host.core.devices.clients import parse_permissions
from host.responses import ok
from http_errors import BadRequest

from .common import context

__all__ = [
    "disconnect_client",
    "list_clients",
    "unpair_all_clients",
    "unpair_client",
    "update_client",
]


async def list_clients(request: Request) -> JSONResponse:
    ctx = context(request)
    clients = []
    for client in ctx.clients.list():
        stream = ctx.streams.get(client.uuid)
        clients.append({**client.as_json(), "stream": stream.as_json() if stream else None})
    return ok(clients=clients)


async def update_client(request: Request) -> JSONResponse:
    ctx = context(request)
    body = await read_json_object(request)
    client_uuid, name = body["uuid"], body.get("name")
    permissions = parse_permissions(body["permissions"]) if "permissions" in body else None
    if name is None and permissions is None:
        raise BadRequest("Nothing to update: send name and/or permissions")
    ctx.clients.get(client_uuid)  # 404 before any change
    client = ctx.clients.update(client_uuid, name.strip() if name else None, permissions)
    return ok(client=client.as_json())


async def disconnect_client(request: Request) -> JSONResponse:
    ctx = context(request)
    client = ctx.clients.get((await read_json_object(request))["uuid"])
    if ctx.streams.get(client.uuid) is None:
        raise BadRequest(f"{client.name} has no stream to disconnect")
    ctx.streams.remove(client.uuid)
    return ok(disconnected=client.uuid)


async def unpair_client(request: Request) -> JSONResponse:
    ctx = context(request)
    client = ctx.clients.get((await read_json_object(request))["uuid"])
    if ctx.streams.get(client.uuid) is not None:
        ctx.streams.remove(client.uuid)  # an unpaired device may not keep streaming
    ctx.clients.remove(client.uuid)
    return ok(unpaired=client.uuid)


async def unpair_all_clients(request: Request) -> JSONResponse:
    ctx = context(request)
    for client in ctx.clients.list():
        if ctx.streams.get(client.uuid) is not None:
            ctx.streams.remove(client.uuid)
    return ok(unpaired=ctx.clients.remove_all())
