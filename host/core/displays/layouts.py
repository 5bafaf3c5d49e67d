"""What the host keeps about displays: per-device layouts and the golden snapshot.

Layouts (which output, resolution, refresh rate, scaling) are rows of the
`display_layouts` table, validated against the devices the platform reports.
The golden snapshot is one record in the key-value table: the outputs'
state plus the layouts at the time it was taken, so it can be compared with
the present and put back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from host.core.displays.outputs import DisplayDevice, find_device, parse_resolution
from host.core.state import StateDB, dump_stored, load_stored
from http_errors import BadRequest

__all__ = ["GOLDEN_KEY", "DisplayLayouts", "GoldenSnapshots", "output_state", "validate_layout"]

GOLDEN_KEY = "display.golden"
_LAYOUT_FIELDS = ("device_id", "resolution", "refresh_hz", "scaling")
# How far a requested refresh rate may be from an advertised one (59.94 vs 60).
_REFRESH_TOLERANCE_HZ = 0.5


def validate_layout(body: Any, devices: Sequence[DisplayDevice]) -> dict[str, Any]:
    """A checked layout for one known device; BadRequest naming the first problem."""
    if not isinstance(body, dict):
        raise BadRequest("A display layout must be a JSON object")
    unknown = sorted(set(body) - set(_LAYOUT_FIELDS))
    if unknown:
        raise BadRequest(f"Unknown layout field {unknown[0]}; allowed: {', '.join(_LAYOUT_FIELDS)}")
    device = find_device(devices, body.get("device_id"))
    resolution = body.get("resolution")
    if resolution is not None:
        resolution = parse_resolution(resolution)
        known = device.known_resolutions()
        if known and resolution not in known:
            raise BadRequest(
                f"{device.device_id} does not offer {resolution}; it offers {', '.join(sorted(known))}",
                field="resolution",
            )
    refresh = body.get("refresh_hz")
    if refresh is not None:
        if (
            isinstance(refresh, bool)
            or not isinstance(refresh, (int, float))
            or not 1 <= refresh <= 1000
        ):
            raise BadRequest(
                "refresh_hz must be a number between 1 and 1000 (or null for the device's default)",
                field="refresh_hz",
            )
        _check_refresh(device, resolution, float(refresh))
    scaling = body.get("scaling", 100)
    if isinstance(scaling, bool) or not isinstance(scaling, int) or not 50 <= scaling <= 400:
        raise BadRequest("scaling must be a whole percentage between 50 and 400", field="scaling")
    return {
        "device_id": device.device_id,
        "resolution": resolution,
        "refresh_hz": refresh,
        "scaling": scaling,
    }


def _check_refresh(device: DisplayDevice, resolution: str | None, refresh: float) -> None:
    rates = device.refresh_rates(resolution)
    if any(abs(rate - refresh) <= _REFRESH_TOLERANCE_HZ for rate in rates):
        return
    limits = device.edid.refresh_range if device.edid else None
    if limits and limits[0] <= refresh <= limits[1]:
        return  # inside the monitor's advertised range (variable refresh)
    if not rates and not limits:
        return  # nothing advertised to check against (no readable EDID)
    offered = ", ".join(f"{r:g}" for r in rates) or "none listed"
    span = f"; range {limits[0]}-{limits[1]} Hz" if limits else ""
    raise BadRequest(
        f"{device.device_id} does not advertise {refresh:g} Hz (rates: {offered}{span})",
        field="refresh_hz",
    )


class DisplayLayouts:
    def __init__(self, db: StateDB, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock

    def list(self) -> list[dict[str, Any]]:
        rows = self._db.query("SELECT data, updated_at FROM display_layouts ORDER BY device_id")
        return [{**load_stored(row["data"]), "updated_at": row["updated_at"]} for row in rows]

    def put(self, layout: dict[str, Any]) -> dict[str, Any]:
        """Store an already validated layout (see `validate_layout`)."""
        now = self._clock()
        with self._db.transaction() as db:
            db.execute(
                "INSERT INTO display_layouts (device_id, data, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT(device_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
                (layout["device_id"], dump_stored(layout), now),
            )
        return {**layout, "updated_at": now}

    def replace_all(self, layouts: Sequence[dict[str, Any]]) -> None:
        with self._db.transaction() as db:
            db.execute("DELETE FROM display_layouts")
            for layout in layouts:
                stored = {
                    k: layout.get(k) for k in ("device_id", "resolution", "refresh_hz", "scaling")
                }
                db.execute(
                    "INSERT INTO display_layouts (device_id, data, updated_at) VALUES (?, ?, ?)",
                    (
                        stored["device_id"],
                        dump_stored(stored),
                        layout.get("updated_at", self._clock()),
                    ),
                )

    def clear(self) -> int:
        with self._db.transaction() as db:
            return db.execute("DELETE FROM display_layouts").rowcount


def output_state(devices: Sequence[DisplayDevice]) -> list[dict[str, Any]]:
    """The part of each output a snapshot records and compares."""
    return [
        {
            "device_id": d.device_id,
            "connector": d.connector,
            "connected": d.connected,
            "enabled": d.enabled,
        }
        for d in devices
    ]


class GoldenSnapshots:
    def __init__(self, db: StateDB, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock

    def get(self) -> dict[str, Any] | None:
        value = self._db.get_json(GOLDEN_KEY)
        return value if isinstance(value, dict) else None

    def take(
        self, devices: Sequence[DisplayDevice], layouts: Sequence[dict[str, Any]]
    ) -> dict[str, Any]:
        snapshot = {
            "taken_at": self._clock(),
            "outputs": output_state(devices),
            "layouts": list(layouts),
        }
        self._db.set_json(GOLDEN_KEY, snapshot)
        return snapshot

    def delete(self) -> bool:
        existed = self.get() is not None
        with self._db.transaction() as db:
            db.execute("DELETE FROM kv WHERE key = ?", (GOLDEN_KEY,))
        return existed

    @staticmethod
    def differences(snapshot: dict[str, Any], devices: Sequence[DisplayDevice]) -> list[str]:
        """How the present outputs differ from the snapshot, one sentence each."""
        now = {o["device_id"]: o for o in output_state(devices)}
        found = []
        for saved in snapshot.get("outputs", []):
            current = now.get(saved["device_id"])
            if current is None:
                found.append(f"{saved['device_id']} is no longer present")
                continue
            for key in ("connected", "enabled"):
                if current[key] != saved[key]:
                    was = key if saved[key] else f"not {key}"
                    found.append(
                        f"{saved['device_id']} was {was} and is {'' if current[key] else 'not '}{key} now"
                    )
        known = {o["device_id"] for o in snapshot.get("outputs", [])}
        found += [
            f"{device_id} is new since the snapshot" for device_id in now if device_id not in known
        ]
        return found
