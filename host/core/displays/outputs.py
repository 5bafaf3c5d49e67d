"""Display outputs as the API sees them, and the adapter a platform provides.

A platform adapter (`DisplaySource`) lists the PC's outputs and performs the
few actions the OS allows it; everything the host itself keeps about displays
(layouts, the golden snapshot) lives in `host.core.displays.layouts`. Device ids
are stable across restarts: the connector name, plus the monitor's EDID
identity when one is readable (`DP-1-DEL40F5`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from host.core.displays.edid import Edid, Mode
from http_errors import BadRequest

__all__ = ["DisplayDevice", "DisplaySource", "assign_device_ids", "find_device", "parse_resolution"]

_RESOLUTION = re.compile(r"^(\d{2,5})x(\d{2,5})")


@dataclass(frozen=True)
class DisplayDevice:
    device_id: str
    connector: str  # e.g. DP-1, HDMI-A-1
    card: str  # e.g. card0
    connected: bool
    enabled: bool
    # Resolutions the OS lists for the output (`modes` on Linux), preferred first.
    resolutions: tuple[str, ...] = ()
    edid: Edid | None = None
    edid_error: str = ""  # why an EDID present on the output could not be used
    driver: str = ""
    virtual: bool = False

    @property
    def modes(self) -> tuple[Mode, ...]:
        return self.edid.modes if self.edid else ()

    def known_resolutions(self) -> set[str]:
        known = {f"{m.width}x{m.height}" for m in self.modes}
        known.update(r for r in (_normal(x) for x in self.resolutions) if r)
        return known

    def refresh_rates(self, resolution: str | None = None) -> list[float]:
        return sorted(
            {m.refresh_hz for m in self.modes if resolution in (None, f"{m.width}x{m.height}")}
        )

    def summary(self) -> dict[str, Any]:
        """The output as `/api/metadata` lists it: the `/api/display-devices` id, in short."""
        return {
            "id": self.device_id,
            "connector": self.connector,
            "connected": self.connected,
            "modes": list(self.resolutions[:16]),
        }

    def as_json(self) -> dict[str, Any]:
        return {
            "device_id": self.device_id,
            "connector": self.connector,
            "card": self.card,
            "connected": self.connected,
            "enabled": self.enabled,
            "virtual": self.virtual,
            "driver": self.driver or None,
            "resolutions": list(self.resolutions),
            "modes": [m.as_json() for m in self.modes],
            "refresh_rates": self.refresh_rates(),
            "edid": self.edid.as_json() if self.edid else None,
            "edid_error": self.edid_error or None,
        }


class DisplaySource(Protocol):
    """What a platform offers: its outputs, and removing its virtual displays."""

    platform: str

    def devices(self) -> list[DisplayDevice]: ...

    def terminate_virtual(self, device_id: str | None) -> list[str]:
        """Remove the named virtual display (and any the OS removes with it); the ids
        removed, or BadRequest saying why not (none exists, not virtual, not allowed)."""
        ...

    def apply_modes(self, wanted: Sequence[dict[str, Any]]) -> None:
        """Put outputs back into the given state; BadRequest when the OS does not allow it."""
        ...


def _normal(resolution: str) -> str | None:
    match = _RESOLUTION.match(resolution)
    return f"{int(match[1])}x{int(match[2])}" if match else None


def parse_resolution(value: Any) -> str:
    """`"1920x1080"` -> the same, normalised; BadRequest for anything else."""
    if not isinstance(value, str) or not re.fullmatch(r"\d{2,5}x\d{2,5}", value):
        raise BadRequest(
            "resolution must be WIDTHxHEIGHT, for example 1920x1080", field="resolution"
        )
    normal = _normal(value)
    assert normal is not None
    return normal


def assign_device_ids(found: Sequence[DisplayDevice]) -> list[DisplayDevice]:
    """Give each output its id; the card is added only where connector names repeat."""
    names = [d.connector for d in found]
    result = []
    for device in found:
        base = (
            device.connector
            if names.count(device.connector) == 1
            else f"{device.card}-{device.connector}"
        )
        suffix = f"-{device.edid.identity}" if device.edid else ""
        result.append(replace(device, device_id=base + suffix))
    return result


def find_device(devices: Sequence[DisplayDevice], device_id: Any) -> DisplayDevice:
    if not isinstance(device_id, str) or not device_id:
        raise BadRequest("device_id is required; list devices with GET /api/display-devices")
    for device in devices:
        if device.device_id == device_id:
            return device
    known = ", ".join(d.device_id for d in devices) or "none"
    raise BadRequest(f"Unknown device_id {device_id!r}; known devices: {known}")
