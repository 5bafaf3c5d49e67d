"""Native hardware samplers: CPU from psutil, GPUs from NVML (nvidia-ml-py).

Both are imported lazily, inside the sampler, so a host without them (or
without an NVIDIA driver) still starts: a missing library or driver means an
empty `gpus` list, not an error. Per GPU, each reading is asked separately;
an unsupported or failing reading is left out, and a GPU whose handle or
name cannot be read (or that is lost) drops out of that sample.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from host.core.metrics.rules import GpuReading, Reading
from host.core.metrics.samplers import CpuUsage, Sampler

from .fake_sampler import FAKE_SAMPLER_ENV, FakeSampler

__all__ = ["HostSampler", "NvmlGpus", "PsutilCpu", "choose_sampler"]

log = logging.getLogger("helio.metrics")
MIB = 1024 * 1024


class PsutilCpu:
    """`cpu_usage_percent` from the OS's cumulative CPU times (absent on the first call)."""

    def __init__(self, cpu_times: Callable[[], Any] | None = None) -> None:
        if cpu_times is None:
            import psutil

            cpu_times = psutil.cpu_times
        self._cpu_times = cpu_times
        self._usage = CpuUsage()

    def read(self) -> dict[str, float]:
        times = self._cpu_times()
        total = sum(times)
        idle = getattr(times, "idle", 0.0) + getattr(times, "iowait", 0.0)
        usage = self._usage.update(total - idle, total)
        return {} if usage is None else {"cpu_usage_percent": round(usage, 1)}


class NvmlGpus:
    """Every GPU NVML can see, with every reading NVML supplies for it."""

    def __init__(self, nvml: Any | None = None) -> None:
        self._nvml = nvml
        self._ready = False
        self._lock = threading.Lock()

    def _init(self) -> Any | None:
        with self._lock:
            if self._ready:
                return self._nvml
            try:
                if self._nvml is None:
                    import pynvml

                    self._nvml = pynvml
                self._nvml.nvmlInit()
            except Exception as error:  # no library, no driver: GPUs are simply absent
                log.info("NVML unavailable, no GPU readings: %s", error)
                self._nvml = None
            self._ready = True
            return self._nvml

    def read(self, selection: frozenset[str]) -> tuple[GpuReading, ...]:
        nvml = self._init()
        if nvml is None:
            return ()
        try:
            count = nvml.nvmlDeviceGetCount()
        except Exception:
            return ()
        gpus = []
        for index in range(count):
            gpu = self._gpu(nvml, index, selection)
            if gpu is not None:
                gpus.append(gpu)
        return tuple(gpus)

    def _gpu(self, nvml: Any, index: int, selection: frozenset[str]) -> GpuReading | None:
        try:
            handle = nvml.nvmlDeviceGetHandleByIndex(index)
            name = nvml.nvmlDeviceGetName(handle)
        except Exception:
            return None  # this GPU failed: it drops out of the sample
        name = name.decode(errors="replace") if isinstance(name, bytes) else str(name)
        metrics: dict[str, float] = {}
        lost = getattr(nvml, "NVML_ERROR_GPU_IS_LOST", object())

        def put(metric: str, read: Callable[[], float | None]) -> None:
            if selection and metric not in selection:
                return
            try:
                value = read()
            except Exception as error:
                if getattr(error, "value", None) == lost:
                    raise
                return  # unsupported or failing reading: absent, never zero
            if value is not None:
                metrics[metric] = value

        try:
            put("gpu_usage_percent", lambda: float(nvml.nvmlDeviceGetUtilizationRates(handle).gpu))
            put(
                "gpu_clock_mhz",
                lambda: float(nvml.nvmlDeviceGetClockInfo(handle, nvml.NVML_CLOCK_GRAPHICS)),
            )
            put(
                "gpu_memory_clock_mhz",
                lambda: float(nvml.nvmlDeviceGetClockInfo(handle, nvml.NVML_CLOCK_MEM)),
            )
            put(
                "gpu_temperature_c",
                lambda: float(nvml.nvmlDeviceGetTemperature(handle, nvml.NVML_TEMPERATURE_GPU)),
            )
            put(
                "gpu_memory_temperature_c",
                lambda: _field(nvml, handle, nvml.NVML_FI_DEV_MEMORY_TEMP),
            )
            put("gpu_fan_percent", lambda: float(nvml.nvmlDeviceGetFanSpeed(handle)))
            put("gpu_fan_rpm", lambda: float(nvml.nvmlDeviceGetFanSpeedRPM(handle)))
            put("gpu_power_w", lambda: nvml.nvmlDeviceGetPowerUsage(handle) / 1000)
            # Board power is the module scope of the instant power field, where the driver exposes it.
            put("gpu_board_power_w", lambda: _scoped_power(nvml, handle))
            memory = _memory(nvml, handle)
            if memory is not None:
                used, total = memory
                put("gpu_vram_used_mb", lambda: round(used / MIB, 1))
                put(
                    "gpu_vram_usage_percent",
                    lambda: round(100 * used / total, 1) if total else None,
                )
        except Exception:
            return None  # the GPU was lost mid-sample
        # Hotspot temperature and voltage: NVML has no public reading, so they stay absent.
        return GpuReading(index, name, metrics)


def _field(nvml: Any, handle: Any, field_id: int) -> float | None:
    value = nvml.nvmlDeviceGetFieldValues(handle, [field_id])[0]
    if value.nvmlReturn != nvml.NVML_SUCCESS:
        return None
    return float(value.value.uiVal)


def _scoped_power(nvml: Any, handle: Any) -> float | None:
    value = nvml.nvmlDeviceGetFieldValues(
        handle, [(nvml.NVML_FI_DEV_POWER_INSTANT, nvml.NVML_POWER_SCOPE_MODULE)]
    )[0]
    if value.nvmlReturn != nvml.NVML_SUCCESS:
        return None
    return value.value.uiVal / 1000  # mW


def _memory(nvml: Any, handle: Any) -> tuple[float, float] | None:
    try:
        info = nvml.nvmlDeviceGetMemoryInfo(handle)
    except Exception as error:
        if getattr(error, "value", None) == getattr(nvml, "NVML_ERROR_GPU_IS_LOST", object()):
            raise
        return None
    return float(info.used), float(info.total)


class HostSampler:
    """The real sampler: psutil for the CPU, NVML for GPUs."""

    def __init__(self, cpu: PsutilCpu | None = None, gpus: NvmlGpus | None = None) -> None:
        self.cpu = cpu or PsutilCpu()
        self.gpus = gpus or NvmlGpus()

    def sample(self, selection: frozenset[str]) -> Reading:
        cpu = self.cpu.read() if not selection or "cpu_usage_percent" in selection else {}
        gpu_wanted = not selection or any(m.startswith("gpu_") for m in selection)
        return Reading(cpu, self.gpus.read(selection) if gpu_wanted else ())


def choose_sampler() -> Sampler:
    """The fake sampler when `HELIO_FAKE_SAMPLER` names a control file (tests, bench), else the host's."""
    control = os.environ.get(FAKE_SAMPLER_ENV)
    if control:
        log.warning(
            "Hardware metrics come from the fake sampler %s (%s is set)", control, FAKE_SAMPLER_ENV
        )
        return FakeSampler(Path(control))
    return HostSampler()
