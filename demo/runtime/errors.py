"""The demo runtime's HTTP errors and `error_body`, the one JSON error shape of `/__demo`.

`error_body` is used by the app for every `DemoError`, by the browser bridge for a
failed ASGI call (demo/browser/bridge.py) and, for failures before Python runs, by the
worker's `errorResponse` (serviceworker/contract.js), which a test holds to this shape.

DemoError (status on the class)
├── BadRequest            400  {"error"} or {"error", "statement"} for SQL
├── Unauthorized          401  {"error"} + WWW-Authenticate (mock: credentials missing)
├── NotFound              404  {"error", ...names of what was not found}
├── MethodNotAllowed      405  {"error"} + Allow header
├── NotAcceptable         406  {"error"} (mock: no media type the Accept header takes)
├── PayloadTooLarge       413
├── UnsupportedMediaType  415
├── UnprocessableContent  422  {"error", "violations"} (mock: the request breaks the document)
└── StorageFailed         500  the database changed but could not be persisted
"""

from __future__ import annotations

import json
from typing import Any

__all__ = [
    "BadRequest",
    "DemoError",
    "MethodNotAllowed",
    "NotAcceptable",
    "NotFound",
    "PayloadTooLarge",
    "StorageFailed",
    "Unauthorized",
    "UnprocessableContent",
    "UnsupportedMediaType",
    "error_body",
]


class DemoError(Exception):
    status = 500

    def __init__(self, message: str, headers: dict[str, str] | None = None, **fields: Any) -> None:
        super().__init__(message)
        self.message = message
        self.headers = headers or {}
        self.fields = fields


class BadRequest(DemoError):
    status = 400


class Unauthorized(DemoError):
    status = 401


class NotFound(DemoError):
    status = 404


class MethodNotAllowed(DemoError):
    status = 405


class NotAcceptable(DemoError):
    status = 406


class PayloadTooLarge(DemoError):
    status = 413


class UnsupportedMediaType(DemoError):
    status = 415


class UnprocessableContent(DemoError):
    status = 422


class StorageFailed(DemoError):
    status = 500


def error_body(message: str, **fields: Any) -> bytes:
    """`{"error": message, **fields}` as JSON bytes: the only error shape of `/__demo`.

    >>> error_body("no such table: x", statement="SELECT * FROM x")
    b'{"error": "no such table: x", "statement": "SELECT * FROM x"}'
    """
    return json.dumps({"error": message, **fields}, ensure_ascii=False).encode()
