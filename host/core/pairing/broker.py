"""Pending pairing requests: their state machine, the PIN hand-off and one-time PINs.

A Moonlight client starts pairing with `getservercert` and waits for the
administrator to type the PIN the client shows. Each such request is a
`PendingPairing`:

    pending ──enter_pin──▶ pin_entered ──succeed──▶ paired
       │                        │
       ├──────── fail ──────────┴──▶ failed
       └──────── expire ────────┴──▶ expired

`paired`, `failed` and `expired` are final. The `PairingBroker` keeps the
requests (in memory: a request lives as long as the client's HTTP exchange),
lets `POST /api/pin` hand a PIN to the one waiting, and issues the one-time
PINs of `POST /api/otp` that a device can use with its passphrase instead.

Entering a PIN does not pair: the device still has to prove it typed the same
PIN. So each request ends in an `outcome` (paired, wrong_pin, gave_up,
expired, superseded, failed) that the console follows by id after the PIN
(`GET /api/clients/pending/{id}`), and each outcome is logged here, once,
without the PIN.

Guessing rules (docs/streaming.md, "Pairing rules"): a PIN goes to a named
request whenever more than one waits, since every Moonlight client calls
itself "roth"; an address may hold only a few open requests; a one-time PIN
dies after a few wrong `otpauth` values and each address is throttled.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import re
import secrets
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from host.core.auth.ratelimit import LoginLimiter
from http_errors import ApiError, BadRequest, NotFound, TooManyRequests

__all__ = [
    "OTP_TTL_S",
    "PIN_WAIT_S",
    "MAX_OPEN_PER_ADDRESS",
    "MAX_OPEN_REQUESTS",
    "OTP_MAX_FAILURES",
    "InvalidTransition",
    "OneTimePin",
    "PairingBroker",
    "PairingOutcome",
    "PairingPhase",
    "PendingPairing",
    "otp_auth",
    "validate_pin",
]

PIN_WAIT_S = 120.0  # how long getservercert waits for the administrator's PIN
OTP_TTL_S = 180.0
FINISH_WINDOW_S = 60.0  # time for the client to finish the later phases after the PIN
MAX_OPEN_REQUESTS = 16  # each one holds an HTTP request open: bound what a LAN peer can pile up
MAX_OPEN_PER_ADDRESS = 2  # one address cannot take the other devices' slots
OTP_MAX_FAILURES = 3  # wrong otpauth values before the one-time PIN is withdrawn
OTP_THROTTLE_FAILURES = 3  # wrong otpauth values per address and window before it must wait
OTP_THROTTLE_WINDOW_S = 60.0
OUTCOME_KEEP_S = 600.0  # how long a finished request's outcome can still be read by id
OUTCOME_KEEP_MAX = 64
_PIN = re.compile(r"^[0-9]{4}$")
log = logging.getLogger("helio.pairing")


class PairingPhase(StrEnum):
    PENDING = "pending"
    PIN_ENTERED = "pin_entered"
    PAIRED = "paired"
    FAILED = "failed"
    EXPIRED = "expired"


_MOVES: dict[PairingPhase, frozenset[PairingPhase]] = {
    PairingPhase.PENDING: frozenset(
        {PairingPhase.PIN_ENTERED, PairingPhase.FAILED, PairingPhase.EXPIRED}
    ),
    PairingPhase.PIN_ENTERED: frozenset(
        {PairingPhase.PAIRED, PairingPhase.FAILED, PairingPhase.EXPIRED}
    ),
}


class PairingOutcome(StrEnum):
    """Where a request stands for the administrator who typed (or did not type) the PIN."""

    WAITING = "waiting"  # no PIN yet
    CHECKING = "checking"  # PIN entered; the device is proving it typed the same one
    PAIRED = "paired"
    WRONG_PIN = "wrong_pin"  # the device's PIN and the one entered differ
    GAVE_UP = "gave_up"  # the device cancelled (or stopped answering) before the end
    EXPIRED = "expired"  # nobody entered a PIN in time
    SUPERSEDED = "superseded"  # the same device asked again: the newer request counts
    FAILED = "failed"  # the device's data did not check out for another reason


# The final outcomes and how the host log words each (never with the PIN).
_LOGGED: dict[PairingOutcome, tuple[int, str]] = {
    PairingOutcome.PAIRED: (logging.INFO, "paired"),
    PairingOutcome.WRONG_PIN: (logging.WARNING, "failed: wrong PIN"),
    PairingOutcome.GAVE_UP: (logging.WARNING, "failed: the device gave up"),
    PairingOutcome.EXPIRED: (logging.WARNING, "expired: no PIN was entered in time"),
    PairingOutcome.SUPERSEDED: (logging.INFO, "replaced by a newer request from the device"),
    PairingOutcome.FAILED: (logging.WARNING, "failed"),
}


class InvalidTransition(ApiError):
    status_code = 409


def validate_pin(pin: Any) -> str:
    if not isinstance(pin, str) or not _PIN.match(pin):
        raise BadRequest("pin must be the 4 digits the device shows", field="pin")
    return pin


def otp_auth(pin: str, salt_hex: str, passphrase: str) -> str:
    """What a device sends as `otpauth`: SHA-256 hex of PIN + salt (hex, as sent) + passphrase."""
    return hashlib.sha256((pin + salt_hex + passphrase).encode()).hexdigest().upper()


@dataclass
class PendingPairing:
    id: str
    device_name: str  # what the client calls itself (Moonlight sends "roth")
    address: str
    uniqueid: str
    client_cert_pem: bytes
    salt: bytes
    created_at: float
    expires_at: float
    phase: PairingPhase = PairingPhase.PENDING
    pin: str | None = None
    name: str | None = None  # the administrator's name for the device
    failure: str | None = None
    outcome: PairingOutcome = PairingOutcome.WAITING
    # Called once the PIN is entered (the flagship's simulated device answers from here).
    on_pin: Callable[[PendingPairing], None] | None = field(default=None, repr=False)
    # Protocol secrets of the later phases and the phases done (host.core.pairing.protocol).
    secrets: dict[str, bytes] = field(default_factory=dict)
    steps_done: list[str] = field(default_factory=list)
    _waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = field(
        default_factory=list, repr=False
    )

    @property
    def final(self) -> bool:
        return self.phase not in _MOVES

    def _move(self, to: PairingPhase) -> None:
        if to not in _MOVES.get(self.phase, frozenset()):
            raise InvalidTransition(
                f"Pairing request {self.id} is {self.phase.value}; it cannot become {to.value}"
            )
        self.phase = to
        waiters, self._waiters = self._waiters, []
        for loop, future in waiters:
            loop.call_soon_threadsafe(_settle, future)
        if self.final:
            self._log_outcome()

    def _log_outcome(self) -> None:
        level, words = _LOGGED[self.outcome]
        reason = (
            f" ({self.failure})"
            if self.failure and self.outcome is not (PairingOutcome.PAIRED)
            else ""
        )
        who = f"{self.name} ({self.device_name})" if self.name else self.device_name
        log.log(
            level, "Pairing request %s from %s, %s, %s%s", self.id, who, self.address, words, reason
        )

    def enter_pin(self, pin: str, name: str | None = None) -> None:
        self.pin = validate_pin(pin)
        if name:
            self.name = name
        self.outcome = PairingOutcome.CHECKING
        self._move(PairingPhase.PIN_ENTERED)
        if self.on_pin is not None:
            self.on_pin(self)

    def succeed(self) -> None:
        self.outcome = PairingOutcome.PAIRED
        self._move(PairingPhase.PAIRED)

    def fail(self, reason: str, outcome: PairingOutcome = PairingOutcome.FAILED) -> None:
        self.failure, self.outcome = reason, outcome
        self._move(PairingPhase.FAILED)

    def give_up(self) -> None:
        """The device cancelled (Moonlight's `/unpair`). Right after it checked the host's
        proof of the PIN (phase 3 done, phase 4 not sent) that is the device finding the
        PIN does not match: Moonlight shows "Incorrect PIN" there."""
        if (
            "serverchallengeresp" in self.steps_done
            and "clientpairingsecret" not in self.steps_done
        ):
            self.fail("The device says the PIN does not match", PairingOutcome.WRONG_PIN)
        else:
            self.fail("The device cancelled pairing", PairingOutcome.GAVE_UP)

    def expire(self) -> None:
        if self.phase is PairingPhase.PIN_ENTERED:  # the PIN came; the device went quiet
            self.failure = "The device stopped answering after the PIN"
            self.outcome = PairingOutcome.GAVE_UP
        else:
            self.outcome = PairingOutcome.EXPIRED
        self._move(PairingPhase.EXPIRED)

    async def wait_for_pin(self, timeout_s: float) -> bool:
        """Wait (on any event loop) until the PIN arrives; False when the wait ran out."""
        if self.phase is PairingPhase.PENDING:
            loop = asyncio.get_running_loop()
            future: asyncio.Future[None] = loop.create_future()
            self._waiters.append((loop, future))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(future, timeout_s)
        return self.phase is PairingPhase.PIN_ENTERED

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "device_name": self.device_name,
            "address": self.address,
            "phase": self.phase.value,
            "outcome": self.outcome.value,
            **({"failure": self.failure} if self.failure else {}),
            **({"name": self.name} if self.name else {}),
            "created_at": self.created_at,
            "expires_at": self.expires_at,
        }

    def open_from(self, address: str) -> bool:
        return not self.final and self.address == address


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


@dataclass(frozen=True)
class OneTimePin:
    pin: str
    passphrase: str
    name: str | None
    expires_at: float


class PairingBroker:
    """Pairing requests keyed by (client address, uniqueid), and the current one-time PIN."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._requests: dict[tuple[str, str], PendingPairing] = {}
        self._by_id: dict[str, PendingPairing] = {}  # every request, kept for its outcome
        self._otp: OneTimePin | None = None
        self._otp_failures = 0
        self._otp_throttle = LoginLimiter(clock)
        self._lock = threading.RLock()

    def begin(
        self, address: str, uniqueid: str, device_name: str, cert_pem: bytes, salt: bytes
    ) -> PendingPairing:
        """A new request from getservercert; one earlier request of the same client fails."""
        now = self._clock()
        request = PendingPairing(
            str(uuid.uuid4()), device_name, address, uniqueid, cert_pem, salt, now, now + PIN_WAIT_S
        )
        with self._lock:
            self.sweep()
            earlier = self._requests.pop((address, uniqueid), None)
            if earlier is not None and not earlier.final:
                earlier.fail("Superseded by a newer pairing request", PairingOutcome.SUPERSEDED)
            if sum(1 for r in self._requests.values() if r.open_from(address)) >= (
                MAX_OPEN_PER_ADDRESS
            ):
                raise TooManyRequests(
                    "Too many pairing requests are open from this address; finish or cancel one"
                )
            if sum(1 for r in self._requests.values() if not r.final) >= MAX_OPEN_REQUESTS:
                raise TooManyRequests(
                    "Too many pairing requests are open; enter or let expire the waiting ones"
                )
            self._requests[(address, uniqueid)] = request
            self._by_id[request.id] = request
        return request

    def get(self, request_id: str) -> PendingPairing:
        """One request by id, waiting or finished (kept OUTCOME_KEEP_S for its outcome)."""
        with self._lock:
            self.sweep()
            found = self._by_id.get(request_id)
        if found is None:
            raise NotFound(f"No pairing request {request_id}; it ended long ago or never existed")
        return found

    def find(self, address: str, uniqueid: str) -> PendingPairing | None:
        with self._lock:
            self.sweep()
            return self._requests.get((address, uniqueid))

    def cancel(self, address: str, uniqueid: str) -> None:
        """The device cancelled (Moonlight's `/unpair`): its open request ends."""
        with self._lock:
            request = self._requests.pop((address, uniqueid), None)
        if request is not None and not request.final:
            request.give_up()

    def pending(self) -> list[PendingPairing]:
        with self._lock:
            self.sweep()
            waiting = [r for r in self._requests.values() if r.phase is PairingPhase.PENDING]
        return sorted(waiting, key=lambda r: r.created_at)

    def enter_pin(
        self, pin: str, name: str | None = None, request_id: str | None = None
    ) -> PendingPairing:
        """Hand the PIN to one waiting request: the one named, else the only one.

        With several waiting, guessing which is the administrator's device
        would hand the PIN to whichever LAN peer asked first.
        """
        validate_pin(pin)
        waiting = self.pending()
        if request_id is not None:
            waiting = [r for r in waiting if r.id == request_id]
        if not waiting:
            raise NotFound(
                "No pairing request is waiting for a PIN; start pairing on the device first"
            )
        if len(waiting) > 1:
            raise BadRequest(
                f"{len(waiting)} pairing requests wait for a PIN: choose one with id "
                "(GET /api/clients/pending lists each one's address and time)"
            )
        waiting[0].enter_pin(pin, name)
        return waiting[0]

    def sweep(self) -> None:
        """Expire requests past their deadline and forget finished ones."""
        now = self._clock()
        with self._lock:
            for key, request in list(self._requests.items()):
                if not request.final and now >= request.expires_at:
                    request.expire()
                if request.final and now >= request.expires_at:
                    del self._requests[key]
            for request_id, request in list(self._by_id.items()):
                if request.final and now >= request.expires_at + OUTCOME_KEEP_S:
                    del self._by_id[request_id]
            for request_id in list(self._by_id)[: max(0, len(self._by_id) - OUTCOME_KEEP_MAX)]:
                if self._by_id[request_id].final:
                    del self._by_id[request_id]

    def extend(self, request: PendingPairing) -> None:
        """After the PIN: give the client time to finish the remaining phases."""
        request.expires_at = self._clock() + FINISH_WINDOW_S

    # -- one-time PINs (POST /api/otp) ------------------------------------------------

    def issue_otp(self, passphrase: Any, name: Any = None) -> OneTimePin:
        if not isinstance(passphrase, str) or len(passphrase) < 4:
            raise BadRequest(
                "passphrase is required: at least 4 characters, typed on the device with the PIN",
                field="passphrase",
            )
        if name is not None and not isinstance(name, str):
            raise BadRequest("name must be a string", field="name")
        otp = OneTimePin(
            f"{secrets.randbelow(10_000):04d}", passphrase, name or None, self._clock() + OTP_TTL_S
        )
        with self._lock:
            self._otp, self._otp_failures = otp, 0
        return otp

    def redeem_otp(self, otpauth: str, salt_hex: str, address: str) -> OneTimePin | None:
        """The one-time PIN whose hash the device sent, used up; None when none matches.

        A wrong guess counts against the PIN (withdrawn after OTP_MAX_FAILURES)
        and against the address (TooManyRequests for a while after
        OTP_THROTTLE_FAILURES), so 10 000 PINs cannot be walked through.
        """
        with self._lock:
            if self._otp_throttle.blocked(address, OTP_THROTTLE_FAILURES, OTP_THROTTLE_WINDOW_S):
                raise TooManyRequests("Too many wrong one-time PINs from this address; wait")
            otp = self._otp
            if otp is None or self._clock() >= otp.expires_at:
                self._otp = None
                return None
            expected = otp_auth(otp.pin, salt_hex, otp.passphrase)
            # As bytes: compare_digest refuses non-ASCII str (a 500, the guess not counted);
            # `otpauth=é` is just a wrong guess.
            sent = otpauth.upper().encode("utf-8", "replace")
            if not hmac.compare_digest(expected.encode(), sent):
                self._otp_throttle.record_failure(address, OTP_THROTTLE_WINDOW_S)
                self._otp_failures += 1
                if self._otp_failures >= OTP_MAX_FAILURES:
                    self._otp = None  # guessed at: the administrator issues a new one
                return None
            self._otp = None  # one use only
            return otp
