"""The deterministic sampler of the tests and benchmarks, scripted by a JSON file.

It is chosen only when the host is started with `HELIO_FAKE_SAMPLER=<control.json>`
(see docs/streaming.md and `host.native.samplers.choose_sampler`).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from host.core.metrics.rules import GpuReading, Reading
from host.core.metrics.samplers import CpuUsage

__all__ = ["FAKE_SAMPLER_ENV", "FakeSampler"]

FAKE_SAMPLER_ENV = "HELIO_FAKE_SAMPLER"


class FakeSampler:
    """Readings scripted by a JSON control file, re-read on every sample.

    Control file keys (all optional):
    - `cpu_times`: list of `[busy, total]` cumulative CPU times; sample N uses
      entry N (the last one repeats), through the real `CpuUsage` rule.
    - `gpus`: list of `{"id", "name", "metrics"}` returned as is.
    - `hold_file`: while that file exists the sample blocks (at most 60 s), so
      a test can hold a sample open deterministically.
    - `fail`: true makes the sample raise (the host answers 503 unavailable).
    Every sample appends `start N` and `done N` lines to `<control>.log`, which
    is how tests count samples.
    """

    def __init__(self, control: Path, sleep: Callable[[float], None] = time.sleep) -> None:
        self.control = control
        self.log = control.with_name(control.name + ".log")
        self._sleep = sleep
        self._count = 0
        self._cpu = CpuUsage()
        self._lock = threading.Lock()

    def _record(self, line: str) -> None:
        with self._lock, self.log.open("a", encoding="utf-8") as handle:
            handle.write(line + "\n")

    def sample(self, selection: frozenset[str]) -> Reading:
        with self._lock:
            self._count += 1
            number = self._count
        self._record(f"start {number}")
        script: dict[str, Any] = json.loads(self.control.read_text(encoding="utf-8") or "{}")
        hold = script.get("hold_file")
        deadline = time.monotonic() + 60
        while hold and os.path.exists(hold) and time.monotonic() < deadline:
            self._sleep(0.01)
        if script.get("fail"):
            self._record(f"done {number}")
            raise RuntimeError("fake sampler told to fail")
        cpu: dict[str, float] = {}
        times = script.get("cpu_times") or []
        if times:
            busy, total = times[min(number, len(times)) - 1]
            usage = self._cpu.update(float(busy), float(total))
            if usage is not None:
                cpu["cpu_usage_percent"] = usage
        gpus = tuple(
            GpuReading(g["id"], g.get("name", ""), dict(g.get("metrics", {})))
            for g in script.get("gpus", [])
        )
        self._record(f"done {number}")
        return Reading(cpu, gpus)
