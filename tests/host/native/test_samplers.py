"""The native samplers (psutil, NVML) and the sampler choice, without a GPU."""

from __future__ import annotations

import json
import types
from collections import namedtuple
from pathlib import Path
from typing import Any

import pytest

from host.native.fake_sampler import FakeSampler
from host.native.samplers import HostSampler, NvmlGpus, PsutilCpu, choose_sampler

CpuTimes = namedtuple("CpuTimes", "user system idle iowait")


class NVMLError(Exception):
    def __init__(self, value: int) -> None:
        super().__init__(value)
        self.value = value


NOT_SUPPORTED, GPU_IS_LOST = 3, 15


def fake_nvml(gpus: list[dict[str, Any]], init_error: bool = False) -> Any:
    """A stand-in for the pynvml module: each GPU is a dict of reading -> value or NVMLError code."""

    def reading(handle: dict[str, Any], name: str) -> Any:
        value = handle.get(name, NOT_SUPPORTED)
        if (
            isinstance(value, int)
            and value in (NOT_SUPPORTED, GPU_IS_LOST)
            and name not in handle.get("plain", ())
        ):
            raise NVMLError(value)
        return value

    def field(handle: dict[str, Any], ids: list[Any]) -> list[Any]:
        key = "board" if isinstance(ids[0], tuple) else "memtemp"
        ok = key in handle
        return [
            types.SimpleNamespace(
                nvmlReturn=0 if ok else NOT_SUPPORTED,
                value=types.SimpleNamespace(uiVal=handle.get(key, 0)),
            )
        ]

    def init() -> None:
        if init_error:
            raise NVMLError(9)  # driver not loaded

    def handle_by_index(index: int) -> dict[str, Any]:
        if gpus[index].get("broken"):
            raise NVMLError(GPU_IS_LOST)
        return gpus[index]

    return types.SimpleNamespace(
        NVML_SUCCESS=0,
        NVML_ERROR_GPU_IS_LOST=GPU_IS_LOST,
        NVML_CLOCK_GRAPHICS="sm",
        NVML_CLOCK_MEM="mem",
        NVML_TEMPERATURE_GPU="gpu",
        NVML_FI_DEV_MEMORY_TEMP=82,
        NVML_FI_DEV_POWER_INSTANT=186,
        NVML_POWER_SCOPE_MODULE=1,
        nvmlInit=init,
        nvmlDeviceGetCount=lambda: len(gpus),
        nvmlDeviceGetHandleByIndex=handle_by_index,
        nvmlDeviceGetName=lambda h: h["name"],
        nvmlDeviceGetUtilizationRates=lambda h: types.SimpleNamespace(gpu=reading(h, "util")),
        nvmlDeviceGetClockInfo=lambda h, kind: reading(h, f"clock_{kind}"),
        nvmlDeviceGetTemperature=lambda h, sensor: reading(h, "temp"),
        nvmlDeviceGetFieldValues=field,
        nvmlDeviceGetFanSpeed=lambda h: reading(h, "fan"),
        nvmlDeviceGetFanSpeedRPM=lambda h: reading(h, "rpm"),
        nvmlDeviceGetPowerUsage=lambda h: reading(h, "power_mw"),
        nvmlDeviceGetMemoryInfo=lambda h: (
            types.SimpleNamespace(**reading(h, "memory"))
            if isinstance(reading(h, "memory"), dict)
            else None
        ),
    )


def test_cpu_usage_is_absent_on_the_first_sample_then_a_delta() -> None:
    times = iter([CpuTimes(10, 5, 80, 5), CpuTimes(40, 10, 140, 10)])
    cpu = PsutilCpu(lambda: next(times))
    assert cpu.read() == {}
    assert cpu.read() == {
        "cpu_usage_percent": 35.0
    }  # 35 busy of 100 elapsed (idle and iowait are not busy)


def test_real_psutil_follows_the_same_rule() -> None:
    cpu = PsutilCpu()
    assert cpu.read() == {}
    second = cpu.read()
    assert set(second) <= {"cpu_usage_percent"}  # may still be absent if no tick elapsed


def test_every_nvml_reading_and_absent_not_zero() -> None:
    gpu = {
        "name": b"NVIDIA Test",
        "util": 0,
        "clock_sm": 1800,
        "clock_mem": 9000,
        "temp": 61,
        "memtemp": 70,
        "fan": 40,
        "rpm": NOT_SUPPORTED,
        "power_mw": 215_500,
        "board": 250_000,
        "memory": {"used": 2048 * 1024 * 1024, "total": 8192 * 1024 * 1024},
    }
    (reading,) = NvmlGpus(fake_nvml([gpu])).read(frozenset())
    assert (reading.id, reading.name) == (0, "NVIDIA Test")
    assert reading.metrics == {
        "gpu_usage_percent": 0.0,
        "gpu_clock_mhz": 1800.0,
        "gpu_memory_clock_mhz": 9000.0,
        "gpu_temperature_c": 61.0,
        "gpu_memory_temperature_c": 70.0,
        "gpu_fan_percent": 40.0,
        "gpu_power_w": 215.5,
        "gpu_board_power_w": 250.0,
        "gpu_vram_used_mb": 2048.0,
        "gpu_vram_usage_percent": 25.0,
    }  # no RPM (unsupported), no hotspot or voltage (NVML has none): absent, not zero


def test_selection_skips_readings() -> None:
    gpu = {"name": "G", "util": 5, "temp": 50, "memory": {"used": 1, "total": 2}}
    (reading,) = NvmlGpus(fake_nvml([gpu])).read(frozenset({"gpu_temperature_c"}))
    assert reading.metrics == {"gpu_temperature_c": 50.0}


def test_a_failing_or_lost_gpu_drops_out() -> None:
    good = {"name": "Good", "util": 10}
    lost_mid_sample = {"name": "Lost", "util": 10, "temp": GPU_IS_LOST}
    gpus = NvmlGpus(fake_nvml([{"broken": True}, lost_mid_sample, good])).read(frozenset())
    assert [(g.id, g.name) for g in gpus] == [(2, "Good")]


def test_no_driver_means_no_gpus() -> None:
    assert NvmlGpus(fake_nvml([], init_error=True)).read(frozenset()) == ()
    reading = HostSampler(
        PsutilCpu(lambda: CpuTimes(1, 1, 1, 1)), NvmlGpus(fake_nvml([], init_error=True))
    ).sample(frozenset())
    assert reading.gpus == ()


def test_the_fake_sampler_is_chosen_only_through_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HELIO_FAKE_SAMPLER", raising=False)
    assert isinstance(choose_sampler(), HostSampler)
    control = tmp_path / "fake.json"
    control.write_text(
        json.dumps({"gpus": [{"id": 3, "name": "F", "metrics": {"gpu_usage_percent": 1}}]})
    )
    monkeypatch.setenv("HELIO_FAKE_SAMPLER", str(control))
    sampler = choose_sampler()
    assert isinstance(sampler, FakeSampler)
    assert sampler.sample(frozenset()).gpus[0].id == 3
    assert (tmp_path / "fake.json.log").read_text().split() == ["start", "1", "done", "1"]
