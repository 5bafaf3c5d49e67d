"""Applications: list, create/update by uuid, delete, reorder, launch, close, purge."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from host.body import read_json_object
from host.core.ports import CoverStore
from host.responses import ok
from http_errors import BadRequest

from .common import adapters, context
from .process_work import run_process_work

__all__ = [
    "close_app",
    "delete_app",
    "delete_app_by_body",
    "launch_app",
    "list_apps",
    "purge_autosync",
    "reorder_apps",
    "save_app",
]


def _listing(request: Request) -> dict[str, Any]:
    services = adapters(request)
    running = services.launcher.current()
    return {
        "apps": [
            _with_cover_state(app.as_json(), services.covers)
            for app in context(request).apps.list()
        ],
        "current_app": running.app.uuid if running else "",
    }


def _with_cover_state(app: dict[str, Any], covers: CoverStore) -> dict[str, Any]:
    """`has-cover`: whether GET /api/apps/{id}/cover answers an image, so a console asks
    only for covers that are there (a 404 is an error in the browser's console)."""
    image = app.get("image-path")
    return {**app, "has-cover": bool(image) and covers.has_image(str(image))}


async def list_apps(request: Request) -> JSONResponse:
    return ok(**_listing(request))


async def save_app(request: Request) -> JSONResponse:
    app = context(request).apps.save(await read_json_object(request))
    return ok(app=app.as_json())


async def delete_app(request: Request) -> JSONResponse:
    app = context(request).apps.delete(request.path_params["id"])
    adapters(request).covers.drop_icon(app.uuid)
    return ok(deleted=app.uuid)


async def delete_app_by_body(request: Request) -> JSONResponse:
    body = await read_json_object(request)
    app = context(request).apps.delete(body["uuid"])
    adapters(request).covers.drop_icon(app.uuid)
    return ok(deleted=app.uuid)


async def reorder_apps(request: Request) -> JSONResponse:
    body = await read_json_object(request)
    context(request).apps.reorder(body["order"])
    return ok(**_listing(request))


def _target(body: dict[str, Any]) -> Any:
    key = body.get("uuid", body.get("id"))
    if key is None:
        raise BadRequest("uuid (or numeric id) of the app to launch is required")
    return key


async def launch_app(request: Request) -> JSONResponse:
    body = await read_json_object(request)
    app = context(request).apps.find(_target(body))
    launcher = adapters(request).launcher
    running = await run_process_work(lambda: launcher.launch(app))
    return ok(app=running.as_json())


async def close_app(request: Request) -> JSONResponse:
    # Blocks for up to the app's exit timeout while it is asked, then made, to stop.
    closed = await run_process_work(adapters(request).launcher.close)
    return ok(closed=closed.app.uuid)


async def purge_autosync(request: Request) -> JSONResponse:
    purged = context(request).apps.purge_autosync()
    for app in purged:
        adapters(request).covers.drop_icon(app.uuid)
    return ok(purged=[app.uuid for app in purged])
