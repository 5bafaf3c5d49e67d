"""Stoplight Prism (`@stoplight/prism-cli` from package.json), started on a free loopback
port for one document, and asked over HTTP: the reference the mock is compared with."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[4]
PRISM = ROOT / "node_modules" / ".bin" / "prism"
START_TIMEOUT_S = 240.0  # an upper bound only: the start is awaited as an event


@dataclass
class Answer:
    status: int
    headers: dict[str, str]  # lower-case names
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Prism:
    """One `prism mock` process; `error` says why it is not usable (None when it is)."""

    def __init__(self, document: Path) -> None:
        self.port = _free_port()
        self.error: str | None = None
        self.output: list[str] = []
        self._listening = threading.Event()
        self._started = False
        self._process = subprocess.Popen(
            [str(PRISM), "mock", "-h", "127.0.0.1", "-p", str(self.port), str(document)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,  # its own process group: stop() ends whatever it started
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._listening.wait(START_TIMEOUT_S):
            self.error = f"did not start within {START_TIMEOUT_S:.0f} s"
        elif not self._started:
            lines = [line for line in self.output if "Error" in line] or self.output
            self.error = f"exited: {' | '.join(lines[:1])}"

    def _read(self) -> None:
        """Reads Prism's output until the pipe ends, then closes it. Only this thread
        closes it: a close from another thread waits, in native code that no signal
        interrupts, for a read still under way here (a hang pytest-timeout cannot end)."""
        assert self._process.stdout is not None
        try:
            for line in self._process.stdout:
                self.output.append(line.rstrip())
                if "Prism is listening" in line:
                    self._started = True
                    self._listening.set()
        finally:
            self._process.stdout.close()
            self._listening.set()  # it ended: stop waiting (error is set from the exit code)

    def ask(
        self, method: str, path: str, query: str, headers: dict[str, str], body: bytes
    ) -> Answer:
        url = f"http://127.0.0.1:{self.port}{path}" + (f"?{query}" if query else "")
        request = urllib.request.Request(url, data=body or None, method=method, headers=headers)
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        try:
            with opener.open(request, timeout=60) as reply:
                return Answer(reply.status, _lower(reply.headers.items()), reply.read())
        except urllib.error.HTTPError as reply:
            return Answer(reply.code, _lower(reply.headers.items()), reply.read())

    def stop(self) -> None:
        """Ends Prism's whole process group; the reader ends with the pipe."""
        self._signal_group(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(10)
        self._signal_group(signal.SIGKILL)  # whatever is left: Prism, or what it started
        self._process.wait()
        self._reader.join(10)

    def _signal_group(self, signal_number: int) -> None:
        with contextlib.suppress(ProcessLookupError):  # every process of it has ended
            os.killpg(self._process.pid, signal_number)


def _lower(items: Any) -> dict[str, str]:
    return {k.lower(): v for k, v in items}
