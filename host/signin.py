"""The sign-in guard: one password check, rate limited per client address.

Used by `/api/auth/login`, HTTP Basic and `/api/password`. While an address
has `login_max_failures` failures inside `login_failure_window_s` it is
refused with `SignInBlocked` (each caller maps that to its own status: 429
with `Retry-After` for the API calls, 401 with the Basic challenge);
otherwise the attempt is counted, the credentials are verified off the event
loop, and a success clears the address's count.
"""

from __future__ import annotations

import asyncio
import logging

from starlette.concurrency import run_in_threadpool

from host.core.auth.ratelimit import BLOCKED, WAIT
from host.core.context import HostContext

__all__ = ["TOO_MANY_FAILURES", "SignInBlocked", "check_sign_in", "refuse_if_blocked"]

SETTLE_POLL_S = 0.005  # how often a waiting attempt looks whether a reservation settled
TOO_MANY_FAILURES = "Too many failed sign-in attempts; try again later"
log = logging.getLogger("helio.auth")


class SignInBlocked(Exception):
    """Too many recent failures from this address; `retry_after` is in seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(TOO_MANY_FAILURES)
        self.retry_after = retry_after

    @property
    def headers(self) -> dict[str, str]:
        return {"Retry-After": str(self.retry_after)}


def refuse_if_blocked(ctx: HostContext, address: str) -> None:
    """Raise SignInBlocked while `address` has too many recent failures."""
    settings = ctx.settings.current()
    window = settings["login_failure_window_s"]
    if ctx.limiter.blocked(address, settings["login_max_failures"], window):
        raise SignInBlocked(int(window))


async def check_sign_in(ctx: HostContext, address: str, username: str, password: str) -> bool:
    """Whether `username`/`password` are the administrator's; raises SignInBlocked first.

    A place is reserved before the password is verified (in one step with the
    limit check): verifying awaits a worker thread, and counting only after it
    let 60 simultaneous wrong guesses all be verified. While other attempts'
    reservations fill the limit this one waits for them to settle rather than
    being refused: a right password is never turned away by its own company.
    """
    settings = ctx.settings.current()
    window = settings["login_failure_window_s"]
    while (verdict := ctx.limiter.reserve(address, settings["login_max_failures"], window)) == WAIT:
        await asyncio.sleep(SETTLE_POLL_S)
    if verdict == BLOCKED:
        raise SignInBlocked(int(window))
    right = False
    try:
        right = await run_in_threadpool(ctx.credentials.verify, username, password)
    finally:
        ctx.limiter.settle(address, right, window)
    # A failure stays counted; the one that locks the address is logged.
    if not right and ctx.limiter.blocked(address, settings["login_max_failures"], window):
        log.warning(
            "Sign-in locked out for %s: %d failed attempts within %d s; it may try again later",
            address,
            settings["login_max_failures"],
            window,
        )
    return right
