"""The stream registry's simulator: only with the feature "simulate-streams" (tests, demos)."""

from __future__ import annotations

from host.handlers import debug_streams
from host.routing import Route

from .build import NONEMPTY, NUMBER, STR, answer, array, delete, get, obj, post

__all__ = ["ROUTES"]

_KIND = {"enum": ["normal", "remote_monitor", "input_only"]}
_STATE = {"enum": ["pending", "active", "stopping"]}
_STREAM = obj(("device", "kind", "state"), device=STR, kind=_KIND, state=_STATE, started_at=NUMBER)

ROUTES: tuple[Route, ...] = (
    get(
        "/api/debug/streams",
        debug_streams.list_streams,
        "debug-streams",
        "Simulated streams of the stream registry",
        response_schema=answer(("streams",), streams=array(_STREAM)),
    ),
    post(
        "/api/debug/streams",
        debug_streams.put_stream,
        "debug-streams-put",
        "Create or update a paired device's simulated stream",
        request_schema=obj(("device", "kind", "state"), device=NONEMPTY, kind=_KIND, state=_STATE),
    ),
    delete(
        "/api/debug/streams/{device}",
        debug_streams.delete_stream,
        "debug-streams-delete",
        "End a device's simulated stream",
    ),
)
