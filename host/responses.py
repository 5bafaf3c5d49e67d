"""JSON answers of the admin API: `{"status": true, ...}` or the one error shape."""

from __future__ import annotations

from typing import Any

from starlette.responses import JSONResponse

from http_errors import ApiError, error_body

__all__ = ["admin_error_body", "error_response", "ok"]


def ok(status_code: int = 200, **fields: Any) -> JSONResponse:
    return JSONResponse({"status": True, **fields}, status_code=status_code)


def admin_error_body(message: str, field: str | None = None, **fields: Any) -> dict[str, Any]:
    """The admin API's envelope (`"status": false`) around the one error body."""
    return {"status": False, **error_body(message, field, **fields)}


def error_response(error: ApiError) -> JSONResponse:
    body = admin_error_body(error.message, error.field, **error.fields)
    return JSONResponse(body, status_code=error.status_code, headers=error.headers)
