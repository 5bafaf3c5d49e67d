"""POST /__demo/db/<service>/query: request validation and the response envelope."""

from __future__ import annotations

import json

import pytest

from demo.runtime.query import MAX_QUERY_BYTES

from .asgi import Client


@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE", "PATCH"])
def test_only_post(client: Client, method: str) -> None:
    reply = client.request(method, "/__demo/db/notes/query")
    assert reply.status == 405
    assert reply.headers["allow"] == "POST, OPTIONS"
    assert "POST" in reply.json()["error"]


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded"])
def test_only_json(client: Client, content_type: str | None) -> None:
    headers = {"content-type": content_type} if content_type else {}
    reply = client.post("/__demo/db/notes/query", headers=headers, body=b'{"sql": "SELECT 1"}')
    assert reply.status == 415
    assert "application/json" in reply.json()["error"]


def test_json_with_charset_is_fine(client: Client) -> None:
    reply = client.post(
        "/__demo/db/notes/query",
        headers={"content-type": "application/json; charset=utf-8"},
        body=b'{"sql": "SELECT 1 AS one"}',
    )
    assert reply.status == 200


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (b"{not json", "not valid JSON"),
        (b"[1, 2]", '"sql"'),
        (b"{}", '"sql"'),
        (b'{"sql": 5}', "must be a string"),
        (b'{"sql": null}', "must be a string"),
        (b'{"sql": "   "}', "empty"),
        (b"\xff\xfe", "not valid JSON"),
    ],
)
def test_bad_bodies_are_400(client: Client, body: bytes, fragment: str) -> None:
    reply = client.post(
        "/__demo/db/notes/query", headers={"content-type": "application/json"}, body=body
    )
    assert reply.status == 400
    assert fragment in reply.json()["error"]


def test_body_over_the_cap_is_413(client: Client) -> None:
    sql = "SELECT '" + "x" * MAX_QUERY_BYTES + "'"
    reply = client.post(
        "/__demo/db/notes/query",
        headers={"content-type": "application/json"},
        body=json.dumps({"sql": sql}).encode(),
    )
    assert reply.status == 413
    assert str(MAX_QUERY_BYTES) in reply.json()["error"]


def test_unknown_database_is_404(client: Client) -> None:
    reply = client.query("nope", "SELECT 1")
    assert reply.status == 404
    assert reply.json()["service"] == "nope"


def test_mock_service_has_no_query(client: Client) -> None:
    reply = client.query("api", "SELECT 1")
    assert reply.status == 404
    assert "mock-http" in reply.json()["error"]


def test_envelope(client: Client) -> None:
    reply = client.query("notes", "SELECT 1 AS one")
    assert reply.status == 200
    assert reply.headers["content-type"] == "application/json"
    assert reply.json() == {
        "service": "notes",
        "adapter": "sqlite",
        "result": [{"columns": ["one"], "values": [[1]]}],
    }


def test_sql_error_is_400_with_statement(client: Client) -> None:
    reply = client.query("notes", "SELECT 1; SELECT * FROM missing_table")
    assert reply.status == 400
    body = reply.json()
    assert set(body) == {"error", "statement"}
    assert "missing_table" in body["error"]
    assert body["statement"] == "SELECT * FROM missing_table"


def test_manifest_endpoint(mini) -> None:  # type: ignore[no-untyped-def]
    reply = mini.client.get("/__demo/manifest")
    assert reply.status == 200
    assert reply.json() == mini.manifest
    assert mini.client.post("/__demo/manifest").status == 405


def test_reset_endpoints_are_post_only(client: Client) -> None:
    assert client.get("/__demo/reset").status == 405
    assert client.get("/__demo/db/notes/reset").status == 405
    assert client.post("/__demo/db/nope/reset").status == 404
