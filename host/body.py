"""Reading JSON request bodies with the API's errors."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from host.core.errors import BadRequest, PayloadTooLarge, UnsupportedMedia

__all__ = ["MAX_JSON_BODY", "read_json_object", "required_str"]

MAX_JSON_BODY = 1024 * 1024


async def read_json_object(request: Request, allow_empty: bool = False) -> dict[str, Any]:
    """The body as a JSON object; 415 for another content type, 400 for bad JSON.

    Parsed once per request (`host.validation` reads it before the handler does).
    """
    parsed: dict[str, Any] | None
    if hasattr(request.state, "json_body"):
        parsed = request.state.json_body
    else:
        parsed = await _parse(request)
        request.state.json_body = parsed
    if parsed is None:
        if allow_empty:
            return {}
        raise BadRequest("A JSON object body is required")
    return parsed


async def _parse(request: Request) -> dict[str, Any] | None:
    """The JSON object of the body, or None for an empty body."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_JSON_BODY:
            raise PayloadTooLarge(f"The request body is larger than {MAX_JSON_BODY} bytes")
    if not body.strip():
        return None
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != "application/json":
        raise UnsupportedMedia("Content-Type must be application/json")
    try:
        value = json.loads(body)
    except (ValueError, UnicodeDecodeError) as error:
        raise BadRequest(f"The body is not valid JSON: {error}") from None
    if not isinstance(value, dict):
        raise BadRequest("The body must be a JSON object")
    return value


def required_str(body: dict[str, Any], name: str) -> str:
    value = body.get(name)
    if not isinstance(value, str) or not value:
        raise BadRequest(f"{name} is required and must be a non-empty string")
    return value
