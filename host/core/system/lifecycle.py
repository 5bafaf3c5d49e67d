"""Restart and quit of the host process, as hooks the server installs.

The domain only asks; the native server (`host.native.server`) decides how:
it stops uvicorn after the answer went out, then re-executes the process
(restart) or returns normally (quit, exit code 0). Without a server (the
app in-process, in tests or in Pyodide) a request is only recorded.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["Lifecycle"]


class Lifecycle:
    def __init__(self) -> None:
        self._stop: Callable[[str], None] | None = None
        self.requested: str | None = None  # "restart" | "quit" once asked

    def install(self, stop: Callable[[str], None]) -> None:
        """`stop(action)` ends the server; the caller acts on `action` after shutdown."""
        self._stop = stop

    @property
    def installed(self) -> bool:
        return self._stop is not None

    def restart(self) -> None:
        self._request("restart")

    def quit(self) -> None:
        self._request("quit")

    def _request(self, action: str) -> None:
        # The first request wins: a quit racing a restart must not turn into both.
        if self.requested is None:
            self.requested = action
            if self._stop is not None:
                self._stop(action)
