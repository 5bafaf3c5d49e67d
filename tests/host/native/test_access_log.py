"""helio.log holds what the host did: the access log is its own file, off by default, and
never records the log page's polling; a sign-in lockout is logged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests import waiting

from ..conftest import ADMIN
from ..server import HostProcess, running_host


@pytest.fixture(scope="module")
def lhost(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostProcess]:
    with running_host(tmp_path_factory.mktemp("logs") / "data", credentials=ADMIN) as process:
        yield process


def read(path: Path) -> str:
    return path.read_text() if path.exists() else ""


def wait_for(path: Path, text: str) -> str:
    """Access lines are written as requests end: wait for one, not for a time."""
    return waiting.wait_for(
        lambda: content if text in (content := read(path)) else None, f"{text!r} in {path.name}"
    )


def test_the_access_log_is_off_by_default_and_its_own_file_when_on(lhost: HostProcess) -> None:
    helio, access = lhost.data_dir / "helio.log", lhost.data_dir / "access.log"
    with lhost.client(auth=ADMIN) as admin:
        admin.get("/api/apps")
        admin.get("/api/logs/tail")
        assert admin.patch("/api/config", json={"access_log": True}).status_code == 200
        admin.get("/api/logs/tail", params={"offset": 0})
        admin.get("/api/clients/list")
        logged = wait_for(access, '"GET /api/clients/list HTTP/1.1" 200')
        assert "/api/logs/tail" not in logged  # the log page's polling, never
        assert "/api/apps" not in logged  # asked while the setting was off
        admin.patch("/api/config", json={"access_log": False})
        admin.get("/api/display-devices")
    assert "uvicorn.access" not in read(helio)
    assert '"GET /' not in read(helio)
    wait_for(access, '"PATCH /api/config HTTP/1.1" 200')
    assert "/api/display-devices" not in read(access)


def test_a_sign_in_lockout_is_logged(lhost: HostProcess) -> None:
    with lhost.client(auth=ADMIN) as admin:
        admin.patch("/api/config", json={"login_max_failures": 2})
    # Runs last in this module: 127.0.0.1 stays locked out for the window.
    with httpx.Client(base_url=lhost.url, verify=False) as client:
        for _ in range(2):
            wrong = {"username": ADMIN[0], "password": "wrong-password"}
            assert client.post("/api/auth/login", json=wrong).status_code == 401
    log = read(lhost.data_dir / "helio.log")
    assert "Sign-in locked out for 127.0.0.1: 2 failed attempts within 60 s" in log
    assert "wrong-password" not in log
