"""`POST /__demo/db/<service>/query`: request checks and the response document.

Request: `{"sql": "<text>"}` with `Content-Type: application/json`, at most
`MAX_QUERY_BYTES` (1 MiB). After the route table's checks (unknown service 404, a
method other than POST 405), checked in this order: content type (415), size (413),
JSON (400), `sql` present and a non-empty string (400).
Response: `{"service", "adapter", "result"}` where `result` is the engine's
shape (sql.js `exec` for sqlite, PGlite `exec` for postgres).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from http_errors import BadRequest, PayloadTooLarge, UnsupportedMediaType

from .sql.results import SqlResult

__all__ = ["MAX_QUERY_BYTES", "check_query_request", "query_document"]

# 1 MiB: far above any hand-written query, small enough for one service-worker message.
MAX_QUERY_BYTES = 1024 * 1024


def check_query_request(content_type: str | None, body: bytes) -> str:
    """Return the request's SQL text, or raise the ApiError that explains what is wrong."""
    media = (content_type or "").split(";", 1)[0].strip().lower()
    if media != "application/json":
        raise UnsupportedMediaType(
            f"content type must be application/json, got {content_type or 'none'}"
        )
    if len(body) > MAX_QUERY_BYTES:
        raise PayloadTooLarge(f"request body is {len(body)} bytes; the limit is {MAX_QUERY_BYTES}")
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadRequest(f"request body is not valid JSON: {exc}") from exc
    if not isinstance(data, dict) or "sql" not in data:
        raise BadRequest('request body must be a JSON object with a "sql" string')
    sql = data["sql"]
    if not isinstance(sql, str):
        raise BadRequest(f'"sql" must be a string, got {type(sql).__name__}')
    if not sql.strip():
        raise BadRequest('"sql" is empty')
    return sql


def query_document(service: str, adapter: str, result: Sequence[SqlResult]) -> dict[str, Any]:
    return {"service": service, "adapter": adapter, "result": result}
