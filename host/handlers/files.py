"""`GET /api/browse`: folders and files of the host PC for the console's file picker."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from host.responses import ok

from .common import adapters

__all__ = ["browse"]


async def browse(request: Request) -> JSONResponse:
    path = request.query_params.get("path", "")
    kind = request.query_params.get("type")
    return ok(**await run_in_threadpool(adapters(request).browse, path, kind))
