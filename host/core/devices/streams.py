"""The registry of streaming sessions, one per device.

The streaming engine itself (RTSP, video) is out of scope; whatever drives
streams (the simulator behind `--simulate-streams`, or a real engine later)
reports them here, and the admin API, hardware metrics and updates read it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from http_errors import BadRequest, NotFound

__all__ = ["Stream", "StreamKind", "StreamRegistry", "StreamState"]


class StreamKind(StrEnum):
    NORMAL = "normal"
    REMOTE_MONITOR = "remote_monitor"
    INPUT_ONLY = "input_only"


class StreamState(StrEnum):
    PENDING = "pending"
    ACTIVE = "active"
    STOPPING = "stopping"


@dataclass(frozen=True)
class Stream:
    device: str  # the paired client's uuid
    kind: StreamKind
    state: StreamState
    started_at: float

    @property
    def has_active_video(self) -> bool:
        """Eligible for hardware metrics: an active normal or Remote Monitor stream."""
        return self.state is StreamState.ACTIVE and self.kind is not StreamKind.INPUT_ONLY

    def as_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "kind": self.kind.value,
            "state": self.state.value,
            "started_at": self.started_at,
        }


def _parse(enum: type[StreamKind] | type[StreamState], value: Any, name: str) -> Any:
    try:
        return enum(value)
    except ValueError:
        choices = ", ".join(member.value for member in enum)
        raise BadRequest(f"{name} must be one of {choices}", field=name) from None


class StreamRegistry:
    """In-memory: streams do not outlive the host process."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._streams: dict[str, Stream] = {}
        self._listeners: list[Callable[[Stream | None, str], None]] = []

    def put(self, device: str, kind: Any, state: Any) -> Stream:
        """Create or update `device`'s stream; values are validated (400 on bad input)."""
        if not isinstance(device, str) or not device:
            raise BadRequest("device must be a client uuid")
        parsed_kind = _parse(StreamKind, kind, "kind")
        parsed_state = _parse(StreamState, state, "state")
        existing = self._streams.get(device)
        if existing is None:
            stream = Stream(device, parsed_kind, parsed_state, self._clock())
        else:
            stream = replace(existing, kind=parsed_kind, state=parsed_state)
        self._streams[device] = stream
        self._notify(stream, device)
        return stream

    def get(self, device: str) -> Stream | None:
        return self._streams.get(device)

    def remove(self, device: str) -> Stream:
        stream = self._streams.pop(device, None)
        if stream is None:
            raise NotFound(f"No stream for device {device}")
        self._notify(None, device)
        return stream

    def end_all(self) -> list[Stream]:
        ended = list(self._streams.values())
        for stream in ended:
            self.remove(stream.device)
        return ended

    def list(self) -> list[Stream]:
        return sorted(self._streams.values(), key=lambda s: s.started_at)

    def active_count(self) -> int:
        return sum(1 for s in self._streams.values() if s.state is StreamState.ACTIVE)

    def on_change(self, listener: Callable[[Stream | None, str], None]) -> None:
        """`listener(stream_or_None_when_removed, device)` after every change."""
        self._listeners.append(listener)

    def _notify(self, stream: Stream | None, device: str) -> None:
        for listener in self._listeners:
            listener(stream, device)
