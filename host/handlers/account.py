"""The administrator account: first creation on the host PC, later changes."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from host.body import read_json_object, required_str
from host.cookies import REFRESH_COOKIE, SESSION_COOKIE, clear_cookie
from host.core.auth.credentials import validate_new_credentials
from host.core.auth.reach import peer_address
from host.responses import ok
from host.signin import SignInBlocked, check_sign_in
from http_errors import BadRequest, TooManyRequests

from .common import context

__all__ = ["change_password"]


async def change_password(request: Request) -> JSONResponse:
    """First run: create the account (middleware allowed it from loopback only).

    Afterwards: `currentUsername`/`currentPassword` must be right; the new
    credentials replace them and every web session is revoked.
    """
    ctx = context(request)
    body = await read_json_object(request)
    if not ctx.credentials.configured():
        validate_new_credentials(
            body.get("newUsername"), body.get("newPassword"), body.get("confirmNewPassword")
        )
        await run_in_threadpool(ctx.credentials.set, body["newUsername"], body["newPassword"])
        return ok(created=True)
    current_username = required_str(body, "currentUsername")
    current_password = required_str(body, "currentPassword")
    new_username = body.get("newUsername") or current_username
    validate_new_credentials(new_username, body.get("newPassword"), body.get("confirmNewPassword"))
    try:
        right = await check_sign_in(
            ctx, peer_address(request.scope), current_username, current_password
        )
    except SignInBlocked as blocked:
        raise TooManyRequests(str(blocked), headers=blocked.headers) from None
    if not right:
        raise BadRequest(
            "currentUsername or currentPassword is wrong",
            field="currentPassword",
            code="auth.wrong_current",
            params={},
        )
    await run_in_threadpool(ctx.credentials.set, new_username, body["newPassword"])
    ctx.sessions.revoke_all()
    response = ok(created=False, sessions_revoked=True)
    clear_cookie(response, SESSION_COOKIE)
    clear_cookie(response, REFRESH_COOKIE)
    return response
