"""Admin side of pairing: waiting requests, entering the PIN, one-time PINs."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from host.body import read_json_object
from host.core.pairing.broker import validate_pin
from host.responses import ok

from .common import context

__all__ = ["enter_pin", "issue_otp", "pairing_request", "pending_clients"]


async def pending_clients(request: Request) -> JSONResponse:
    """Pairing requests waiting for a PIN, oldest first."""
    return ok(pending=[r.as_json() for r in context(request).pairing.pending()])


async def pairing_request(request: Request) -> JSONResponse:
    """One request by id, waiting or finished: the console follows it after the PIN."""
    found = context(request).pairing.get(request.path_params["id"])
    return ok(request=found.as_json())


def _optional_label(body: dict[str, Any], name: str) -> str | None:
    value = body.get(name)  # the schema made it a string with something besides spaces
    return value.strip() if isinstance(value, str) else None


async def enter_pin(request: Request) -> JSONResponse:
    """`{pin, name?, id?}`: the PIN the device shows, for the named request (`id` required when several wait)."""
    body = await read_json_object(request)
    pin = validate_pin(body.get("pin"))
    paired = context(request).pairing.enter_pin(
        pin, _optional_label(body, "name"), _optional_label(body, "id")
    )
    return ok(request=paired.as_json())


async def issue_otp(request: Request) -> JSONResponse:
    """`{passphrase, name?}`: a one-time PIN the device uses with the passphrase, no PIN entry needed."""
    body = await read_json_object(request)
    ctx = context(request)
    otp = ctx.pairing.issue_otp(body.get("passphrase"), _optional_label(body, "name"))
    return ok(
        otp=otp.pin, expires_at=otp.expires_at, expires_in=round(otp.expires_at - ctx.clock())
    )
