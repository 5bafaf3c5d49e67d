"""One error tree (`http_errors`) and one error body, for the host's admin API and `/__demo`."""

from __future__ import annotations

import json

import pytest

import http_errors
from demo.runtime.app import _error as demo_error_response
from host.responses import error_response as host_error_response
from http_errors import ApiError, BadRequest, StorageFailed, UnsupportedMediaType, error_body


def test_error_body_carries_the_field_and_extra_keys_in_order() -> None:
    assert error_body("Expected a list", "scopes[0].methods") == {
        "error": "Expected a list",
        "field": "scopes[0].methods",
    }
    body = error_body("no such table: x", statement="SELECT * FROM x")
    assert list(body) == ["error", "statement"]  # no empty "field"


@pytest.mark.parametrize(
    ("error", "host_body", "demo_body"),
    [
        (
            BadRequest("Expected a list", field="scopes[0].methods"),
            {"status": False, "error": "Expected a list", "field": "scopes[0].methods"},
            {"error": "Expected a list", "field": "scopes[0].methods"},
        ),
        (
            BadRequest("no such table: x", statement="SELECT * FROM x"),
            {"status": False, "error": "no such table: x", "statement": "SELECT * FROM x"},
            {"error": "no such table: x", "statement": "SELECT * FROM x"},
        ),
        (
            UnsupportedMediaType("Content-Type must be application/json"),
            {"status": False, "error": "Content-Type must be application/json"},
            {"error": "Content-Type must be application/json"},
        ),
    ],
)
def test_host_and_demo_answer_one_error_in_one_shape(
    error: ApiError, host_body: dict[str, object], demo_body: dict[str, object]
) -> None:
    """The admin API wraps the one body in `"status": false`; `/__demo` sends it bare."""
    host = host_error_response(error)
    demo = demo_error_response(error)
    assert host.status_code == demo.status_code == error.status_code
    assert json.loads(host.body) == host_body
    assert json.loads(demo.body) == demo_body


def test_every_error_has_its_http_status() -> None:
    statuses = {
        name: getattr(http_errors, name).status_code
        for name in http_errors.__all__
        if name != "error_body"
    }
    assert statuses == {
        "ApiError": 500,
        "BadRequest": 400,
        "Forbidden": 403,
        "MethodNotAllowed": 405,
        "NotAcceptable": 406,
        "NotFound": 404,
        "PayloadTooLarge": 413,
        "StorageFailed": 500,
        "TooManyRequests": 429,
        "Unauthorized": 401,
        "UnprocessableContent": 422,
        "UnsupportedMediaType": 415,
    }
    assert issubclass(StorageFailed, ApiError)
