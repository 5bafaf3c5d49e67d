"""The host's error tree and its one JSON error body.

    ApiError (status 500)
    ├── BadRequest          400
    ├── Unauthorized        401
    ├── Forbidden           403
    ├── NotFound            404
    ├── MethodNotAllowed    405
    ├── PayloadTooLarge     413
    ├── UnsupportedMedia    415
    └── TooManyRequests     429

Handlers and middleware raise these; `host.error_handlers` (every app the
host serves) turns them, and anything unexpected, into
`{"status": false, "error": message}` with the status code, plus
`"field": "scopes[0].methods"` when the error is about one field of the
request: the console places the message next to that field from this key,
never by reading the English.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ApiError",
    "BadRequest",
    "Forbidden",
    "MethodNotAllowed",
    "NotFound",
    "PayloadTooLarge",
    "TooManyRequests",
    "Unauthorized",
    "UnsupportedMedia",
    "error_body",
]


def error_body(message: str, field: str | None = None) -> dict[str, Any]:
    """The single error shape of the admin API (`field`: the request field it is about)."""
    body: dict[str, Any] = {"status": False, "error": message}
    if field:
        body["field"] = field
    return body


class ApiError(Exception):
    status_code = 500

    def __init__(
        self, message: str, headers: dict[str, str] | None = None, *, field: str | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.headers = headers or {}
        self.field = field  # the request field at fault: "newPassword", "scopes[0].methods"


class BadRequest(ApiError):
    status_code = 400


class Unauthorized(ApiError):
    status_code = 401


class Forbidden(ApiError):
    status_code = 403


class NotFound(ApiError):
    status_code = 404


class MethodNotAllowed(ApiError):
    status_code = 405


class PayloadTooLarge(ApiError):
    status_code = 413


class UnsupportedMedia(ApiError):
    status_code = 415


class TooManyRequests(ApiError):
    status_code = 429
