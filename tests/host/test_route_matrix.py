"""Every route of the table x every way to be refused, against the real HTTPS host.

The cases are generated from `host.routes`, so a new route is covered the
moment it is added to the table.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import closing
from typing import Any

import httpx
import pytest

from host.routes import build_route_table
from host.routing import STATE_CHANGING, Access, Route, grant_path

from .conftest import ADMIN
from .helpers import assert_error, login, make_token
from .server import HostProcess

TABLE = build_route_table()
PROTECTED = [(r, m) for r in TABLE.routes for m in r.methods if r.access is not Access.PUBLIC]
CHANGING = [(r, m) for r, m in PROTECTED if m in STATE_CHANGING]
# Restart/quit would take the module's shared host down: their positive control runs on a
# host of their own (tests/host/handlers/test_lifecycle.py), every refusal case still runs here.
HARMLESS = [(r, m) for r, m in PROTECTED if not r.disruptive]


def case_id(case: tuple[Route, str]) -> str:
    route, method = case
    return f"{method} {route.path}"


def concrete(route: Route) -> str:
    """A request path for the route: each parameter filled with a placeholder."""
    return re.sub(r"\{[^}]+\}", "0123abcd", route.path)


def send(client: httpx.Client, method: str, path: str, **kwargs: Any) -> httpx.Response:
    if method in ("POST", "PUT", "PATCH"):
        kwargs.setdefault("json", {})
    return client.request(method, path, **kwargs)


@pytest.fixture(scope="module")
def other_route_token(host: HostProcess) -> str:
    """A token granting only GET /api/openapi.json: every other route is another path."""
    with host.client(auth=ADMIN) as admin:
        return make_token(admin, ("/api/openapi.json", ["GET"]))


@pytest.fixture(scope="module")
def session(host: HostProcess) -> Iterator[tuple[httpx.Client, dict[str, Any]]]:
    client, body = login(host, *ADMIN)
    with closing(client):
        yield client, body


@pytest.mark.parametrize("case", PROTECTED, ids=case_id)
def test_without_authentication_is_401(anon: httpx.Client, case: tuple[Route, str]) -> None:
    route, method = case
    assert_error(send(anon, method, concrete(route)), 401, "authentication required")


@pytest.mark.parametrize("case", PROTECTED, ids=case_id)
def test_bad_basic_credentials_are_401(host: HostProcess, case: tuple[Route, str]) -> None:
    route, method = case
    with host.client(auth=("admin", "not-the-password")) as client:
        assert_error(send(client, method, concrete(route)), 401)
    # Keep the shared host under the rate limit for the next cases.
    with host.client(auth=ADMIN) as admin:
        assert admin.get("/api/auth/status").json()["authenticated"] is True


@pytest.mark.parametrize(
    "case", [c for c in PROTECTED if c[0].path != "/api/openapi.json"], ids=case_id
)
def test_token_scoped_to_another_path_is_401(
    host: HostProcess, other_route_token: str, case: tuple[Route, str]
) -> None:
    route, method = case
    with host.client(headers={"Authorization": f"Bearer {other_route_token}"}) as client:
        assert_error(send(client, method, concrete(route)), 401)


@pytest.mark.parametrize("case", [c for c in PROTECTED if c[0].grantable], ids=case_id)
def test_token_for_the_path_but_not_the_method_is_401(
    host: HostProcess, case: tuple[Route, str]
) -> None:
    route, method = case
    allowed = TABLE.catalogue()[grant_path(route.path)]
    others = [m for m in allowed if m != method]
    with host.client(auth=ADMIN) as admin:
        if others:
            secret = make_token(admin, (grant_path(route.path), others))
        else:  # the path has one method: grant it, then ask with another
            secret = make_token(admin, (grant_path(route.path), [method]))
            method = "DELETE" if method != "DELETE" else "PUT"
        granted = make_token(admin, (grant_path(route.path), [case[1]]))
    with host.client(headers={"Authorization": f"Bearer {secret}"}) as client:
        assert_error(send(client, method, concrete(route)), 401, "does not grant")
    # Control: the same request with the right method is let through (not on the shared
    # host for disruptive routes; test_lifecycle.py grants them on a host of their own).
    if not route.disruptive:
        with host.client(headers={"Authorization": f"Bearer {granted}"}) as client:
            assert send(client, case[1], concrete(route)).status_code not in (401, 403)


@pytest.mark.parametrize("case", PROTECTED, ids=case_id)
def test_revoked_session_is_401(host: HostProcess, case: tuple[Route, str]) -> None:
    route, method = case
    client, body = login(host, *ADMIN)
    with closing(client):
        client.post("/api/auth/logout", headers={"X-CSRF-Token": body["csrf_token"]})
        assert_error(
            send(client, method, concrete(route), headers={"X-CSRF-Token": body["csrf_token"]}), 401
        )


@pytest.fixture(scope="module")
def expired_session(host: HostProcess) -> Iterator[tuple[httpx.Client, dict[str, Any]]]:
    """A session whose access token has expired (signed in while the lifetime was 1 s)."""
    with host.client(auth=ADMIN) as admin:
        admin.patch("/api/config", json={"session_access_ttl_s": 1})
        client, body = login(host, *ADMIN)
        admin.patch("/api/config", json={"session_access_ttl_s": 7200})
    time.sleep(1.2)
    with closing(client):
        yield client, body


@pytest.mark.parametrize("case", PROTECTED, ids=case_id)
def test_expired_session_is_401(
    host: HostProcess, expired_session: tuple[httpx.Client, dict[str, Any]], case: tuple[Route, str]
) -> None:
    route, method = case
    client, body = expired_session
    headers = {"X-CSRF-Token": body["csrf_token"]}
    assert_error(send(client, method, concrete(route), headers=headers), 401)
    with host.client(headers={"Authorization": f"Bearer {body['access_token']}"}) as bearer:
        assert_error(send(bearer, method, concrete(route), headers=headers), 401)


@pytest.mark.parametrize("case", CHANGING, ids=case_id)
def test_session_state_change_without_or_with_wrong_csrf_is_403(
    session: tuple[httpx.Client, dict[str, Any]], case: tuple[Route, str]
) -> None:
    route, method = case
    client, _ = session
    assert_error(send(client, method, concrete(route)), 403, "csrf")
    assert_error(
        send(client, method, concrete(route), headers={"X-CSRF-Token": "f" * 64}), 403, "csrf"
    )


@pytest.mark.parametrize("case", CHANGING, ids=case_id)
def test_foreign_origin_is_403_even_for_basic(admin: httpx.Client, case: tuple[Route, str]) -> None:
    route, method = case
    assert_error(
        send(admin, method, concrete(route), headers={"Origin": "https://evil.example"}),
        403,
        "origin",
    )


@pytest.mark.parametrize("case", HARMLESS, ids=case_id)
def test_the_right_credentials_pass_authentication(
    admin: httpx.Client, case: tuple[Route, str]
) -> None:
    """Control for the cases above: Basic gets past auth (the handler may still say 400/404)."""
    route, method = case
    answer = send(admin, method, concrete(route))
    assert answer.status_code not in (401, 403), answer.text
    # Errors are always JSON; a success has the route's declared media type (text, ZIP, image).
    expected = route.response_type if answer.status_code == 200 else "application/json"
    media = answer.headers["content-type"].split(";")[0]
    assert media == expected or (expected.endswith("/*") and media.startswith(expected[:-1])), media


def test_unknown_api_routes_are_401_then_404(anon: httpx.Client, admin: httpx.Client) -> None:
    assert_error(anon.get("/api/does-not-exist"), 401)
    assert_error(admin.get("/api/does-not-exist"), 404, "/api/does-not-exist")
    assert_error(anon.delete("/api/config"), 401)
    assert_error(admin.delete("/api/config"), 405)


def test_public_routes_answer_without_authentication(anon: httpx.Client) -> None:
    public = [r for r in TABLE.routes if r.access is Access.PUBLIC]
    assert {r.path for r in public} == {
        "/api/auth/status",
        "/api/auth/login",
        "/api/auth/refresh",
        "/api/csrf-token",
        "/api/configLocale",
    }
    for route in public:
        for method in route.methods:
            assert (
                send(anon, method, route.path).status_code != 401
                or route.path == "/api/auth/refresh"
            )
