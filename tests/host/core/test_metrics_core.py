"""Hardware-metrics rules and the shared on-demand cache, without HTTP (host.core)."""

from __future__ import annotations

import asyncio
import math
import threading
from typing import Any

import pytest

from host.core.devices.clients import Client
from host.core.devices.streams import Stream, StreamKind, StreamState
from host.core.metrics.cache import MetricsService
from host.core.metrics.rules import (
    BUSY,
    DISABLED,
    NO_ACTIVE_VIDEO,
    NOT_A_VIEWER,
    SELECTION_CHANGED,
    TIMED_OUT,
    UNAVAILABLE,
    GpuReading,
    Reading,
    check_eligibility,
    discovery_version,
    sample_body,
)
from host.core.metrics.samplers import CpuUsage
from http_errors import ApiError


def client(*permissions: str) -> Client:
    return Client("DEV", "tv", "ab" * 32, "", permissions, 0.0)


def stream(kind: str, state: str) -> Stream:
    return Stream("DEV", StreamKind(kind), StreamState(state), 0.0)


def refusal(call: Any) -> tuple[int, str]:
    with pytest.raises(ApiError) as caught:
        call()
    return caught.value.status_code, caught.value.message


# -- eligibility (spec "States and transitions") ---------------------------------------


@pytest.mark.parametrize(
    ("situation", "eligible"),
    [
        (stream("normal", "active"), True),
        (stream("remote_monitor", "active"), True),
        (stream("input_only", "active"), False),
        (stream("normal", "pending"), False),
        (stream("normal", "stopping"), False),
        (stream("remote_monitor", "pending"), False),
        (None, False),  # no stream of its own (maybe another device has one)
    ],
)
def test_eligibility_table(situation: Stream | None, eligible: bool) -> None:
    check = lambda: check_eligibility(client("view"), situation, True)  # noqa: E731
    if eligible:
        check()
    else:
        assert refusal(check) == (409, NO_ACTIVE_VIDEO)


@pytest.mark.parametrize("permissions", [("view",), ("launch",), ("view", "launch", "input")])
def test_view_or_launch_makes_a_viewer(permissions: tuple[str, ...]) -> None:
    check_eligibility(client(*permissions), stream("normal", "active"), True)
    assert discovery_version(client(*permissions), over_https=True, enabled=True) == 1


def test_refusals_in_order_viewer_then_setting_then_stream() -> None:
    active = stream("normal", "active")
    assert refusal(lambda: check_eligibility(None, active, True)) == (403, NOT_A_VIEWER)
    assert refusal(lambda: check_eligibility(client("input", "clipboard"), active, True)) == (
        403,
        NOT_A_VIEWER,
    )
    assert refusal(lambda: check_eligibility(None, None, False)) == (403, NOT_A_VIEWER)
    assert refusal(lambda: check_eligibility(client("view"), None, False)) == (403, DISABLED)


@pytest.mark.parametrize(
    ("who", "https", "enabled", "version"),
    [
        (client("view"), True, True, 1),
        (client("view"), False, True, 0),
        (client("view"), True, False, 0),
        (client("input"), True, True, 0),
        (None, True, True, 0),
    ],
)
def test_discovery_version(who: Client | None, https: bool, enabled: bool, version: int) -> None:
    assert discovery_version(who, https, enabled) == version


# -- the body ------------------------------------------------------------------------------


def test_body_keeps_numbers_and_zero_and_drops_invalid_unknown_and_unselected() -> None:
    reading = Reading(
        {"cpu_usage_percent": 0, "cpu_temperature_c": 50},
        (
            GpuReading(
                0,
                "GPU A",
                {
                    "gpu_usage_percent": 12.5,
                    "gpu_fan_rpm": math.nan,
                    "gpu_power_w": True,
                    "gpu_clock_mhz": "1500",
                    "gpu_magic": 1,
                    "gpu_vram_used_mb": 0,
                },
            ),
            GpuReading(2**31, "too big", {}),
            GpuReading(-1, None, {"gpu_temperature_c": math.inf}),  # type: ignore[arg-type]
        ),
    )
    body = sample_body(reading, 1700000000123, 1000, [])
    assert body == {
        "version": 1,
        "sampled_at_unix_ms": 1700000000123,
        "interval_ms": 1000,
        "cpu": {"cpu_usage_percent": 0},
        "gpus": [
            {
                "id": 0,
                "name": "GPU A",
                "metrics": {"gpu_usage_percent": 12.5, "gpu_vram_used_mb": 0},
            },
            {"id": -1, "name": "", "metrics": {}},
        ],
    }
    selected = sample_body(reading, 1, 500, ["gpu_vram_used_mb"])
    assert selected["cpu"] == {} and selected["gpus"][0]["metrics"] == {"gpu_vram_used_mb": 0}


def test_cpu_usage_needs_a_delta() -> None:
    usage = CpuUsage()
    assert usage.update(10, 100) is None  # first reading: nothing to compare with
    assert usage.update(35, 200) == 25.0
    assert usage.update(35, 200) is None  # no time passed
    assert usage.update(30, 300) is None  # counters went backwards


# -- the cache -----------------------------------------------------------------------------


class ScriptedSampler:
    def __init__(self) -> None:
        self.calls = 0
        self.gate: threading.Event | None = None
        self.started = threading.Event()
        self.error: Exception | None = None

    def sample(self, selection: frozenset[str]) -> Reading:
        self.calls += 1
        self.started.set()
        if self.gate is not None:
            self.gate.wait(10)
        if self.error is not None:
            raise self.error
        return Reading(
            {"cpu_usage_percent": float(self.calls)},
            (GpuReading(0, "G", {"gpu_usage_percent": 1}),),
        )


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def service(
    sampler: ScriptedSampler, settings: dict[str, Any], timeout_s: float = 2.0
) -> tuple[MetricsService, Clock]:
    clock = Clock()
    base = {"hardware_metrics_interval": 1000, "hardware_metrics_selection": []}
    base.update(settings)
    settings.clear()
    settings.update(base)
    return MetricsService(sampler, lambda: dict(settings), clock, clock, timeout_s=timeout_s), clock


def test_concurrent_requests_share_one_sample_and_the_cache_lasts_one_interval() -> None:
    sampler, settings = ScriptedSampler(), {}
    metrics, clock = service(sampler, settings)

    async def scenario() -> None:
        bodies = await asyncio.gather(*(metrics.read() for _ in range(50)))
        assert sampler.calls == 1 and all(b == bodies[0] for b in bodies)
        clock.now += 0.999
        assert await metrics.read() == bodies[0]  # same readings, same timestamp
        clock.now += 0.001
        fresh = await metrics.read()
        assert sampler.calls == 2 and fresh["sampled_at_unix_ms"] > bodies[0]["sampled_at_unix_ms"]

    asyncio.run(scenario())


def test_interval_is_reread_for_every_answer_and_for_freshness() -> None:
    sampler, settings = ScriptedSampler(), {}
    metrics, clock = service(sampler, settings)

    async def scenario() -> None:
        first = await metrics.read()
        assert first["interval_ms"] == 1000
        settings["hardware_metrics_interval"] = 5000
        clock.now += 2
        second = await metrics.read()  # still fresh under the new, longer interval
        assert sampler.calls == 1 and second["interval_ms"] == 5000
        assert second["sampled_at_unix_ms"] == first["sampled_at_unix_ms"]
        settings["hardware_metrics_interval"] = 500
        assert (await metrics.read())["interval_ms"] == 500 and sampler.calls == 2

    asyncio.run(scenario())


def test_a_slow_sample_times_out_then_new_requests_are_busy() -> None:
    sampler, settings = ScriptedSampler(), {}
    sampler.gate = threading.Event()
    metrics, clock = service(sampler, settings, timeout_s=0.05)

    async def scenario() -> None:
        with pytest.raises(ApiError) as caught:
            await metrics.read()
        assert (caught.value.status_code, caught.value.message) == (503, TIMED_OUT)
        clock.now += 1  # the running sample is now past its deadline
        with pytest.raises(ApiError) as caught:
            await metrics.read()
        assert (caught.value.status_code, caught.value.message) == (503, BUSY)
        sampler.gate.set()
        await asyncio.sleep(0.1)
        assert sampler.calls == 1  # a stuck sample is never started twice

    asyncio.run(scenario())


def test_selection_change_during_a_sample_is_503() -> None:
    sampler, settings = ScriptedSampler(), {}
    sampler.gate = threading.Event()
    metrics, _ = service(sampler, settings)

    async def scenario() -> None:
        waiting = asyncio.ensure_future(metrics.read())
        await asyncio.to_thread(sampler.started.wait, 5)
        settings["hardware_metrics_selection"] = ["cpu_usage_percent"]
        sampler.gate.set()
        with pytest.raises(ApiError) as caught:
            await waiting
        assert (caught.value.status_code, caught.value.message) == (503, SELECTION_CHANGED)
        sampler.gate = None
        body = await metrics.read()  # the next request samples for the new selection
        assert body["gpus"][0]["metrics"] == {} and "cpu_usage_percent" in body["cpu"]

    asyncio.run(scenario())


def test_failing_or_missing_sampler_is_unavailable() -> None:
    sampler, settings = ScriptedSampler(), {}
    sampler.error = RuntimeError("driver crashed")
    metrics, _ = service(sampler, settings)

    async def scenario() -> None:
        for _ in range(2):
            with pytest.raises(ApiError) as caught:
                await metrics.read()
            assert (caught.value.status_code, caught.value.message) == (503, UNAVAILABLE)
        metrics.use(None)
        with pytest.raises(ApiError) as caught:
            await metrics.read()
        assert caught.value.message == UNAVAILABLE

    asyncio.run(scenario())
