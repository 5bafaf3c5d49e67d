"""Sign-in rate limit: failed attempts per client address in a sliding window.

Shared by `/api/auth/login` (429) and HTTP Basic (401). IPv6 peers count per
/64, since one host usually owns a whole /64.

`reserve` holds a place for an attempt *before* the password is checked, in
one step with the limit check: checking, verifying (which awaits a worker
thread), then recording let 60 simultaneous guesses all be verified. A
reservation is not a failure: while reserved places alone fill the limit the
next attempt waits (`WAIT`) for them to settle instead of being refused, so
50 simultaneous right passwords all succeed while 60 wrong ones still get
exactly `max_failures` verifications. `settle` turns a place into a failure,
or clears the count on success. Loopback is not exempt: behind
a reverse proxy on the PC every peer is loopback. At most `max_tracked`
addresses are kept; the least recently failing one is evicted first.
"""

from __future__ import annotations

import ipaddress
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable

__all__ = ["BLOCKED", "GO", "WAIT", "LoginLimiter", "client_key"]

GO, WAIT, BLOCKED = "go", "wait", "blocked"  # what `reserve` answers


def client_key(address: str) -> str:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


class LoginLimiter:
    def __init__(
        self, clock: Callable[[], float] = time.monotonic, max_tracked: int = 1024
    ) -> None:
        self._clock = clock
        self._max_tracked = max_tracked
        self._failures: OrderedDict[str, deque[float]] = OrderedDict()
        self._pending: dict[str, int] = {}  # reserved attempts whose password is being checked
        self._lock = threading.RLock()  # attempts come from the event loop and worker threads

    def blocked(self, address: str, max_failures: int, window_s: float) -> bool:
        with self._lock:
            failures = self._failures.get(client_key(address))
            if failures is None:
                return False
            self._expire(failures, window_s)
            return len(failures) >= max_failures

    def reserve(self, address: str, max_failures: int, window_s: float) -> str:
        """GO (a place is reserved: `settle` it), WAIT (reserved places fill the limit: ask
        again once one settles) or BLOCKED (failures fill it: do not check the password)."""
        key = client_key(address)
        with self._lock:
            if self.blocked(address, max_failures, window_s):
                return BLOCKED
            failures = self._failures.get(key)
            pending = self._pending.get(key, 0)
            if (len(failures) if failures else 0) + pending >= max_failures:
                return WAIT
            self._pending[key] = pending + 1
            return GO

    def settle(self, address: str, succeeded: bool, window_s: float) -> None:
        """End a reservation: a success clears the count, a failure is recorded."""
        key = client_key(address)
        with self._lock:
            left = self._pending.pop(key, 1) - 1
            if left > 0:
                self._pending[key] = left
            if succeeded:
                self._failures.pop(key, None)
            else:
                self.record_failure(address, window_s)

    def record_failure(self, address: str, window_s: float) -> None:
        key = client_key(address)
        with self._lock:
            failures = self._failures.pop(key, None) or deque()
            self._expire(failures, window_s)
            failures.append(self._clock())
            self._failures[key] = failures
            while len(self._failures) > self._max_tracked:
                self._failures.popitem(last=False)

    def clear(self, address: str) -> None:
        with self._lock:
            self._failures.pop(client_key(address), None)

    def _expire(self, failures: deque[float], window_s: float) -> None:
        cutoff = self._clock() - window_s
        while failures and failures[0] <= cutoff:
            failures.popleft()
