"""The support ZIP of `/api/logs/export_crash`: what a bug report needs, no secrets.

Contents: the current log and its rotated backups (each capped, request
query strings removed: logs written before the access log kept paths only
may hold `/pair` salts and `otpauth` values, enough to guess a PIN offline),
the settings with secret-looking values removed, a system summary, and the
crash dumps. `manifest` lists exactly what `build` writes.
"""

from __future__ import annotations

import io
import json
import os
import platform
import re
import sys
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from host.core.ports import CrashReports

from .logread import read_last
from .logs import ACCESS_LOG_NAME

__all__ = ["LOG_CAP", "build_zip", "manifest", "redact_log", "redact_settings"]

LOG_CAP = 8 * 1024 * 1024
REMOVED = "[removed]"
_SECRET_NAME = re.compile(r"pass|secret|token|key|credential|auth|cookie", re.IGNORECASE)
# A request target in a log line: a path that starts with "/", then "?query".
_QUERY = re.compile(rb"(\s/[^\s?\"]*)\?[^\s\"]*")


def redact_log(data: bytes) -> bytes:
    """Log text with every request's query string removed (the path is kept)."""
    return _QUERY.sub(rb"\1", data)


def _redact_value(value: Any) -> Any:
    if isinstance(value, str) and "://" in value:
        parts = urlsplit(value)
        # user:password@ and query strings are where URLs carry credentials.
        if parts.username or parts.password or parts.query:
            host = parts.hostname or ""
            netloc = f"{host}:{parts.port}" if parts.port else host
            return urlunsplit((parts.scheme, netloc, parts.path, "", ""))
    if isinstance(value, list):
        return [_redact_value(v) for v in value]
    if isinstance(value, dict):
        return redact_settings(value)
    return value


def redact_settings(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: REMOVED if _SECRET_NAME.search(k) else _redact_value(v) for k, v in settings.items()}


def _logs(log_path: str | None) -> list[Path]:
    if not log_path:
        return []
    base = Path(log_path)
    access = base.parent / ACCESS_LOG_NAME  # its own file, when the setting turned it on
    found = [base, *sorted(base.parent.glob(base.name + ".*"))]
    found += [access, *sorted(base.parent.glob(access.name + ".*"))]
    return [p for p in found if p.is_file()]


def _system(version: str) -> str:
    lines = [
        f"helio {version}",
        f"python {sys.version.split()[0]} ({platform.python_implementation()})",
        f"platform {platform.platform()}",
        f"machine {platform.machine()}",
        f"cpus {os.cpu_count()}",
    ]
    try:
        import psutil

        lines.append(f"memory_total_mb {psutil.virtual_memory().total // (1024 * 1024)}")
    except ImportError:
        pass
    return "\n".join(lines) + "\n"


def _entries(
    log_path: str | None, settings: dict[str, Any], version: str, crash: CrashReports
) -> list[tuple[str, bytes]]:
    entries = [(f"logs/{p.name}", redact_log(read_last(str(p), LOG_CAP))) for p in _logs(log_path)]
    entries.append(
        ("settings.json", json.dumps(redact_settings(settings), indent=2, sort_keys=True).encode())
    )
    entries.append(("system.txt", _system(version).encode()))
    entries += [(f"crashdumps/{p.name}", p.read_bytes()) for p in crash.dumps()]
    return entries


def manifest(
    log_path: str | None, settings: dict[str, Any], version: str, crash: CrashReports
) -> list[dict[str, Any]]:
    return [
        {"name": name, "size": len(data)}
        for name, data in _entries(log_path, settings, version, crash)
    ]


def build_zip(
    log_path: str | None, settings: dict[str, Any], version: str, crash: CrashReports
) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in _entries(log_path, settings, version, crash):
            archive.writestr(name, data)
    return buffer.getvalue()
