"""Logs (whole, exported, tailed), the support ZIP and crash-dump notices."""

from __future__ import annotations

import time

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from host.responses import ok
from host.validation import checked_query

from .common import adapters

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
    text = await run_in_threadpool(adapters(request).diagnostics.read_log, LOG_LIMIT)
    return Response(text, media_type="text/plain; charset=utf-8")


async def export_logs(request: Request) -> Response:
    text = await run_in_threadpool(adapters(request).diagnostics.read_log, LOG_LIMIT)
    disposition = f'attachment; filename="helio-log-{_stamp()}.txt"'
    return Response(
        text, media_type="text/plain; charset=utf-8", headers={"Content-Disposition": disposition}
    )


async def logs_tail(request: Request) -> JSONResponse:
    query = checked_query(request)
    offset, maximum = query.get("offset", -1), query.get("max")
    chunk = await run_in_threadpool(adapters(request).diagnostics.tail_log, offset, maximum)
    return ok(**chunk)


async def export_crash(request: Request) -> Response:
    data = await run_in_threadpool(adapters(request).diagnostics.support_zip)
    disposition = f'attachment; filename="helio-support-{_stamp()}.zip"'
    return Response(
        data, media_type="application/zip", headers={"Content-Disposition": disposition}
    )


async def export_crash_manifest(request: Request) -> JSONResponse:
    files = await run_in_threadpool(adapters(request).diagnostics.support_manifest)
    return ok(files=files)


async def crashdump(request: Request) -> JSONResponse:
    return ok(**await run_in_threadpool(adapters(request).crash.report))  # reads the dump folder


async def dismiss_crashdump(request: Request) -> JSONResponse:
    return ok(dismissed=await run_in_threadpool(adapters(request).crash.dismiss))
