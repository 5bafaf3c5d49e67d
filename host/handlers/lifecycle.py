"""Restart and quit: answer first, then act (a background task after the response)."""

from __future__ import annotations

from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import JSONResponse

from .common import context

__all__ = ["quit_host", "restart_host"]


async def restart_host(request: Request) -> JSONResponse:
    lifecycle = context(request).lifecycle
    return JSONResponse(
        {"status": True, "restarting": lifecycle.installed},
        background=BackgroundTask(lifecycle.restart),
    )


async def quit_host(request: Request) -> JSONResponse:
    lifecycle = context(request).lifecycle
    return JSONResponse(
        {"status": True, "quitting": lifecycle.installed}, background=BackgroundTask(lifecycle.quit)
    )
