"""`GET /pair` and `/unpair` on the streaming ports: the Moonlight pairing handshake.

Every answer is `<root status_code="200">` with `<paired>1|0</paired>`;
Moonlight stops at the first `paired` 0 and then calls `/unpair`. The phase
maths is `host.core.pairing.protocol`; the request lifecycle is
`host.core.pairing.broker`. See docs/streaming.md for the administrator's side.
"""

from __future__ import annotations

import contextlib
import logging

from starlette.requests import Request
from starlette.responses import Response

from host.core.auth.reach import peer_address
from host.core.devices.clients import DEFAULT_PERMISSIONS
from host.core.pairing.broker import (
    PIN_WAIT_S,
    InvalidTransition,
    PairingOutcome,
    PairingPhase,
    PendingPairing,
)
from host.core.pairing.protocol import (
    PairingCrypto,
    PairingRefused,
    PinMismatch,
    answer_client_challenge,
    answer_server_challenge_response,
    check_client_pairing_secret,
)
from host.core.pairing.serverinfo import xml_answer
from http_errors import TooManyRequests

from .common import context
from .streaming import device

__all__ = ["pair", "unpair"]

log = logging.getLogger("helio.pairing")
SALT_LEN = 16


def _xml(status_code: int = 200, message: str | None = None, **children: object) -> Response:
    return Response(xml_answer(status_code, message, **children), media_type="application/xml")


def _refused(message: str) -> Response:
    return _xml(200, message, paired=0)


async def pair(request: Request) -> Response:
    query = request.query_params
    crypto: PairingCrypto | None = request.app.state.pairing_crypto
    if crypto is None:
        return _xml(503, "Pairing is not available on this host")
    phrase = query.get("phrase")
    if phrase == "getservercert":
        return await _get_server_cert(request, crypto)
    if phrase == "pairchallenge":
        # Phase 5 runs over HTTPS with the new certificate: paired when the host knows it.
        return _xml(paired=1 if request.app.state.over_https and device(request) else 0)
    # Keyed by the peer's address: a phase from another address never reaches this request.
    pending = context(request).pairing.find(peer_address(request.scope), query.get("uniqueid", ""))
    if pending is None or pending.final:
        return _refused("No pairing in progress for this client; start again")
    if pending.phase is not PairingPhase.PIN_ENTERED:
        _fail(pending, "A later phase arrived before the PIN")
        return _refused("A later phase arrived before the PIN; start again")
    try:
        if "clientchallenge" in query:
            return _xml(
                paired=1,
                challengeresponse=answer_client_challenge(
                    pending, crypto, query["clientchallenge"]
                ),
            )
        if "serverchallengeresp" in query:
            secret = answer_server_challenge_response(pending, crypto, query["serverchallengeresp"])
            return _xml(paired=1, pairingsecret=secret)
        if "clientpairingsecret" in query:
            check_client_pairing_secret(pending, crypto, query["clientpairingsecret"])
            return _finish(request, crypto, pending)
    except PairingRefused as refused:
        wrong = isinstance(refused, PinMismatch)
        _fail(pending, str(refused), PairingOutcome.WRONG_PIN if wrong else PairingOutcome.FAILED)
        return _refused(str(refused))
    return _xml(400, "Unknown pairing phase")


async def _get_server_cert(request: Request, crypto: PairingCrypto) -> Response:
    ctx, query = context(request), request.query_params
    salt_hex = query.get("salt", "")
    try:
        salt = bytes.fromhex(salt_hex)
        cert_pem, _ = crypto.client_certificate(bytes.fromhex(query.get("clientcert", "")))
    except ValueError as error:
        return _refused(f"Bad salt or client certificate: {error}")
    if len(salt) != SALT_LEN:
        return _refused(f"salt must be {SALT_LEN} bytes")
    name = query.get("devicename") or "Moonlight"
    address, uniqueid = peer_address(request.scope), query.get("uniqueid", "")
    otpauth = query.get("otpauth")
    try:
        otp = ctx.pairing.redeem_otp(otpauth, salt_hex, address) if otpauth else None
        if otpauth and otp is None:
            return _refused("The one-time PIN or passphrase does not match, or it expired")
        pending = ctx.pairing.begin(address, uniqueid, name, cert_pem, salt)
    except TooManyRequests as busy:
        return _refused(busy.message)
    if otp is not None:
        pending.enter_pin(otp.pin, otp.name)
    else:
        log.info(
            "Pairing request %s from %s (%s) waits for the PIN the device shows",
            pending.id,
            name,
            address,
        )
        if not await pending.wait_for_pin(PIN_WAIT_S):
            if not pending.final:
                pending.expire()
            return _refused(f"No PIN was entered ({pending.phase.value})")
    ctx.pairing.extend(pending)
    return _xml(paired=1, plaincert=crypto.server_cert_pem.hex())


def _finish(request: Request, crypto: PairingCrypto, pending: PendingPairing) -> Response:
    ctx = context(request)
    pem, fingerprint = crypto.client_certificate(pending.client_cert_pem)
    client = ctx.clients.add(
        pending.name or pending.device_name, pem.decode(), fingerprint, DEFAULT_PERMISSIONS
    )
    pending.succeed()  # logs the outcome (host.core.pairing.broker)
    log.info("Paired device %s (%s)", client.uuid, client.name)
    return _xml(paired=1)


def _fail(
    pending: PendingPairing, reason: str, outcome: PairingOutcome = PairingOutcome.FAILED
) -> None:
    with contextlib.suppress(InvalidTransition):  # already final: nothing more to record
        pending.fail(reason, outcome)  # logs the outcome


async def unpair(request: Request) -> Response:
    """Moonlight's cancel after a failed phase: forget this client's pending request."""
    context(request).pairing.cancel(
        peer_address(request.scope), request.query_params.get("uniqueid", "")
    )
    return _xml()
