"""A host profile made only of in-memory, pure-Python adapters (no OS, no native package).

It is the shape a second deployment (the flagship's in-browser host) fills
in; the tests build the whole admin app from it to prove the seam needs
nothing native.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from host.core.apps.store import App
from host.core.context import HostContext
from host.core.displays.outputs import DisplayDevice
from host.core.library.interface import GameLibrary, LibraryManager
from host.core.metrics.rules import Reading
from host.core.ports import HostAdapters, PlatformAdapters
from host.core.system.metadata import ProbeResult
from host.demo_profile.simulated import MemoryCovers, NoCrashes
from host.native.diagnostics import LogDiagnostics
from host.native.lutris import LutrisLibrary
from host.native.platform import tool_search_path
from host.native.steam import SteamLibrary
from host.native.tools import Toolbox
from http_errors import BadRequest, NotFound

__all__ = ["MemoryProfile"]


class FastHasher:
    """Salted SHA-256: cheap on purpose (tests), never the native profile's choice."""

    def hash(self, password: str) -> str:
        return "sha256$" + hashlib.sha256(b"salt" + password.encode()).hexdigest()

    def verify(self, password: str, record: str) -> bool:
        return hmac.compare_digest(self.hash(password), record)


@dataclass
class Running:
    app: App

    def as_json(self) -> dict[str, Any]:
        return {"uuid": self.app.uuid, "id": self.app.id, "name": self.app.name, "pid": None}


class SimulatedLauncher:
    def __init__(self) -> None:
        self.running: Running | None = None

    def current(self) -> Running | None:
        return self.running

    def launch(self, app: App) -> Running:
        if self.running is not None:
            raise BadRequest(f"{self.running.app.name} is running; close it first")
        self.running = Running(app)
        return self.running

    def close(self) -> Running:
        if self.running is None:
            raise BadRequest("No app is running")
        closed, self.running = self.running, None
        return closed


class InstantProber:
    """Finishes the probe at once (no thread): one software encoder."""

    def __init__(self, host: HostContext) -> None:
        self._host = host
        self.started: list[str] = []

    def start(self, preferred: str = "auto") -> None:
        self.started.append(preferred)
        self._host.codec_probe.begin()
        self._host.codec_probe.finish(ProbeResult([{"kind": "software", "device": "cpu"}]))


class FixedSystem:
    def audio_endpoints(self) -> list[dict[str, Any]]:
        return []

    def hostname(self) -> str:
        return "memory-host"

    def virtual_display(self) -> dict[str, Any]:
        return {"supported": False, "drivers": [], "platform": "memory"}


class NoUpdates:
    def check(self) -> dict[str, Any]:
        raise BadRequest("Updates are not available in this profile")

    def install(self, now: bool) -> dict[str, Any]:
        raise BadRequest("Updates are not available in this profile")

    def cancel(self) -> dict[str, Any]:
        raise BadRequest("Updates are not available in this profile")


TREE = {"/": ["games"], "/games": []}


def browse_fixture(path: str | None, kind: str | None) -> dict[str, Any]:
    folder = path or "/"
    if folder not in TREE:
        raise NotFound(f"No folder {folder}")
    entries = [
        {"name": name, "path": f"{folder.rstrip('/')}/{name}", "type": "directory"}
        for name in TREE[folder]
    ]
    return {"path": folder, "entries": entries}


class NoDisplays:
    platform = "memory"

    def devices(self) -> list[DisplayDevice]:
        return []

    def terminate_virtual(self, device_id: str | None) -> list[str]:
        raise BadRequest("No virtual display exists")

    def apply_modes(self, wanted: Any) -> None:
        raise BadRequest("The simulated host cannot change display outputs")


class FixedReadings:
    def sample(self, selection: frozenset[str]) -> Reading:
        return Reading(cpu={"cpu_usage_percent": 12.5})


class Recorder:
    """Background work that records when the lifespan started and stopped it."""

    def __init__(self) -> None:
        self.events: list[str] = []

    def start(self) -> None:
        self.events.append("start")

    def stop(self) -> None:
        self.events.append("stop")


def _nothing_installed(name: str) -> str | None:
    return None


def _refuse_to_start(command: Any) -> int:
    raise BadRequest("The simulated host starts no programs")


@dataclass
class MemoryProfile:
    hasher: FastHasher = field(default_factory=FastHasher)
    background: Recorder = field(default_factory=Recorder)
    prober: InstantProber | None = None  # the one `adapters` built, for the tests to read

    def _platform(self, settings: Mapping[str, Any]) -> PlatformAdapters:
        # The real library adapters, over roots that do not exist: "not installed".
        storefront: GameLibrary = SteamLibrary(
            "/memory/steam", _refuse_to_start, _nothing_installed, ()
        )
        libmgr: LibraryManager = LutrisLibrary(
            "/memory/lutris", _refuse_to_start, _nothing_installed, ()
        )
        tools = Toolbox(settings, tool_search_path(settings))
        return PlatformAdapters(NoDisplays(), storefront, libmgr, [], "", list, tools)

    def adapters(self, host: HostContext) -> HostAdapters:
        self.prober = InstantProber(host)
        crash = NoCrashes()
        return HostAdapters(
            data_dir=Path("/memory"),
            launcher=SimulatedLauncher(),
            prober=self.prober,
            system=FixedSystem(),
            updater=NoUpdates(),
            crash=crash,
            diagnostics=LogDiagnostics(host, crash),
            covers=MemoryCovers(),
            browse=browse_fixture,
            platform=self._platform,
            sampler=FixedReadings(),
            background=[self.background],
        )
