"""The host process itself: restart and quit (disruptive: tests call them on a host of their own)."""

from __future__ import annotations

from host.handlers import lifecycle
from host.routing import Route

from .build import ANY_OBJ, post

__all__ = ["ROUTES"]

ROUTES: tuple[Route, ...] = (
    post(
        "/api/restart",
        lifecycle.restart_host,
        "restart",
        "Answer, then re-execute the host with the same arguments",
        request_schema=ANY_OBJ,
        disruptive=True,
    ),
    post(
        "/api/quit",
        lifecycle.quit_host,
        "quit",
        "Answer, then stop the host (exit code 0)",
        request_schema=ANY_OBJ,
        disruptive=True,
    ),
)
