"""The demo profile's adapters for what a browser tab cannot do: launch processes, probe
encoders, install updates, read sensors, touch displays or a file system.

Each satisfies its Protocol of `host.core.ports` and says in its answers that it is
simulated: a launched app has `"simulated": true` and no process, the codec probe
reports one "simulated" encoder, updates are refused with the reason, metric readings
come from a deterministic wave named "Simulated GPU", browse lists a small fixture
tree; the simulated PC's adapters are marked `simulated`, so the answers about its
displays, game libraries and helper tools carry `"simulated": true`. Nothing here starts a thread (Pyodide has none) or imports beyond the stdlib
and `host.core`.
"""

from __future__ import annotations

import math
import shutil
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from host.core.apps.covers import COVER_MEDIA_TYPES, checked_cover, clean_key, image_type
from host.core.apps.store import App
from host.core.context import HostContext
from host.core.library.interface import GameLibrary, LibraryManager
from host.core.metrics.rules import GpuReading, Reading
from host.core.ports import PlatformAdapters
from host.core.state import StateDB
from host.core.system.metadata import ProbeResult
from host.native.lutris import LutrisLibrary
from host.native.steam import SteamLibrary
from host.native.tools import Toolbox
from http_errors import BadRequest, NotFound

from .history import HostHistory
from .simulated_pc import SimulatedDisplays

__all__ = [
    "SIMULATED",
    "MemoryCovers",
    "NoCrashes",
    "SimulatedLauncher",
    "SimulatedPlatform",
    "SimulatedProber",
    "SimulatedSampler",
    "SimulatedSystem",
    "SimulatedUpdates",
    "browse_fixture",
]

SIMULATED = "simulated in the browser demo: nothing runs on a PC"


@dataclass
class SimulatedRun:
    app: App
    started: float

    def as_json(self) -> dict[str, Any]:
        return {
            "uuid": self.app.uuid,
            "id": self.app.id,
            "name": self.app.name,
            "pid": None,
            "simulated": True,
            "note": SIMULATED,
        }


class SimulatedLauncher:
    """Launching marks the app running; no command, prep step or process runs. With a
    `history`, launches and closes are recorded in the demo's history database."""

    def __init__(
        self, clock: Callable[[], float] = time.time, history: HostHistory | None = None
    ) -> None:
        self._clock = clock
        self._history = history
        self._running: SimulatedRun | None = None

    def current(self) -> SimulatedRun | None:
        return self._running

    def launch(self, app: App) -> SimulatedRun:
        if self._running is not None:
            raise BadRequest(
                f"{self._running.app.name} is running; close it first (POST /api/apps/close)"
            )
        self._running = SimulatedRun(app, self._clock())
        if self._history is not None:
            self._history.app_launched(app.name)
        return self._running

    def close(self) -> SimulatedRun:
        running, self._running = self._running, None
        if running is None:
            raise BadRequest("No app is running")
        if self._history is not None:
            self._history.app_closed(running.app.name, self._clock() - running.started)
        return running


class SimulatedProber:
    """Finishes the codec probe at once, on the caller's thread."""

    def __init__(self, host: HostContext) -> None:
        self._host = host

    def start(self, preferred: str = "auto") -> None:
        self._host.codec_probe.begin()
        encoders = [{"kind": "simulated", "device": "browser demo: nothing is encoded"}]
        self._host.codec_probe.finish(ProbeResult(encoders))


class SimulatedSystem:
    def hostname(self) -> str:
        # Pyodide's own answer would be "emscripten": name the demo for what it is.
        return "Helio demo (in your browser)"

    def audio_endpoints(self) -> list[dict[str, Any]]:
        return [{"name": "Simulated speakers", "simulated": True}]

    def virtual_display(self) -> dict[str, Any]:
        return {"supported": True, "drivers": ["simulated"], "platform": "browser demo"}


class SimulatedUpdates:
    def _refuse(self) -> dict[str, Any]:
        raise BadRequest("Updates are not available in the browser demo: nothing runs on a PC")

    def check(self) -> dict[str, Any]:
        return self._refuse()

    def install(self, now: bool) -> dict[str, Any]:
        return self._refuse()

    def cancel(self) -> dict[str, Any]:
        return self._refuse()


class NoCrashes:
    def dumps(self) -> list[Path]:
        return []

    def report(self) -> dict[str, Any]:
        return {"notice": False, "dumps": []}

    def dismiss(self) -> int:
        return 0


@dataclass
class MemoryCovers:
    """Uploaded covers in memory, for in-process profiles; the flagship demo keeps them in
    its state image (state.StoredCovers)."""

    images: dict[str, tuple[bytes, str]] = field(default_factory=dict)
    # The simulated PC's folder: library covers (image-path of a synced game) are read there.
    readable: Path | None = None

    def save(self, key: str, data: bytes) -> tuple[str, Path]:
        clean, kind = checked_cover(key, data)  # the native store's rule
        self.images[clean] = (data, COVER_MEDIA_TYPES[kind])
        return clean, Path("/demo/covers") / clean

    def find(self, key: str) -> tuple[bytes, str]:
        clean = clean_key(key)
        if clean not in self.images:
            raise NotFound(f"No cover {key}; upload one with POST /api/covers/upload")
        return self.images[clean]

    def read_image_file(self, path: str) -> tuple[bytes, str]:
        file = Path(path)
        inside = self.readable is not None and file.is_relative_to(self.readable)
        try:
            data = file.read_bytes() if inside and ".." not in file.parts else b""
        except OSError:
            data = b""
        kind = image_type(data)
        if kind is None:
            raise NotFound(f"The app's image {path} is not in the browser demo")
        return data, COVER_MEDIA_TYPES[kind]

    def has_image(self, image: str) -> bool:
        try:
            if "/" in image or "\\" in image:
                self.read_image_file(image)  # small fixture files: reading them is cheap
            else:
                self.find(image)
        except NotFound:
            return False
        return True

    def icon(self, app_uuid: str) -> bytes:
        raise NotFound(f"No icon for app {app_uuid}")

    def import_icon(self, app_uuid: str, source: str) -> bool:
        return False  # no library has files in a browser tab

    def drop_icon(self, app_uuid: str) -> None:
        return None


# The folders a visitor can browse: a small, fixed tree (no file system in a tab).
_TREE: dict[str, list[tuple[str, str]]] = {
    "/": [("home", "directory")],
    "/home": [("player", "directory")],
    "/home/player": [("Games", "directory"), ("helio.log", "file")],
    "/home/player/Games": [("Celeste", "directory"), ("Hades", "directory")],
    "/home/player/Games/Celeste": [("Celeste", "file"), ("Content", "directory")],
    "/home/player/Games/Celeste/Content": [],
    "/home/player/Games/Hades": [("Hades.sh", "file")],
}


def browse_fixture(path: str | None, kind: str | None) -> dict[str, Any]:
    folder = str(PurePosixPath(path or "/home/player"))
    if folder not in _TREE:
        raise NotFound(f"No folder {folder} (the browser demo has a small fixture tree)")
    entries = [
        {"name": name, "path": str(PurePosixPath(folder) / name), "type": entry}
        for name, entry in _TREE[folder]
        if kind != "directory" or entry == "directory"
    ]
    return {"path": folder, "entries": entries, "simulated": True}


def _start_nothing(command: Any) -> int:
    raise BadRequest("The browser demo starts no programs: nothing runs on a PC")


# What a visitor changed on the simulated PC (the virtual display removed, the HDR layer
# registered), kept in the host's state database: the simulated PC's files and displays
# are made afresh at every start, and the browser stops an idle worker, which the visitor
# never sees, so without this a removed display would come back on its own.
PC_CHANGES_KEY = "demo_simulated_pc"
VIRTUAL_DISPLAY_REMOVED = "virtual_display_removed"
HDR_LAYER_REGISTERED = "hdr_layer_registered"


class SimulatedPlatform:
    """The real library and tool adapters over the simulated PC's files (simulated_pc.py),
    and its simulated displays; what the visitor changed on it is replayed at start."""

    def __init__(self, pc_root: Path, db: StateDB) -> None:
        self.root = pc_root
        self._db = db
        changes = db.get_json(PC_CHANGES_KEY, {})
        self.displays = SimulatedDisplays(
            with_virtual=not changes.get(VIRTUAL_DISPLAY_REMOVED),
            on_virtual_removed=lambda: self._remember(VIRTUAL_DISPLAY_REMOVED),
        )
        if changes.get(HDR_LAYER_REGISTERED):
            self._tools({}).register_hdr_layer()  # the real adapter writes its manifest again

    def _remember(self, change: str) -> None:
        self._db.set_json(PC_CHANGES_KEY, {**self._db.get_json(PC_CHANGES_KEY, {}), change: True})

    def _which(self, name: str) -> str | None:
        # The library's "program", found as natively: in the simulated PC's bin folder. The
        # host answers `simulated: true` and the console says so in its own language, so
        # the program is a path, not an English sentence.
        return shutil.which(name, path=str(self.root / "bin"))

    def _tools(self, settings: Mapping[str, Any]) -> Toolbox:
        layers = [str(self.root / "vulkan" / "implicit_layer.d")]
        return _RememberingToolbox(
            {**settings, "vulkan_layer_dirs": layers},
            str(self.root / "bin"),
            lambda: self._remember(HDR_LAYER_REGISTERED),
        )

    def __call__(self, settings: Mapping[str, Any]) -> PlatformAdapters:
        steam = SteamLibrary(str(self.root / "steam"), _start_nothing, self._which, ())
        lutris = LutrisLibrary(str(self.root / "lutris"), _start_nothing, self._which, ())
        storefront: GameLibrary = steam
        libmgr: LibraryManager = lutris
        return PlatformAdapters(
            self.displays, storefront, libmgr, [], "", list, self._tools(settings), simulated=True
        )


class _RememberingToolbox(Toolbox):
    """The real toolbox; a registered HDR layer is remembered (PC_CHANGES_KEY)."""

    def __init__(
        self, settings: Mapping[str, Any], search_path: str, on_registered: Callable[[], None]
    ) -> None:
        super().__init__(settings, search_path)
        self._on_registered = on_registered

    def register_hdr_layer(self) -> dict[str, Any]:
        answer = super().register_hdr_layer()
        self._on_registered()
        return answer


SIMULATED_VRAM_MB = 12288  # the simulated GPU's memory


class SimulatedSampler:
    """A smooth, deterministic function of the clock: the metrics move, tests can predict them."""

    def __init__(
        self,
        clock: Callable[[], float] = time.time,
        record: Callable[[Reading, float], None] | None = None,
    ) -> None:
        """`record`: gets each sample whole, with its time (metrics_record.py)."""
        self._clock = clock
        self._record = record

    def sample(self, selection: frozenset[str]) -> Reading:
        at = self._clock()
        reading = self._reading(at)
        if self._record is not None:
            self._record(reading, at)
        if not selection:
            return reading
        gpu = reading.gpus[0]
        metrics = {k: v for k, v in gpu.metrics.items() if k in selection}
        cpu = {k: v for k, v in reading.cpu.items() if k in selection}
        return Reading(cpu, (GpuReading(gpu.id, gpu.name, metrics),))

    def _reading(self, at: float) -> Reading:
        wave = (math.sin(at / 5.0) + 1.0) / 2.0  # 0..1, a 31 s period
        vram = 3000 + 2000 * wave
        metrics = {
            "gpu_usage_percent": round(40 + 50 * wave, 1),
            "gpu_clock_mhz": round(1500 + 600 * wave),
            "gpu_memory_clock_mhz": 9501,
            "gpu_temperature_c": round(55 + 20 * wave, 1),
            "gpu_power_w": round(90 + 140 * wave, 1),
            "gpu_fan_percent": round(30 + 40 * wave),
            "gpu_vram_used_mb": round(vram),
            "gpu_vram_usage_percent": round(100 * vram / SIMULATED_VRAM_MB, 1),
        }
        cpu = {"cpu_usage_percent": round(15 + 35 * wave, 1)}
        return Reading(cpu, (GpuReading(0, "Simulated GPU", metrics),))
