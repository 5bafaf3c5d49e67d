"""What `/api/metadata` reports, and the rules around it.

- The codec probe is a state machine `checking` -> `ready` | `failed`. It is
  started at host start and by a settings change of a key in PROBE_SETTINGS,
  never by reading metadata (a probe can take seconds and load GPU drivers).
- Answers are cached for up to `CACHE_SECONDS`; a settings write or a probe
  finishing drops the cache so the next read is fresh.
The probing itself (NVML, render nodes, PATH, /sys, ALSA) is native: see
`host.native.probe`. Here only the state and the cache live.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CACHE_SECONDS", "PROBE_SETTINGS", "CodecProbe", "MetadataCache", "ProbeResult"]

CACHE_SECONDS = 5.0
# Settings whose change asks for a new codec probe.
PROBE_SETTINGS = ("encoder", "capture", "adapter_name")


@dataclass(frozen=True)
class ProbeResult:
    encoders: list[dict[str, Any]] = field(default_factory=list)
    error: str = ""


class CodecProbe:
    """The state of the encoder probe; `run` is called by whoever owns a thread."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self.state = "checking"
        self.result = ProbeResult()
        self.runs = 0  # how many probes were started (tests check reads start none)
        self.finished_at: float | None = None
        self._listeners: list[Callable[[], None]] = []

    def begin(self) -> None:
        with self._lock:
            self.state = "checking"
            self.runs += 1

    def finish(self, result: ProbeResult) -> None:
        with self._lock:
            self.result = result
            self.state = "ready" if result.encoders else "failed"
            self.finished_at = self._clock()
        for listener in self._listeners:
            listener()

    def on_finish(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def as_json(self) -> dict[str, Any]:
        with self._lock:
            answer: dict[str, Any] = {"state": self.state, "encoders": list(self.result.encoders)}
            if self.state == "failed":
                answer["error"] = (
                    self.result.error or "No usable video encoder was found on this PC"
                )
            return answer


class MetadataCache:
    def __init__(self, monotonic: Callable[[], float] = time.monotonic) -> None:
        self._monotonic = monotonic
        self._value: dict[str, Any] | None = None
        self._at = 0.0

    def get(self, build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        now = self._monotonic()
        if self._value is None or now - self._at >= CACHE_SECONDS:
            self._value, self._at = build(), now
        return dict(self._value)

    def drop(self) -> None:
        self._value = None
