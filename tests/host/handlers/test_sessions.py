"""Web sessions over real HTTPS: login, cookies, CSRF, refresh rotation, logout, revocation."""

from __future__ import annotations

import time
from contextlib import closing

from ..conftest import ADMIN
from ..helpers import assert_error, login
from ..server import HostProcess


def test_login_returns_tokens_and_sets_host_only_secure_cookies(host: HostProcess) -> None:
    client, body = login(host, *ADMIN)
    with closing(client):
        assert body["status"] is True
        assert len(body["access_token"]) == 64 and len(body["refresh_token"]) == 64
        assert body["csrf_token"] and body["token_type"] == "Bearer"
        assert 7000 < body["expires_in"] <= 7200
        assert 86000 < body["refresh_expires_in"] <= 86400
        raw = client.post("/api/auth/login", json={"username": ADMIN[0], "password": ADMIN[1]})
        cookies = raw.headers.get_list("set-cookie")
        for name in ("__Host-helio_session", "__Host-helio_refresh"):
            (line,) = [c for c in cookies if c.startswith(name + "=")]
            attributes = {a.strip().lower() for a in line.split(";")[1:]}
            assert {"path=/", "secure", "httponly", "samesite=strict"} <= attributes
            assert not any(a.startswith("domain") for a in attributes)
            assert not any(a.startswith("max-age") for a in attributes)  # not remembered


def test_remember_me_makes_persistent_cookies_for_thirty_days(host: HostProcess) -> None:
    with host.client() as client:
        answer = client.post(
            "/api/auth/login",
            json={"username": ADMIN[0], "password": ADMIN[1], "remember_me": True},
        )
        assert answer.json()["refresh_expires_in"] > 29 * 86400
        refresh_cookie = [
            c
            for c in answer.headers.get_list("set-cookie")
            if c.startswith("__Host-helio_refresh=")
        ][0]
        assert "max-age=259" in refresh_cookie.lower()


def test_wrong_password_is_401_and_sets_nothing(host: HostProcess) -> None:
    with host.client() as client:
        answer = client.post("/api/auth/login", json={"username": ADMIN[0], "password": "nope"})
        assert_error(answer, 401, "invalid username or password")
        assert not answer.headers.get_list("set-cookie")


def test_login_validates_its_body(host: HostProcess) -> None:
    with host.client() as client:
        assert_error(client.post("/api/auth/login", json={"username": "admin"}), 400, "password")
        assert_error(client.post("/api/auth/login", json=["admin"]), 400, "object")
        assert_error(
            client.post(
                "/api/auth/login", content=b"{", headers={"content-type": "application/json"}
            ),
            400,
            "json",
        )
        assert_error(
            client.post("/api/auth/login", data={"username": "a", "password": "b"}),
            415,
            "application/json",
        )
        answer = client.post(
            "/api/auth/login",
            json={"username": ADMIN[0], "password": ADMIN[1], "remember_me": "yes"},
        )
        assert_error(answer, 400, "remember_me")


def test_access_token_works_as_cookie_and_as_bearer(host: HostProcess) -> None:
    client, body = login(host, *ADMIN)
    with closing(client):
        assert client.get("/api/config").status_code == 200
        status = client.get("/api/auth/status").json()
        assert status["authenticated"] is True and status["method"] == "session"
    with host.client(headers={"Authorization": f"Bearer {body['access_token']}"}) as bearer:
        assert bearer.get("/api/config").status_code == 200


def test_session_state_changes_need_the_sessions_csrf_token(host: HostProcess) -> None:
    client, body = login(host, *ADMIN)
    with closing(client):
        assert_error(client.patch("/api/config", json={"locale": "fr"}), 403, "csrf")
        wrong = client.patch(
            "/api/config", json={"locale": "fr"}, headers={"X-CSRF-Token": "0" * 64}
        )
        assert_error(wrong, 403, "csrf")
        assert client.get("/api/config").json()["locale"] == "en"
        csrf = client.get("/api/csrf-token").json()["csrf_token"]
        assert csrf == body["csrf_token"]
        done = client.patch("/api/config", json={"locale": "fr"}, headers={"X-CSRF-Token": csrf})
        assert done.status_code == 200 and done.json() == {
            "status": True,
            "restart_required": True,
            "unused": [],
        }
        assert client.get("/api/config").json()["locale"] == "fr"
        client.patch("/api/config", json={"locale": "en"}, headers={"X-CSRF-Token": csrf})
    with host.client(headers={"Authorization": f"Bearer {body['access_token']}"}) as bearer:
        assert_error(bearer.patch("/api/config", json={"locale": "de"}), 403, "csrf")


def test_refresh_rotates_every_token_and_refuses_reuse(host: HostProcess) -> None:
    client, first = login(host, *ADMIN)
    with closing(client):
        rotated = client.post("/api/auth/refresh")
        assert rotated.status_code == 200, rotated.text
        second = rotated.json()
        for name in ("access_token", "refresh_token", "csrf_token"):
            assert second[name] != first[name]
        assert second["session_id"] == first["session_id"]
        # The original refresh deadline is kept, not extended.
        assert second["refresh_expires_in"] <= first["refresh_expires_in"]
        assert client.get("/api/config").status_code == 200  # new cookie
    with host.client(headers={"Authorization": f"Bearer {first['access_token']}"}) as old:
        assert_error(old.get("/api/config"), 401)
    with host.client() as thief:
        reuse = thief.post("/api/auth/refresh", json={"refresh_token": first["refresh_token"]})
        assert_error(reuse, 401, "already used")
        # Reuse revoked the whole session: the legitimate new tokens die too.
        assert_error(
            thief.post("/api/auth/refresh", json={"refresh_token": second["refresh_token"]}), 401
        )
    with host.client(headers={"Authorization": f"Bearer {second['access_token']}"}) as victim:
        assert_error(victim.get("/api/config"), 401)


def test_refresh_without_a_token_is_401(anon) -> None:  # type: ignore[no-untyped-def]
    assert_error(anon.post("/api/auth/refresh"), 401, "refresh token")
    assert_error(anon.post("/api/auth/refresh", json={"refresh_token": "f" * 64}), 401, "invalid")


def test_logout_revokes_the_current_session(host: HostProcess) -> None:
    client, body = login(host, *ADMIN)
    with closing(client):
        out = client.post("/api/auth/logout", headers={"X-CSRF-Token": body["csrf_token"]})
        assert out.status_code == 200 and out.json()["revoked"] == body["session_id"]
        assert_error(client.get("/api/config"), 401)
    with host.client() as other:
        assert_error(
            other.post("/api/auth/refresh", json={"refresh_token": body["refresh_token"]}), 401
        )


def test_sessions_are_listed_and_revoked_by_id(host: HostProcess, admin) -> None:  # type: ignore[no-untyped-def]
    client, body = login(host, *ADMIN)
    with closing(client):
        listed = admin.get("/api/auth/sessions").json()["sessions"]
        mine = [s for s in listed if s["id"] == body["session_id"]]
        assert mine and mine[0]["address"] == "127.0.0.1" and mine[0]["current"] is False
        own_view = client.get("/api/auth/sessions").json()["sessions"]
        assert [s["current"] for s in own_view if s["id"] == body["session_id"]] == [True]
        for session in listed:
            assert "access_token" not in session and "refresh_token" not in session
        assert admin.delete(f"/api/auth/sessions/{body['session_id']}").status_code == 200
        assert_error(client.get("/api/config"), 401)
        assert_error(admin.delete(f"/api/auth/sessions/{body['session_id']}"), 404)


def test_expired_access_token_is_refused_until_refreshed(fresh_host: HostProcess) -> None:
    with fresh_host.client(auth=ADMIN) as admin:
        admin.patch("/api/config", json={"session_access_ttl_s": 1})
    client, body = login(fresh_host, *ADMIN)
    with closing(client):
        time.sleep(1.5)
        assert_error(client.get("/api/config"), 401)
        assert client.post("/api/auth/refresh").status_code == 200
        assert client.get("/api/config").status_code == 200


def test_remembered_sessions_survive_a_restart_and_others_do_not(fresh_host: HostProcess) -> None:
    remembered, kept = login(fresh_host, *ADMIN, remember=True)
    forgotten, dropped = login(fresh_host, *ADMIN, remember=False)
    remembered.close()
    forgotten.close()
    fresh_host.restart()
    with fresh_host.client(headers={"Authorization": f"Bearer {kept['access_token']}"}) as client:
        assert client.get("/api/config").status_code == 200
    with fresh_host.client(
        headers={"Authorization": f"Bearer {dropped['access_token']}"}
    ) as client:
        assert_error(client.get("/api/config"), 401)
    with fresh_host.client() as client:
        assert (
            client.post(
                "/api/auth/refresh", json={"refresh_token": kept["refresh_token"]}
            ).status_code
            == 200
        )
        assert_error(
            client.post("/api/auth/refresh", json={"refresh_token": dropped["refresh_token"]}), 401
        )


def test_stale_credentials_do_not_block_public_routes(anon) -> None:  # type: ignore[no-untyped-def]
    answer = anon.get("/api/auth/status", headers={"Authorization": "Bearer " + "a" * 64})
    assert answer.status_code == 200 and answer.json()["authenticated"] is False
