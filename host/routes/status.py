"""What the host is and is doing: version, codecs, displays, streams, the running app."""

from __future__ import annotations

from host.handlers import status
from host.routing import Route

from .build import ANY_OBJ, BOOL, INT, NUMBER, OBJECTS, STR, answer, each, get, nullable, obj

__all__ = ["ROUTES"]

_CODEC = obj(
    ("state",), state={"enum": ["checking", "ready", "failed"]}, encoders=OBJECTS, error=STR
)
_METADATA = answer(
    ("version", "codec"),
    version=STR,
    hostname=STR,
    started_at=NUMBER,
    pid=INT,
    codec=_CODEC,
    **each(STR, "capture", "encoder"),
    **each(OBJECTS, "displays", "audio"),
    virtual_display=ANY_OBJ,
)
_SESSION = answer(
    ("activeSessions", "appRunning", "appName", "paused", "running"),
    activeSessions=INT,
    appRunning=BOOL,
    **each(STR, "appName", "appUuid"),
    **each(BOOL, "paused", "running"),
)
_METRICS = answer(
    ("enabled", "sample", "error"),
    enabled=BOOL,
    sample=nullable("object"),
    error=nullable("string"),
)

ROUTES: tuple[Route, ...] = (
    get(
        "/api/metadata",
        status.metadata,
        "metadata",
        "Host version, codec probe state, capture backend, displays, audio, virtual displays (cached up to 5 s)",
        response_schema=_METADATA,
    ),
    get("/api/meta", status.metadata, "meta", "Alias of /api/metadata", response_schema=_METADATA),
    get(
        "/api/session/status",
        status.session_status,
        "session-status",
        "Active streams and the launched app (independent flags)",
        response_schema=_SESSION,
    ),
    get(
        "/api/rtsp/sessions",
        status.rtsp_sessions,
        "rtsp-sessions",
        "Streaming sessions from the stream registry",
        response_schema=answer(("sessions",), sessions=OBJECTS),
    ),
    get(
        "/api/hardware-metrics/preview",
        status.hardware_metrics_preview,
        "hardware-metrics-preview",
        "The host's own hardware-metrics sample as a paired client would receive it (no stream needed)",
        response_schema=_METRICS,
    ),
)
