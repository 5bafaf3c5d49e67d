"""Launching and closing the one running application as real processes.

Launch: each prep command's `do` runs first (in order, through the shell;
a failure undoes the ones already done), then the detached commands are
started and forgotten, then `cmd` in a new process group. Close: SIGTERM to
that group, SIGKILL after the app's exit timeout, then each `undo` in
reverse order. One app at a time, like Sunshine.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from host.core.apps.store import App
from http_errors import BadRequest

from .file_modes import child_umask

__all__ = ["AppRunner", "RunningApp"]

log = logging.getLogger("helio.apps")
PREP_TIMEOUT_S = 60
# A command that exits successfully this soon was a launcher (auto-detach).
AUTO_DETACH_S = 5.0

Spawn = Callable[..., "subprocess.Popen[bytes]"]


@dataclass
class RunningApp:
    app: App
    process: subprocess.Popen[bytes] | None
    started: float
    undo: list[str] = field(default_factory=list)
    detached: bool = False  # the command exited as a launcher; the app counts as running

    def as_json(self) -> dict[str, Any]:
        return {
            "uuid": self.app.uuid,
            "id": self.app.id,
            "name": self.app.name,
            "pid": self.process.pid if self.process else None,
        }


def _open_output(path: str) -> Any:
    """The app's output file, appended to; a new one gets the user's umask, not the host's.

    Opened without blocking: an `output` that is a FIFO with no reader made the
    open wait for ever while holding the launch lock; now it fails at once (ENXIO).
    """
    existed = os.path.exists(path)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags, 0o666 & ~child_umask())
    try:
        os.set_blocking(fd, True)  # the app writes to it normally
        if not existed:
            os.chmod(path, 0o666 & ~child_umask())
        return os.fdopen(fd, "ab")
    except BaseException:
        os.close(fd)
        raise


class AppRunner:
    """Two locks: `_busy` serialises launch, close and undo (held through prep
    commands, up to a minute each); `_state` guards `_running` for an instant.
    Readers (`current`, called on the event loop by status and app lists)
    take only `_state`, so they never wait for a prep command.
    """

    def __init__(self, spawn: Spawn = subprocess.Popen) -> None:
        self._spawn = spawn
        self._busy = threading.RLock()
        self._state = threading.Lock()
        self._running: RunningApp | None = None

    def current(self) -> RunningApp | None:
        """The running app; an app whose command ended by itself is closed here.

        Its undo commands run in a thread of their own (they are shell
        commands); a launch waits for them.
        """
        running, ended = self._reap()
        if ended is not None:
            threading.Thread(target=self._undo_later, args=(ended,), daemon=True).start()
        return running

    def _reap(self) -> tuple[RunningApp | None, RunningApp | None]:
        """(the running app, or the app that just ended by itself)."""
        with self._state:
            running = self._running
            if running is None or running.process is None or running.detached:
                return running, None
            code = running.process.poll()
            if code is None:
                return running, None
            quick = time.monotonic() - running.started < AUTO_DETACH_S
            if code == 0 and quick and running.app.get("auto-detach"):
                running.detached = True
                return running, None
            log.info("App %s exited with code %s", running.app.name, code)
            self._running = None
        return None, running

    def _undo_later(self, ended: RunningApp) -> None:
        with self._busy:
            self._run_undo(ended)

    def launch(self, app: App) -> RunningApp:
        with self._busy:
            running, ended = self._reap()
            if ended is not None:
                self._run_undo(ended)
            if running is not None:
                raise BadRequest(
                    f"{running.app.name} is running; close it first (POST /api/apps/close)"
                )
            cwd = app.get("working-dir") or None
            if cwd is not None and not os.path.isdir(cwd):
                raise BadRequest(f"working-dir {cwd} is not a folder; fix the app and try again")
            undo: list[str] = []
            for step in app.get("prep-cmd"):
                if step.get("do"):
                    code = self._shell(step["do"], cwd)
                    if code != 0:
                        self._run_undo(RunningApp(app, None, 0, undo))
                        raise BadRequest(
                            f"Prep command {step['do']!r} failed with exit code {code}; nothing was launched"
                        )
                undo.append(step.get("undo", ""))
            try:
                for command in app.get("detached"):
                    self._start(command, cwd, app.get("output"))
                process = (
                    self._start(app.get("cmd"), cwd, app.get("output")) if app.get("cmd") else None
                )
            except BadRequest:
                self._run_undo(RunningApp(app, None, 0, undo))  # leave the PC as prep found it
                raise
            launched = RunningApp(app, process, time.monotonic(), undo)
            with self._state:
                self._running = launched
            log.info("Launched app %s (pid %s)", app.name, process.pid if process else "-")
            return launched

    def close(self) -> RunningApp:
        with self._busy:
            with self._state:
                running = self._running
                if running is None:
                    raise BadRequest("No app is running")
                self._running = None
            if running.process is not None and running.process.poll() is None:
                self._stop(
                    running.process, running.app.get("exit-timeout"), running.app.get("wait-all")
                )
            self._run_undo(running)
        log.info("Closed app %s", running.app.name)
        return running

    # -- processes -----------------------------------------------------------

    def _start(self, command: str, cwd: str | None, output: str) -> subprocess.Popen[bytes]:
        try:
            sink = _open_output(output) if output else subprocess.DEVNULL
        except (OSError, ValueError) as error:
            raise BadRequest(f"Cannot open the app's output file {output!r}: {error}") from None
        try:
            kwargs: dict[str, Any] = {
                "cwd": cwd,
                "stdin": subprocess.DEVNULL,
                "stdout": sink,
                "stderr": sink,
            }
            if sys.platform == "win32":
                kwargs["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP  # type: ignore[attr-defined]
            else:
                kwargs["start_new_session"] = True  # its own group, so close reaches its children
            return self._spawn(command, shell=True, umask=child_umask(), **kwargs)
        except (OSError, ValueError) as error:  # ValueError: a NUL byte in the command
            raise BadRequest(f"Cannot start {command!r}: {error}") from None
        finally:
            if output and not isinstance(sink, int):
                sink.close()

    def _shell(self, command: str, cwd: str | None) -> int:
        try:
            return subprocess.run(
                command,
                shell=True,
                cwd=cwd,
                timeout=PREP_TIMEOUT_S,
                capture_output=True,
                umask=child_umask(),  # the user's, not the host's private one
            ).returncode
        except subprocess.TimeoutExpired:
            return -1
        except (OSError, ValueError):  # not runnable at all (e.g. a NUL byte): a failed step
            return -2

    @staticmethod
    def _stop(process: subprocess.Popen[bytes], timeout: int, whole_group: bool) -> None:
        def signal_it(signum: int) -> None:
            try:
                if sys.platform != "win32" and whole_group:
                    os.killpg(process.pid, signum)
                elif signum == getattr(signal, "SIGKILL", None):
                    process.kill()
                else:
                    process.terminate()
            except ProcessLookupError:
                pass

        def group_alive() -> bool:
            if sys.platform == "win32" or not whole_group:
                return False
            try:
                os.killpg(process.pid, 0)
            except (ProcessLookupError, PermissionError):
                return False
            return True

        signal_it(signal.SIGTERM)
        # The shell may exit on SIGTERM while the game it started ignores it: wait for the group.
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and (process.poll() is None or group_alive()):
            time.sleep(0.05)
        if process.poll() is None or group_alive():
            log.warning("App pid %s ignored SIGTERM for %s s; killing it", process.pid, timeout)
            signal_it(getattr(signal, "SIGKILL", signal.SIGTERM))
        process.wait()
        # SIGKILL is delivered asynchronously: "closed" must mean the game is gone, so wait
        # (briefly) until the kernel has torn down every process of the group.
        deadline = time.monotonic() + 5
        while group_alive() and time.monotonic() < deadline:
            time.sleep(0.02)

    def _run_undo(self, running: RunningApp) -> None:
        cwd = running.app.get("working-dir") or None
        for command in reversed(running.undo):
            if command and self._shell(command, cwd if cwd and os.path.isdir(cwd) else None) != 0:
                log.warning("Undo command %r of %s failed", command, running.app.name)
