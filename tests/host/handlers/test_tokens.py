"""Scoped API tokens over real HTTPS."""

from __future__ import annotations

import httpx

from ..helpers import assert_error, make_token
from ..server import HostProcess


def bearer(host: HostProcess, secret: str) -> httpx.Client:
    return host.client(headers={"Authorization": f"Bearer {secret}"})


def test_catalogue_lists_grantable_paths_and_never_auth_or_token_routes(
    admin: httpx.Client,
) -> None:
    routes = admin.get("/api/token/routes").json()["routes"]
    paths = {entry["path"]: entry for entry in routes}
    assert paths["/api/config"]["methods"] == ["GET", "POST", "PATCH"]
    assert paths["/api/config"]["pattern"] is False
    for entry in routes:
        assert not entry["route"].startswith(("/api/auth", "/api/token", "/api/csrf-token"))
        assert entry["route"] not in ("/api/password", "/api/configLocale")
        assert entry["methods"] and all(m == m.upper() for m in entry["methods"])


def test_literal_paths_are_listed_and_granted_as_typed(
    host: HostProcess, admin: httpx.Client
) -> None:
    """`/api/openapi.json` was listed as `/api/openapi\\.json`, and the literal path refused."""
    paths = {entry["path"]: entry for entry in admin.get("/api/token/routes").json()["routes"]}
    assert paths["/api/openapi.json"]["pattern"] is False
    assert not any("\\" in path for path, entry in paths.items() if not entry["pattern"])
    secret = make_token(admin, ("/api/openapi.json", ["GET"]))
    with bearer(host, secret) as client:
        assert client.get("/api/openapi.json").status_code == 200
        assert_error(client.get("/api/openapi_json"), 401, "does not grant")
        assert_error(client.get("/api/config"), 401, "does not grant")


def test_token_grants_exactly_its_scopes(host: HostProcess, admin: httpx.Client) -> None:
    secret = make_token(admin, ("/api/config", ["get"]))
    with bearer(host, secret) as client:
        assert client.get("/api/config").status_code == 200
        assert_error(
            client.patch("/api/config", json={"locale": "de"}),
            401,
            "does not grant PATCH /api/config",
        )
        assert_error(client.get("/api/openapi.json"), 401, "does not grant")
        assert_error(client.get("/api/tokens"), 401)
        assert_error(client.get("/api/nowhere"), 401)
        assert client.get("/api/auth/status").json()["method"] == "token"
    assert admin.get("/api/config").json()["locale"] == "en"


def test_state_changes_with_a_token_need_no_csrf_but_obey_origin(
    host: HostProcess, admin: httpx.Client
) -> None:
    secret = make_token(admin, ("/api/config", ["PATCH", "GET"]))
    with bearer(host, secret) as client:
        assert client.patch("/api/config", json={"locale": "en"}).status_code == 200
        foreign = client.patch(
            "/api/config", json={"locale": "en"}, headers={"Origin": "https://evil.example"}
        )
        assert_error(foreign, 403, "origin")


def test_methods_are_upper_cased_and_deduplicated(admin: httpx.Client) -> None:
    created = admin.post(
        "/api/token", json={"scopes": [{"path": "/api/config", "methods": ["get", "GET", "Patch"]}]}
    )
    assert created.status_code == 200
    assert created.json()["scopes"] == [{"path": "/api/config", "methods": ["GET", "PATCH"]}]


def test_secret_is_returned_once_and_listing_shows_only_hashes(admin: httpx.Client) -> None:
    created = admin.post(
        "/api/token", json={"scopes": [{"path": "/api/config", "methods": ["GET"]}]}
    ).json()
    assert len(created["token"]) == 64 and len(created["hash"]) == 64
    listing = admin.get("/api/tokens")
    assert created["token"] not in listing.text
    (mine,) = [t for t in listing.json()["tokens"] if t["hash"] == created["hash"]]
    assert mine["owner"] == "admin" and mine["created_at"] > 0
    assert mine["scopes"] == [{"path": "/api/config", "methods": ["GET"]}]


def test_revoked_token_is_refused(host: HostProcess, admin: httpx.Client) -> None:
    created = admin.post(
        "/api/token", json={"scopes": [{"path": "/api/config", "methods": ["GET"]}]}
    ).json()
    with bearer(host, created["token"]) as client:
        assert client.get("/api/config").status_code == 200
        assert admin.delete(f"/api/token/{created['hash']}").json() == {
            "status": True,
            "revoked": created["hash"],
        }
        assert_error(client.get("/api/config"), 401, "invalid, revoked or expired")
    assert_error(admin.delete(f"/api/token/{created['hash']}"), 404)


def test_invalid_scopes_are_400_and_create_nothing(admin: httpx.Client) -> None:
    before = len(admin.get("/api/tokens").json()["tokens"])
    cases = [
        ({}, "scopes"),
        ({"scopes": []}, "scopes"),
        ({"scopes": "GET /api/config"}, "scopes"),
        ({"scopes": [{"path": "/api/config"}]}, "methods"),
        ({"scopes": [{"path": "/api/config", "methods": []}]}, "methods"),
        ({"scopes": [{"path": "/api/config", "methods": ["DELETE"]}]}, "DELETE not allowed"),
        ({"scopes": [{"path": "/api/conf.*", "methods": ["GET"]}]}, "not grantable"),
        ({"scopes": [{"path": "/api/tokens", "methods": ["GET"]}]}, "not grantable"),
        ({"scopes": [{"path": "/api/token", "methods": ["POST"]}]}, "not grantable"),
        ({"scopes": [{"path": "/api/auth/sessions", "methods": ["GET"]}]}, "not grantable"),
        ({"scopes": [{"path": "/api/password", "methods": ["POST"]}]}, "not grantable"),
        ({"scopes": [{"path": "/api/config", "methods": ["GET"]}] * 65}, "at most 64"),
    ]
    for body, message in cases:
        assert_error(admin.post("/api/token", json=body), 400, message)
    assert len(admin.get("/api/tokens").json()["tokens"]) == before


def test_a_token_cannot_manage_tokens_even_if_asked(host: HostProcess, admin: httpx.Client) -> None:
    secret = make_token(admin, ("/api/config", ["GET"]))
    with bearer(host, secret) as client:
        body = {"scopes": [{"path": "/api/config", "methods": ["PATCH"]}]}
        assert_error(client.post("/api/token", json=body), 401)
        assert_error(client.get("/api/token/routes"), 401)
