"""The route table as data: matching, catalogue and OpenAPI derive from it (no HTTP)."""

from __future__ import annotations

import re

import pytest

from host.handlers.openapi import openapi_document
from host.routes import build_route_table
from host.routing import Access, Route, RouteTable, scope_path

TABLE = build_route_table()


async def _noop(request):  # type: ignore[no-untyped-def]
    raise AssertionError("not called")


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        ("/api/config", "/api/config"),
        ("/api/openapi.json", r"/api/openapi\.json"),
        ("/api/apps/{id}", "/api/apps/[^/]+"),
        ("/api/apps/{uuid}/icon", "/api/apps/[^/]+/icon"),
        ("/api/logs/export_crash/manifest", "/api/logs/export_crash/manifest"),
    ],
)
def test_scope_path_turns_templates_into_anchorable_patterns(template: str, expected: str) -> None:
    assert scope_path(template) == expected


def test_pattern_scope_matches_whole_paths_only() -> None:
    pattern = scope_path("/api/apps/{uuid}/icon")
    assert re.fullmatch(pattern, "/api/apps/abc/icon")
    assert not re.fullmatch(pattern, "/api/apps/abc/icon/extra")
    assert not re.fullmatch(pattern, "/api/apps/a/b/icon")


@pytest.mark.parametrize(
    ("method", "path", "name", "exists"),
    [
        ("GET", "/api/config", "config-read", True),
        ("PATCH", "/api/config", "config-write", True),
        ("HEAD", "/api/config", "config-read", True),
        ("DELETE", "/api/config", None, True),
        ("DELETE", "/api/token/abc", "token-revoke", True),
        ("DELETE", "/api/auth/sessions/42", "auth-session-delete", True),
        ("GET", "/api/nothing", None, False),
    ],
)
def test_resolve(method: str, path: str, name: str | None, exists: bool) -> None:
    found = TABLE.resolve(method, path)
    assert (found.route.name if found.route else None) == name
    assert found.path_exists is exists


def test_resolve_gives_the_path_parameters_and_the_methods_served_there() -> None:
    found = TABLE.resolve("DELETE", "/api/apps/some-uuid")
    assert found.path_params == {"id": "some-uuid"}
    assert found.allowed == ("DELETE",)
    assert TABLE.resolve("GET", "/api/config").allowed == ("GET", "HEAD", "PATCH", "POST")


def test_auth_and_token_routes_are_never_grantable() -> None:
    for route in TABLE.routes:
        if route.path.startswith(
            ("/api/auth", "/api/token", "/api/csrf-token", "/api/password", "/api/configLocale")
        ):
            assert not route.grantable, route.path
    assert all(not r.grantable for r in TABLE.routes if r.access is not Access.ADMIN)


def test_catalogue_merges_methods_of_one_path() -> None:
    assert TABLE.catalogue()["/api/config"] == ("GET", "POST", "PATCH")


def test_duplicate_routes_are_refused() -> None:
    with pytest.raises(ValueError, match="Duplicate route GET /x"):
        RouteTable([Route("/x", ("GET",), _noop, "a", "a"), Route("/x", ("GET",), _noop, "b", "b")])


def test_openapi_document_lists_every_route_and_method() -> None:
    document = openapi_document(TABLE, "0.0.0")
    operations = {
        (path, method.upper()) for path, item in document["paths"].items() for method in item
    }
    assert operations == {(r.path, m) for r in TABLE.routes for m in r.methods}
    assert document["paths"]["/api/auth/login"]["post"]["security"] == []
    assert "requestBody" in document["paths"]["/api/token"]["post"]
    ids = [op["operationId"] for item in document["paths"].values() for op in item.values()]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(
    ("first", "second"),
    [("/api/apps/{id}", "/api/apps/launch"), ("/api/a/{x}/b", "/api/a/c/{y}")],
)
def test_entries_that_could_match_one_request_are_refused(first: str, second: str) -> None:
    """So which entry answers never depends on the order the resources are put together."""
    with pytest.raises(ValueError, match="Ambiguous routes POST"):
        RouteTable(
            [Route(first, ("POST",), _noop, "a", "a"), Route(second, ("POST",), _noop, "b", "b")]
        )
    RouteTable(
        [Route(first, ("DELETE",), _noop, "a", "a"), Route(second, ("POST",), _noop, "b", "b")]
    )
    RouteTable(
        [Route(first, ("POST",), _noop, "a", "a"), Route(second + "/x", ("POST",), _noop, "b", "b")]
    )


def test_the_table_does_not_depend_on_the_order_of_its_resources() -> None:
    table = build_route_table(frozenset({"simulate-streams"}))
    reversed_table = RouteTable(reversed(table.routes))
    for route in table.routes:
        path = route.path.replace("{", "").replace("}", "")  # a parameter named as a literal
        for method in route.methods:
            assert reversed_table.resolve(method, path) == table.resolve(method, path)
