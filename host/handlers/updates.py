"""Updates: state, check, install (queued while streaming), install now, cancel."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from host.responses import ok

from .common import adapters, context

__all__ = ["cancel_update", "check_updates", "install_update", "install_update_now", "update_state"]


async def update_state(request: Request) -> JSONResponse:
    return ok(**context(request).updates.as_json())


async def check_updates(request: Request) -> JSONResponse:
    return ok(**await run_in_threadpool(adapters(request).updater.check))


async def install_update(request: Request) -> JSONResponse:
    return ok(**adapters(request).updater.install(now=False))


async def install_update_now(request: Request) -> JSONResponse:
    # Without an update ready this is a 400 and nothing stops or restarts.
    return ok(**adapters(request).updater.install(now=True))


async def cancel_update(request: Request) -> JSONResponse:
    return ok(**adapters(request).updater.cancel())
