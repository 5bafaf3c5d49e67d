"""Process work (launching and closing apps, their prep and undo commands) on its own threads.

Run in the shared thread pool, 45 `POST /api/apps/close` requests during a
25 s prep command took every worker thread, and a sign-in meanwhile took
19.5 s. Process work now has PROCESS_THREADS threads of its own (an anyio
limiter: sign-in and reads keep the default pool), and a request arriving
while they are all taken is answered 409 at once instead of queueing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

from http_errors import ApiError

__all__ = ["BUSY", "PROCESS_THREADS", "ProcessBusy", "run_process_work"]

PROCESS_THREADS = 2  # one long launch or close, and one more that waits for it
BUSY = "The host is busy starting or stopping an app; try again when it is done"
T = TypeVar("T")
_limiter: anyio.CapacityLimiter | None = None
_taken = 0  # counted here, in one step with the check: the limiter's own count lags a wait


class ProcessBusy(ApiError):
    status_code = 409


async def run_process_work(work: Callable[[], T]) -> T:
    """`work()` on a process thread; ProcessBusy (409) when every one is taken."""
    global _limiter, _taken
    if _limiter is None:
        _limiter = anyio.CapacityLimiter(PROCESS_THREADS)
    if _taken >= PROCESS_THREADS:
        raise ProcessBusy(BUSY)
    _taken += 1
    try:
        return await anyio.to_thread.run_sync(work, limiter=_limiter)
    finally:
        _taken -= 1
