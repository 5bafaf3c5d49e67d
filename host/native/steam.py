"""The game store on Linux: Steam's library, read from its own files.

    <steam>/steamapps/libraryfolders.vdf    every library folder (new and old format)
    <library>/steamapps/appmanifest_<id>.acf one per game: name, installdir, StateFlags
    <steam>/appcache/librarycache/          covers: <id>_library_600x900.jpg, or
                                            <id>/library_600x900.jpg in newer clients

StateFlags bit 4 means fully installed. Runtimes and compatibility tools
(Proton, Steam Linux Runtime, redistributables) have manifests too; they are
not games and are left out. Games start through the client with
`steam steam://rungameid/<id>`.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Any

from host.core.library.interface import Game
from host.core.library.vdf import VdfError, get_key, parse_vdf
from http_errors import BadRequest

from .library_folder import LibraryFolder

__all__ = ["DEFAULT_STEAM_ROOTS", "SteamLibrary"]

DEFAULT_STEAM_ROOTS = (
    "~/.local/share/Steam",
    "~/.steam/steam",
    "~/.steam/root",
    "~/.var/app/com.valvesoftware.Steam/data/Steam",
)
_FULLY_INSTALLED = 4
_TOOL_APPIDS = frozenset({"228980", "1070560", "1391110", "1628350", "1826330", "1161040"})
_TOOL_PREFIXES = ("proton", "steam linux runtime", "steamworks common")


class SteamLibrary(LibraryFolder):
    integration = "storefront"
    product = "Steam"
    client = "steam"
    default_roots = DEFAULT_STEAM_ROOTS
    missing = "No Steam folder with steamapps/ at {where}"

    def looks_right(self, folder: Path) -> bool:
        return (folder / "steamapps").is_dir()

    def library_folders(self, root: Path) -> list[Path]:
        folders = [root]
        for candidate in (
            root / "steamapps" / "libraryfolders.vdf",
            root / "config" / "libraryfolders.vdf",
        ):
            try:
                document = parse_vdf(candidate.read_text(errors="replace"))
            except OSError:
                continue
            except VdfError as error:
                self.problems.append(f"{candidate}: {error}")
                continue
            for key, entry in (get_key(document, "libraryfolders") or {}).items():
                # New format: "0" { "path" "..." }; old format: "1" "/path".
                path = (
                    get_key(entry, "path")
                    if isinstance(entry, dict)
                    else entry
                    if key.isdigit()
                    else None
                )
                if isinstance(path, str) and path and Path(path) not in folders:
                    folders.append(Path(path))
            break
        return folders

    def games(self) -> list[Game]:
        root = self.require_root()
        self.problems = []
        found: dict[str, Game] = {}
        for folder in self.library_folders(root):
            apps = folder / "steamapps"
            try:
                names = sorted(
                    n
                    for n in os.listdir(apps)
                    if n.startswith("appmanifest_") and n.endswith(".acf")
                )
            except OSError:
                continue  # a library on a drive that is not mounted now
            for name in names:
                game = self._manifest(root, apps, name)
                if game is not None and game.id not in found:
                    found[game.id] = game
        return sorted(found.values(), key=lambda g: g.name.lower())

    def _manifest(self, root: Path, apps: Path, name: str) -> Game | None:
        try:
            state = get_key(parse_vdf((apps / name).read_text(errors="replace")), "AppState")
        except (OSError, VdfError) as error:
            self.problems.append(f"{apps / name}: {error}")
            return None
        appid, title = get_key(state, "appid"), get_key(state, "name")
        if not isinstance(appid, str) or not appid.isdigit() or not isinstance(title, str):
            self.problems.append(f"{apps / name}: no appid or name")
            return None
        if appid in _TOOL_APPIDS or title.lower().startswith(_TOOL_PREFIXES):
            return None
        flags = get_key(state, "StateFlags", "0")
        flags = flags if isinstance(flags, str) else "0"
        installed = flags.isdigit() and bool(int(flags) & _FULLY_INSTALLED)
        install_dir = get_key(state, "installdir", "")
        install_dir = install_dir if isinstance(install_dir, str) else ""
        details: dict[str, Any] = {
            "state_flags": int(flags) if flags.isdigit() else None,
            "library": str(apps.parent),
        }
        size = get_key(state, "SizeOnDisk", "")
        if isinstance(size, str) and size.isdigit():
            details["size_on_disk"] = int(size)
        return Game(
            id=appid,
            name=title,
            installed=installed,
            install_dir=str(apps / "common" / install_dir) if install_dir else "",
            cover=self._cover(root, appid),
            details=details,
        )

    @staticmethod
    def _cover(root: Path, appid: str) -> str:
        cache = root / "appcache" / "librarycache"
        for candidate in (
            cache / f"{appid}_library_600x900.jpg",
            cache / appid / "library_600x900.jpg",
        ):
            if candidate.is_file():
                return str(candidate)
        return ""

    @staticmethod
    def _launch_argv(game: Game) -> list[str]:
        return ["steam", f"steam://rungameid/{game.id}"]

    def app_command(self, game: Game) -> str:
        return shlex.join(self._launch_argv(game))

    def launch(self, game: Game) -> list[str]:
        if not game.installed:
            raise BadRequest(f"{game.name} is not installed in Steam; install it in Steam first")
        return self._run(self._launch_argv(game))
