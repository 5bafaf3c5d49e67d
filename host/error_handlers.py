"""The exception handlers of every app the host serves (admin API and streaming ports).

Each turns an exception into the one error shape of `http_errors`
(`{"status": false, "error": message}`):
- `ApiError` (raised by handlers and middleware): its status, message, headers;
- Starlette's `HTTPException` (its router's 404/405): its status and detail,
  or the app's own wording for a 404;
- anything else: a 500 whose cause goes to the log only, never to a client.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from host.responses import admin_error_body, error_response
from http_errors import ApiError

__all__ = ["exception_handlers"]

Handler = Callable[[Request, Exception], Awaitable[Response]]


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc)


async def _server_error(request: Request, exc: Exception) -> Response:
    logging.getLogger("helio.http").exception(
        "Unhandled error on %s %s", request.method, request.url.path
    )
    return JSONResponse(
        admin_error_body("Internal server error; see the host log"), status_code=500
    )


def exception_handlers(
    not_found: Callable[[Request], str] | None = None,
) -> dict[type[Exception], Handler]:
    """Handlers keyed by exception class; `not_found` words a router 404 for this app."""

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        message = str(exc.detail)
        if exc.status_code == 404 and not_found is not None:
            message = not_found(request)
        return JSONResponse(
            admin_error_body(message), status_code=exc.status_code, headers=exc.headers
        )

    return {ApiError: _api_error, HTTPException: http_error, Exception: _server_error}
