"""Creating the first administrator account, and later password changes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from ..helpers import assert_error, in_process, login
from ..server import HostProcess, running_host

NEW = {"newUsername": "root", "newPassword": "pw-1234567", "confirmNewPassword": "pw-1234567"}


@pytest.fixture
def empty_host(tmp_path: Path) -> Iterator[HostProcess]:
    with running_host(tmp_path / "data") as process:
        yield process


def test_first_account_is_created_from_the_host_pc(empty_host: HostProcess) -> None:
    with empty_host.client() as client:
        status = client.get("/api/auth/status").json()
        assert status["credentials_configured"] is False and status["setup_allowed"] is True
        assert_error(client.get("/api/config"), 401)
        assert_error(
            client.post("/api/password", json={**NEW, "confirmNewPassword": "other"}),
            400,
            "do not match",
        )
        assert_error(
            client.post("/api/password", json={**NEW, "newUsername": ""}), 400, "newUsername"
        )
        created = client.post("/api/password", json=NEW)
        assert created.status_code == 200 and created.json()["created"] is True
        assert client.get("/api/auth/status").json()["credentials_configured"] is True
        # Once an account exists the route needs authentication like any other.
        assert_error(client.post("/api/password", json=NEW), 401)
    with empty_host.client(auth=("root", "pw-1234567")) as admin:
        assert admin.get("/api/config").status_code == 200


def test_first_account_follows_the_anonymous_csrf_cookie_rule(empty_host: HostProcess) -> None:
    with empty_host.client() as client:
        token = client.get("/api/csrf-token").json()["csrf_token"]
        assert_error(client.post("/api/password", json=NEW), 403, "csrf")
        assert (
            client.post("/api/password", json=NEW, headers={"X-CSRF-Token": token}).status_code
            == 200
        )


def test_first_account_is_refused_from_another_machine(tmp_path: Path) -> None:
    ctx, client = in_process(tmp_path, "192.168.1.20")
    with client:
        assert_error(client.post("/api/password", json=NEW), 403, "host PC")
        assert client.get("/api/auth/status").json()["setup_allowed"] is False
    assert not ctx.credentials.configured()


def test_password_change_needs_current_credentials_and_revokes_sessions(
    fresh_host: HostProcess,
) -> None:
    session, body = login(fresh_host, "admin", "correct horse battery staple", remember=True)
    with (
        closing(session),
        fresh_host.client(auth=("admin", "correct horse battery staple")) as admin,
    ):
        change = {
            "currentUsername": "admin",
            "currentPassword": "wrong",
            "newPassword": "n3w-passw0rd",
            "confirmNewPassword": "n3w-passw0rd",
        }
        assert_error(admin.post("/api/password", json=change), 400, "currentPassword")
        assert session.get("/api/config").status_code == 200
        change["currentPassword"] = "correct horse battery staple"
        assert admin.post("/api/password", json=change).status_code == 200
        assert_error(session.get("/api/config"), 401)
        assert_error(admin.get("/api/config"), 401)
    with fresh_host.client() as client:
        assert_error(
            client.post("/api/auth/refresh", json={"refresh_token": body["refresh_token"]}), 401
        )
    with fresh_host.client(auth=("admin", "n3w-passw0rd")) as admin:
        assert admin.get("/api/config").status_code == 200


def test_creds_command_sets_credentials_and_ends_sessions(fresh_host: HostProcess) -> None:
    session, _ = login(fresh_host, "admin", "correct horse battery staple")
    with closing(session):
        fresh_host.set_credentials("other", "pass-2-longer")
        assert_error(session.get("/api/config"), 401)
    with fresh_host.client(auth=("other", "pass-2-longer")) as admin:
        assert admin.get("/api/config").status_code == 200
