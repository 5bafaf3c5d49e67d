"""The worker and `demo serve --native-demo` give the same answers (same runtime, two sets of adapters)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from demo.serve import make_app
from tests.demo.serviceworker.pagejs import fetch, query
from tests.demo.sites import Sites

pytestmark = pytest.mark.browser

POSTGRES_TYPES = (
    "SELECT 1::int AS i, 2::bigint AS b, 1.5::numeric(5,2) AS n, 'x'::text AS t, true AS f,"
    " 2.5::float8 AS dbl, DATE '2024-01-02' AS d, TIMESTAMP '2024-01-02 03:04:05.25' AS ts,"
    " TIMESTAMPTZ '2024-01-02 03:04:05+00' AS tz, TIME '12:34:56' AS tm, NULL::int AS z,"
    " ARRAY[1, 2] AS arr, '\\x0102'::bytea AS raw"
)
QUERIES = [
    ("notes", "SELECT id, body, 1.5 AS x, NULL AS z FROM notes ORDER BY id LIMIT 2"),
    ("ledger", "SELECT id, owner, balance, opened FROM accounts WHERE id <= 2 ORDER BY id"),
    ("ledger", POSTGRES_TYPES),
]
ROUTES = [
    "__demo/mock/api/users",
    "__demo/mock/api/users/2",
    "__demo/mock/api/users/9",
    "__demo/mock/api/health",
]


@pytest.mark.parametrize(("service", "sql"), QUERIES)
def test_query_answers_match(page: Any, sites: Sites, service: str, sql: str) -> None:
    native = TestClient(make_app(sites.shop.out, native_demo=True))
    expected = native.post(f"/__demo/db/{service}/query", json={"sql": sql})
    answer = query(page, service, sql)
    assert answer["status"] == expected.status_code
    # Statement by statement, so a difference shows in full.
    for mine, theirs in zip(answer["body"]["result"], expected.json()["result"], strict=True):
        assert mine == theirs
    assert answer["body"] == expected.json()


@pytest.mark.parametrize("route", ROUTES)
def test_mock_answers_match(page: Any, sites: Sites, route: str) -> None:
    native = TestClient(make_app(sites.shop.out, native_demo=True))
    expected = native.get("/" + route)
    answer = fetch(page, route)
    assert answer["status"] == expected.status_code
    assert answer["text"] == expected.text or json.loads(answer["text"]) == expected.json()
