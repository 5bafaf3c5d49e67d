"""The /__demo route table: path parsing without HTTP, then 404/405/OPTIONS for every route."""

from __future__ import annotations

import inspect

import pytest

from demo.runtime.adapters import ADAPTERS, HttpAdapter
from demo.runtime.routes import ANY_METHODS, DemoRoute, match_route, route_table

from .asgi import Client, run_sync
from .conftest import Demo


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/__demo/manifest", ("manifest", None, "")),
        ("/__demo/reset", ("reset", None, "")),
        ("/__demo/db/notes/query", ("db-query", "notes", "")),
        ("/__demo/db/notes/reset", ("db-reset", "notes", "")),
        ("/__demo/mock/api", ("http", "api", "/")),
        ("/__demo/mock/api/", ("http", "api", "/")),
        ("/__demo/mock/api/pets/1/", ("http", "api", "/pets/1/")),
        ("/__demo/mock/api/a b/%2F", ("http", "api", "/a b/%2F")),
        ("/__demo/db/notes/query/", None),
        ("/__demo/db/a/b/query", None),
        ("/__demo/db/notes", None),
        ("/__demo/mock/", None),
        ("/__demo/manifest/x", None),
        ("/__demo/elsewhere", None),
    ],
)
def test_match_route(path: str, expected: tuple[str, str | None, str] | None) -> None:
    match = match_route(path)
    found = None if match is None else (match.route.name, match.service, match.rest)
    assert found == expected


def test_every_http_adapter_family_has_its_route() -> None:
    families = {a.family for a in ADAPTERS.values() if isinstance(a, HttpAdapter)}
    assert {r.family for r in route_table() if r.name == "http"} == families


# A concrete URL for each fixed-method route of the table, over the `mini` site.
_FIXED = [r for r in route_table() if r.methods is not None]
_URLS = {
    "manifest": "/__demo/manifest",
    "reset": "/__demo/reset",
    "db-query": "/__demo/db/notes/query",
    "db-reset": "/__demo/db/notes/reset",
}


def test_every_fixed_route_has_a_test_url() -> None:
    assert set(_URLS) == {r.name for r in _FIXED}


@pytest.mark.parametrize("route", _FIXED, ids=lambda r: r.name)
def test_other_methods_are_405_with_allow_from_the_table(client: Client, route: DemoRoute) -> None:
    assert route.methods is not None
    for method in sorted(set(ANY_METHODS) - set(route.methods) - {"OPTIONS"}):
        reply = client.request(method, _URLS[route.name])
        assert reply.status == 405, method
        assert reply.headers["allow"] == route.allow == ", ".join((*route.methods, "OPTIONS"))
        assert reply.headers["content-type"] == "application/json"
        assert method in reply.json()["error"]


@pytest.mark.parametrize("route", _FIXED, ids=lambda r: r.name)
@pytest.mark.parametrize("asked", [True, False], ids=["preflight", "plain-options"])
def test_options_is_204_with_the_route_methods(
    client: Client, route: DemoRoute, asked: bool
) -> None:
    headers = {"Access-Control-Request-Method": "POST"} if asked else {}
    headers["Access-Control-Request-Headers"] = "content-type"
    reply = client.request("OPTIONS", _URLS[route.name], headers=headers)
    assert (reply.status, reply.body) == (204, b"")
    assert reply.headers["access-control-allow-methods"] == route.allow
    assert reply.headers["allow"] == route.allow
    assert reply.headers["access-control-allow-headers"] == "content-type"
    assert reply.headers["access-control-max-age"] == "86400"


@pytest.mark.parametrize(
    "url", ["/__demo/db/nope/query", "/__demo/db/nope/reset", "/__demo/db/api/query"]
)
def test_unknown_service_is_404_before_a_wrong_method_is_405(client: Client, url: str) -> None:
    reply = client.get(url)
    assert reply.status == 404
    assert reply.json()["service"] == url.split("/")[3]


@pytest.mark.parametrize(
    "url",
    [
        "/__demo/elsewhere",
        "/__demo/mock/nope/x",
        "/__demo/db/nope/query",
        "/__demo/db/api/query",
        "/__demo/app/nope/",
    ],
)
@pytest.mark.parametrize("asked", [True, False], ids=["preflight", "plain-options"])
def test_options_to_an_unknown_service_or_path_is_404(
    client: Client, url: str, asked: bool
) -> None:
    # A preflight must not promise methods on a URL that answers nothing.
    headers = {"Access-Control-Request-Method": "GET"} if asked else {}
    reply = client.request("OPTIONS", url, headers=headers)
    assert reply.status == 404
    assert "access-control-allow-methods" not in reply.headers
    assert reply.headers["access-control-allow-origin"] == "*"


def test_lifespan_starts_and_stops(mini: Demo) -> None:
    messages = iter([{"type": "lifespan.startup"}, {"type": "lifespan.shutdown"}])
    sent: list[str] = []

    async def receive() -> dict[str, str]:
        return next(messages)

    async def send(message: dict[str, str]) -> None:
        sent.append(message["type"])

    run_sync(mini.app({"type": "lifespan"}, receive, send))
    assert sent == ["lifespan.startup.complete", "lifespan.shutdown.complete"]


def test_every_route_carries_its_handler() -> None:
    # The app dispatches from the one match: `match.route.handler`, no table by name.
    for route in route_table():
        assert inspect.iscoroutinefunction(route.handler), route.name
    match = match_route("/__demo/db/notes/query")
    assert match is not None and match.route.handler.__name__ == "query"
