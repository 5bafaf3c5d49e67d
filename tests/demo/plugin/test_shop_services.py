"""Existing browser tests of the shop demo's services, on the plugin's `demo` fixture
(each runs on storage of its own, so none depends on another's writes)."""

from __future__ import annotations

import json

import pytest

from demo.pytest_plugin import DemoPage
from tests.demo.serviceworker.pagejs import fetch, query

pytestmark = pytest.mark.browser


def test_mock_route_answers_openapi_example_and_fixtures(demo: DemoPage) -> None:
    users = fetch(demo.page, "__demo/mock/api/users")
    assert users["status"] == 200
    assert json.loads(users["text"]) == [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"}]
    # A concrete fixture path beats the OpenAPI template /users/{id}.
    assert json.loads(fetch(demo.page, "__demo/mock/api/users/2")["text"])["fixture"] is True
    assert (
        json.loads(fetch(demo.page, "__demo/mock/api/users/7")["text"])["name"]
        == "From the template"
    )
    health = fetch(demo.page, "__demo/mock/api/health")
    assert (health["status"], health["text"], health["headers"].get("x-demo")) == (200, "ok", "yes")
    created = fetch(
        demo.page, "__demo/mock/api/users", {"method": "POST", "body": '{"name": "Linus"}'}
    )
    assert created["status"] == 201
    # No backend logic: the POST answered its example and changed nothing.
    assert json.loads(fetch(demo.page, "__demo/mock/api/users")["text"]) == json.loads(
        users["text"]
    )


def test_unknown_mock_route_is_a_json_404(demo: DemoPage) -> None:
    missing = fetch(demo.page, "__demo/mock/api/nowhere")
    assert missing["status"] == 404
    assert "error" in json.loads(missing["text"])


def test_sqlite_multi_statement_query(demo: DemoPage) -> None:
    answer = query(
        demo.page,
        "notes",
        "INSERT INTO notes (body) VALUES ('multi'); SELECT body FROM notes WHERE body = 'multi';",
    )
    assert answer["status"] == 200
    body = answer["body"]
    assert (body["service"], body["adapter"]) == ("notes", "sqlite")
    assert body["result"][-1]["columns"] == ["body"]
    # Exactly one: the test's own namespace holds no other test's 'multi' row.
    assert body["result"][-1]["values"] == [["multi"]]
    assert demo.query("notes", "SELECT count(*) AS n FROM notes WHERE body = 'multi'") == [{"n": 1}]


def test_failed_statement_leaves_the_database_unchanged(demo: DemoPage) -> None:
    answer = query(
        demo.page,
        "ledger",
        "INSERT INTO accounts (owner, balance) VALUES ('atomic', 1); SELECT * FROM nowhere;",
    )
    assert answer["status"] == 400
    assert "nowhere" in answer["body"]["statement"]
    after = demo.query("ledger", "SELECT count(*) AS n FROM accounts WHERE owner = 'atomic'")
    assert after == [{"n": 0}]
    assert [(c.service, c.method, c.status) for c in demo.calls] == [("ledger", "POST", 400)]
