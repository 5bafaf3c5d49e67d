"""Display outputs on Linux, read from the DRM sysfs tree (`/sys/class/drm`).

Each connector is a folder `cardN-CONNECTOR` with `status` (connected /
disconnected), `enabled`, `modes` (one resolution a line, preferred first)
and `edid` (raw bytes, empty when no monitor answers). The card's driver is
the name of the `cardN/device/driver` link: `evdi` and `vkms` are virtual
display drivers. The root comes from the `drm_root` setting, so tests read
a tree they built.

The kernel offers no way to set modes through sysfs, so `apply_modes` is
refused with the reason; evdi displays can be removed through
`/sys/devices/evdi/remove_all` when the host may write it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from host.core.displays.edid import EdidError, parse_edid
from host.core.displays.outputs import DisplayDevice, assign_device_ids
from http_errors import BadRequest

__all__ = ["VIRTUAL_DRIVERS", "LinuxDisplays"]

_CONNECTOR = re.compile(r"^(card\d+)-(.+)$")
VIRTUAL_DRIVERS = ("evdi", "vkms")


def _read_text(path: Path) -> str:
    try:
        return path.read_text(errors="replace").strip()
    except OSError:
        return ""


class LinuxDisplays:
    platform = "linux"

    def __init__(self, root: str) -> None:
        self.root = Path(root)
        # /sys/class/drm -> /sys: where /sys/devices/evdi lives.
        self.sysfs = self.root.parent.parent

    def devices(self) -> list[DisplayDevice]:
        try:
            entries = sorted(os.listdir(self.root))
        except OSError:
            return []  # no DRM on this PC (a container, a headless VM): no outputs
        found = []
        for name in entries:
            match = _CONNECTOR.match(name)
            if match:
                found.append(self._device(self.root / name, match[1], match[2]))
        return assign_device_ids(found)

    def _device(self, folder: Path, card: str, connector: str) -> DisplayDevice:
        driver = self._driver(card)
        edid, edid_error = None, ""
        try:
            raw = (folder / "edid").read_bytes()
        except OSError:
            raw = b""
        if raw:
            try:
                edid = parse_edid(raw)
            except EdidError as error:
                edid_error = str(error)
        modes = tuple(
            line.strip() for line in _read_text(folder / "modes").splitlines() if line.strip()
        )
        return DisplayDevice(
            device_id=connector,
            connector=connector,
            card=card,
            connected=_read_text(folder / "status") == "connected",
            enabled=_read_text(folder / "enabled") == "enabled",
            resolutions=tuple(dict.fromkeys(modes)),
            edid=edid,
            edid_error=edid_error,
            driver=driver,
            virtual=driver in VIRTUAL_DRIVERS or connector.startswith("Virtual-"),
        )

    def _driver(self, card: str) -> str:
        link = self.root / card / "device" / "driver"
        try:
            return os.path.basename(os.path.realpath(link)) if os.path.lexists(link) else ""
        except OSError:
            return ""

    def terminate_virtual(self, device_id: str | None) -> list[str]:
        virtual = [d for d in self.devices() if d.virtual]
        if not virtual:
            raise BadRequest(f"No virtual display exists: no evdi or vkms output under {self.root}")
        names = ", ".join(d.device_id for d in virtual)
        if not device_id:
            raise BadRequest(
                f"device_id of the virtual display to remove is required (virtual: {names})"
            )
        if device_id not in {d.device_id for d in virtual}:
            raise BadRequest(f"{device_id} is not a virtual display (virtual: {names})")
        evdi = [d for d in virtual if d.driver == "evdi"]
        if not any(d.device_id == device_id for d in evdi):
            drivers = ", ".join(sorted({d.driver or "a virtual GPU" for d in virtual}))
            raise BadRequest(
                f"The virtual display ({drivers}) cannot be removed by the host; "
                "vkms goes away only by unloading its module (sudo modprobe -r vkms), "
                "a VM's virtual GPU only with the VM's configuration"
            )
        control = self.sysfs / "devices" / "evdi" / "remove_all"
        try:
            with open(control, "w") as handle:
                handle.write("1")
        except PermissionError:
            raise BadRequest(
                f"Removing evdi displays needs write access to {control} (root)"
            ) from None
        except OSError as error:
            raise BadRequest(
                f"Cannot remove evdi displays through {control}: {error.strerror}"
            ) from None
        # evdi's control removes every evdi display at once: report them all.
        return [d.device_id for d in evdi]

    def apply_modes(self, wanted: Sequence[dict[str, Any]]) -> None:
        raise BadRequest(
            "Linux offers no way to change display outputs through DRM sysfs and the host has no "
            "compositor interface; restore them in the desktop's display settings"
        )
