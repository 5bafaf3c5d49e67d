"""HSTS and no-store on what the admin port answers; data files private to the host's user."""

from __future__ import annotations

import base64
import os
import stat
from pathlib import Path

import httpx

from tests.waiting import wait_for

from ..conftest import ADMIN
from ..server import HostProcess

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 32


def test_every_admin_answer_carries_hsts(anon: httpx.Client, admin: httpx.Client) -> None:
    for client, path in ((anon, "/"), (anon, "/api/auth/status"), (admin, "/api/config")):
        assert client.get(path).headers["strict-transport-security"] == "max-age=31536000"


def test_answers_carrying_tokens_are_never_stored(host: HostProcess, admin: httpx.Client) -> None:
    with host.client() as session:
        signed_in = session.post(
            "/api/auth/login", json={"username": ADMIN[0], "password": ADMIN[1]}
        )
        csrf = session.get("/api/csrf-token")
        refreshed = session.post(
            "/api/auth/refresh", headers={"X-CSRF-Token": csrf.json()["csrf_token"]}
        )
    token = admin.post("/api/token", json={"scopes": [{"path": "/api/config", "methods": ["GET"]}]})
    for answer in (signed_in, refreshed, csrf, token, admin.get("/api/config")):
        assert answer.status_code == 200, answer.text
        assert answer.headers["cache-control"] == "no-store", answer.url
    # A route that chooses its own caching (cover images, private) keeps it.
    admin.post("/api/covers/upload", json={"key": "hdr", "data": base64.b64encode(PNG).decode()})
    assert admin.get("/api/covers/hdr").headers["cache-control"] == "private, max-age=60"


def test_data_files_are_private_and_launched_apps_keep_the_users_umask(
    fresh_host: HostProcess, tmp_path: Path
) -> None:
    user_umask = os.umask(0o022)
    os.umask(user_umask)
    output = tmp_path / "game-output.txt"
    with fresh_host.client(auth=ADMIN) as admin:
        admin.post("/api/covers/upload", json={"key": "x", "data": base64.b64encode(PNG).decode()})
        app = admin.post(
            "/api/apps", json={"name": "Echo", "cmd": "echo hi", "output": str(output)}
        )
        admin.post("/api/apps/launch", json={"uuid": app.json()["app"]["uuid"]})
        wait_for(output.exists, "the app to write its output")
    fresh_host.stop()  # the log and the database's journal files are written by now
    modes = {
        str(path.relative_to(fresh_host.data_dir)): stat.S_IMODE(path.stat().st_mode)
        for path in [fresh_host.data_dir, *fresh_host.data_dir.rglob("*")]
    }
    assert {"state.db", "helio.log", "key.pem", "cert.pem"} <= set(modes)
    assert {name: mode for name, mode in modes.items() if mode & 0o077} == {}
    # The app's own file follows the umask the host was started with, not the host's 077.
    assert stat.S_IMODE(output.stat().st_mode) == 0o666 & ~user_umask
    fresh_host.start()
