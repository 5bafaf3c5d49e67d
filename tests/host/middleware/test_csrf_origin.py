"""Origin and CSRF rules for state-changing requests, over real HTTPS."""

from __future__ import annotations

from contextlib import closing

import httpx

from ..conftest import ADMIN
from ..helpers import assert_error, login
from ..server import HostProcess


def test_foreign_origin_is_refused_even_with_a_valid_csrf_token(host: HostProcess) -> None:
    client, body = login(host, *ADMIN)
    with closing(client):
        headers = {"X-CSRF-Token": body["csrf_token"], "Origin": "https://evil.example"}
        assert_error(
            client.patch("/api/config", json={"locale": "xx"}, headers=headers), 403, "origin"
        )
        assert client.get("/api/config").json()["locale"] == "en"


def test_foreign_origin_is_refused_for_basic_and_for_sign_in(
    admin: httpx.Client, anon: httpx.Client
) -> None:
    evil = {"Origin": "https://evil.example"}
    assert_error(admin.post("/api/config", json={"locale": "xx"}, headers=evil), 403, "origin")
    assert_error(
        anon.post(
            "/api/auth/login", json={"username": ADMIN[0], "password": ADMIN[1]}, headers=evil
        ),
        403,
    )
    # Reading is not state-changing: the Origin rule does not apply.
    assert admin.get("/api/config", headers=evil).status_code == 200


def test_the_hosts_own_origin_and_listed_origins_are_accepted(
    host: HostProcess, admin: httpx.Client
) -> None:
    assert (
        admin.patch(
            "/api/config", json={"locale": "en"}, headers={"Origin": host.origin}
        ).status_code
        == 200
    )
    proxy = "https://helio.example.net"
    assert_error(admin.patch("/api/config", json={"locale": "en"}, headers={"Origin": proxy}), 403)
    assert admin.patch("/api/config", json={"csrf_allowed_origins": [proxy]}).status_code == 200
    try:
        assert (
            admin.patch("/api/config", json={"locale": "en"}, headers={"Origin": proxy}).status_code
            == 200
        )
    finally:
        admin.patch("/api/config", json={"csrf_allowed_origins": []})


def test_basic_needs_no_csrf_token(admin: httpx.Client) -> None:
    assert admin.patch("/api/config", json={"locale": "en"}).status_code == 200


def test_anonymous_csrf_cookie_requires_a_matching_header_before_sign_in(host: HostProcess) -> None:
    with host.client() as client:
        issued = client.get("/api/csrf-token")
        token = issued.json()["csrf_token"]
        cookie = [
            c
            for c in issued.headers.get_list("set-cookie")
            if c.startswith("__Host-helio_anon_csrf=")
        ]
        assert cookie and "httponly" in cookie[0].lower() and "samesite=strict" in cookie[0].lower()
        # The same anonymous token is returned while the cookie is kept.
        assert client.get("/api/csrf-token").json()["csrf_token"] == token
        creds = {"username": ADMIN[0], "password": ADMIN[1]}
        assert_error(client.post("/api/auth/login", json=creds), 403, "csrf")
        assert_error(
            client.post("/api/auth/login", json=creds, headers={"X-CSRF-Token": "nope"}),
            403,
            "csrf",
        )
        signed_in = client.post("/api/auth/login", json=creds, headers={"X-CSRF-Token": token})
        assert signed_in.status_code == 200
        # After sign-in the CSRF token is the session's, not the anonymous one.
        assert client.get("/api/csrf-token").json()["csrf_token"] == signed_in.json()["csrf_token"]


def test_without_the_anonymous_cookie_sign_in_needs_no_header(anon: httpx.Client) -> None:
    assert (
        anon.post("/api/auth/login", json={"username": ADMIN[0], "password": ADMIN[1]}).status_code
        == 200
    )
