"""Names and attributes of the host's cookies (all `__Host-`: Secure, Path=/, no Domain)."""

from __future__ import annotations

from starlette.responses import Response

__all__ = ["ANON_CSRF_COOKIE", "REFRESH_COOKIE", "SESSION_COOKIE", "clear_cookie", "set_cookie"]

SESSION_COOKIE = "__Host-helio_session"
REFRESH_COOKIE = "__Host-helio_refresh"
ANON_CSRF_COOKIE = "__Host-helio_anon_csrf"


def set_cookie(response: Response, name: str, value: str, max_age: int | None = None) -> None:
    """HttpOnly + SameSite=Strict; `max_age=None` makes a browser-session cookie."""
    response.set_cookie(
        name, value, max_age=max_age, path="/", secure=True, httponly=True, samesite="strict"
    )


def clear_cookie(response: Response, name: str) -> None:
    response.delete_cookie(name, path="/", secure=True, httponly=True, samesite="strict")
