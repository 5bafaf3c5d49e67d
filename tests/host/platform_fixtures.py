"""Fixture folders for the platform-helper tests: real EDID bytes in a fake DRM tree,
a Steam library, a Lutris database, helper programs that record their calls.

Everything is built from the format facts (VESA E-EDID 1.4, CTA-861, Valve
KeyValues, Lutris's pga.db schema), never copied from a real PC.
"""

from __future__ import annotations

import sqlite3
import stat
from collections.abc import Sequence
from pathlib import Path

from tests.waiting import wait_for

__all__ = [
    "PNG",
    "edid_block",
    "fake_tool",
    "make_drm_tree",
    "make_lutris",
    "make_steam",
    "tool_calls",
]

# A 1x1 PNG: what a saved icon or cover must start with.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)


def _manufacturer(code: str) -> bytes:
    word = 0
    for letter in code:
        word = word << 5 | (ord(letter) - ord("A") + 1)
    return word.to_bytes(2, "big")


def _dtd(width: int, height: int, refresh: float, h_blank: int = 80, v_blank: int = 41) -> bytes:
    """An 18-byte detailed timing descriptor whose refresh is `refresh` (to 10 kHz)."""
    total = (width + h_blank) * (height + v_blank)
    clock = round(refresh * total / 10_000)
    out = bytearray(18)
    out[0:2] = clock.to_bytes(2, "little")
    out[2] = width & 255
    out[3] = h_blank & 255
    out[4] = (width >> 8) << 4 | (h_blank >> 8)
    out[5] = height & 255
    out[6] = v_blank & 255
    out[7] = (height >> 8) << 4 | (v_blank >> 8)
    out[8], out[9], out[10], out[11] = 48, 32, 0x35, 0  # sync offsets/widths
    out[17] = 0x1E  # digital separate sync, progressive
    return bytes(out)


def _text_descriptor(tag: int, text: str) -> bytes:
    body = text.encode("ascii")[:13]
    if len(body) < 13:
        body += b"\n" + b" " * (12 - len(body))
    return bytes([0, 0, 0, tag, 0]) + body


def _range_descriptor(min_hz: int, max_hz: int) -> bytes:
    return bytes([0, 0, 0, 0xFD, 0, min_hz, max_hz, 30, 160, 60, 0, 10]) + b" " * 6


def _checksummed(block: bytearray) -> bytes:
    block[127] = (256 - sum(block[:127]) % 256) % 256
    return bytes(block)


def edid_block(
    manufacturer: str = "DEL",
    product: int = 0x40F5,
    serial: int = 0x1234,
    name: str = "HELIO TEST",
    modes: Sequence[tuple[int, int, float]] = ((2560, 1440, 144.0), (1920, 1080, 60.0)),
    refresh_range: tuple[int, int] | None = (48, 144),
    hdr: bool = False,
    vics: Sequence[int] = (),
) -> bytes:
    """A valid EDID: base block with up to two DTDs, name and range limits; a CTA block for
    `hdr` or `vics`. The first mode is the preferred one."""
    base = bytearray(128)
    base[0:8] = bytes([0, 255, 255, 255, 255, 255, 255, 0])
    base[8:10] = _manufacturer(manufacturer)
    base[10:12] = product.to_bytes(2, "little")
    base[12:16] = serial.to_bytes(4, "little")
    base[16], base[17] = 12, 2024 - 1990
    base[18], base[19] = 1, 4
    base[20] = 0xA5  # digital input
    base[35], base[36], base[37] = 0x21, 0x08, 0x00  # 640x480@60, 800x600@60, 1024x768@60
    base[38:54] = bytes([1, 1]) * 8  # no standard timings
    descriptors = [_dtd(*mode) for mode in modes[:2]]
    descriptors.append(_text_descriptor(0xFC, name))
    if refresh_range:
        descriptors.append(_range_descriptor(*refresh_range))
    while len(descriptors) < 4:
        descriptors.append(bytes([0, 0, 0, 0x10]) + bytes(14))  # dummy descriptor
    for index, descriptor in enumerate(descriptors[:4]):
        base[54 + 18 * index : 72 + 18 * index] = descriptor
    extensions = b""
    if hdr or vics:
        cta = bytearray(128)
        cta[0], cta[1] = 0x02, 3
        blocks = b""
        if vics:
            blocks += bytes([2 << 5 | len(vics), *vics])
        if hdr:
            # Extended tag 6 (HDR static metadata): SDR, PQ and HLG, static metadata type 1.
            blocks += bytes([7 << 5 | 3, 6, 0b1101, 1])
        cta[4 : 4 + len(blocks)] = blocks
        cta[2] = 4 + len(blocks)
        extensions = _checksummed(cta)
        base[126] = 1
    return _checksummed(base) + extensions


def make_drm_tree(root: Path, outputs: Sequence[dict[str, object]]) -> Path:
    """`root` laid out like /sys/class/drm: card folders, connector folders, driver links.

    Each output: card, connector, status, enabled, modes (list), edid (bytes), driver.
    """
    drm = root / "class" / "drm"
    drm.mkdir(parents=True, exist_ok=True)
    for output in outputs:
        card = str(output.get("card", "card0"))
        driver = str(output.get("driver", "i915"))
        device = drm / card / "device"
        device.mkdir(parents=True, exist_ok=True)
        target = root / "bus" / "drivers" / driver
        target.mkdir(parents=True, exist_ok=True)
        if not (device / "driver").is_symlink():
            (device / "driver").symlink_to(target)
        folder = drm / f"{card}-{output['connector']}"
        folder.mkdir(exist_ok=True)
        (folder / "status").write_text(f"{output.get('status', 'connected')}\n")
        (folder / "enabled").write_text(f"{output.get('enabled', 'enabled')}\n")
        (folder / "modes").write_text("".join(f"{m}\n" for m in output.get("modes", [])))  # type: ignore[attr-defined]
        (folder / "edid").write_bytes(bytes(output.get("edid", b"")))  # type: ignore[arg-type]
    (drm / "version").write_text("drm 1.1.0 20060810\n")
    return drm


def fake_tool(folder: Path, name: str, exit_code: int = 0) -> Path:
    """An executable `name` that appends its arguments to `folder/calls.log` and exits."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f'#!/bin/sh\necho "{name} $*" >> "{folder}/calls.log"\nexit {exit_code}\n')
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def tool_calls(folder: Path) -> list[str]:
    log = folder / "calls.log"
    return log.read_text().splitlines() if log.exists() else []


def wait_for_calls(folder: Path, count: int) -> list[str]:
    """The stand-in tools' calls once `count` were logged (they start detached)."""
    return wait_for(
        lambda: calls if len(calls := tool_calls(folder)) >= count else None,
        f"{count} call(s) of the stand-in tools",
    )


def _vdf(value: dict[str, object], depth: int = 0) -> str:
    pad = "\t" * depth
    lines = []
    for key, item in value.items():
        if isinstance(item, dict):
            lines.append(f'{pad}"{key}"\n{pad}{{\n{_vdf(item, depth + 1)}{pad}}}\n')
        else:
            lines.append(f'{pad}"{key}"\t\t"{item}"\n')
    return "".join(lines)


def make_steam(
    root: Path, games: Sequence[dict[str, object]], second_library: Path | None = None
) -> Path:
    """A Steam folder: steamapps/libraryfolders.vdf and one appmanifest per game.

    Each game: appid, name, installdir, state (StateFlags, 4 = installed),
    library (0 = the main one, 1 = `second_library`), cover (bytes or None).
    """
    libraries = [root] + ([second_library] if second_library else [])
    folders: dict[str, object] = {}
    for index, library in enumerate(libraries):
        apps = {str(g["appid"]): "1000" for g in games if g.get("library", 0) == index}
        folders[str(index)] = {
            "path": str(library),
            "label": "",
            "contentid": "42",
            "totalsize": "0",
            "apps": apps,
        }
        (library / "steamapps" / "common").mkdir(parents=True, exist_ok=True)
    (root / "steamapps" / "libraryfolders.vdf").write_text(_vdf({"libraryfolders": folders}))
    cache = root / "appcache" / "librarycache"
    cache.mkdir(parents=True, exist_ok=True)
    for game in games:
        library = libraries[int(game.get("library", 0))]  # type: ignore[call-overload]
        manifest = {
            "appid": game["appid"],
            "universe": "1",
            "name": game["name"],
            "StateFlags": game.get("state", 4),
            "installdir": game.get("installdir", game["name"]),
            "LastUpdated": "1700000000",
            "SizeOnDisk": "123456",
            "UserConfig": {"language": "english"},
        }
        (library / "steamapps" / f"appmanifest_{game['appid']}.acf").write_text(
            _vdf({"AppState": manifest})
        )
        if game.get("cover"):
            (cache / f"{game['appid']}_library_600x900.jpg").write_bytes(game["cover"])  # type: ignore[arg-type]
    return root


LUTRIS_GAMES_COLUMNS = (
    "id INTEGER PRIMARY KEY, name TEXT, sortname TEXT, slug TEXT, installer_slug TEXT, parent_slug TEXT,"
    " platform TEXT, runner TEXT, executable TEXT, directory TEXT, updated DATETIME, lastplayed INTEGER,"
    " installed INTEGER, installed_at INTEGER, year INTEGER, configpath TEXT, has_custom_banner INTEGER,"
    " has_custom_icon INTEGER, has_custom_coverart_big INTEGER, playtime REAL, service TEXT,"
    " service_id TEXT, discord_id TEXT"
)


def make_lutris(
    data_home: Path, games: Sequence[dict[str, object]], categories: dict[str, Sequence[int]]
) -> Path:
    """`data_home/lutris/pga.db` with Lutris's games, categories and games_categories tables,
    cover art in `lutris/coverart/`, icons in `icons/hicolor/128x128/apps/lutris_<slug>.png`."""
    root = data_home / "lutris"
    (root / "coverart").mkdir(parents=True, exist_ok=True)
    icons = data_home / "icons" / "hicolor" / "128x128" / "apps"
    icons.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(root / "pga.db")
    with db:
        db.execute(f"CREATE TABLE games ({LUTRIS_GAMES_COLUMNS})")
        db.execute("CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT UNIQUE)")
        db.execute("CREATE TABLE games_categories (game_id INTEGER, category_id INTEGER)")
        for game in games:
            db.execute(
                "INSERT INTO games (id, name, sortname, slug, platform, runner, directory, installed, playtime, lastplayed)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game["id"],
                    game["name"],
                    game.get("sortname", ""),
                    game["slug"],
                    game.get("platform", "Linux"),
                    game.get("runner", "linux"),
                    game.get("directory", ""),
                    1 if game.get("installed", True) else 0,
                    game.get("playtime", 0.0),
                    game.get("lastplayed", 0),
                ),
            )
            if game.get("cover"):
                (root / "coverart" / f"{game['slug']}.jpg").write_bytes(game["cover"])  # type: ignore[arg-type]
            if game.get("icon"):
                (icons / f"lutris_{game['slug']}.png").write_bytes(game["icon"])  # type: ignore[arg-type]
        for category_id, (name, game_ids) in enumerate(categories.items(), start=1):
            db.execute("INSERT INTO categories (id, name) VALUES (?, ?)", (category_id, name))
            for game_id in game_ids:
                db.execute(
                    "INSERT INTO games_categories (game_id, category_id) VALUES (?, ?)",
                    (game_id, category_id),
                )
    db.close()
    return root
