"""Applications (the launch list) and their covers and icons."""

from __future__ import annotations

from host.core.apps.store import app_schema
from host.handlers import apps, covers
from host.routing import Route

from .build import ANY_OBJ, INT, NONEMPTY, OBJECTS, STR, answer, array, delete, get, obj, post

__all__ = ["ROUTES"]

_APP_LIST = answer(("apps",), apps=OBJECTS, current_app=STR)
_IMAGE = "image/*"

ROUTES: tuple[Route, ...] = (
    get(
        "/api/apps",
        apps.list_apps,
        "apps-list",
        "Every app with uuid and numeric id, and the running app's uuid",
        response_schema=_APP_LIST,
    ),
    post(
        "/api/apps",
        apps.save_app,
        "apps-save",
        "Create an app, or update the one with this uuid (fields merged)",
        request_schema=app_schema(),
    ),
    delete("/api/apps/{id}", apps.delete_app, "apps-delete", "Delete an app by uuid or numeric id"),
    post(
        "/api/apps/delete",
        apps.delete_app_by_body,
        "apps-delete-body",
        "Delete the app with this uuid",
        request_schema=obj(("uuid",), uuid=NONEMPTY),
    ),
    post(
        "/api/apps/reorder",
        apps.reorder_apps,
        "apps-reorder",
        "New order: the full list of app uuids",
        request_schema=obj(("order",), order=array(STR)),
        response_schema=_APP_LIST,
    ),
    post(
        "/api/apps/launch",
        apps.launch_app,
        "apps-launch",
        "Run prep commands, then start the app's command (one app at a time)",
        request_schema=obj(uuid=STR, id=INT),
    ),
    post(
        "/api/apps/close",
        apps.close_app,
        "apps-close",
        "Stop the running app (terminate, kill after its exit timeout), then undo commands",
        request_schema=ANY_OBJ,
    ),
    post(
        "/api/apps/purge_autosync",
        apps.purge_autosync,
        "apps-purge-autosync",
        "Remove apps imported by a library sync",
        request_schema=ANY_OBJ,
    ),
    get(
        "/api/apps/{id}/cover",
        covers.app_cover,
        "apps-cover",
        "The app's cover image",
        response_type=_IMAGE,
    ),
    get(
        "/api/apps/{uuid}/icon",
        covers.app_icon,
        "apps-icon",
        "PNG icon saved by a library sync; 404 when none",
        response_type="image/png",
    ),
    get(
        "/api/covers/{id}",
        covers.cover,
        "covers-read",
        "A cover image by key",
        response_type=_IMAGE,
    ),
    post(
        "/api/covers/upload",
        covers.upload_cover,
        "covers-upload",
        "Save a PNG/JPEG/WebP/GIF under a sanitised `key`: JSON with base64 `data`, or the image as the body with `?key=`",
        request_schema=obj(("key", "data"), key=NONEMPTY, data=NONEMPTY),
        query_schema=obj(key=STR),
        raw_body_types=("image/", "application/octet-stream"),
    ),
)
