"""On-demand hardware sampling, shared by every eligible device.

- No background polling: a sample is taken only when a request finds no
  fresh one (younger than `hardware_metrics_interval`, re-read per request).
- One sample at a time: requests that arrive while it is being taken wait
  for that same sample, so N polling devices cost one sample per interval.
- A request waits at most `timeout_s` (2 s): then 503 timed out. A sample
  still running past that deadline is stuck; new requests get 503 busy
  instead of queueing behind it.
- The selection is noted when a sample starts; if it changed by the time the
  sample completes, the sample is dropped and its waiters get 503.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from host.core.metrics.rules import (
    BUSY,
    SELECTION_CHANGED,
    TIMED_OUT,
    UNAVAILABLE,
    MetricsUnavailable,
    Reading,
    sample_body,
)
from host.core.metrics.samplers import Sampler

__all__ = ["MAX_WAITERS", "SAMPLE_TIMEOUT_S", "CachedSample", "MetricsService"]

SAMPLE_TIMEOUT_S = 2.0
MAX_WAITERS = 1024
log = logging.getLogger("helio.metrics")

RunBlocking = Callable[[Callable[[], Reading]], Awaitable[Reading]]


async def _in_thread(work: Callable[[], Reading]) -> Reading:
    return await asyncio.to_thread(work)


@dataclass(frozen=True)
class CachedSample:
    reading: Reading
    selection: tuple[str, ...]
    taken_at: float  # monotonic seconds, for freshness
    sampled_at_unix_ms: int  # wall clock at completion, sent to clients


class MetricsService:
    def __init__(
        self,
        sampler: Sampler | None,
        settings: Callable[[], dict[str, Any]],
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
        timeout_s: float = SAMPLE_TIMEOUT_S,
        run_blocking: RunBlocking = _in_thread,
    ) -> None:
        self.sampler = sampler
        self._settings = settings
        self._clock = clock
        self._monotonic = monotonic
        self.timeout_s = timeout_s
        self._run_blocking = run_blocking
        self._cached: CachedSample | None = None
        self._inflight: asyncio.Future[CachedSample] | None = None
        self._inflight_started = 0.0
        self._waiters = 0
        self.samples_taken = 0

    def use(self, sampler: Sampler | None) -> None:
        """Swap the sampler (start-up picks the platform's); drops the cached sample."""
        self.sampler = sampler
        self._cached = None

    async def read(self) -> dict[str, Any]:
        """The response body for one eligible request; raises MetricsUnavailable (503)."""
        settings = self._settings()
        selection = tuple(settings["hardware_metrics_selection"])
        if self.sampler is None:
            raise MetricsUnavailable(UNAVAILABLE)
        cached = self._cached
        if cached is not None and cached.selection == selection and self._fresh(cached, settings):
            return self._body(cached)
        future = self._join(selection)
        self._waiters += 1
        try:
            sample = await asyncio.wait_for(asyncio.shield(future), self.timeout_s)
        except TimeoutError:
            raise MetricsUnavailable(TIMED_OUT) from None
        finally:
            self._waiters -= 1
        return self._body(sample)

    def _fresh(self, cached: CachedSample, settings: dict[str, Any]) -> bool:
        interval_s = settings["hardware_metrics_interval"] / 1000
        return self._monotonic() - cached.taken_at < interval_s

    def _body(self, sample: CachedSample) -> dict[str, Any]:
        # interval_ms and the selection are re-read for every answer: the host may change them mid-stream.
        settings = self._settings()
        return sample_body(
            sample.reading,
            sample.sampled_at_unix_ms,
            settings["hardware_metrics_interval"],
            settings["hardware_metrics_selection"],
        )

    def _join(self, selection: tuple[str, ...]) -> asyncio.Future[CachedSample]:
        inflight = self._inflight
        if inflight is not None and not inflight.done():
            if self._monotonic() - self._inflight_started >= self.timeout_s:
                raise MetricsUnavailable(
                    BUSY
                )  # the running sample is stuck: do not queue behind it
            if self._waiters >= MAX_WAITERS:
                raise MetricsUnavailable(BUSY)
            return inflight
        self._inflight_started = self._monotonic()
        task = asyncio.ensure_future(self._take(selection))
        task.add_done_callback(_consume_exception)
        self._inflight = task
        return task

    async def _take(self, selection: tuple[str, ...]) -> CachedSample:
        sampler = self.sampler
        assert sampler is not None
        wanted = frozenset(selection)
        try:
            reading = await self._run_blocking(lambda: sampler.sample(wanted))
        except Exception:
            log.exception("Hardware metrics sample failed")
            raise MetricsUnavailable(UNAVAILABLE) from None
        finally:
            self.samples_taken += 1
        if tuple(self._settings()["hardware_metrics_selection"]) != selection:
            raise MetricsUnavailable(SELECTION_CHANGED)
        sample = CachedSample(reading, selection, self._monotonic(), int(self._clock() * 1000))
        self._cached = sample
        return sample


def _consume_exception(task: asyncio.Future[CachedSample]) -> None:
    # Every waiter may have timed out already; mark the outcome as seen either way.
    if not task.cancelled():
        task.exception()
