"""Logging to a rotating file in the data folder (and stderr)."""

from __future__ import annotations

import logging
import logging.handlers
import unicodedata
from pathlib import Path

__all__ = [
    "LOG_NAME",
    "EscapingFormatter",
    "PathOnlyAccessLog",
    "escape_controls",
    "setup_logging",
    "strip_query",
]

LOG_NAME = "helio.log"
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


def setup_logging(data_dir: Path, level: int = logging.INFO) -> Path:
    """Route the root, uvicorn and helio loggers to `data_dir/helio.log`; return its path."""
    path = data_dir / LOG_NAME
    formatter = EscapingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    file_handler = logging.handlers.RotatingFileHandler(
        path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
    )
    file_handler.setFormatter(formatter)
    console = logging.StreamHandler()
    console.setFormatter(formatter)
    root = logging.getLogger()
    root.handlers[:] = [file_handler, console]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, PathOnlyAccessLog) for f in access.filters):
        access.addFilter(PathOnlyAccessLog())
    return path
