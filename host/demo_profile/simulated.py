"""The demo profile's stand-ins for what a browser cannot do: launch processes, probe
encoders, install updates, read CPU and GPU sensors.

Each keeps the native service's interface (the handlers cannot tell) and says in its
answers that it is simulated: a launched app has `"simulated": true` and no process,
the codec probe reports one "simulated" encoder, an update install is refused with a
message saying why, and metric readings come from a deterministic wave named
"Simulated GPU". Nothing here starts a thread: Pyodide has none.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from typing import Any

from host.core.apps import App
from host.core.errors import BadRequest
from host.core.hwmetrics import GpuReading, Reading
from host.core.metadata import CodecProbe, ProbeResult
from host.native.probe import Prober
from host.native.runner import AppRunner, RunningApp
from host.native.updater import Updater

__all__ = [
    "SIMULATED",
    "SimulatedProber",
    "SimulatedRunner",
    "SimulatedSampler",
    "SimulatedUpdater",
]

SIMULATED = "simulated in the browser demo: nothing runs on a PC"


class SimulatedRun(RunningApp):
    def as_json(self) -> dict[str, Any]:
        return {**super().as_json(), "simulated": True, "note": SIMULATED}


class SimulatedRunner(AppRunner):
    """Launching marks the app running; no command, prep step or process is run."""

    def __init__(self) -> None:
        super().__init__()
        self._running: RunningApp | None = None

    def current(self) -> RunningApp | None:
        return self._running

    def launch(self, app: App) -> RunningApp:
        if self._running is not None:
            raise BadRequest(
                f"{self._running.app.name} is running; close it first (POST /api/apps/close)"
            )
        self._running = SimulatedRun(app, None, time.monotonic())
        return self._running

    def close(self) -> RunningApp:
        running, self._running = self._running, None
        if running is None:
            raise BadRequest("No app is running")
        return running


def _simulated_encoders(preferred: str) -> ProbeResult:
    return ProbeResult(
        [{"name": "simulated", "codecs": ["h264", "hevc", "av1"], "note": SIMULATED}]
    )


class SimulatedProber(Prober):
    """Probes at once, on the caller's thread."""

    def __init__(self, state: CodecProbe) -> None:
        super().__init__(state, _simulated_encoders)

    def start(self, preferred: str = "auto") -> threading.Thread:
        self._state.begin()
        self._run(preferred)
        return threading.Thread(target=lambda: None)  # never started: the work is done


class SimulatedUpdater(Updater):
    """Checks behave as natively (no source configured: the same error); installs are refused."""

    def _start(self) -> None:
        self.ctx.updates.cancel()
        raise BadRequest("Updates cannot be installed in the browser demo: " + SIMULATED)


class SimulatedSampler:
    """A smooth, deterministic function of the clock: the metrics move, tests can predict them."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock

    def sample(self, selection: frozenset[str]) -> Reading:
        t = self._clock()
        wave = (math.sin(t / 5.0) + 1.0) / 2.0  # 0..1, a 31 s period
        metrics = {
            "gpu_usage_percent": round(40 + 50 * wave, 1),
            "gpu_clock_mhz": round(1500 + 600 * wave),
            "gpu_memory_clock_mhz": 9501,
            "gpu_temperature_c": round(55 + 20 * wave, 1),
            "gpu_power_w": round(90 + 140 * wave, 1),
            "gpu_fan_percent": round(30 + 40 * wave),
            "gpu_vram_used_mb": round(3000 + 2000 * wave),
            "gpu_vram_usage_percent": round(100 * (3000 + 2000 * wave) / 12288, 1),
        }
        if selection:
            metrics = {k: v for k, v in metrics.items() if k in selection}
        cpu = {"cpu_usage_percent": round(15 + 35 * wave, 1)}
        if selection and "cpu_usage_percent" not in selection:
            cpu = {}
        return Reading(cpu, (GpuReading(0, "Simulated GPU", metrics),))
