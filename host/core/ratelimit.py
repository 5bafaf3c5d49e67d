"""Sign-in rate limit: failed attempts per client address in a sliding window.

Shared by `/api/auth/login` (429) and HTTP Basic (401). IPv6 peers count per
/64, since one host usually owns a whole /64.

`attempt` counts an attempt *before* the password is checked, in one step
with the limit check: checking, verifying (which awaits a worker thread),
then recording let 60 simultaneous guesses all be verified. A success then
`clear`s the count. Loopback is not exempt: behind
a reverse proxy on the PC every peer is loopback. At most `max_tracked`
addresses are kept; the least recently failing one is evicted first.
"""

from __future__ import annotations

import ipaddress
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable

__all__ = ["LoginLimiter", "client_key"]


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
        self._lock = threading.RLock()  # attempts come from the event loop and worker threads

    def blocked(self, address: str, max_failures: int, window_s: float) -> bool:
        with self._lock:
            failures = self._failures.get(client_key(address))
            if failures is None:
                return False
            self._expire(failures, window_s)
            return len(failures) >= max_failures

    def attempt(self, address: str, max_failures: int, window_s: float) -> bool:
        """Count one sign-in attempt as a failure until it succeeds; False when over the limit
        (then nothing is counted and the password must not be checked)."""
        with self._lock:
            if self.blocked(address, max_failures, window_s):
                return False
            self.record_failure(address, window_s)
            return True

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
