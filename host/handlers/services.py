"""Typed access to the native services and query parameters, for resource handlers."""

from __future__ import annotations

from starlette.requests import Request

from host.core.errors import BadRequest
from host.native.services import NativeServices, attach

from .common import context

__all__ = ["native", "query_int"]


def native(request: Request) -> NativeServices:
    return attach(context(request))


def query_int(request: Request, name: str, default: int | None = None) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise BadRequest(f"{name} must be an integer (got {raw!r})") from None
