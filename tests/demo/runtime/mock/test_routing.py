"""Routing of /__demo/mock/<service>/<route>: templates, precedence, base paths, errors, CORS."""

from __future__ import annotations

import pytest

from demo.runtime.mock.router import SOURCE_HEADER, MockService, compile_template
from demo.runtime.routes import demo_route_path

from ..asgi import Client


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        pytest.param(
            "/apps/featured", {"featured": True}, id="concrete-openapi-beats-fixture-template"
        ),
        pytest.param(
            "/apps/42", {"from": "fixture-concrete"}, id="concrete-fixture-beats-template"
        ),
        pytest.param(
            "/apps/7", {"from": "fixture-template"}, id="fixture-beats-openapi-same-template"
        ),
        pytest.param("/v2/apps/featured", {"featured": True}, id="server-base-path-prefix"),
        pytest.param("/v2/apps/42", {"from": "fixture-concrete"}, id="base-path-reaches-fixtures"),
    ],
)
def test_route_precedence(client: Client, path: str, expected: object) -> None:
    reply = client.get(f"/__demo/mock/api{path}")
    assert reply.status == 200, reply.text
    assert reply.json() == expected


def test_template_route_with_suffix_segment(client: Client) -> None:
    reply = client.get("/__demo/mock/api/apps/abc-123/icon")
    assert reply.status == 200
    assert reply.headers["content-type"] == "image/svg+xml"
    assert reply.body == b"<svg/>"


def test_any_method_the_route_defines(client: Client) -> None:
    created = client.post("/__demo/mock/api/apps")
    assert (created.status, created.json()) == (201, {"id": "new"})
    deleted = client.request("DELETE", "/__demo/mock/api/apps/1")
    assert (deleted.status, deleted.body) == (204, b"")


def test_trailing_slash_is_the_same_route(client: Client) -> None:
    assert client.get("/__demo/mock/api/apps/featured/").json() == {"featured": True}


def test_fixture_only_routes_and_bodies(client: Client) -> None:
    assert client.post("/__demo/mock/api/login").json() == {"token": "t0k"}
    raw = client.get("/__demo/mock/api/raw")
    assert raw.text == "plain text, sent as is"
    assert raw.headers["content-type"].startswith("text/plain")
    csv = client.get("/__demo/mock/api/raw.csv")
    assert (csv.headers["content-type"], csv.text) == ("text/csv", "a,b\n1,2\n")
    no_body = client.request("DELETE", "/__demo/mock/api/sessions/current")
    assert (no_body.status, no_body.body) == (204, b"")


def test_fixture_headers_and_wildcard_method(client: Client) -> None:
    assert client.get("/__demo/mock/api/apps/42").headers["x-fixture"] == "concrete"
    for method in ("GET", "PATCH", "DELETE"):
        reply = client.request(method, "/__demo/mock/fixtures-only/echo")
        assert (reply.status, reply.json()) == (202, {"any": "method"})


def test_fixture_null_body_has_no_body(client: Client) -> None:
    reply = client.get("/__demo/mock/fixtures-only/teapot")
    assert (reply.status, reply.body) == (418, b"")


def test_head_falls_back_to_get_without_body(client: Client) -> None:
    reply = client.request("HEAD", "/__demo/mock/api/apps/featured")
    assert reply.status == 200
    assert reply.body == b""


def test_unknown_route_is_json_404_naming_service_method_path(client: Client) -> None:
    reply = client.get("/__demo/mock/api/nowhere/at/all")
    assert reply.status == 404
    body = reply.json()
    assert (
        body["service"] == "api" and body["method"] == "GET" and body["path"] == "/nowhere/at/all"
    )
    assert "api" in body["error"] and "/nowhere/at/all" in body["error"]


def test_unknown_service_is_json_404(client: Client) -> None:
    reply = client.get("/__demo/mock/nope/pets")
    assert reply.status == 404
    assert reply.json()["service"] == "nope"
    assert "nope" in reply.json()["error"]


def test_database_service_is_not_a_mock(client: Client) -> None:
    reply = client.get("/__demo/mock/notes/x")
    assert reply.status == 404
    assert "sqlite" in reply.json()["error"]


def test_known_path_other_method_is_json_405(client: Client) -> None:
    reply = client.request("PUT", "/__demo/mock/api/apps")
    assert reply.status == 405
    assert reply.headers["content-type"] == "application/json"
    # GET's route answers HEAD too, so Allow names it.
    assert reply.headers["allow"] == "GET, HEAD, OPTIONS, POST"
    assert "PUT" in reply.json()["error"]
    assert client.request("HEAD", "/__demo/mock/api/apps").status == 200


def test_unknown_demo_endpoint_is_json_404(client: Client) -> None:
    reply = client.get("/__demo/elsewhere")
    assert reply.status == 404
    assert "error" in reply.json()


def test_cors_headers_on_every_answer(client: Client) -> None:
    for reply in (
        client.get("/__demo/mock/api/apps/featured"),
        client.get("/__demo/mock/api/missing"),
        client.query("notes", "SELECT 1"),
    ):
        assert reply.headers["access-control-allow-origin"] == "*"
        assert reply.headers["access-control-expose-headers"] == "*"


def test_preflight_is_204_with_route_methods(client: Client) -> None:
    reply = client.request(
        "OPTIONS",
        "/__demo/mock/api/apps/123",
        headers={
            "Origin": "https://elsewhere.example",
            "Access-Control-Request-Method": "DELETE",
            "Access-Control-Request-Headers": "content-type, x-token",
        },
    )
    assert reply.status == 204
    assert reply.body == b""
    assert reply.headers["access-control-allow-origin"] == "*"
    assert reply.headers["access-control-allow-methods"] == "DELETE, GET, HEAD, OPTIONS"
    assert reply.headers["access-control-allow-headers"] == "content-type, x-token"


def test_preflight_for_query_endpoint(client: Client) -> None:
    reply = client.request(
        "OPTIONS", "/__demo/db/notes/query", headers={"Access-Control-Request-Method": "POST"}
    )
    assert reply.status == 204
    assert "POST" in reply.headers["access-control-allow-methods"]


def test_options_without_request_method_is_answered_as_a_preflight(client: Client) -> None:
    # fetch() drops Access-Control-Request-Method, so a page's own OPTIONS arrives without
    # it; it gets the CORS answer that the route's Allow promises, not a 405.
    reply = client.request("OPTIONS", "/__demo/mock/api/apps/featured")
    assert reply.status == 204
    assert reply.body == b""
    assert reply.headers["access-control-allow-origin"] == "*"
    assert reply.headers["access-control-allow-methods"] == "DELETE, GET, HEAD, OPTIONS"
    assert reply.headers["allow"] == "DELETE, GET, HEAD, OPTIONS"


def test_mock_route_that_defines_options_answers_a_plain_options(client: Client) -> None:
    recorded = client.request("OPTIONS", "/__demo/mock/fixtures-only/options-recorded")
    assert (recorded.status, recorded.json()) == (200, {"recorded": True})
    any_method = client.request("OPTIONS", "/__demo/mock/fixtures-only/echo")
    assert (any_method.status, any_method.json()) == (202, {"any": "method"})
    # A browser's preflight is never answered from a recording.
    preflight = client.request(
        "OPTIONS",
        "/__demo/mock/fixtures-only/options-recorded",
        headers={"Access-Control-Request-Method": "OPTIONS"},
    )
    assert (preflight.status, preflight.body) == (204, b"")


@pytest.mark.parametrize("prefix", ["", "/demos/shop", "/a/b/c"])
def test_mounted_under_any_prefix(client: Client, prefix: str) -> None:
    assert client.get(f"{prefix}/__demo/mock/api/apps/featured").json() == {"featured": True}
    assert client.query("notes", "SELECT 1 AS one", prefix=prefix).status == 200


def test_path_without_demo_segment_is_404(client: Client) -> None:
    assert client.get("/demos/__demonic/mock/api/apps").status == 404


def test_demo_route_path() -> None:
    assert demo_route_path("/x/__demo/mock/a/b") == "/__demo/mock/a/b"
    assert demo_route_path("/__demo") == "/__demo"
    assert demo_route_path("/x/__demox/__demo/db/n/query") == "/__demo/db/n/query"
    assert demo_route_path("/index.html") is None


def test_compile_template() -> None:
    pattern, params, literal = compile_template("/api/apps/{uuid}/icon")
    assert pattern.match("/api/apps/1-2-3/icon")
    assert not pattern.match("/api/apps/1/2/icon")
    assert (params, literal) == (1, len("/api/apps//icon"))
    assert compile_template("/a.b/{x}")[0].match("/a.b/1")
    assert not compile_template("/a.b/{x}")[0].match("/axb/1")


@pytest.mark.parametrize(
    ("path", "headers", "source"),
    [
        pytest.param("/apps/42", {}, "fixture=1; method=GET; path=/apps/42", id="fixture-by-index"),
        pytest.param(
            "/apps/featured",
            {},
            "openapi; method=GET; path=/apps/featured; response=200; media=application/json;"
            " example=example",
            id="media-example",
        ),
        pytest.param(
            "/ranged",
            {"prefer": "code=404"},
            "openapi; method=GET; path=/ranged; response=404; media=application/json;"
            " example=example",
            id="prefer-code",
        ),
        pytest.param(
            "/apps",
            {},
            "openapi; method=GET; path=/apps; response=200; media=application/json; example=schema",
            id="generated",
        ),
    ],
)
def test_the_answer_names_its_source(
    client: Client, path: str, headers: dict[str, str], source: str
) -> None:
    """X-Demo-Source tells the fixture explorer (and the network panel) what answered."""
    reply = client.get(f"/__demo/mock/api{path}", headers=headers)
    assert reply.status < 500, reply.text
    assert reply.headers["x-demo-source"] == source


def test_the_source_names_the_chosen_example() -> None:
    document = {
        "openapi": "3.0.3",
        "paths": {
            "/pet/{id}": {
                "get": {
                    "responses": {
                        "200": {
                            "content": {
                                "application/json": {
                                    "examples": {"cat": {"value": 1}, "großer Hund": {"value": 2}}
                                }
                            }
                        }
                    }
                }
            }
        },
    }
    service = MockService("pets", document, [])
    first = service.respond("GET", "/pet/1", {})
    assert first.headers[SOURCE_HEADER].endswith("; example=cat")
    named = service.respond("GET", "/pet/1", {"prefer": "example=großer Hund"})
    # A header value holds latin-1 only (and `;` separates fields): percent-encoded.
    assert named.headers[SOURCE_HEADER].endswith("; example=gro%C3%9Fer Hund")
    assert named.body == b"2"
