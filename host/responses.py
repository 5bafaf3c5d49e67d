"""JSON answers of the admin API: `{"status": true, ...}` or the one error shape."""

from __future__ import annotations

from typing import Any

from starlette.responses import JSONResponse

from host.core.errors import ApiError, error_body

__all__ = ["error_response", "ok"]


def ok(status_code: int = 200, **fields: Any) -> JSONResponse:
    return JSONResponse({"status": True, **fields}, status_code=status_code)


def error_response(error: ApiError) -> JSONResponse:
    return JSONResponse(
        error_body(error.message, error.field), status_code=error.status_code, headers=error.headers
    )
