"""A request is matched against the route table once: the auth middleware matches it for
its policy decision and leaves the entry in the ASGI scope, and the router dispatches that
entry. Policy and handler can never see two different routes, and 401 before 404, 405 with
`Allow` and path parameters behave as before."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from starlette.routing import Mount
from starlette.routing import Route as StarletteRoute

from host.dispatch import TableRouter
from host.routes import build_route_table
from host.routing import Resolution, RouteTable

from .app_client import InProcessHost
from .conftest import ADMIN
from .helpers import assert_error


@pytest.fixture
def matched(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Every (method, path) matched against the table, and every path Starlette's own
    routing matched (the console's Mount; an API route of Starlette's would show too)."""
    calls: list[tuple[str, str]] = []
    resolve, mount_matches, route_matches = (
        RouteTable.resolve,
        Mount.matches,
        StarletteRoute.matches,
    )

    def counting(self: RouteTable, method: str, path: str) -> Resolution:
        calls.append((method, path))
        return resolve(self, method, path)

    def console_match(self: Mount, scope):  # type: ignore[no-untyped-def]
        calls.append(("console", scope["path"]))
        return mount_matches(self, scope)

    def starlette_match(self: StarletteRoute, scope):  # type: ignore[no-untyped-def]
        calls.append(("starlette", scope["path"]))
        return route_matches(self, scope)

    monkeypatch.setattr(RouteTable, "resolve", counting)
    monkeypatch.setattr(StarletteRoute, "matches", starlette_match)
    monkeypatch.setattr(Mount, "matches", console_match)
    yield calls


def test_an_api_request_is_matched_once_and_reaches_its_handler(
    app_host: InProcessHost, matched: list[tuple[str, str]]
) -> None:
    admin = app_host.client(auth=ADMIN)
    assert admin.get("/api/config").status_code == 200
    assert matched == [("GET", "/api/config")]
    matched.clear()
    assert admin.head("/api/config").status_code == 200
    assert matched == [("HEAD", "/api/config")]


def test_path_parameters_come_from_the_one_match(
    app_host: InProcessHost, matched: list[tuple[str, str]]
) -> None:
    admin = app_host.client(auth=ADMIN)
    saved = admin.post("/api/apps", json={"name": "Desktop"}).json()
    uuid = next(
        app["uuid"] for app in admin.get("/api/apps").json()["apps"] if app["name"] == "Desktop"
    )
    matched.clear()
    assert admin.delete(f"/api/apps/{uuid}").status_code == 200, saved
    assert matched == [("DELETE", f"/api/apps/{uuid}")]
    assert all(app["uuid"] != uuid for app in admin.get("/api/apps").json()["apps"])


def test_unknown_paths_are_401_then_404_after_one_match(
    app_host: InProcessHost, matched: list[tuple[str, str]]
) -> None:
    assert_error(app_host.client().get("/api/nothing/here"), 401)
    assert_error(app_host.client(auth=ADMIN).get("/api/nothing/here"), 404, "/api/nothing/here")
    assert matched == [("GET", "/api/nothing/here")] * 2


def test_other_methods_are_401_then_405_with_allow_after_one_match(
    app_host: InProcessHost, matched: list[tuple[str, str]]
) -> None:
    assert_error(app_host.client().delete("/api/config"), 401)
    answer = app_host.client(auth=ADMIN).delete("/api/config")
    assert_error(answer, 405, "DELETE is not allowed on /api/config")
    assert answer.headers["allow"] == "GET, HEAD, PATCH, POST"
    assert matched == [("DELETE", "/api/config")] * 2


def test_the_console_is_never_matched_against_the_api_table(
    app_host: InProcessHost, matched: list[tuple[str, str]]
) -> None:
    app_host.client().get("/index.html")
    assert matched == [("console", "/index.html")]


def test_an_api_request_the_middleware_did_not_match_is_refused_by_the_router() -> None:
    """Without the auth middleware there is no policy: the router must not serve the API."""
    router = TableRouter(build_route_table(), [])
    scope = {"type": "http", "method": "GET", "path": "/api/config", "headers": []}

    async def never() -> dict[str, object]:
        raise AssertionError("not read")

    async def ignore(message: object) -> None:
        raise AssertionError("nothing is sent")

    with pytest.raises(RuntimeError, match="/api/config reached the router unmatched"):
        asyncio.run(router(scope, never, ignore))
