"""Cover images and library icons: read, and upload (base64 JSON)."""

from __future__ import annotations

import base64
import binascii

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from host.body import read_json_object
from host.core.apps.covers import MAX_COVER_BYTES
from host.responses import ok
from http_errors import BadRequest, NotFound

from .common import adapters, context

__all__ = ["app_cover", "app_icon", "cover", "upload_cover"]


def _image(data: bytes, media_type: str) -> Response:
    # Private to the admin: never cached by a shared proxy.
    return Response(data, media_type=media_type, headers={"Cache-Control": "private, max-age=60"})


# File reads run in a worker thread: a slow disk or network share must not stall the
# event loop that every port (admin and streaming) shares.


async def app_cover(request: Request) -> Response:
    app = context(request).apps.find(request.path_params["id"])
    image = app.get("image-path")
    if not image:
        raise NotFound(f"App {app.name} has no image-path; set one or upload a cover")
    covers = adapters(request).covers
    if "/" in image or "\\" in image:
        return _image(*await run_in_threadpool(covers.read_image_file, image))
    return _image(*await run_in_threadpool(covers.find, image))


async def app_icon(request: Request) -> Response:
    icon = await run_in_threadpool(adapters(request).covers.icon, request.path_params["uuid"])
    return _image(icon, "image/png")


async def cover(request: Request) -> Response:
    return _image(
        *await run_in_threadpool(adapters(request).covers.find, request.path_params["id"])
    )


async def _raw_image(request: Request) -> bytes:
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_COVER_BYTES:
            raise BadRequest(
                f"The image is larger than {MAX_COVER_BYTES // (1024 * 1024)} MiB; resize it"
            )
    return data


async def upload_cover(request: Request) -> Response:
    """JSON `{key, data: base64}` (bodies up to 1 MiB), or the image bytes as the body
    (`Content-Type: image/...`, up to MAX_COVER_BYTES) with `?key=`."""
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type.startswith("image/") or media_type == "application/octet-stream":
        key = request.query_params.get("key", "")
        if not key:
            raise BadRequest(
                "key is required: POST /api/covers/upload?key=NAME with the image as the body"
            )
        data = await _raw_image(request)
        saved, path = await run_in_threadpool(adapters(request).covers.save, key, data)
        return ok(key=saved, path=str(path), size=len(data))
    body = await read_json_object(request)
    key, encoded = body["key"], body["data"]
    if len(encoded) > MAX_COVER_BYTES * 4 // 3 + 4:
        raise BadRequest(
            f"The image is larger than {MAX_COVER_BYTES // (1024 * 1024)} MiB; resize it"
        )
    try:
        data = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise BadRequest("data must be the image bytes in base64") from None
    saved, path = await run_in_threadpool(adapters(request).covers.save, key, data)
    return ok(key=saved, path=str(path), size=len(data))
