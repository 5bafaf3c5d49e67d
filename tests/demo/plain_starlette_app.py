"""A plain Starlette app (no HostedApp factory), as a Compose project's service has one:
`GET /hello` answers the path it saw; `POST /hits` counts in memory."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

hits = {"n": 0}


async def hello(request: Request) -> JSONResponse:
    return JSONResponse({"hello": "world", "path": request.url.path})


async def hit(request: Request) -> JSONResponse:
    hits["n"] += 1
    return JSONResponse({"hits": hits["n"]})


app = Starlette(routes=[Route("/hello", hello), Route("/hits", hit, methods=["POST"])])
