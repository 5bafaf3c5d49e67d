"""The host's log, the support ZIP and crash dumps."""

from __future__ import annotations

from host.handlers import diagnostics
from host.routing import Route

from .build import ANY_OBJ, BOOL, INT, OBJECTS, STR, answer, array, get, obj, post

__all__ = ["ROUTES"]

_TEXT = "text/plain"
_TAIL = answer(("text", "offset", "size", "reset"), text=STR, offset=INT, size=INT, reset=BOOL)
_MANIFEST = answer(("files",), files=array(obj(name=STR, size=INT)))
_CRASH = answer(("notice", "dumps"), notice=BOOL, dumps=OBJECTS)

ROUTES: tuple[Route, ...] = (
    get(
        "/api/logs",
        diagnostics.logs,
        "logs",
        "Up to the last 8 MiB of the current log",
        response_type=_TEXT,
    ),
    get(
        "/api/logs/export",
        diagnostics.export_logs,
        "logs-export",
        "The same text as an attachment",
        response_type=_TEXT,
    ),
    get(
        "/api/logs/tail",
        diagnostics.logs_tail,
        "logs-tail",
        "Whole lines of the log from `offset`, at most `max` bytes",
        # offset -1 (the default) is the end of the log.
        query_schema=obj(offset={"type": "integer", "minimum": -1}, max=INT),
        response_schema=_TAIL,
    ),
    get(
        "/api/logs/export_crash",
        diagnostics.export_crash,
        "logs-export-crash",
        "Support ZIP: logs, settings without secrets, system summary, crash dumps",
        response_type="application/zip",
    ),
    get(
        "/api/logs/export_crash/manifest",
        diagnostics.export_crash_manifest,
        "logs-export-crash-manifest",
        "What the support ZIP would contain",
        response_schema=_MANIFEST,
    ),
    get(
        "/api/health/crashdump",
        diagnostics.crashdump,
        "crashdump",
        "Crash dumps written by earlier host processes",
        response_schema=_CRASH,
    ),
    post(
        "/api/health/crashdump/dismiss",
        diagnostics.dismiss_crashdump,
        "crashdump-dismiss",
        "Clear the crash-dump notice",
        request_schema=ANY_OBJ,
    ),
)
