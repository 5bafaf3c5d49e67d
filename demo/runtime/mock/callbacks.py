"""The callback requests an operation's `callbacks` ask for after a successful answer.

Each callback maps a runtime expression (`{$request.query.callbackUrl}`,
`{$request.body#/callbacks/0/url}`, or text with such parts:
`https://hooks.example/{$request.path.id}`) to a path item; each of its operations
becomes one request to that URL, with a JSON body generated from its `requestBody`
schema (readOnly properties left out). An expression that cannot be evaluated
(`$url`, a missing query parameter) drops the callback: there is no URL to send to.

Only which requests to send is decided here; the app sends them (app.py), to
another service of the demo or to the demo itself, and logs and skips the rest.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from .openapi import HTTP_METHODS, OpenApiError, follow_ref, resolve
from .request_check import IncomingRequest
from .sampler import sample_schema

__all__ = ["CallbackRequest", "callback_requests"]

_EMBEDDED = re.compile(r"\{(\$[^{}]+)\}")


@dataclass(frozen=True)
class CallbackRequest:
    name: str  # the callback's name in the document
    method: str
    url: str
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""


def callback_requests(
    document: dict[str, Any],
    operation: dict[str, Any],
    request: IncomingRequest,
    status: int,
    response_body: bytes,
) -> list[CallbackRequest]:
    out: list[CallbackRequest] = []
    for name, raw in (operation.get("callbacks") or {}).items():
        callback = resolve(document, raw)
        for expression, raw_item in (callback or {}).items():
            url = evaluate(expression, request, status, response_body)
            item = resolve(document, raw_item)
            if url is None or not isinstance(item, dict):
                continue
            for method in HTTP_METHODS:
                op = item.get(method)
                if isinstance(op, dict):
                    out.append(_request(document, str(name), method.upper(), url, op))
    return out


def _request(
    document: dict[str, Any], name: str, method: str, url: str, op: dict[str, Any]
) -> CallbackRequest:
    body_spec = resolve(document, op.get("requestBody")) or {}
    content = body_spec.get("content") or {}
    media_type = next((m for m in content if "json" in m), None)
    if media_type is None:
        return CallbackRequest(name, method, url)
    schema = (resolve(document, content[media_type]) or {}).get("schema", {})
    value = sample_schema(document, schema, direction="request")
    body = json.dumps(value, ensure_ascii=False).encode()
    return CallbackRequest(name, method, url, {"content-type": media_type}, body)


def evaluate(
    expression: str, request: IncomingRequest, status: int, response_body: bytes
) -> str | None:
    """The URL a callback key names, or None when a part of it has no value."""
    if expression.startswith("$") and "{" not in expression:
        return _value(expression, request, status, response_body)
    missing = False

    def one(match: re.Match[str]) -> str:
        nonlocal missing
        found = _value(match.group(1), request, status, response_body)
        missing = missing or found is None
        return found or ""

    url = _EMBEDDED.sub(one, expression)
    return None if missing else url


def _value(expression: str, request: IncomingRequest, status: int, body: bytes) -> str | None:
    if expression == "$method":
        return request.method
    if expression == "$statusCode":
        return str(status)
    source, _, rest = expression.partition(".")
    if source not in ("$request", "$response"):
        return None  # `$url` needs the page's address, which the runtime does not see
    place, _, name = rest.partition(".")
    if place.startswith("body"):
        raw = request.body if source == "$request" else body
        return _from_body(raw, place[len("body") :])
    if source == "$response":
        return None  # response headers of a mock are generated; not used for URLs
    if place == "query":
        values = request.query.get(name)
        return values[-1] if values else None
    if place == "path":
        return request.path_params.get(name)
    if place == "header":
        return request.headers.get(name.lower())
    return None


def _from_body(raw: bytes, fragment: str) -> str | None:
    try:
        data = json.loads(raw) if raw else None
    except ValueError:
        return None
    pointer = fragment[1:] if fragment.startswith("#") else ""
    try:
        value = follow_ref(data, "#" + pointer) if pointer else data
    except OpenApiError:
        return None
    if value is None or isinstance(value, dict | list):
        return None
    return str(value)
