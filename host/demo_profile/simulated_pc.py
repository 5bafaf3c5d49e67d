"""The PC the browser demo pretends to be: one monitor, a virtual display, a small Steam and
Lutris library with covers, a few helper tools.

The host's real adapters read it: the Steam and Lutris adapters and the toolbox of
`host.native` look at files, so `write_simulated_pc` lays those files out in a folder
(the worker's in-memory file system in the browser, a temporary folder natively) when
the demo host starts. The folder and every name in it say "simulated"; the games are
made up, and their covers are drawn here (a colour gradient and a letter), not copied.
The displays are data: a browser tab has no outputs to read.
"""

from __future__ import annotations

import json
import sqlite3
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host.core.displays.edid import Edid, Mode
from host.core.displays.outputs import DisplayDevice, assign_device_ids
from http_errors import BadRequest

__all__ = [
    "FIXTURE_GAMES",
    "SIMULATED_PC_FOLDER",
    "SimulatedDisplays",
    "cover_png",
    "write_simulated_pc",
]

SIMULATED_PC_FOLDER = "simulated-pc"  # every fixture path names it

# -- covers ---------------------------------------------------------------------------------

# 5x7 glyphs of the letters the fixture covers use ("#" is ink).
_GLYPHS = {
    "D": ("####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."),
    "L": ("#....", "#....", "#....", "#....", "#....", "#....", "#####"),
    "S": (".####", "#....", "#....", ".###.", "....#", "....#", "####."),
    "T": ("#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."),
}
_SCALE = 6  # one glyph cell in cover pixels


def cover_png(
    top: tuple[int, int, int], bottom: tuple[int, int, int], letter: str | None = None
) -> bytes:
    """A 60x90 vertical gradient as a PNG, with a white letter in the middle if given."""
    width, height = 60, 90
    glyph = _GLYPHS[letter] if letter else ()
    left, upper = (width - 5 * _SCALE) // 2, (height - 7 * _SCALE) // 2
    rows = b""
    for y in range(height):
        mix = y / (height - 1)
        pixel = bytes(round(a + (b - a) * mix) for a, b in zip(top, bottom, strict=True))
        line = [pixel] * width
        row = (y - upper) // _SCALE
        if glyph and 0 <= y - upper < 7 * _SCALE:
            for column, ink in enumerate(glyph[row]):
                if ink == "#":
                    start = left + column * _SCALE
                    line[start : start + _SCALE] = [b"\xff\xff\xff"] * _SCALE
        rows += b"\x00" + b"".join(line)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


# -- the game libraries ---------------------------------------------------------------------


@dataclass(frozen=True)
class FixtureGame:
    id: str  # a Steam appid, or a Lutris row id
    name: str
    installed: bool
    size_gb: float
    colours: tuple[tuple[int, int, int], tuple[int, int, int]]


# Made-up games (no real title, no real appid in Steam's range of shipped games).
FIXTURE_GAMES = {
    "steam": (
        FixtureGame(
            "4000010", "Starfall Courier (simulated)", True, 7.5, ((234, 88, 12), (67, 20, 7))
        ),
        FixtureGame(
            "4000020", "Tidepool Tactics (simulated)", True, 1.2, ((13, 148, 136), (4, 47, 46))
        ),
        FixtureGame("4000030", "Dune Lantern (simulated)", False, 0, ((202, 138, 4), (66, 32, 6))),
    ),
    "lutris": (
        FixtureGame(
            "1", "Lighthouse Keeper (simulated)", True, 2.0, ((124, 58, 237), (30, 27, 75))
        ),
    ),
}


def _letter(game: FixtureGame) -> str:
    return game.name[0]


def _write_steam(root: Path) -> None:
    apps = root / "steamapps"
    cache = root / "appcache" / "librarycache"
    apps.mkdir(parents=True, exist_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    for game in FIXTURE_GAMES["steam"]:
        folder = game.name.split(" (")[0].replace(" ", "")
        (apps / f"appmanifest_{game.id}.acf").write_text(
            '"AppState"\n{\n'
            f'\t"appid"\t\t"{game.id}"\n'
            f'\t"name"\t\t"{game.name}"\n'
            f'\t"StateFlags"\t\t"{4 if game.installed else 0}"\n'
            f'\t"installdir"\t\t"{folder}"\n'
            f'\t"SizeOnDisk"\t\t"{round(game.size_gb * 2**30)}"\n'
            "}\n"
        )
        # Steam names its cache files .jpg; the covers are PNG, served by their bytes.
        (cache / f"{game.id}_library_600x900.jpg").write_bytes(
            cover_png(*game.colours, _letter(game))
        )


def _write_lutris(root: Path) -> None:
    (root / "coverart").mkdir(parents=True, exist_ok=True)
    database = root / "pga.db"
    database.unlink(missing_ok=True)
    with sqlite3.connect(database) as connection:
        connection.executescript(
            "CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT, slug TEXT, installed INTEGER,"
            " directory TEXT, runner TEXT, platform TEXT, playtime REAL, lastplayed INTEGER,"
            " year INTEGER);"
            "CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT);"
            "CREATE TABLE games_categories (game_id INTEGER, category_id INTEGER);"
            "INSERT INTO categories VALUES (1, 'Favourites');"
        )
        for game in FIXTURE_GAMES["lutris"]:
            slug = game.name.split(" (")[0].lower().replace(" ", "-")
            connection.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, 'wine', 'Windows', 3.5, NULL, 2024)",
                (int(game.id), game.name, slug, int(game.installed), f"/games/{slug}"),
            )
            connection.execute("INSERT INTO games_categories VALUES (?, 1)", (int(game.id),))
            (root / "coverart" / f"{slug}.jpg").write_bytes(cover_png(*game.colours, _letter(game)))
    connection.close()


# -- helper tools ---------------------------------------------------------------------------

_PROGRAMS = ("mangohud", "gamescope", "steam", "lutris")  # helper tools, library clients


def _write_layer(folder: Path, file: str, name: str, library: Path, env: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    library.write_bytes(b"simulated")
    layer = {
        "name": name,
        "type": "GLOBAL",
        "library_path": str(library),
        "api_version": "1.3.0",
        "implementation_version": "1",
        "description": "Simulated in the browser demo",
        "enable_environment": {env: "1"},
        "disable_environment": {f"DISABLE_{env}": "1"},
    }
    (folder / file).write_text(json.dumps({"file_format_version": "1.0.0", "layer": layer}))


def _write_tools(root: Path) -> None:
    programs = root / "bin"
    programs.mkdir(parents=True, exist_ok=True)
    for name in _PROGRAMS:
        program = programs / name
        program.write_text("#!/bin/sh\n# simulated in the browser demo: nothing runs\nexit 1\n")
        program.chmod(0o755)
    vulkan = root / "vulkan"
    _write_layer(
        vulkan / "implicit_layer.d",
        "MangoHud.x86_64.json",
        "VK_LAYER_MANGOHUD_overlay_x86_64",
        vulkan / "libMangoHud.so",
        "MANGOHUD",
    )
    # Installed but not registered: the Helpers page's Register button has work to do.
    _write_layer(
        vulkan / "explicit_layer.d",
        "VkLayer_hdr_wsi.x86_64.json",
        "VK_LAYER_hdr_wsi",
        vulkan / "libVkLayer_hdr_wsi.so",
        "ENABLE_HDR_WSI",
    )
    (vulkan / "implicit_layer.d" / "VkLayer_hdr_wsi.x86_64.json").unlink(missing_ok=True)


def write_simulated_pc(base: Path) -> Path:
    """Lay out the simulated PC's files under `base`; the folder holding them."""
    root = base / SIMULATED_PC_FOLDER
    _write_steam(root / "steam")
    _write_lutris(root / "lutris")
    _write_tools(root)
    return root


# -- displays -------------------------------------------------------------------------------

_MONITOR_MODES = (
    Mode(2560, 1440, 144.0, preferred=True),
    Mode(2560, 1440, 120.0),
    Mode(2560, 1440, 60.0),
    Mode(1920, 1080, 144.0),
    Mode(1920, 1080, 60.0),
    Mode(1280, 720, 60.0),
)
_MONITOR = Edid(
    manufacturer="HLO",  # not a registered PNP id: nobody makes this monitor
    product_code=0x2714,
    serial=1,
    name="Simulated 27in",
    serial_text="DEMO0001",
    year=2025,
    modes=_MONITOR_MODES,
    refresh_range=(48, 144),
    hdr_eotfs=("sdr", "pq"),
)
_VIRTUAL_MODES = (Mode(1920, 1080, 60.0, preferred=True), Mode(1280, 720, 60.0))
_VIRTUAL = Edid(
    manufacturer="HLO",
    product_code=0x0001,
    serial=2,
    name="Simulated virtual",
    serial_text="VIRTUAL1",
    year=2025,
    modes=_VIRTUAL_MODES,
    refresh_range=None,
)


def _resolutions(modes: tuple[Mode, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(f"{m.width}x{m.height}" for m in modes))


class SimulatedDisplays:
    """One simulated monitor and, until the visitor removes it, one simulated virtual
    display (`on_virtual_removed` lets the platform remember that across restarts)."""

    platform = "simulated in the browser demo: no real monitor"

    def __init__(
        self, with_virtual: bool = True, on_virtual_removed: Callable[[], None] = lambda: None
    ) -> None:
        outputs = [
            DisplayDevice(
                "",
                "HDMI-A-1",
                "card0",
                True,
                True,
                _resolutions(_MONITOR_MODES),
                _MONITOR,
                driver="simulated",
            ),
            DisplayDevice(
                "",
                "Virtual-1",
                "card0",
                True,
                True,
                _resolutions(_VIRTUAL_MODES),
                _VIRTUAL,
                driver="simulated virtual display",
                virtual=True,
            ),
        ]
        # Ids are assigned over both, so the monitor's id is the same with or without it.
        self._outputs = [d for d in assign_device_ids(outputs) if with_virtual or not d.virtual]
        self._on_virtual_removed = on_virtual_removed

    def devices(self) -> list[DisplayDevice]:
        return list(self._outputs)

    def terminate_virtual(self, device_id: str | None) -> list[str]:
        virtual = [d for d in self._outputs if d.virtual]
        if not virtual:
            raise BadRequest("The simulated virtual display was removed already")
        chosen = virtual if device_id is None else [d for d in virtual if d.device_id == device_id]
        if not chosen:
            raise BadRequest(f"{device_id} is not a virtual display")
        self._outputs = [d for d in self._outputs if d not in chosen]
        self._on_virtual_removed()
        return [d.device_id for d in chosen]

    def apply_modes(self, wanted: Any) -> None:
        raise BadRequest("The browser demo cannot change display outputs: they are simulated")
