"""Metadata (`/api/metadata`, `/api/meta`), session status, the stream list and the
administrator's preview of the hardware-metrics sample."""

from __future__ import annotations

import os
import time
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from host.core.context import HostContext
from host.core.metrics.rules import MetricsUnavailable
from host.responses import ok

from .common import adapters, context

__all__ = ["hardware_metrics_preview", "metadata", "rtsp_sessions", "session_status"]

STARTED_AT = time.time()  # this process: a restart shows as a new value


def _build(ctx: HostContext) -> dict[str, Any]:
    system = ctx.adapters.system
    settings = ctx.settings.current()
    # One display source for the metadata and /api/display-devices (drm_root included).
    outputs = ctx.adapters.platform(settings).displays.devices()
    return {
        "version": ctx.version,
        "hostname": system.hostname(),
        "started_at": STARTED_AT,
        "pid": os.getpid(),
        "codec": ctx.codec_probe.as_json(),
        "capture": settings["capture"],
        "encoder": settings["encoder"],
        "displays": [output.summary() for output in outputs],
        "audio": system.audio_endpoints(),
        "virtual_display": system.virtual_display(),
    }


async def metadata(request: Request) -> JSONResponse:
    ctx = context(request)
    answer = await run_in_threadpool(ctx.metadata_cache.get, lambda: _build(ctx))
    return ok(**answer)


def _app_running(request: Request) -> dict[str, Any] | None:
    running = adapters(request).launcher.current()
    return running.as_json() if running else None


async def session_status(request: Request) -> JSONResponse:
    ctx = context(request)
    app = _app_running(request)
    active = ctx.streams.active_count()
    # An app may outlive its stream (paused) and a stream may have no app (desktop).
    return ok(
        activeSessions=active,
        appRunning=app is not None,
        appName=app["name"] if app else "",
        appUuid=app["uuid"] if app else "",
        paused=app is not None and active == 0,
        running=active > 0,
    )


async def rtsp_sessions(request: Request) -> JSONResponse:
    ctx = context(request)
    names = {c.uuid: c.name for c in ctx.clients.list()}
    sessions = [{**s.as_json(), "name": names.get(s.device, "")} for s in ctx.streams.list()]
    return ok(sessions=sessions)


async def hardware_metrics_preview(request: Request) -> JSONResponse:
    """The host's own sample, exactly the body a paired client would receive.

    Unlike the streaming port's route it needs no stream and works while
    sharing is off, so the administrator sees the numbers before a client does.
    """
    ctx = context(request)
    enabled = bool(ctx.settings.get("hardware_metrics"))
    try:
        sample: dict[str, Any] | None = await ctx.metrics.read()
        error = None
    except MetricsUnavailable as refused:
        sample, error = None, refused.message
    return ok(enabled=enabled, sample=sample, error=error)
