"""The game-library manager on Linux: Lutris's library, read from its database.

    <data>/lutris/pga.db              SQLite: games, categories, games_categories
    <data>/lutris/coverart/<slug>.jpg cover art (banners/<slug>.jpg in older versions)
    <data>/icons/hicolor/128x128/apps/lutris_<slug>.png  the game's icon

`games.installed` is 1 for an installed game. The database is opened
read-only for listing; Lutris itself does the installing and launching
through its command line (`lutris lutris:install/<slug>`,
`lutris lutris:rungameid/<id>`). Lutris has no command-line uninstall for
games, so uninstall answers with that reason instead of pretending.
"""

from __future__ import annotations

import os
import shlex
import sqlite3
from pathlib import Path
from typing import Any

from host.core.library.interface import Game
from http_errors import BadRequest

from .library_folder import LibraryFolder

__all__ = ["DEFAULT_LUTRIS_ROOTS", "LutrisLibrary"]

DEFAULT_LUTRIS_ROOTS = ("~/.local/share/lutris", "~/.var/app/net.lutris.Lutris/data/lutris")
_DETAILS = ("runner", "platform", "playtime", "lastplayed", "year", "slug")


class LutrisLibrary(LibraryFolder):
    integration = "libmgr"
    product = "Lutris"
    client = "lutris"
    default_roots = DEFAULT_LUTRIS_ROOTS
    missing = "No Lutris database (pga.db) in {where}"

    def looks_right(self, folder: Path) -> bool:
        return (folder / "pga.db").is_file()

    def _query(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        database = self.require_root() / "pga.db"
        try:
            connection = sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True, timeout=5)
        except sqlite3.Error as error:
            raise BadRequest(f"Cannot open the Lutris database {database}: {error}") from None
        try:
            connection.row_factory = sqlite3.Row
            return connection.execute(sql, params).fetchall()
        except sqlite3.Error as error:
            raise BadRequest(f"Cannot read the Lutris database {database}: {error}") from None
        finally:
            connection.close()

    def games(self) -> list[Game]:
        root = self.require_root()
        links = self._query(
            "SELECT gc.game_id, c.name FROM games_categories gc JOIN categories c ON c.id = gc.category_id ORDER BY c.name"
        )
        categories: dict[int, list[str]] = {}
        for link in links:
            categories.setdefault(link["game_id"], []).append(link["name"])
        found = []
        for row in self._query("SELECT * FROM games"):
            fields = dict(zip(row.keys(), tuple(row), strict=True))
            if not fields.get("name"):
                continue
            slug = str(fields.get("slug") or "")
            found.append(
                Game(
                    id=str(fields["id"]),
                    name=str(fields["name"]),
                    installed=bool(fields.get("installed")),
                    install_dir=str(fields.get("directory") or ""),
                    cover=self._cover(root, slug),
                    icon=self._icon(root, slug),
                    categories=tuple(categories.get(fields["id"], ())),
                    details={key: fields.get(key) for key in _DETAILS},
                )
            )
        return sorted(found, key=lambda g: g.name.lower())

    def categories(self) -> list[dict[str, Any]]:
        rows = self._query(
            "SELECT c.id, c.name, COUNT(gc.game_id) AS games FROM categories c"
            " LEFT JOIN games_categories gc ON gc.category_id = c.id GROUP BY c.id, c.name ORDER BY c.name"
        )
        return [{"id": row["id"], "name": row["name"], "games": row["games"]} for row in rows]

    @staticmethod
    def _cover(root: Path, slug: str) -> str:
        if not slug:
            return ""
        for candidate in (
            root / "coverart" / f"{slug}.jpg",
            root / "coverart" / f"{slug}.png",
            root / "banners" / f"{slug}.jpg",
        ):
            if candidate.is_file():
                return str(candidate)
        return ""

    @staticmethod
    def _icon(root: Path, slug: str) -> str:
        icon = root.parent / "icons" / "hicolor" / "128x128" / "apps" / f"lutris_{slug}.png"
        return str(icon) if slug and icon.is_file() else ""

    @staticmethod
    def _launch_argv(game: Game) -> list[str]:
        return ["lutris", f"lutris:rungameid/{game.id}"]

    def app_command(self, game: Game) -> str:
        return shlex.join(self._launch_argv(game))

    def launch(self, game: Game) -> list[str]:
        if not game.installed:
            raise BadRequest(
                f"{game.name} is not installed in Lutris; install it first (POST /api/libmgr/install)"
            )
        return self._run(self._launch_argv(game))

    def install(self, game: Game) -> list[str]:
        if game.installed:
            raise BadRequest(f"{game.name} is already installed")
        slug = game.details.get("slug")
        if not slug:
            raise BadRequest(
                f"{game.name} has no Lutris slug, so Lutris cannot look up an installer for it"
            )
        return self._run(["lutris", f"lutris:install/{slug}"])

    def uninstall(self, game: Game) -> list[str]:
        if not game.installed:
            raise BadRequest(f"{game.name} is not installed")
        raise BadRequest(
            f"Lutris has no command-line uninstall for games; uninstall {game.name} in Lutris's window "
            "(POST /api/libmgr/launch opens it)"
        )

    def open_client(self) -> list[str]:
        # Lutris is single-instance: starting it again brings the open window forward.
        return self._run(["lutris"])

    def set_cover(self, game: Game, image: bytes, suffix: str) -> str:
        slug = game.details.get("slug")
        if not slug:
            raise BadRequest(f"{game.name} has no Lutris slug to name its cover after")
        folder = self.require_root() / "coverart"
        target = folder / f"{slug}.jpg"  # the name Lutris looks for, whatever the image format
        temporary = folder / f".{slug}.helio-tmp"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(image)
            os.replace(temporary, target)  # never a half-written cover
        except OSError as error:
            raise BadRequest(f"Cannot write the cover {target}: {error.strerror}") from None
        return str(target)
