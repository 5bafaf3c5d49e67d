"""Log lines about floods: the first event at once, then one count per interval.

A flood of refused connections, slow bodies or `accept()` failures (out of
file handles) wrote a line, often a traceback, per event: ~1,000 a second,
rotating every log backup away. `CountedEvents` writes the first event of
a kind, then at most one line per INTERVAL_S saying how many more there
were. It runs on the event loop (every caller is a protocol callback or the
loop's exception handler), so it needs no lock.
"""

from __future__ import annotations

import asyncio
import logging

__all__ = ["INTERVAL_S", "CountedEvents"]

INTERVAL_S = 60.0
log = logging.getLogger("helio.http")


class CountedEvents:
    def __init__(self, interval_s: float = INTERVAL_S) -> None:
        self.interval_s = interval_s
        self.totals: dict[str, int] = {}  # every event since start, by kind (tests, the bench)
        self._unlogged: dict[str, int] = {}
        self._flush: asyncio.TimerHandle | None = None

    def note(self, kind: str, message: str) -> None:
        """Count one event of `kind`; `message` says what happened, in words."""
        self.totals[kind] = self.totals.get(kind, 0) + 1
        if kind in self._unlogged:
            self._unlogged[kind] += 1
            return
        log.warning("%s (further ones are counted, one line per %d s)", message, self.interval_s)
        self._unlogged[kind] = 0
        if self._flush is None:
            self._flush = asyncio.get_running_loop().call_later(self.interval_s, self._write)

    def _write(self) -> None:
        self._flush = None
        counts, self._unlogged = self._unlogged, {}
        busy = {kind: count for kind, count in counts.items() if count}
        for kind, count in busy.items():
            log.warning("%d more: %s in the last %d s", count, kind, self.interval_s)
        if busy:  # still going on: keep counting instead of logging the next one at once
            self._unlogged = dict.fromkeys(busy, 0)
            self._flush = asyncio.get_running_loop().call_later(self.interval_s, self._write)
