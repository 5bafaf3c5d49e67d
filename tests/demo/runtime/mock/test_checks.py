"""What Prism checks before answering: credentials, the request against the document,
Accept, Prefer, and the routing details real documents rely on."""

from __future__ import annotations

import json
from typing import Any

import pytest

from demo.runtime.mock.router import VIOLATIONS_HEADER, MockService
from demo.runtime.mock.validator import schema_errors
from http_errors import ApiError

from ..asgi import Client

PET = {
    "type": "object",
    "required": ["name"],
    "properties": {"id": {"type": "integer", "readOnly": True}, "name": {"type": "string"}},
}

DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "t", "version": "1"},
    "security": [{"key": []}],
    "paths": {
        "/pets/{id}": {
            "parameters": [
                {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
            ],
            "get": {
                "deprecated": True,
                "parameters": [
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "maximum": 50}},
                    {"name": "X-Trace", "in": "header", "required": True, "schema": {}},
                ],
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {
                            "application/json": {"schema": PET, "example": {"id": 1, "name": "a"}}
                        },
                    },
                    "401": {
                        "description": "no",
                        "content": {"application/json": {"example": {"message": "log in"}}},
                    },
                },
            },
        },
        "/pets": {
            "post": {
                "security": [{"bearer": []}, {"basic": [], "key": []}],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": PET}},
                },
                "responses": {
                    "201": {"description": "made", "content": {"application/json": {"schema": PET}}}
                },
            },
            "put": {
                "security": [],
                "requestBody": {"content": {"application/json": {"schema": PET}}},
                "responses": {
                    "200": {"description": "ok"},
                    "400": {
                        "description": "bad",
                        "content": {"application/json": {"example": {"error": "bad pet"}}},
                    },
                },
            },
        },
    },
    "components": {
        "securitySchemes": {
            "key": {"type": "apiKey", "in": "query", "name": "api_key"},
            "bearer": {"type": "http", "scheme": "bearer"},
            "basic": {"type": "http", "scheme": "basic"},
        }
    },
}


def call(
    method: str, path: str, *, query: str = "api_key=k", body: Any = None, **config: bool
) -> tuple[int, Any, dict[str, str]]:
    headers = {"x-trace": "t", "content-type": "application/json"}
    return call_with(method, path, headers, query=query, body=body, **config)


def call_with(
    method: str,
    path: str,
    headers: dict[str, str],
    *,
    query: str = "",
    body: Any = None,
    raw_path: str | None = None,
    **config: bool,
) -> tuple[int, Any, dict[str, str]]:
    service = MockService("s", DOCUMENT, [], **config)
    raw = b"" if body is None else body if isinstance(body, bytes) else json.dumps(body).encode()
    try:
        answer = service.respond(method, path, headers, query=query, body=raw, raw_path=raw_path)
    except ApiError as exc:
        return exc.status_code, exc.body(), exc.headers
    return answer.status, json.loads(answer.body) if answer.body else None, answer.headers


def test_valid_request_is_answered() -> None:
    assert call("GET", "/pets/1")[:2] == (200, {"id": 1, "name": "a"})


@pytest.mark.parametrize(
    ("query", "headers", "problem"),
    [
        ("api_key=k&limit=x", {"x-trace": "t"}, "query.limit: must be integer, got string"),
        ("api_key=k&limit=51", {"x-trace": "t"}, "query.limit: must be <= 50"),
        ("api_key=k", {}, "header.X-Trace: is required"),
    ],
)
def test_broken_parameters_are_422_naming_them(
    query: str, headers: dict[str, str], problem: str
) -> None:
    status, body, _ = call_with("GET", "/pets/1", headers, query=query)
    assert status == 422
    assert body["violations"] == [problem]
    assert problem in body["error"] and "GET /pets/{id}" in body["error"]


@pytest.mark.parametrize(
    ("body", "content_type", "problem"),
    [
        (None, "application/json", "body: is required"),
        ({"name": 3}, "application/json", "body/name: must be string, got integer"),
        ({}, "application/json", "body: required property 'name' is missing"),
        (b"{", "application/json", "body: is not valid JSON"),
        (
            b"name=a",
            "text/plain",
            "content-type: text/plain is not supported (expected application/json)",
        ),
    ],
)
def test_broken_body_is_422(body: Any, content_type: str, problem: str) -> None:
    headers = {"authorization": "Bearer t", "content-type": content_type}
    status, answer, _ = call_with("POST", "/pets", headers, body=body)
    assert (status, answer["violations"]) == (422, [problem])


def test_document_400_answers_a_broken_request_with_its_example() -> None:
    status, body, headers = call("PUT", "/pets", body={"name": 1})
    assert (status, body) == (400, {"error": "bad pet"})
    assert headers[VIOLATIONS_HEADER] == "body/name: must be string, got integer"
    status, body, headers = call("PUT", "/pets", body={"name": 1, "id": "x"})
    assert headers[VIOLATIONS_HEADER] == (
        "body/name: must be string, got integer; body/id: must be integer, got string"
    )


def test_validation_off_per_service() -> None:
    assert (
        call("POST", "/pets", query="api_key=k", body={}, security=False, validate=False)[0] == 201
    )


def test_missing_credentials_are_401() -> None:
    # The document's 401 response, with its example and the scheme's challenge.
    status, body, _ = call_with("GET", "/pets/1", {"x-trace": "t"})
    assert (status, body) == (401, {"message": "log in"})
    # No 401 in the document: the JSON error, WWW-Authenticate from the http schemes.
    status, body, headers = call_with("POST", "/pets", {}, body={"name": "a"})
    assert status == 401 and "needs credentials" in body["error"]
    assert headers["www-authenticate"] == 'Bearer, Basic realm="*"'


@pytest.mark.parametrize(
    ("headers", "query", "expected"),
    [
        ({"authorization": "Bearer anything"}, "", 201),
        ({"authorization": "Basic eDp5"}, "", 401),  # basic alone: `key` is also needed
        ({"authorization": "Basic eDp5"}, "api_key=1", 201),
        ({"authorization": "Bearer "}, "", 401),
    ],
)
def test_any_credential_of_a_requirement(
    headers: dict[str, str], query: str, expected: int
) -> None:
    headers = {**headers, "content-type": "application/json"}
    assert call_with("POST", "/pets", headers, query=query, body={"name": "a"})[0] == expected


def test_security_off_and_empty_requirement() -> None:
    assert call_with("GET", "/pets/1", {"x-trace": "t"}, security=False)[0] == 200
    json_type = {"content-type": "application/json"}
    assert call_with("PUT", "/pets", json_type, body={"name": "a"})[0] == 200  # security: []


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("application/xml", 406),
        ("text/html, application/*;q=0.5", 200),
        ("*/*", 200),
        ("application/json", 200),
        ("text/*", 406),
    ],
)
def test_accept_the_operation_does_not_offer_is_406(accept: str, expected: int) -> None:
    headers = {"x-trace": "t", "accept": accept}
    assert call_with("GET", "/pets/1", headers, query="api_key=k")[0] == expected


def test_prefer_absent_code_or_example_is_404() -> None:
    headers = {"x-trace": "t", "prefer": "code=418"}
    assert call_with("GET", "/pets/1", headers, query="api_key=k")[0] == 404
    headers["prefer"] = "example=nope"
    assert call_with("GET", "/pets/1", headers, query="api_key=k")[0] == 404


def test_deprecated_operation_sends_deprecation() -> None:
    assert call("GET", "/pets/1")[2]["deprecation"] == "true"
    assert "deprecation" not in call("PUT", "/pets", body={"name": "a"})[2]


def test_encoded_slash_in_a_path_parameter() -> None:
    status, _, headers = call_with(
        "GET", "/pets/a/b", {"x-trace": "t"}, query="api_key=k", raw_path="/pets/a%2Fb"
    )
    assert status == 200


def test_encoded_slash_through_the_app(client: Client) -> None:
    # The mini demo's /apps/{uuid}/icon: `a%2Fb` is one segment.
    reply = client.get("/__demo/mock/api/apps/a%2Fb/icon")
    assert reply.status == 200, reply.text


def test_dynamic_answers_are_schema_valid_and_seeded() -> None:
    headers = {"x-trace": "t", "prefer": "dynamic=true"}
    first = call_with("GET", "/pets/1", headers, query="api_key=k")
    assert first[0] == 200 and first[1] != {"id": 1, "name": "a"}
    assert schema_errors(DOCUMENT, PET, first[1], "response") == []
    assert call_with("GET", "/pets/1", headers, query="api_key=k")[1] == first[1]
    other = call_with("GET", "/pets/2", headers, query="api_key=k")[1]
    assert other != first[1]
    assert (
        call_with("GET", "/pets/1", {"x-trace": "t"}, query="api_key=k", dynamic=True)[1]
        == (first[1])
    )


def test_form_values_that_cannot_be_read_for_sure_are_not_refused() -> None:
    # Stripe's shape: `metadata` is an object or "", sent as `metadata[key]=v`;
    # `created` a range object or an integer, sent as `created[gte]=1`.
    metadata = {"anyOf": [{"type": "object"}, {"type": "string", "enum": [""]}]}
    document = {
        "openapi": "3.0.0",
        "paths": {
            "/charges": {
                "post": {
                    "parameters": [
                        {"name": "created", "in": "query", "required": True, "schema": metadata}
                    ],
                    "requestBody": {
                        "content": {
                            "application/x-www-form-urlencoded": {
                                "schema": {
                                    "type": "object",
                                    "additionalProperties": False,
                                    "properties": {"metadata": metadata, "n": {"type": "integer"}},
                                }
                            }
                        }
                    },
                    "responses": {"200": {"description": "ok"}},
                }
            }
        },
    }
    service = MockService("s", document, [])
    form = {"content-type": "application/x-www-form-urlencoded"}
    for body in (b"metadata[a]=b&n=1", b"metadata=%7B%7D&n=1"):
        answer = service.respond("POST", "/charges", form, query="created[gte]=1", body=body)
        assert answer.status == 200, body
    with pytest.raises(ApiError) as caught:
        service.respond("POST", "/charges", form, query="created=1", body=b"n=x")
    assert caught.value.fields["violations"] == ["body/n: must be integer, got string"]
