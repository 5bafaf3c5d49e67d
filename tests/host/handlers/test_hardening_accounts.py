"""Account policy: usernames that hide characters and short passwords are refused.

Performed as an attacker at the host PC would set up the first account (or
a signed-in one would change it): names with TAB, DEL, a right-to-left
override or a zero-width space look like "admin" in the console and the log.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from host.core.auth.credentials import MIN_PASSWORD

from ..app_client import native_only
from ..conftest import ADMIN
from ..helpers import assert_error, make_token
from ..server import ROOT, HostProcess, running_host

GOOD_PASSWORD = "pw-1234567"


@pytest.fixture(scope="module")
def empty_host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostProcess]:
    with running_host(tmp_path_factory.mktemp("accounts") / "data") as process:
        yield process


def first_account(username: str, password: str = GOOD_PASSWORD) -> dict[str, str]:
    return {"newUsername": username, "newPassword": password, "confirmNewPassword": password}


@pytest.mark.parametrize(
    "username",
    [
        *("ad\tmin", "admin\x7f", "\u202enimda", "ad\u200bmin", "admin\u2028", "adm\x85in"),
        *("a:b", "ad\u00a0min", "ad\u3000min", " admin", "admin ", "\u115fadmin"),
        *("admin\u3164", "ad\u2800min", "ad\u034fmin"),
    ],
    ids=[
        *("tab", "del", "rtl-override", "zero-width-space", "line-separator", "c1-nel"),
        *("colon", "no-break-space", "ideographic-space", "leading-space", "trailing-space"),
        *("hangul-choseong-filler", "hangul-filler", "braille-blank", "grapheme-joiner"),
    ],
)
def test_usernames_with_hidden_characters_are_refused(
    empty_host: HostProcess, username: str
) -> None:
    with empty_host.client() as client:
        answer = client.post("/api/password", json=first_account(username))
        assert_error(answer, 400, "newUsername must be")
        assert client.get("/api/auth/status").json()["credentials_configured"] is False


def test_a_name_made_in_nfc_signs_in_typed_in_nfd(tmp_path: Path) -> None:
    """Unicode normalisation: a keyboard or password manager may send "Jörg" decomposed."""
    nfc, nfd = "J\u00f6rg Meier", "Jo\u0308rg Meier"  # an inner space is allowed
    with running_host(tmp_path / "data") as host, host.client() as client:
        assert client.post("/api/password", json=first_account(nfd)).status_code == 200
        for typed in (nfc, nfd):
            login = client.post(
                "/api/auth/login", json={"username": typed, "password": GOOD_PASSWORD}
            )
            assert login.status_code == 200, (typed, login.text)
        with host.client(auth=(nfc, GOOD_PASSWORD)) as basic:
            assert basic.get("/api/config").status_code == 200


@pytest.mark.parametrize("password", ["", "1", "1234567", "\u00e9" * (MIN_PASSWORD - 1)])
def test_short_passwords_are_refused(empty_host: HostProcess, password: str) -> None:
    with empty_host.client() as client:
        answer = client.post("/api/password", json=first_account("admin", password))
        assert_error(answer, 400, "newPassword")
        assert client.get("/api/auth/status").json()["credentials_configured"] is False


@native_only("runs the `python -m host creds` command in a process")
def test_the_creds_command_applies_the_same_policy(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "host", "creds", "admin", "short"]
    done = subprocess.run(
        [*command, "--data-dir", str(tmp_path)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode != 0 and f"at least {MIN_PASSWORD}" in done.stderr


def test_a_password_change_keeps_api_tokens_and_ends_sessions(fresh_host: HostProcess) -> None:
    """The documented decision (docs/auth.md): tokens are separate credentials, revoked
    one by one; a password change ends every web session."""
    with fresh_host.client(auth=ADMIN) as admin:
        token = make_token(admin, ("/api/config", ["GET"]))
        change = {
            "currentUsername": ADMIN[0],
            "currentPassword": ADMIN[1],
            "newPassword": "a-new-long-password",
            "confirmNewPassword": "a-new-long-password",
        }
        assert admin.post("/api/password", json=change).status_code == 200
    with fresh_host.client(headers={"Authorization": f"Bearer {token}"}) as client:
        assert client.get("/api/config").status_code == 200
    with fresh_host.client(auth=ADMIN) as old:
        assert_error(old.get("/api/config"), 401)


def test_short_new_password_on_change_is_refused(fresh_host: HostProcess) -> None:
    with fresh_host.client(auth=ADMIN) as admin:
        change = {
            "currentUsername": ADMIN[0],
            "currentPassword": ADMIN[1],
            "newPassword": "short",
            "confirmNewPassword": "short",
        }
        assert_error(admin.post("/api/password", json=change), 400, "at least")
        assert admin.get("/api/config").status_code == 200  # the old password still works
