"""Client hardware metrics, version 1 (spec/hardware-metrics.md): the rules.

What a reading may contain, who may ask for one, and the exact error of each
refusal. Taking samples and sharing them between devices lives in
`host.core.metrics.cache`; the samplers themselves live behind the `Sampler`
interface (`host.core.metrics.samplers`, `host.native.samplers`).

    ApiError
    ├── Forbidden (403)   An authenticated viewer is required | Hardware metrics are disabled
    ├── NoActiveVideo (409)  An active video stream is required
    └── MetricsUnavailable (503)  unavailable | busy | timed out | selection changed
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from host.core.devices.clients import Client
from host.core.devices.streams import Stream
from host.core.settings import HARDWARE_METRIC_IDS
from http_errors import ApiError, Forbidden

__all__ = [
    "BUSY",
    "CPU_METRIC_IDS",
    "DISABLED",
    "GPU_METRIC_IDS",
    "METRICS_VERSION",
    "NOT_A_VIEWER",
    "NO_ACTIVE_VIDEO",
    "SELECTION_CHANGED",
    "TIMED_OUT",
    "UNAVAILABLE",
    "GpuReading",
    "MetricsUnavailable",
    "NoActiveVideo",
    "Reading",
    "check_eligibility",
    "discovery_version",
    "is_viewer",
    "sample_body",
]

METRICS_VERSION = 1

NOT_A_VIEWER = "An authenticated viewer is required"
DISABLED = "Hardware metrics are disabled"
NO_ACTIVE_VIDEO = "An active video stream is required"
UNAVAILABLE = "Hardware metrics are unavailable"
BUSY = "Hardware metrics are busy"
TIMED_OUT = "Hardware metrics timed out"
SELECTION_CHANGED = "Hardware metric selection changed"

CPU_METRIC_IDS = tuple(m for m in HARDWARE_METRIC_IDS if m.startswith("cpu_"))
GPU_METRIC_IDS = tuple(m for m in HARDWARE_METRIC_IDS if m.startswith("gpu_"))
# "View streams" or "Launch applications" (host.core.devices.clients.PERMISSIONS).
VIEWER_PERMISSIONS = ("view", "launch")
_INT32 = (-(2**31), 2**31 - 1)


class NoActiveVideo(ApiError):
    status_code = 409


class MetricsUnavailable(ApiError):
    status_code = 503


@dataclass(frozen=True)
class GpuReading:
    id: int  # the GPU library's identifier (NVML index), not a display index
    name: str
    metrics: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Reading:
    """One sample as a sampler reports it; `sample_body` cleans it for the wire."""

    cpu: Mapping[str, float] = field(default_factory=dict)
    gpus: tuple[GpuReading, ...] = ()


def is_viewer(client: Client | None) -> bool:
    return client is not None and any(client.can(p) for p in VIEWER_PERMISSIONS)


def discovery_version(client: Client | None, over_https: bool, enabled: bool) -> int:
    """`HardwareMetricsVersion` of /serverinfo: 1 only for an authenticated viewer over HTTPS."""
    return METRICS_VERSION if over_https and enabled and is_viewer(client) else 0


def check_eligibility(client: Client | None, stream: Stream | None, enabled: bool) -> None:
    """Raise the spec's refusal for this device, or return when it may read a sample.

    The viewer check comes first so an unauthenticated caller learns nothing
    about the host's setting or streams.
    """
    if not is_viewer(client):
        raise Forbidden(NOT_A_VIEWER)
    if not enabled:
        raise Forbidden(DISABLED)
    # Only the requesting device's own stream counts: another device's does not.
    if stream is None or not stream.has_active_video:
        raise NoActiveVideo(NO_ACTIVE_VIDEO)


def _number(value: Any) -> float | int | None:
    """A finite JSON number, or None for anything a client must not see."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _select(
    values: Mapping[str, Any], allowed: Iterable[str], selection: frozenset[str]
) -> dict[str, float]:
    # Absent means unavailable: unselected, unknown or invalid readings are left out, never zeroed.
    chosen: dict[str, float] = {}
    for name in allowed:
        if selection and name not in selection:
            continue
        if name in values:
            number = _number(values[name])
            if number is not None:
                chosen[name] = number
    return chosen


def sample_body(
    reading: Reading, sampled_at_unix_ms: int, interval_ms: int, selection: Iterable[str]
) -> dict[str, Any]:
    """The version-1 JSON body for a reading, filtered by the metric selection."""
    wanted = frozenset(selection)
    gpus = []
    for gpu in reading.gpus:
        gpu_id = _number(gpu.id)
        if not isinstance(gpu_id, int) or not _INT32[0] <= gpu_id <= _INT32[1]:
            continue  # an id a client cannot hold as int32 is not a usable GPU entry
        gpus.append(
            {
                "id": gpu_id,
                "name": gpu.name if isinstance(gpu.name, str) else "",
                "metrics": _select(gpu.metrics, GPU_METRIC_IDS, wanted),
            }
        )
    return {
        "version": METRICS_VERSION,
        "sampled_at_unix_ms": int(sampled_at_unix_ms),
        "interval_ms": int(interval_ms),
        "cpu": _select(reading.cpu, CPU_METRIC_IDS, wanted),
        "gpus": gpus,
    }
