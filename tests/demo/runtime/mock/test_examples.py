"""Response and example choice (Prism's static mode) and schema-generated values."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from demo.runtime.mock.examples import sample_schema
from demo.runtime.mock.router import MockService, parse_prefer
from http_errors import ApiError

from ..asgi import Client
from ..conftest import Demo

APP_SAMPLE = {
    "uuid": "00000000-0000-4000-8000-000000000000",
    "name": "Steam",
    "kind": "game",
    "created": "2024-01-01T00:00:00Z",
    "size": 5,
    "ratio": 2.0,
    "hidden": False,
    "tags": ["string", "string"],
    "note": "string",
}


def test_generated_app_schema(client: Client) -> None:
    value = client.get("/__demo/mock/api/apps").json()
    assert isinstance(value, list) and len(value) == 1
    app = value[0]
    assert {k: app[k] for k in APP_SAMPLE} == APP_SAMPLE
    assert "secret" not in app  # writeOnly never appears in responses
    # The optional `parent` refers back to the app itself: the loop is left out.
    assert "parent" not in app


def test_response_headers_and_ref_response() -> None:
    document = {
        "openapi": "3.0.3",
        "paths": {
            "/a/{id}": {"get": {"responses": {"200": {"$ref": "#/components/responses/Ok"}}}}
        },
        "components": {
            "responses": {
                "Ok": {
                    "description": "ok",
                    "headers": {"X-Request-Id": {"schema": {"type": "string", "example": "req-1"}}},
                    "content": {
                        "application/json": {
                            "schema": {"type": "object", "properties": {"id": {"type": "integer"}}}
                        }
                    },
                }
            }
        },
    }
    answer = MockService("s", document, []).respond("GET", "/a/1", {})
    assert answer.status == 200
    assert answer.headers["x-request-id"] == "req-1"
    assert answer.body == b'{"id": 0}'


def test_default_response_is_sent_as_200(client: Client) -> None:
    reply = client.get("/__demo/mock/api/status")
    assert (reply.status, reply.json()) == (200, {"ok": True})


def test_lowest_code_when_no_success_or_default(client: Client) -> None:
    reply = client.get("/__demo/mock/api/errors-only")
    assert (reply.status, reply.json()) == (500, {"err": True})


def test_range_responses(client: Client) -> None:
    assert client.get("/__demo/mock/api/ranged").json() == {"ranged": True}
    reply = client.get("/__demo/mock/api/ranged", headers={"Prefer": "code=409"})
    assert (reply.status, reply.json()) == (409, {"client": True})


def test_prefer_code_and_example(client: Client) -> None:
    reply = client.post("/__demo/mock/api/apps", headers={"Prefer": "code=400"})
    assert (reply.status, reply.json()) == (400, {"error": "bad"})


@pytest.fixture
def doc_only(mini: Demo) -> Callable[..., Any]:
    from ..asgi import run_sync

    # The document of service `api` without its fixtures, which shadow /apps/{uuid}.
    document = run_sync(mini.client.app.services.http("api", "mock")).document
    service = MockService("doc", document, [])

    def respond(method: str, path: str, **headers: str) -> tuple[int, Any, dict[str, str]]:
        import json

        try:
            answer = service.respond(
                method, path, {k.replace("_", "-").lower(): v for k, v in headers.items()}
            )
        except ApiError as exc:
            return exc.status_code, exc.body(), exc.headers
        return answer.status, json.loads(answer.body) if answer.body else None, answer.headers

    return respond


def test_first_named_example_then_prefer_example(doc_only: Callable[..., Any]) -> None:
    assert doc_only("GET", "/apps/1", prefer="code=404")[:2] == (404, {"error": "no such app"})
    assert doc_only("GET", "/apps/1", prefer="code=404, example=gone")[:2] == (
        404,
        {"error": "gone"},
    )
    status, body, _ = doc_only("GET", "/apps/1", prefer="code=404, example=nope")
    # Like Prism: a named example the response does not have is 404.
    assert status == 404 and "nope" in body["error"] and "missing, gone" in body["error"]


def test_prefer_undefined_code_is_404(doc_only: Callable[..., Any]) -> None:
    status, body, _ = doc_only("GET", "/apps/1", prefer="code=418")
    assert status == 404 and "418" in body["error"]


def test_document_template_route(doc_only: Callable[..., Any]) -> None:
    status, body, headers = doc_only("GET", "/apps/123")
    assert status == 200 and body["name"] == "Steam"
    assert headers["x-request-id"] == "req-1"


def test_media_type_follows_accept(doc_only: Callable[..., Any], client: Client) -> None:
    assert doc_only("GET", "/multi")[1] == {"a": 1}  # JSON preferred
    xml = client.get("/__demo/mock/api/multi", headers={"Accept": "application/xml"})
    assert (xml.headers["content-type"], xml.text) == ("application/xml", "<a>1</a>")


def test_fixture_wins_over_example(client: Client) -> None:
    # /apps/{uuid} has a document example and a fixture with the same template.
    assert client.get("/__demo/mock/api/apps/55").json() == {"from": "fixture-template"}


def test_schema_composition(client: Client) -> None:
    assert client.get("/__demo/mock/api/shapes").json() == {
        "a": 0,
        "name": "string",
        "choice": 0.0,
        "any": "user@example.com",
        "fixed": "always",
        "sample": "first",
    }


def test_generation_is_deterministic(client: Client) -> None:
    first = client.get("/__demo/mock/api/apps").body
    assert client.get("/__demo/mock/api/apps").body == first


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"type": "string"}, "string"),
        ({"type": "string", "format": "date"}, "2024-01-01"),
        ({"type": "integer", "minimum": 3}, 3),
        ({"type": "integer", "minimum": 3, "exclusiveMinimum": True}, 4),
        ({"type": "number", "exclusiveMinimum": 1.5}, 2.5),
        ({"type": "boolean"}, True),
        ({"type": "null"}, None),
        ({"enum": ["b", "a"]}, "b"),
        ({"type": "array", "items": {"type": "integer"}}, [0]),
        ({"properties": {"x": {"type": "string", "default": "d"}}}, {"x": "d"}),
        ({"type": "object", "additionalProperties": {"type": "string"}}, {}),
        (
            {
                "allOf": [
                    {"properties": {"a": {"example": 1}}},
                    {"properties": {"b": {"example": 2}}},
                ]
            },
            {"a": 1, "b": 2},
        ),
        ({"anyOf": [{"type": "integer", "format": "int64"}]}, 0),
    ],
)
def test_sample_schema(schema: dict[str, Any], expected: Any) -> None:
    assert sample_schema({}, schema) == expected


def test_parse_prefer() -> None:
    assert parse_prefer('code=404, example="gone"') == {"code": "404", "example": "gone"}
    assert parse_prefer("dynamic=false; code=200") == {"dynamic": "false", "code": "200"}
    assert parse_prefer("") == {}
