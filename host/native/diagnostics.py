"""The diagnostics port natively: the log file on disk and the support ZIP built from it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from host.core.ports import CrashReports

from . import support
from .logread import read_last, tail

if TYPE_CHECKING:
    from host.core.context import HostContext

__all__ = ["LogDiagnostics"]


class LogDiagnostics:
    """Reads `host.log_path` (None: no log) and the host's current settings when asked."""

    def __init__(self, host: HostContext, crash: CrashReports) -> None:
        self._host = host
        self._crash = crash

    def read_log(self, limit: int) -> bytes:
        return read_last(self._host.log_path, limit)

    def tail_log(self, offset: int, maximum: int | None) -> dict[str, Any]:
        return tail(self._host.log_path, offset, maximum).as_json()

    def _support_args(self) -> tuple[str | None, dict[str, Any], str, CrashReports]:
        host = self._host
        return (host.log_path, host.settings.current(), host.version, self._crash)

    def support_manifest(self) -> list[dict[str, Any]]:
        return support.manifest(*self._support_args())

    def support_zip(self) -> bytes:
        return support.build_zip(*self._support_args())
