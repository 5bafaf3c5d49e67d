"""The game store (Steam on Linux) and the game-library manager (Lutris on Linux), behind
`host.core.library.interface`: their games, syncing them into apps, installs and launches."""

from __future__ import annotations

from host.handlers import library
from host.routing import Route

from .build import (
    ANY_OBJ,
    BOOL,
    INT,
    NONEMPTY,
    OBJECTS,
    STR,
    answer,
    array,
    each,
    get,
    nullable,
    obj,
    post,
)

__all__ = ["ROUTES"]

_EMPTY = obj()
_GAME_ID = {"type": ["string", "integer"]}
_LIBMGR_ID = obj(("libmgr_id",), libmgr_id=_GAME_ID)
_COVER = obj(("libmgr_id", "cover_key"), libmgr_id=_GAME_ID, cover_key=NONEMPTY)
_STATUS = answer(
    ("installed", "game_count"),
    **each(STR, "integration", "product"),
    installed=BOOL,
    **each(nullable("string"), "path", "reason", "client"),
    **each(nullable("integer"), "game_count", "installed_count"),
    last_sync=nullable("object"),
)
_GAMES = answer(("games",), product=STR, games=OBJECTS, problems=array(STR))
_SYNC = answer(
    ("imported", "updated", "removed"),
    **each(INT, "imported", "updated", "removed", "icons", "covers"),
    apps=array(STR),
    last_sync=ANY_OBJ,
)

ROUTES: tuple[Route, ...] = (
    get(
        "/api/storefront/status",
        library.storefront_status,
        "storefront-status",
        "Whether the game store is installed, its library path, game count, last sync",
        response_schema=_STATUS,
    ),
    get(
        "/api/storefront/games",
        library.storefront_games,
        "storefront-games",
        "Games of the store's library with install state and covers",
        response_schema=_GAMES,
    ),
    post(
        "/api/storefront/force_sync",
        library.storefront_force_sync,
        "storefront-sync",
        "Import the installed store games as auto-synced apps",
        request_schema=_EMPTY,
        response_schema=_SYNC,
    ),
    post(
        "/api/storefront/launch",
        library.storefront_launch,
        "storefront-launch",
        "Start a game through the store client",
        request_schema=obj(("appid",), appid=_GAME_ID),
    ),
    get(
        "/api/libmgr/status",
        library.libmgr_status,
        "libmgr-status",
        "Whether the library manager is installed, its library path, game count, last sync",
        response_schema=_STATUS,
    ),
    get(
        "/api/libmgr/games",
        library.libmgr_games,
        "libmgr-games",
        "Games of the library manager with categories and install state",
        response_schema=_GAMES,
    ),
    get(
        "/api/libmgr/categories",
        library.libmgr_categories,
        "libmgr-categories",
        "Categories of the library manager with their game counts",
        response_schema=answer(("categories",), product=STR, categories=OBJECTS),
    ),
    post(
        "/api/libmgr/install",
        library.libmgr_install,
        "libmgr-install",
        "Start installing a game through the manager's command line",
        request_schema=_LIBMGR_ID,
    ),
    post(
        "/api/libmgr/uninstall",
        library.libmgr_uninstall,
        "libmgr-uninstall",
        "Uninstall a game through the manager's command line (400 with the reason where it has none)",
        request_schema=_LIBMGR_ID,
    ),
    post(
        "/api/libmgr/force_sync",
        library.libmgr_force_sync,
        "libmgr-sync",
        "Import the installed library games as auto-synced apps, with icons",
        request_schema=_EMPTY,
        response_schema=_SYNC,
    ),
    post(
        "/api/libmgr/cover",
        library.libmgr_cover,
        "libmgr-cover",
        "Use an uploaded cover as a game's cover in the manager, sync, return its path",
        request_schema=_COVER,
    ),
    post(
        "/api/libmgr/launch",
        library.libmgr_launch,
        "libmgr-launch",
        "Start (or bring forward) the library manager's desktop window",
        request_schema=obj(("mode",), mode={"enum": ["desktop"]}),
    ),
)
