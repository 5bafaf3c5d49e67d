"""Choosing this PC's platform adapters, from the settings, at the moment of use.

Routes never name an OS: they ask the profile's `platform(settings)` (this
function, in the native profile) and talk to the
small interfaces in host.core (`DisplaySource`, `GameLibrary`). Adding
Windows support (Steam on Windows, Playnite) is adding adapters here.
Settings are read on every call, so a changed root takes effect at once.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from host.core.displays.outputs import DisplayDevice, DisplaySource
from host.core.library.interface import GameLibrary, LibraryManager
from host.core.ports import PlatformAdapters
from host.native.lutris import LutrisLibrary
from host.native.steam import SteamLibrary
from http_errors import BadRequest

from .icc import display_profiles
from .launch import starter, which_in
from .tools import Toolbox

__all__ = ["adapters", "default_icc_dirs", "tool_search_path"]


def _home() -> Path:
    return Path.home()


def _data_home() -> Path:
    xdg = os.environ.get("XDG_DATA_HOME")
    return Path(xdg) if xdg else _home() / ".local" / "share"


def default_icc_dirs() -> list[str]:
    return [
        str(_data_home() / "icc"),
        str(_home() / ".color" / "icc"),
        "/usr/share/color/icc",
        "/usr/local/share/color/icc",
        "/var/lib/colord/icc",
    ]


def tool_search_path(settings: Mapping[str, Any]) -> str:
    """Where helper programs are looked up: the `tool_path` setting, else the host's PATH."""
    return str(settings.get("tool_path") or os.environ.get("PATH", os.defpath))


class NoDisplays:
    """A platform without a display adapter yet: no outputs, and every action refused."""

    def __init__(self, platform: str) -> None:
        self.platform = platform

    def devices(self) -> list[DisplayDevice]:
        return []

    def terminate_virtual(self, device_id: str | None) -> list[str]:
        raise BadRequest(f"No virtual display exists: the host lists no outputs on {self.platform}")

    def apply_modes(self, wanted: Sequence[dict[str, Any]]) -> None:
        raise BadRequest(f"The host cannot change display outputs on {self.platform}")


def adapters(settings: Mapping[str, Any]) -> PlatformAdapters:
    displays: DisplaySource
    if sys.platform.startswith("linux"):
        from .drm import LinuxDisplays

        displays = LinuxDisplays(settings["drm_root"] or "/sys/class/drm")
    else:
        displays = NoDisplays(sys.platform)
    search = tool_search_path(settings)
    start, which = starter(search), which_in(search)
    # Steam keeps the same layout on Linux and macOS; Windows adapters (registry lookup of
    # Steam, Playnite) slot in here without any route changing.
    storefront: GameLibrary = SteamLibrary(settings["steam_root"], start, which)
    libmgr: LibraryManager = LutrisLibrary(settings["lutris_root"], start, which)
    icc_dirs = list(settings.get("icc_profile_dirs") or default_icc_dirs())
    return PlatformAdapters(
        displays=displays,
        storefront=storefront,
        libmgr=libmgr,
        icc_dirs=icc_dirs,
        tool_path=search,
        icc_profiles=lambda: display_profiles(icc_dirs),
        tools=Toolbox(settings, search),
    )
