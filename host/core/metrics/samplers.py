"""The sampler interface and the CPU-usage delta rule.

A `Sampler` takes one reading when asked (blocking; the cache runs it in a
worker thread). Native samplers (psutil, NVML, and the file-scripted
`FakeSampler` of the tests and benchmarks) live in `host.native`; the browser
demo simulates one.
"""

from __future__ import annotations

import threading
from typing import Protocol

from host.core.metrics.rules import Reading

__all__ = ["CpuUsage", "Sampler"]


class Sampler(Protocol):
    def sample(self, selection: frozenset[str]) -> Reading:
        """One reading; `selection` (empty = everything) lets a sampler skip work."""
        ...


class CpuUsage:
    """CPU busy percent between two cumulative (busy, total) time readings.

    The first reading has nothing to compare with, so it yields None: the
    spec lets `cpu_usage_percent` be absent until a usable delta exists.
    """

    def __init__(self) -> None:
        self._last: tuple[float, float] | None = None
        self._lock = threading.Lock()

    def update(self, busy: float, total: float) -> float | None:
        with self._lock:
            last, self._last = self._last, (busy, total)
        if last is None:
            return None
        d_total, d_busy = total - last[1], busy - last[0]
        if d_total <= 0 or d_busy < 0:
            return None  # no time passed, or counters went backwards: no usable delta
        return max(0.0, min(100.0, 100.0 * d_busy / d_total))
