"""Settings: read, merge-on-write, and the console locale."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse

from host.body import read_json_object
from host.core.errors import BadRequest
from host.core.settings import unused_keys
from host.responses import ok

from .common import context

__all__ = ["config_locale", "read_config", "write_config"]


async def read_config(request: Request) -> JSONResponse:
    # Flat, like the console expects: every setting beside `status`.
    return ok(**context(request).settings.current())


async def write_config(request: Request) -> JSONResponse:
    changes = await read_json_object(request)
    if "status" in changes:
        raise BadRequest("Invalid setting status: the name is reserved")
    context(request).settings.update(changes)
    # Saved now; running streams (and a changed `port`) adopt it only after a restart.
    # Unknown keys are merged too, but named, so a typo ("prot") is visible.
    return ok(restart_required=True, unused=unused_keys(changes))


async def config_locale(request: Request) -> JSONResponse:
    return ok(locale=context(request).settings.get("locale"))
