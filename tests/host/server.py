"""Start the real host (`python -m host serve`) on HTTPS in a temporary data folder.

Where the host tests run over the pure profile (inside Pyodide: no processes or
sockets), `running_host` gives `app_client.InProcessServer` instead: the same
interface, the host served in-process.
"""

from __future__ import annotations

import os
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from tests.waiting import REPLY_S

ROOT = Path(__file__).resolve().parents[2]


def _free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_base_port() -> int:
    """A base port whose admin (+1), streaming (-5) and plain (0) ports are all free."""
    for _ in range(200):
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            base = sock.getsockname()[1] - 1
        if base > 1030 and all(_free(base + d) for d in (-5, 0, 1)):
            return base
    raise RuntimeError("no free port range")


class HostProcess:
    def __init__(
        self, data_dir: Path, extra_args: tuple[str, ...] = (), env: dict[str, str] | None = None
    ) -> None:
        self.data_dir = data_dir
        self.extra_args = extra_args
        self.env = env or {}  # extra environment, e.g. HELIO_FAKE_SAMPLER for the metrics tests
        self.base_port = free_base_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.port_option = True  # False: start without --port (the `port` setting decides)
        self.started_before = False

    @property
    def stderr_path(self) -> Path:
        return self.data_dir.parent / f"{self.data_dir.name}.stderr.log"

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.base_port + 1}"

    @property
    def origin(self) -> str:
        return self.url

    def start(self) -> None:
        # The free ports were only free when they were picked: another process (a parallel
        # test, another suite) can take one before the host binds it. A first start that
        # loses that race picks new ports; a restart keeps its ports, as a user's would.
        for _ in range(5):
            if self._start_once():
                self.started_before = True
                return
            if not self.port_option:  # the `port` setting chose them: nothing to pick
                break
            self.base_port = free_base_port()
        raise RuntimeError(f"host could not bind its ports: {self._stderr_tail()}")

    def _start_once(self) -> bool:
        """Start the host and wait until it listens (True) or it lost its ports (False)."""
        args = [sys.executable, "-m", "host", "serve", "--data-dir", str(self.data_dir)]
        args += ["--port", str(self.base_port)] if self.port_option else []
        args += ["--bind", "127.0.0.1", *self.extra_args]
        logged = self.stderr_path.stat().st_size if self.stderr_path.exists() else 0
        # A file, not a pipe: a chatty host must never block on a full pipe buffer.
        with open(self.stderr_path, "ab") as stderr:
            self.process = subprocess.Popen(
                args,
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                env={**os.environ, **self.env},
            )
        while True:  # until it listens or exits: a loaded machine starts it late, not never
            if self.process.poll() is not None:
                said = self.stderr_path.read_bytes()[logged:].decode(errors="replace")
                if "Address already in use" in said and not self.started_before:
                    return False
                raise RuntimeError(f"host exited: {self._stderr_tail()}")
            try:
                # Admin (+1), streaming HTTPS (-5) and plain HTTP (0) all listening.
                for delta in (1, -5, 0):
                    with socket.create_connection(
                        ("127.0.0.1", self.base_port + delta), timeout=0.2
                    ):
                        pass
                return True
            except OSError:
                time.sleep(0.05)

    def _stderr_tail(self) -> str:
        return self.stderr_path.read_text()[-2000:]

    def stop(self) -> int:
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(timeout=REPLY_S)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
        return code

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()

    def restart(self) -> None:
        self.stop()
        self.start()

    def ssl_context(self) -> ssl.SSLContext:
        # Trust exactly the certificate the host made on first run.
        return ssl.create_default_context(cafile=str(self.data_dir / "cert.pem"))

    def client(self, **kwargs: Any) -> httpx.Client:
        kwargs.setdefault("timeout", 20)
        return httpx.Client(base_url=self.url, verify=self.ssl_context(), **kwargs)

    def set_credentials(self, username: str, password: str) -> None:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "host",
                "creds",
                username,
                password,
                "--data-dir",
                str(self.data_dir),
            ],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )


def preset_credentials(data_dir: Path, username: str, password: str) -> None:
    """What `python -m host creds` does to a data folder (checked, saved, web sessions
    ended), done here for a host about to start: a Python process less per host, and a
    real host starts in most modules of the suite. `set_credentials` is the command."""
    from host.core.auth.credentials import Credentials, validate_new_credentials
    from host.core.auth.sessions import SessionStore
    from host.native.file_modes import PRIVATE_UMASK
    from host.native.server import open_state

    validate_new_credentials(username, password, password)
    umask = os.umask(PRIVATE_UMASK)  # the command's file modes (restrict_new_files)
    try:
        db = open_state(data_dir)
        try:
            Credentials(db).set(username, password)
            SessionStore(db).revoke_all()
        finally:
            db.close()
    finally:
        os.umask(umask)


@contextmanager
def running_host(
    data_dir: Path,
    *extra_args: str,
    credentials: tuple[str, str] | None = None,
    env: dict[str, str] | None = None,
) -> Iterator[HostProcess]:
    from .app_client import PURE, running_in_process

    if PURE:
        if extra_args or env:
            raise RuntimeError("the in-process host takes no command-line options or environment")
        with running_in_process(data_dir, credentials) as served:
            yield served  # type: ignore[misc]  # HostProcess's interface, in-process
        return
    host = HostProcess(data_dir, extra_args, env)
    if credentials:
        preset_credentials(data_dir, *credentials)
    host.start()
    try:
        yield host
    finally:
        host.stop()
