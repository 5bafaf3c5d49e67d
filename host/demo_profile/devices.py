"""Simulated Moonlight devices: the device side of pairing and of hardware metrics.

A real device pairs over the streaming port with certificates and a challenge
protocol that needs a crypto library; the browser demo has neither, so these routes
play the device's part and leave the administrator's part to the real admin API:

    POST /demo/devices/pair        {"name"}  a device asks to pair; answers the PIN it
                                   shows: {"request": id, "pin", "simulated": true}
    GET  /demo/devices/pair/{id}   the device's view: waiting, paired or failed

The device answers the moment the administrator enters a PIN (POST /api/pin), in
the demo host itself (the service worker): it pairs with whatever page is open, as a
real device would. The right PIN adds the client and starts a simulated stream; a
wrong one fails the request as a real device reports "Incorrect PIN".
    GET  /demo/devices/{uuid}/hardware-metrics
                                   the streaming port's hardware-metrics handler, for
                                   that paired device (identified here, not by TLS)

They sit outside /api, as the streaming port's routes do: no admin credentials.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from host.body import read_json_object
from host.core.context import HostContext
from host.core.pairing.broker import PairingOutcome, PendingPairing
from host.handlers import streaming
from host.responses import error_response
from http_errors import ApiError, BadRequest, NotFound

from .history import HostHistory
from .simulated import SIMULATED

__all__ = ["DEVICE_PREFIX", "create_device_app"]

DEVICE_PREFIX = "/demo/devices"
_ADDRESS = "192.168.1.50"  # where the simulated devices "are" on the LAN


def _certificate(name: str) -> str:
    # A placeholder, not a certificate: no code path of the demo parses it.
    body = hashlib.sha256(f"helio-demo-device:{name}".encode()).hexdigest()
    return f"-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----\n"


class DeviceSimulator:
    def __init__(self, ctx: HostContext, history: HostHistory | None = None) -> None:
        self.ctx = ctx
        self.history = history
        self.devices: dict[str, tuple[str, str]] = {}  # request id -> (uniqueid, PIN shown)
        self.paired: dict[str, str] = {}  # request id -> the client it became

    async def begin(self, request: Request) -> Response:
        body = await read_json_object(request)
        name = body.get("name") or "Simulated device"
        if not isinstance(name, str) or len(name) > 64:
            raise BadRequest("name must be a string of at most 64 characters")
        uniqueid = secrets.token_hex(8)
        certificate = _certificate(f"{name}:{uniqueid}").encode()
        pending = self.ctx.pairing.begin(
            _ADDRESS, uniqueid, name, certificate, secrets.token_bytes(16)
        )
        pin = f"{secrets.randbelow(10_000):04d}"
        self.devices[pending.id] = (uniqueid, pin)
        pending.on_pin = lambda entered: self._answer(entered, pin)
        return JSONResponse(
            {"request": pending.id, "pin": pin, "simulated": True, "note": SIMULATED}
        )

    def _find(self, request_id: str) -> tuple[PendingPairing, str]:
        if request_id not in self.devices:
            raise NotFound(f"No pairing request {request_id}; ask to pair again")
        return self.ctx.pairing.get(request_id), self.devices[request_id][1]

    def _answer(self, pending: PendingPairing, pin: str) -> None:
        """The device's side of the handshake once a PIN is entered."""
        if pending.pin != pin:
            pending.fail("The device says the PIN does not match", PairingOutcome.WRONG_PIN)
            return
        client = self.ctx.clients.add(
            pending.name or pending.device_name,
            pending.client_cert_pem.decode(),
            hashlib.sha256(pending.client_cert_pem).hexdigest(),
        )
        self.paired[pending.id] = client.uuid
        pending.succeed()
        if self.history is not None:
            self.history.device_paired(client.name)
        self.ctx.streams.put(client.uuid, "normal", "active")

    async def status(self, request: Request) -> Response:
        pending, _ = self._find(request.path_params["id"])
        answer: dict[str, Any] = {"request": pending.id, "simulated": True}
        if pending.id in self.paired:
            answer["device"] = self.paired[pending.id]
        answer["phase"] = pending.phase.value
        answer["outcome"] = pending.outcome.value
        if pending.failure:
            answer["failure"] = pending.failure
        return JSONResponse(answer)

    async def hardware_metrics(self, request: Request) -> Response:
        client_uuid = request.path_params["uuid"]
        request.state.device = next(
            (c for c in self.ctx.clients.list() if c.uuid == client_uuid), None
        )
        return await streaming.hardware_metrics(request)


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc)


def create_device_app(ctx: HostContext, history: HostHistory | None = None) -> Starlette:
    devices = DeviceSimulator(ctx, history)
    app = Starlette(
        routes=[
            Route(f"{DEVICE_PREFIX}/pair", devices.begin, methods=["POST"]),
            Route(f"{DEVICE_PREFIX}/pair/{{id}}", devices.status, methods=["GET"]),
            Route(
                f"{DEVICE_PREFIX}/{{uuid}}/hardware-metrics",
                devices.hardware_metrics,
                methods=["GET"],
            ),
        ],
        exception_handlers={ApiError: _api_error},
    )
    app.state.ctx = ctx
    return app
