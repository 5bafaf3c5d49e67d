"""Requests that keep to an operation of a document: path filled, required parameters,
credentials of its first security requirement, a body generated from its schema.

Used by the differential test against Prism and by bench/mock_http.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

from demo.runtime.mock.openapi import Operation, resolve
from demo.runtime.mock.request_check import operation_parameters
from demo.runtime.mock.sampler import sample_schema

__all__ = ["Request", "base_request"]


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(_text(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value)
    return str(value)


def _parameter_value(document: dict[str, Any], parameter: dict[str, Any]) -> str:
    if "example" in parameter:
        return _text(parameter["example"])
    schema = parameter.get("schema", {})
    return _text(sample_schema(document, schema, direction="request"))


def _credentials(document: dict[str, Any], op: Operation, request: Request) -> None:
    requirements = op.spec.get("security", document.get("security")) or []
    schemes = (document.get("components") or {}).get("securitySchemes") or {}
    for name in (requirements[0] if requirements else {}) or {}:
        scheme = resolve(document, schemes.get(name)) or {}
        if scheme.get("type") == "apiKey":
            place, key = scheme.get("in"), scheme.get("name", "")
            if place == "header":
                request.headers[key] = "key"
            elif place == "query":
                request.query[key] = "key"
            elif place == "cookie":
                request.headers["cookie"] = f"{key}=key"
        elif scheme.get("type") == "http" and str(scheme.get("scheme")).lower() == "basic":
            request.headers["authorization"] = "Basic dXNlcjpwYXNz"
        elif scheme.get("type") in ("http", "oauth2", "openIdConnect"):
            request.headers["authorization"] = "Bearer token"


def _body(document: dict[str, Any], op: Operation, request: Request) -> None:
    spec = resolve(document, op.spec.get("requestBody"))
    content = (spec or {}).get("content") or {}
    for media_type in ("application/json", "application/x-www-form-urlencoded"):
        if media_type in content:
            schema = (resolve(document, content[media_type]) or {}).get("schema", {})
            value = sample_schema(document, schema, direction="request")
            request.headers["content-type"] = media_type
            if media_type == "application/json":
                request.body = json.dumps(value).encode()
            elif isinstance(value, dict):
                fields = {k: _text(v) for k, v in value.items()}
                request.body = urlencode(fields).encode()
            return
    if content:  # another media type (multipart, binary): a body of that type, not read
        request.headers["content-type"] = next(iter(content))
        request.body = b"--x--"


def base_request(document: dict[str, Any], op: Operation) -> Request:
    """A request that keeps to the operation: path filled, required parameters, body."""
    request = Request(op.method, op.path)
    for parameter in operation_parameters(document, op.item, op.spec):
        place, name = parameter.get("in"), parameter["name"]
        if place == "path":
            value = quote(_parameter_value(document, parameter), safe="")
            request.path = request.path.replace("{" + name + "}", value)
        elif parameter.get("required") is True and place == "query":
            request.query[name] = _parameter_value(document, parameter)
        elif parameter.get("required") is True and place == "header":
            request.headers[name] = _parameter_value(document, parameter)
    _credentials(document, op, request)
    _body(document, op, request)
    return request
