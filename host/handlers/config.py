"""Settings: read, merge-on-write, and the console locale."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from host.body import read_json_object
from host.core.auth.reach import peer_address
from host.core.settings import RUNS_CODE, defaults, unused_keys, validate_settings
from host.responses import ok
from host.signin import SignInBlocked, check_sign_in
from http_errors import BadRequest, Forbidden, TooManyRequests

from .common import context, principal

__all__ = ["CONFIRM_FIELD", "config_locale", "read_config", "write_config"]

CONFIRM_FIELD = "current_password"  # in the body of a write that changes a RUNS_CODE setting


async def read_config(request: Request) -> JSONResponse:
    # Flat, like the console expects: every setting beside `status`.
    return ok(**context(request).settings.current())


async def write_config(request: Request) -> JSONResponse:
    changes = dict(await read_json_object(request))
    if "status" in changes:
        raise BadRequest("Invalid setting status: the name is reserved")
    password = changes.pop(CONFIRM_FIELD, None)  # never stored as a setting
    settings = context(request).settings
    validate_settings(changes)  # first: a bad value is a 400 naming it, whoever sends it
    runs_code = _code_changes(changes, settings.current())
    if runs_code:
        await _confirm_password(request, password, runs_code)
    settings.update(changes)
    # Saved now; running streams (and a changed `port`) adopt it only after a restart.
    # Unknown keys are merged too, but named, so a typo ("prot") is visible.
    return ok(restart_required=True, unused=unused_keys(changes))


def _code_changes(changes: dict[str, Any], current: dict[str, Any]) -> list[str]:
    """The RUNS_CODE settings this write changes to something other than their default
    (a reset to the default, which runs nothing new, needs no confirmation)."""
    default = defaults()
    return sorted(
        key
        for key, value in changes.items()
        if key in RUNS_CODE
        and value is not None
        and value != default[key]
        and value != current[key]
    )


async def _confirm_password(request: Request, password: Any, names: list[str]) -> None:
    """A web session, and the administrator's password typed again: never a token or Basic,
    which a script holds (docs/auth.md, "What a token can never do")."""
    who = principal(request)
    listed = ", ".join(names)
    if who is None or who.method != "session":
        raise Forbidden(
            f"Changing {listed} runs code on this PC: only the console (a signed-in web session) "
            "may change it, with your password; API tokens and Basic credentials cannot"
        )
    if not isinstance(password, str) or not password:
        raise Forbidden(f"Changing {listed} needs your password again: send {CONFIRM_FIELD}")
    ctx = context(request)
    try:
        right = await check_sign_in(ctx, peer_address(request.scope), who.username, password)
    except SignInBlocked as blocked:
        raise TooManyRequests(str(blocked), headers=blocked.headers) from None
    if not right:
        raise Forbidden(f"{CONFIRM_FIELD} is wrong; {listed} was not changed")


async def config_locale(request: Request) -> JSONResponse:
    return ok(locale=context(request).settings.get("locale"))
