"""Settings that make the host run code change only from a web session with the password.

The attack of the second round, over loopback against a real host: a token
granted `PATCH /api/config` and the update routes pointed `update_source` at
an attacker's index. Now a token, Basic credentials and a session without
the password typed again are all refused, and a source stored without that
confirmation (by an older host) is not used for updates.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import httpx

from ..conftest import ADMIN
from ..helpers import assert_error, confirmed_settings, login, make_token
from ..server import HostProcess, running_host

EVIL = {"update_source": "https://evil.example/releases.json"}


def test_a_token_or_basic_cannot_change_a_setting_that_runs_code(
    host: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    token = make_token(
        admin,
        ("/api/config", ["GET", "PATCH", "POST"]),
        ("/api/updates/check", ["POST"]),
        ("/api/updates/install", ["POST"]),
    )
    with host.client(headers={"Authorization": f"Bearer {token}"}) as scoped:
        for changes in (EVIL, {"tool_path": str(tmp_path)}):
            assert_error(scoped.patch("/api/config", json=changes), 403, "console")
            assert_error(scoped.post("/api/config", json=changes), 403, "console")
        # Other settings, and putting a code setting back to its default, stay open to it.
        assert (
            scoped.patch("/api/config", json={"locale": "de", "tool_path": ""}).status_code == 200
        )
        assert scoped.patch("/api/config", json={"locale": None}).status_code == 200
    assert_error(admin.patch("/api/config", json=EVIL), 403, "Basic")
    with_password = {**EVIL, "current_password": ADMIN[1]}
    assert_error(admin.patch("/api/config", json=with_password), 403, "Basic")
    config = admin.get("/api/config").json()
    assert config["update_source"] == "" and "current_password" not in config


def test_a_session_must_type_the_password_again(host: HostProcess, admin: httpx.Client) -> None:
    client, _ = login(host, *ADMIN)
    try:
        csrf = {"X-CSRF-Token": client.get("/api/csrf-token").json()["csrf_token"]}
        assert_error(client.patch("/api/config", json=EVIL, headers=csrf), 403, "password")
        wrong = {**EVIL, "current_password": "not the password"}
        assert_error(client.patch("/api/config", json=wrong, headers=csrf), 403, "wrong")
        assert admin.get("/api/config").json()["update_source"] == ""
        right = {**EVIL, "current_password": ADMIN[1]}
        answer = client.patch("/api/config", json=right, headers=csrf)
        assert answer.status_code == 200 and answer.json()["unused"] == []
        config = admin.get("/api/config").json()
        assert config["update_source"] == EVIL["update_source"]
        assert "current_password" not in config  # never stored as a setting
    finally:
        client.close()
        admin.patch("/api/config", json={"update_source": ""})


def test_a_source_stored_without_confirmation_is_not_used(tmp_path: Path) -> None:
    """A host upgraded from one that let tokens set update_source: that source is not trusted."""
    releases = tmp_path / "releases"
    releases.mkdir()
    (releases / "releases.json").write_text('{"releases": []}')
    with running_host(tmp_path / "data", credentials=ADMIN) as host:
        host.stop()
        db = sqlite3.connect(host.data_dir / "state.db")
        db.execute(
            "INSERT INTO kv (key, value) VALUES ('settings', ?)",
            (f'{{"update_source": "{releases}"}}',),
        )
        db.commit()
        db.close()
        host.start()
        with host.client(auth=ADMIN) as admin:
            assert_error(admin.post("/api/updates/check", json={}), 400, "not confirmed")
            assert_error(admin.post("/api/updates/install", json={}), 400, "not confirmed")
            assert confirmed_settings(host, {"update_source": str(releases)}).status_code == 200
            checked = admin.post("/api/updates/check", json={})
            assert checked.status_code == 200, checked.text
