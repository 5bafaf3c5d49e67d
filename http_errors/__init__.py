"""The one HTTP error tree of Helio, and `error_body`, the one JSON error shape.

Both the host (`host`) and the demo runtime (`demo.runtime`) raise these. It is a
package of its own, standard library only, because the host may not import the
demo kit and the demo runtime ships to every demo site without the host: every
site build ships this package (demo/build/runtime_files.py).

    ApiError                   500
    ├── BadRequest             400
    ├── Unauthorized           401  (+ WWW-Authenticate where a scheme applies)
    ├── Forbidden              403
    ├── NotFound               404
    ├── MethodNotAllowed       405  (+ Allow)
    ├── NotAcceptable          406
    ├── PayloadTooLarge        413
    ├── UnsupportedMediaType   415
    ├── UnprocessableContent   422
    ├── TooManyRequests        429
    └── StorageFailed          500  a change that could not be saved (demo databases)

`field` names the request field an error is about (`"scopes[0].methods"`): the
console places the message next to that field from this key, never by reading
the English. Other keyword fields (`statement`, `violations`, ...) join the body.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ApiError",
    "BadRequest",
    "Forbidden",
    "MethodNotAllowed",
    "NotAcceptable",
    "NotFound",
    "PayloadTooLarge",
    "StorageFailed",
    "TooManyRequests",
    "Unauthorized",
    "UnprocessableContent",
    "UnsupportedMediaType",
    "error_body",
]


def error_body(message: str, field: str | None = None, **fields: Any) -> dict[str, Any]:
    """`{"error": message, "field"?: field, **fields}`: what every error answer carries.

    >>> error_body("no such table: x", statement="SELECT * FROM x")
    {'error': 'no such table: x', 'statement': 'SELECT * FROM x'}
    >>> error_body("Expected a list", "scopes[0].methods")
    {'error': 'Expected a list', 'field': 'scopes[0].methods'}
    """
    body: dict[str, Any] = {"error": message}
    if field:
        body["field"] = field
    return {**body, **fields}


class ApiError(Exception):
    status_code = 500

    def __init__(
        self,
        message: str,
        headers: dict[str, str] | None = None,
        *,
        field: str | None = None,
        **fields: Any,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.headers = headers or {}
        self.field = field  # the request field at fault: "newPassword", "scopes[0].methods"
        self.fields = fields  # more of the body: "statement", "violations", ...

    def body(self) -> dict[str, Any]:
        return error_body(self.message, self.field, **self.fields)


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


class NotAcceptable(ApiError):
    status_code = 406


class PayloadTooLarge(ApiError):
    status_code = 413


class UnsupportedMediaType(ApiError):
    status_code = 415


class UnprocessableContent(ApiError):
    status_code = 422


class TooManyRequests(ApiError):
    status_code = 429


class StorageFailed(ApiError):
    """A change was made but could not be saved (the demo's persisted databases)."""

    status_code = 500
