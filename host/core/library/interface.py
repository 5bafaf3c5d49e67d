"""The one small interface every game-store and game-library adapter implements.

    GameLibrary            storefront routes (Steam on Linux; Steam on Windows later)
    └── LibraryManager     libmgr routes add categories, install/uninstall, covers
                           (Lutris on Linux; Playnite on Windows later)

Routes talk only to these protocols; adapters are chosen per platform in
`host.native.platform` (`host.native.library_folder` finds their folders). Adapters never pretend: a library that is not on
this PC reports `installed: false` with the reason, and an action it cannot
perform raises BadRequest saying why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from http_errors import BadRequest

__all__ = [
    "Game",
    "GameLibrary",
    "LibraryManager",
    "LibraryStatus",
    "Starter",
    "find_game",
]

# Starts a program detached from the host, argv[0] looked up on the tool search path;
# returns its pid or raises BadRequest naming what is missing.
Starter = Callable[[Sequence[str]], int]


@dataclass(frozen=True)
class Game:
    id: str
    name: str
    installed: bool
    install_dir: str = ""
    cover: str = ""  # an image file of the library, "" when it has none
    icon: str = ""  # a PNG icon file of the library, "" when it has none
    categories: tuple[str, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "installed": self.installed,
            "install_dir": self.install_dir,
            "cover": self.cover or None,
            "icon": self.icon or None,
            "categories": list(self.categories),
            **self.details,
        }


@dataclass(frozen=True)
class LibraryStatus:
    installed: bool  # the library's data was found on this PC
    path: str  # the folder that was read, "" when none was found
    reason: str = ""  # why `installed` is false
    client: str = ""  # the client program on the tool search path, "" when absent

    def as_json(self) -> dict[str, Any]:
        return {
            "installed": self.installed,
            "path": self.path or None,
            "reason": self.reason or None,
            "client": self.client or None,
        }


class GameLibrary(Protocol):
    integration: str  # route segment: "storefront" or "libmgr"
    product: str  # what the user knows it as: "Steam", "Lutris"

    def status(self) -> LibraryStatus: ...

    def games(self) -> list[Game]:
        """Every game the library knows; BadRequest when the library is not on this PC."""
        ...

    def app_command(self, game: Game) -> str:
        """The shell command an imported app runs to start `game` through the client."""
        ...

    def launch(self, game: Game) -> list[str]:
        """Start `game` through the client; the command that was started."""
        ...


class LibraryManager(GameLibrary, Protocol):
    def categories(self) -> list[dict[str, Any]]: ...

    def install(self, game: Game) -> list[str]: ...

    def uninstall(self, game: Game) -> list[str]: ...

    def open_client(self) -> list[str]:
        """(Re)start the manager's desktop window; the command that was started."""
        ...

    def set_cover(self, game: Game, image: bytes, suffix: str) -> str:
        """Make `image` the game's cover in the manager; the cover file's path."""
        ...


def find_game(games: Sequence[Game], game_id: Any, label: str) -> Game:
    if (
        isinstance(game_id, bool)
        or not isinstance(game_id, (str, int))
        or str(game_id).strip() == ""
    ):
        raise BadRequest(f"{label} is required (a game id from the games list)")
    wanted = str(game_id).strip()
    for game in games:
        if game.id == wanted:
            return game
    raise BadRequest(f"No game with {label} {wanted} in the library")
