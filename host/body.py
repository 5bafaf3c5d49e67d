"""Reading JSON request bodies with the API's errors.

Every JSON body of the API is read here, so the rules hold on every route,
the public ones included: at most MAX_JSON_BODY bytes, nested at most
MAX_JSON_DEPTH deep (deeper input made the parser recurse into a 500), and
numbers finite (`NaN`, `Infinity` and overflowing literals such as `1e999`
are not JSON and could never be answered back), and strings Unicode text (a
lone surrogate such as `"\\ud800"` cannot be encoded, so a stored one made
every later read a 500; `host.core.text`).
"""

from __future__ import annotations

import json
import math
from typing import Any

from starlette.requests import Request

from host.core.text import without_unencodable
from http_errors import BadRequest, PayloadTooLarge, UnsupportedMediaType

__all__ = ["MAX_JSON_BODY", "MAX_JSON_DEPTH", "parse_json", "read_json_object", "required_str"]

MAX_JSON_BODY = 1024 * 1024
MAX_JSON_DEPTH = 32  # the deepest real body (apps' prep-cmd lists) is 3 levels


def _refuse_constant(name: str) -> Any:
    raise BadRequest(f"The body is not valid JSON: {name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadRequest(f"The body is not valid JSON: {text} is too large for a number")
    return value


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether containers nest more than `limit` deep (iterative: no recursion to exhaust)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = (
            item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        )
        for child in children:
            if isinstance(child, (dict, list)):
                if depth + 1 > limit:
                    return True
                stack.append((child, depth + 1))
    return False


def parse_json(body: bytes | str) -> Any:
    """JSON text as a value under the API's rules; BadRequest (400) for anything else."""
    try:
        value = json.loads(body, parse_constant=_refuse_constant, parse_float=_finite_float)
    except RecursionError:
        raise BadRequest(f"The body nests deeper than {MAX_JSON_DEPTH} levels") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise BadRequest(f"The body is not valid JSON: {error}") from None
    if isinstance(value, (dict, list)) and _deeper_than(value, MAX_JSON_DEPTH):
        raise BadRequest(f"The body nests deeper than {MAX_JSON_DEPTH} levels")
    if without_unencodable(value)[1]:
        raise BadRequest(
            "The body is not valid JSON: a string holds a lone surrogate, which is not Unicode text"
        )
    return value


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
        raise UnsupportedMediaType("Content-Type must be application/json")
    value = parse_json(body)
    if not isinstance(value, dict):
        raise BadRequest("The body must be a JSON object")
    return value


def required_str(body: dict[str, Any], name: str) -> str:
    value = body.get(name)
    if not isinstance(value, str) or not value:
        raise BadRequest(f"{name} is required and must be a non-empty string", field=name)
    return value
