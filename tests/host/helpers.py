"""Small request helpers shared by the host tests."""

from __future__ import annotations

from typing import Any

import httpx

from host.core.context import HostContext

from .app_client import InProcessHost
from .server import HostProcess


def login(
    host: HostProcess, username: str, password: str, remember: bool = False
) -> tuple[httpx.Client, dict[str, Any]]:
    """Sign in through the API; return a client holding the session cookies, and the JSON answer."""
    client = host.client()
    answer = client.post(
        "/api/auth/login",
        json={"username": username, "password": password, "remember_me": remember},
    )
    assert answer.status_code == 200, answer.text
    return client, answer.json()


def assert_error(response: httpx.Response, status: int, contains: str = "") -> dict[str, Any]:
    """The one error shape: the status code and `{"status": false, "error": "..."}`."""
    assert response.status_code == status, (response.status_code, response.text)
    body = response.json()
    assert body["status"] is False
    assert isinstance(body["error"], str) and body["error"]
    assert contains.lower() in body["error"].lower(), body["error"]
    assert "Traceback" not in response.text
    return body


def make_token(admin: httpx.Client, *scopes: tuple[str, list[str]]) -> str:
    answer = admin.post(
        "/api/token", json={"scopes": [{"path": p, "methods": m} for p, m in scopes]}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()["token"]


def in_process(tmp_dir: Any, address: str, **settings: Any) -> tuple[HostContext, httpx.Client]:
    """The host app in-process, as seen from a peer at `address` (for reach tests).

    A real server here only has loopback peers, so LAN and WAN peers are
    exercised through the same app with the ASGI client address set. The
    lifespan runs inside `with client:`.
    """
    host = InProcessHost.build(tmp_dir, **settings)
    return host.ctx, host.client(peer=address)


def confirmed_settings(
    host: HostProcess, changes: dict[str, Any], credentials: tuple[str, str] | None = None
) -> httpx.Response:
    """PATCH /api/config as the console does for a setting that runs code (update_source,
    tool_path): from a web session, with the password typed again."""
    from .conftest import ADMIN

    username, password = credentials or ADMIN
    client, _ = login(host, username, password)
    try:
        csrf = client.get("/api/csrf-token").json()["csrf_token"]
        return client.patch(
            "/api/config",
            json={**changes, "current_password": password},
            headers={"X-CSRF-Token": csrf},
        )
    finally:
        client.close()
