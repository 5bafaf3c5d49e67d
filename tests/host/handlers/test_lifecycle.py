"""POST /api/restart and /api/quit on hosts of their own (they are disruptive routes)."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

import httpx

from host.routes import build_route_table
from tests.waiting import REPLY_S

from ...waiting import wait_for
from ..conftest import ADMIN
from ..helpers import assert_error, login, make_token
from ..resources import admin_in_process
from ..server import HostProcess


def _started_at(host: HostProcess) -> float | None:
    try:
        with host.client(auth=ADMIN) as admin:
            return admin.get("/api/metadata").json()["started_at"]
    except httpx.HTTPError:
        return None  # between the old process closing its socket and the new one listening


def test_disruptive_routes_are_exactly_restart_and_quit() -> None:
    assert {r.path for r in build_route_table().routes if r.disruptive} == {
        "/api/restart",
        "/api/quit",
    }


def test_restart_answers_then_comes_back_on_the_same_port_with_the_same_state(
    fresh_host: HostProcess,
) -> None:
    session, tokens = login(fresh_host, *ADMIN, remember=True)
    with closing(session), fresh_host.client(auth=ADMIN) as admin:
        assert admin.patch("/api/config", json={"locale": "nl"}).status_code == 200
        before = admin.get("/api/metadata").json()
        answer = admin.post("/api/restart", json={})
        assert answer.status_code == 200 and answer.json() == {"status": True, "restarting": True}
        wait_for(
            lambda: _started_at(fresh_host) not in (None, before["started_at"]),
            "the restarted host",
        )
        after = admin.get("/api/metadata").json()
        assert after["pid"] == before["pid"]  # re-executed in place, not a new child
        assert admin.get("/api/config").json()["locale"] == "nl"
        # The remembered web session survived: refresh and use it.
        assert session.post("/api/auth/refresh").status_code == 200
        assert session.get("/api/auth/sessions").status_code == 200
    assert fresh_host.process is not None and fresh_host.process.poll() is None


def test_a_token_granting_restart_may_restart(fresh_host: HostProcess) -> None:
    with fresh_host.client(auth=ADMIN) as admin:
        before = admin.get("/api/metadata").json()["started_at"]
        secret = make_token(admin, ("/api/restart", ["POST"]))
    with fresh_host.client(headers={"Authorization": f"Bearer {secret}"}) as client:
        assert client.post("/api/restart", json={}).json()["status"] is True
    wait_for(lambda: _started_at(fresh_host) not in (None, before), "the restarted host")


def test_quit_answers_then_exits_with_code_0(fresh_host: HostProcess) -> None:
    with fresh_host.client(auth=ADMIN) as admin:
        answer = admin.post("/api/quit", json={})
    assert answer.json() == {"status": True, "quitting": True}
    assert fresh_host.process is not None
    assert fresh_host.process.wait(timeout=REPLY_S) == 0
    fresh_host.start()  # the fixture stops it again


def test_restart_and_quit_need_authentication(fresh_host: HostProcess) -> None:
    with fresh_host.client() as anon:
        assert_error(anon.post("/api/restart", json={}), 401)
        assert_error(anon.post("/api/quit", json={}), 401)
    with fresh_host.client(auth=ADMIN) as admin:
        assert admin.get("/api/auth/status").json()["authenticated"] is True  # still up


def test_in_process_without_a_server_a_request_is_only_recorded(tmp_path: Path) -> None:
    ctx, client = admin_in_process(tmp_path)
    with client:
        assert client.post("/api/restart", json={}).json() == {"status": True, "restarting": False}
        assert ctx.lifecycle.requested == "restart"
        client.post("/api/quit", json={})
        assert ctx.lifecycle.requested == "restart"  # the first request wins
