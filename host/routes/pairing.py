"""Pairing new devices from the console: pending requests, PIN entry, one-time PINs.

The handshake itself is GET /pair on the streaming ports (docs/streaming.md).
"""

from __future__ import annotations

from host.handlers import pairing_admin
from host.routing import Route

from .build import INT, LABEL, NUMBER, STR, answer, array, each, get, obj, post

__all__ = ["ROUTES"]

_OUTCOMES = [
    "waiting",
    "checking",
    "paired",
    "wrong_pin",
    "gave_up",
    "expired",
    "superseded",
    "failed",
]
_PENDING = obj(
    ("id", "device_name", "address", "phase"),
    **each(STR, "id", "device_name", "address", "phase"),
    outcome={"enum": _OUTCOMES},
    **each(STR, "failure", "name"),
    **each(NUMBER, "created_at", "expires_at"),
)
_PIN = obj(
    ("pin",),
    pin={"type": "string", "pattern": "^[0-9]{4}$", "x-expected": "4 digits"},
    name=LABEL,
    id=LABEL,
)
_OTP = answer(("otp", "expires_at"), otp=STR, expires_at=NUMBER, expires_in=INT)

ROUTES: tuple[Route, ...] = (
    get(
        "/api/clients/pending",
        pairing_admin.pending_clients,
        "clients-pending",
        "Pairing requests waiting for a PIN, oldest first",
        response_schema=answer(("pending",), pending=array(_PENDING)),
    ),
    get(
        "/api/clients/pending/{id}",
        pairing_admin.pairing_request,
        "clients-pending-one",
        "One pairing request by id, waiting or finished, with its outcome (paired, wrong_pin, gave_up, expired, ...)",
        response_schema=answer(("request",), request=_PENDING),
    ),
    post(
        "/api/pin",
        pairing_admin.enter_pin,
        "pin",
        "Enter the PIN a device shows (id required when several wait); it pairs with the default permissions",
        request_schema=_PIN,
    ),
    post(
        "/api/otp",
        pairing_admin.issue_otp,
        "otp",
        "Issue a one-time PIN a device uses with this passphrase (expires)",
        request_schema=obj(("passphrase",), passphrase=STR, name=LABEL),
        response_schema=_OTP,
    ),
)
