"""The public Swagger Petstore 3.0 document (fixtures/example-demo) served sensibly."""

from __future__ import annotations

import pytest

from ..asgi import Client
from ..conftest import Demo


@pytest.fixture
def pets(make_demo) -> Client:  # type: ignore[no-untyped-def]
    demo: Demo = make_demo("example")
    return demo.client


def test_property_examples_build_the_pet(pets: Client) -> None:
    reply = pets.get("/__demo/mock/petstore/pet/7")
    assert reply.status == 200
    assert reply.json() == {
        "id": 10,
        "name": "doggie",
        "category": {"id": 1, "name": "Dogs"},
        "photoUrls": ["string"],
        "tags": [{"id": 0, "name": "string"}],
        "status": "available",
    }


@pytest.mark.parametrize("path", ["/pet/1", "/api/v3/pet/1"])
def test_fixture_under_both_path_forms(pets: Client, path: str) -> None:
    reply = pets.get(f"/__demo/mock/petstore{path}")
    assert reply.json()["name"] == "Rex"
    assert reply.headers["x-demo-fixture"] == "pets.json"


def test_base_path_form_reaches_the_document(pets: Client) -> None:
    assert pets.get("/__demo/mock/petstore/api/v3/pet/9").json()["name"] == "doggie"


def test_default_error_response_without_body(pets: Client) -> None:
    reply = pets.get("/__demo/mock/petstore/pet/9", headers={"Prefer": "code=500"})
    assert (reply.status, reply.body) == (500, b"")  # `default` has no content


def test_response_without_content(pets: Client) -> None:
    reply = pets.request("DELETE", "/__demo/mock/petstore/pet/9")
    assert reply.status == 200
    assert reply.body == b""


def test_defined_methods_and_405(pets: Client) -> None:
    pet = {"name": "doggie", "photoUrls": []}  # the body the document requires
    assert pets.post("/__demo/mock/petstore/pet", json_body=pet).status == 200
    assert pets.request("PUT", "/__demo/mock/petstore/pet", json_body=pet).status == 200
    reply = pets.request("PATCH", "/__demo/mock/petstore/pet")
    assert reply.status == 405
    assert reply.headers["allow"] == "OPTIONS, POST, PUT"


def test_response_headers_from_document(pets: Client) -> None:
    reply = pets.get("/__demo/mock/petstore/user/login")
    assert reply.status == 200
    assert reply.headers["x-rate-limit"] == "0"
    assert reply.headers["x-expires-after"] == "2024-01-01T00:00:00Z"


def test_fixture_text_body(pets: Client) -> None:
    reply = pets.get("/__demo/mock/petstore/health")
    assert (reply.headers["content-type"], reply.text) == ("text/plain", "ok")
