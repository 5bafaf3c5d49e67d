"""Logs (whole, exported, tailed), the support ZIP and crash-dump notices."""

from __future__ import annotations

import time
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from host.core.ports import CrashReports
from host.native import support
from host.native.logread import read_last, tail
from host.responses import ok
from host.validation import checked_query

from .common import adapters, context

__all__ = [
    "crashdump",
    "dismiss_crashdump",
    "export_crash",
    "export_crash_manifest",
    "export_logs",
    "logs",
    "logs_tail",
]

LOG_LIMIT = 8 * 1024 * 1024


def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


async def logs(request: Request) -> Response:
    text = await run_in_threadpool(read_last, context(request).log_path, LOG_LIMIT)
    return Response(text, media_type="text/plain; charset=utf-8")


async def export_logs(request: Request) -> Response:
    text = await run_in_threadpool(read_last, context(request).log_path, LOG_LIMIT)
    disposition = f'attachment; filename="helio-log-{_stamp()}.txt"'
    return Response(
        text, media_type="text/plain; charset=utf-8", headers={"Content-Disposition": disposition}
    )


async def logs_tail(request: Request) -> JSONResponse:
    query = checked_query(request)
    offset, maximum = query.get("offset", -1), query.get("max")
    chunk = await run_in_threadpool(tail, context(request).log_path, offset, maximum)
    return ok(**chunk.as_json())


def _support_args(request: Request) -> tuple[str | None, dict[str, Any], str, CrashReports]:
    ctx = context(request)
    return (ctx.log_path, ctx.settings.current(), ctx.version, adapters(request).crash)


async def export_crash(request: Request) -> Response:
    data = await run_in_threadpool(support.build_zip, *_support_args(request))
    disposition = f'attachment; filename="helio-support-{_stamp()}.zip"'
    return Response(
        data, media_type="application/zip", headers={"Content-Disposition": disposition}
    )


async def export_crash_manifest(request: Request) -> JSONResponse:
    files = await run_in_threadpool(support.manifest, *_support_args(request))
    return ok(files=files)


async def crashdump(request: Request) -> JSONResponse:
    return ok(**await run_in_threadpool(adapters(request).crash.report))  # reads the dump folder


async def dismiss_crashdump(request: Request) -> JSONResponse:
    return ok(dismissed=await run_in_threadpool(adapters(request).crash.dismiss))
