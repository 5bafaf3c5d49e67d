"""Game-store (`storefront`) and game-library (`libmgr`) routes, on any adapter.

The handlers only know the `GameLibrary` / `LibraryManager` interfaces; the
adapter for this PC comes from the profile (`platform` of `HostAdapters`). Imports go through
the app store (`ctx.apps`), icons and uploaded covers through the native
cover store, so `/api/apps/{uuid}/icon` serves what a sync saved.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from host.body import read_json_object
from host.core.library.interface import GameLibrary, LibraryManager, find_game
from host.core.library.sync import SyncRecords, sync_games
from host.responses import ok
from http_errors import BadRequest, NotFound

from .common import adapters, context, platform, simulated_mark

__all__ = [
    "libmgr_categories",
    "libmgr_cover",
    "libmgr_force_sync",
    "libmgr_games",
    "libmgr_install",
    "libmgr_launch",
    "libmgr_status",
    "libmgr_uninstall",
    "storefront_force_sync",
    "storefront_games",
    "storefront_launch",
    "storefront_status",
]


def _storefront(request: Request) -> GameLibrary:
    return platform(request).storefront


def _libmgr(request: Request) -> LibraryManager:
    return platform(request).libmgr


def _records(request: Request) -> SyncRecords:
    ctx = context(request)
    return SyncRecords(ctx.db, ctx.clock)


async def _status(request: Request, library: GameLibrary) -> JSONResponse:
    state = await run_in_threadpool(library.status)
    counts: dict[str, Any] = {"game_count": 0, "installed_count": 0}
    if state.installed:
        try:
            games = await run_in_threadpool(library.games)
            counts = {"game_count": len(games), "installed_count": sum(g.installed for g in games)}
        except BadRequest as unreadable:
            counts = {"game_count": None, "installed_count": None, "error": unreadable.message}
    return ok(
        integration=library.integration,
        product=library.product,
        **state.as_json(),
        **counts,
        last_sync=_records(request).get(library.integration),
        **simulated_mark(platform(request)),
    )


async def _games(library: GameLibrary) -> JSONResponse:
    games = await run_in_threadpool(library.games)
    return ok(
        product=library.product,
        games=[g.as_json() for g in games],
        problems=getattr(library, "problems", []),
    )


async def _force_sync(request: Request, library: GameLibrary) -> dict[str, Any]:
    games = await run_in_threadpool(library.games)
    services = adapters(request)
    report = await run_in_threadpool(
        sync_games,
        context(request).apps,
        library.integration,
        games,
        library.app_command,
        services.covers,
    )
    summary = _records(request).record(library.integration, report)
    return {**report.as_json(), "last_sync": summary}


async def _game(request: Request, library: GameLibrary, body: dict[str, Any], field: str) -> Any:
    return find_game(await run_in_threadpool(library.games), body.get(field), field)


# -- storefront ----------------------------------------------------------------------------


async def storefront_status(request: Request) -> JSONResponse:
    return await _status(request, _storefront(request))


async def storefront_games(request: Request) -> JSONResponse:
    return await _games(_storefront(request))


async def storefront_force_sync(request: Request) -> JSONResponse:
    await read_json_object(request, allow_empty=True)
    return ok(**await _force_sync(request, _storefront(request)))


async def storefront_launch(request: Request) -> JSONResponse:
    body = await read_json_object(request)
    library = _storefront(request)
    game = await _game(request, library, body, "appid")
    command = await run_in_threadpool(library.launch, game)
    return ok(launched=game.id, name=game.name, command=command)


# -- libmgr -------------------------------------------------------------------------------------


async def libmgr_status(request: Request) -> JSONResponse:
    return await _status(request, _libmgr(request))


async def libmgr_games(request: Request) -> JSONResponse:
    return await _games(_libmgr(request))


async def libmgr_categories(request: Request) -> JSONResponse:
    library = _libmgr(request)
    return ok(product=library.product, categories=await run_in_threadpool(library.categories))


async def _libmgr_action(request: Request, action: str) -> JSONResponse:
    body = await read_json_object(request)
    library = _libmgr(request)
    game = await _game(request, library, body, "libmgr_id")
    command = await run_in_threadpool(getattr(library, action), game)
    # Started, not finished: the manager's own window shows the progress.
    return ok(libmgr_id=game.id, name=game.name, started=True, command=command)


async def libmgr_install(request: Request) -> JSONResponse:
    return await _libmgr_action(request, "install")


async def libmgr_uninstall(request: Request) -> JSONResponse:
    return await _libmgr_action(request, "uninstall")


async def libmgr_force_sync(request: Request) -> JSONResponse:
    await read_json_object(request, allow_empty=True)
    return ok(**await _force_sync(request, _libmgr(request)))


async def libmgr_cover(request: Request) -> JSONResponse:
    body = await read_json_object(request)
    key = body["cover_key"]
    library = _libmgr(request)
    game = await _game(request, library, body, "libmgr_id")
    try:
        image, media_type = await run_in_threadpool(adapters(request).covers.find, key)
    except NotFound:
        raise BadRequest(
            f"No uploaded cover {key!r}; save it first with POST /api/covers/upload"
        ) from None
    suffix = ".png" if media_type == "image/png" else ".jpg"
    path = await run_in_threadpool(library.set_cover, game, image, suffix)
    synced = await _force_sync(request, library)
    return ok(libmgr_id=game.id, path=path, sync=synced)


async def libmgr_launch(request: Request) -> JSONResponse:
    mode = (await read_json_object(request))["mode"]  # "desktop", the manager's window
    library = _libmgr(request)
    status = await run_in_threadpool(library.status)
    command = await run_in_threadpool(library.open_client)
    return ok(mode=mode, started=True, command=command, library_found=status.installed)
