"""No secret reaches the data folder or the log in clear."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

from .conftest import ADMIN
from .helpers import login, make_token
from .server import HostProcess


def every_byte_in(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file())


def test_passwords_tokens_and_session_secrets_are_never_stored(fresh_host: HostProcess) -> None:
    with fresh_host.client(auth=ADMIN) as admin:
        token = make_token(admin, ("/api/config", ["GET"]))
        with fresh_host.client(headers={"Authorization": f"Bearer {token}"}) as client:
            assert client.get("/api/config").status_code == 200
    session, body = login(fresh_host, *ADMIN, remember=True)
    with closing(session):
        rotated = session.post("/api/auth/refresh").json()
        new_password = "an0ther-secret-pass"
        change = {
            "currentUsername": ADMIN[0],
            "currentPassword": ADMIN[1],
            "newPassword": new_password,
            "confirmNewPassword": new_password,
        }
        with fresh_host.client(auth=ADMIN) as admin:
            assert admin.post("/api/password", json=change).status_code == 200
    fresh_host.stop()  # flush the log and the database's write-ahead file
    stored = every_byte_in(fresh_host.data_dir)
    assert (fresh_host.data_dir / "helio.log").stat().st_size > 0
    secrets = [
        ADMIN[1],
        new_password,
        token,
        body["access_token"],
        body["refresh_token"],
        body["csrf_token"],
    ]
    secrets += [rotated["access_token"], rotated["refresh_token"], rotated["csrf_token"]]
    for secret in secrets:
        assert secret.encode() not in stored, f"secret found on disk: {secret[:6]}..."
    fresh_host.start()  # the fixture stops it again
