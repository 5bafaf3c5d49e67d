"""Host updates: state, check, install (queued or now) and cancel."""

from __future__ import annotations

from host.handlers import updates
from host.routing import Endpoint, Route

from .build import ANY_OBJ, BOOL, INT, STR, answer, get, nullable, post

__all__ = ["ROUTES"]

_PHASES = [
    "idle",
    "checking",
    "up_to_date",
    "available",
    "queued",
    "downloading",
    "installing",
    "restarting",
    "failed",
]
_UPDATE_STATE = answer(
    ("state", "progress", "now"),
    state={"enum": _PHASES},
    progress=INT,
    now=BOOL,
    result=nullable("object"),
    installed_version=STR,
    available=nullable("object"),
)


def _action(path: str, endpoint: Endpoint, name: str, summary: str) -> Route:
    """A POST with no body to speak of that answers the new update state."""
    return post(
        path, endpoint, name, summary, request_schema=ANY_OBJ, response_schema=_UPDATE_STATE
    )


ROUTES: tuple[Route, ...] = (
    get(
        "/api/updates",
        updates.update_state,
        "updates",
        "Update state, progress, result and `now`",
        response_schema=_UPDATE_STATE,
    ),
    _action(
        "/api/updates/check",
        updates.check_updates,
        "updates-check",
        "Read the release index of `update_source`",
    ),
    _action(
        "/api/updates/install",
        updates.install_update,
        "updates-install",
        "Install the available update once no stream is active",
    ),
    # Restarts the host only when an update is ready; with none it is a 400 (safe on shared hosts).
    _action(
        "/api/updates/install_now",
        updates.install_update_now,
        "updates-install-now",
        "End running streams and install the available update now",
    ),
    _action(
        "/api/updates/cancel",
        updates.cancel_update,
        "updates-cancel",
        "Cancel a queued or downloading update",
    ),
)
