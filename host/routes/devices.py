"""Paired devices: their names, permissions and streams (pairing itself: `host.routes.pairing`)."""

from __future__ import annotations

from host.handlers import devices
from host.routing import Route

from .build import ANY_OBJ, NONEMPTY, OBJECTS, STR, answer, get, obj, post

__all__ = ["ROUTES"]

_CLIENT_KEY = obj(("uuid",), uuid=NONEMPTY)
_CLIENT_UPDATE = obj(
    ("uuid",),
    uuid=NONEMPTY,
    # null: keep the name.
    name={
        "type": ["string", "null"],
        "pattern": r"\S",
        "x-expected": "a non-empty string",
        "maxLength": 128,
    },
    # A list, or comma-separated text; host.core.devices.clients names an unknown one.
    permissions={
        "type": ["array", "string"],
        "items": STR,
        "description": "of view, launch, input, clipboard, server_commands",
    },
)

ROUTES: tuple[Route, ...] = (
    get(
        "/api/clients/list",
        devices.list_clients,
        "clients-list",
        "Paired devices, their permissions and streams",
        response_schema=answer(("clients",), clients=OBJECTS),
    ),
    post(
        "/api/clients/update",
        devices.update_client,
        "clients-update",
        "Rename a device or set its permissions",
        request_schema=_CLIENT_UPDATE,
    ),
    post(
        "/api/clients/disconnect",
        devices.disconnect_client,
        "clients-disconnect",
        "End that device's stream",
        request_schema=_CLIENT_KEY,
    ),
    post(
        "/api/clients/unpair",
        devices.unpair_client,
        "clients-unpair",
        "Forget a device (ends its stream)",
        request_schema=_CLIENT_KEY,
    ),
    post(
        "/api/clients/unpair-all",
        devices.unpair_all_clients,
        "clients-unpair-all",
        "Forget every device",
        request_schema=ANY_OBJ,
    ),
)
