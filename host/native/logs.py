"""Logging to rotating files in the data folder (and stderr).

`helio.log` holds what the host did. The access log (one line per request
answered) would bury that, so it goes to `access.log` instead, and only while
the `access_log` setting is on (`follow_access_setting`); the console's own
log polling is never recorded.
"""

from __future__ import annotations

import logging
import logging.handlers
import unicodedata
from pathlib import Path
from typing import Any

__all__ = [
    "ACCESS_LOG_NAME",
    "LOG_FORMAT",
    "LOG_NAME",
    "AccessLogSwitch",
    "EscapingFormatter",
    "PathOnlyAccessLog",
    "escape_controls",
    "follow_access_setting",
    "setup_logging",
    "strip_query",
]

LOG_NAME = "helio.log"
ACCESS_LOG_NAME = "access.log"
# Requests never worth a line: the log page's polling would otherwise log itself.
QUIET_PATHS = frozenset({"/api/logs/tail"})
MAX_BYTES = 10 * 1024 * 1024
BACKUPS = 5


def strip_query(target: str) -> str:
    """A request target without its query string: `/pair?salt=…&otpauth=…` -> `/pair`."""
    return target.split("?", 1)[0]


# Control characters (CR, LF, ESC, C1), format characters (bidi overrides) and line/paragraph
# separators: each could start a forged line or hide text in the log and the support ZIP.
_ESCAPED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def escape_controls(text: str) -> str:
    """`text` with every control, format or separator character as a visible escape (`\\n`)."""
    if all(c.isprintable() or c == " " for c in text):
        return text  # the common case, without a per-character lookup
    return "".join(
        c.encode("unicode_escape", "backslashreplace").decode("ascii")
        if unicodedata.category(c) in _ESCAPED_CATEGORIES
        else c
        for c in text
    )


class EscapingFormatter(logging.Formatter):
    """Every message is one log line, whatever user-controlled text it holds (a device name
    with CR/LF from `/pair` wrote a forged line). A traceback, appended after the message,
    keeps its own lines."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        record.message = escape_controls(record.message)
        return super().formatMessage(record)


class PathOnlyAccessLog(logging.Filter):
    """Access-log lines name the path only. Query strings carry what must not be kept:
    `/pair` sends the salt, client certificate and `otpauth` (material for guessing
    a PIN offline), other routes may carry tokens."""

    def filter(self, record: logging.LogRecord) -> bool:
        # uvicorn's access record args: (client, method, full_path, http_version, status).
        if isinstance(record.args, tuple) and len(record.args) == 5:
            client, method, target, version, status = record.args
            record.args = (client, method, strip_query(str(target)), version, status)
        return True


class AccessLogSwitch(logging.Filter):
    """Passes access records while the `access_log` setting is on, never the quiet paths."""

    def __init__(self) -> None:
        super().__init__()
        self.enabled = False

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.enabled:
            return False
        if isinstance(record.args, tuple) and len(record.args) == 5:
            return strip_query(str(record.args[2])) not in QUIET_PATHS
        return True


ACCESS_SWITCH = AccessLogSwitch()


def follow_access_setting(settings: Any) -> None:
    """Turn the access log on and off with the `access_log` setting (a `Settings`)."""
    ACCESS_SWITCH.enabled = bool(settings.current().get("access_log"))
    settings.on_change(
        lambda current: setattr(ACCESS_SWITCH, "enabled", bool(current.get("access_log")))
    )


def _rotating(path: Path, formatter: logging.Formatter) -> logging.Handler:
    handler = logging.handlers.RotatingFileHandler(
        path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
    )
    handler.setFormatter(formatter)
    return handler


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"  # what the log page parses


def setup_logging(data_dir: Path, level: int = logging.INFO) -> Path:
    """Route the root, uvicorn and helio loggers to `data_dir/helio.log` and the access
    log to `data_dir/access.log` (while switched on); return helio.log's path."""
    path = data_dir / LOG_NAME
    formatter = EscapingFormatter(LOG_FORMAT)
    file_handler = _rotating(path, formatter)
    console = logging.StreamHandler()
    console.setFormatter(formatter)
    root = logging.getLogger()
    root.handlers[:] = [file_handler, console]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
    access = logging.getLogger("uvicorn.access")
    access.handlers[:] = [_rotating(data_dir / ACCESS_LOG_NAME, formatter)]
    access.propagate = False  # not in helio.log
    for wanted in (ACCESS_SWITCH, PathOnlyAccessLog()):
        if not any(type(f) is type(wanted) for f in access.filters):
            access.addFilter(wanted)
    return path
