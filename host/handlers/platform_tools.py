"""Frame limiting, overlay, upscaling and HDR helpers: detection, layer registration,
and the running app's live HDR filter switch."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from host.body import read_json_object
from host.core.ports import PlatformTools
from host.responses import ok
from http_errors import BadRequest

from .common import adapters, context, platform, simulated_mark

__all__ = [
    "frame_limiter_status",
    "hdr_filter_live",
    "overlay_limiter_status",
    "register_vulkan_hdr_layer",
    "upscaler_status",
    "vulkan_hdr_layer",
]

HDR_FILTER_KEY = "hdr_filter.live"


def _toolbox(request: Request) -> PlatformTools:
    return platform(request).tools


async def _report(
    request: Request, read: Callable[[PlatformTools], dict[str, Any]]
) -> JSONResponse:
    """A tool report, saying `simulated` when the PC is made up (the browser demo)."""
    pc = platform(request)
    report = await run_in_threadpool(read, pc.tools)
    return ok(platform=sys.platform, **report, **simulated_mark(pc))


async def frame_limiter_status(request: Request) -> JSONResponse:
    return await _report(request, lambda tools: tools.frame_limiters())


async def overlay_limiter_status(request: Request) -> JSONResponse:
    return await _report(request, lambda tools: tools.overlay_limiter())


async def upscaler_status(request: Request) -> JSONResponse:
    return await _report(request, lambda tools: tools.upscalers())


async def vulkan_hdr_layer(request: Request) -> JSONResponse:
    return await _report(request, lambda tools: tools.hdr_layer())


async def register_vulkan_hdr_layer(request: Request) -> JSONResponse:
    await read_json_object(request, allow_empty=True)
    return ok(**await run_in_threadpool(_toolbox(request).register_hdr_layer))


async def hdr_filter_live(request: Request) -> JSONResponse:
    enabled = (await read_json_object(request))["enabled"]
    running = await run_in_threadpool(adapters(request).launcher.current)
    if running is None:
        raise BadRequest("No app is running; launch one first (POST /api/apps/launch)")
    ctx = context(request)
    # Recorded per app uuid; the streaming engine (out of scope here) is what applies it.
    states = ctx.db.get_json(HDR_FILTER_KEY, {})
    states[running.app.uuid] = enabled
    ctx.db.set_json(HDR_FILTER_KEY, states)
    return ok(uuid=running.app.uuid, name=running.app.name, enabled=enabled)
