"""A real host process for the host benchmarks: data folder, ports, start and stop."""

from __future__ import annotations

import os
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

__all__ = ["ADMIN", "ROOT", "free_base_port", "start_host", "trusting"]

ROOT = Path(__file__).resolve().parents[1]
ADMIN = ("bench", "bench-password-1")


def free_base_port() -> int:
    """A base port whose neighbours the host binds (base-5 devices, base+1 admin) are free."""
    for _ in range(200):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            base = probe.getsockname()[1] - 1
        ok = True
        for delta in (-5, 0, 1):
            with socket.socket() as sock:
                try:
                    sock.bind(("127.0.0.1", base + delta))
                except OSError:
                    ok = False
        if base > 1030 and ok:
            return base
    raise RuntimeError("no free port range")


def start_host(data: Path, base: int, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """`python -m host serve` on loopback; returns once its ports answer."""
    args = [sys.executable, "-m", "host", "serve", "--data-dir", str(data), "--port", str(base)]
    args += ["--bind", "127.0.0.1", "--simulate-streams"]
    log = (data.parent / "host-stderr.txt").open("wb")
    process = subprocess.Popen(
        args,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    log.close()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            for delta in (1, -5, 0):
                with socket.create_connection(("127.0.0.1", base + delta), timeout=0.2):
                    pass
            return process
        except OSError:
            if process.poll() is not None:
                said = (data.parent / "host-stderr.txt").read_text(errors="replace")[-2000:]
                raise RuntimeError(f"the host exited at start:\n{said}") from None
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("the host did not start")


def trusting(cafile: str | Path) -> ssl.SSLContext:
    """A TLS client context trusting the host's self-signed certificate."""
    return ssl.create_default_context(cafile=str(cafile))
