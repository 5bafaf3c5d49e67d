"""spec/demo-urls.md, rule by rule, through the real service worker in headless Chromium.

Every page is served under /demos/shop/ (a subpath) and uses relative URLs.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.demo.serviceworker.pagejs import fetch, query
from tests.demo.sites import Server
from tests.waiting import BROWSER_WAIT_MS

pytestmark = pytest.mark.browser


def test_mock_answers_carry_cors_headers(page: Any) -> None:
    # Through the worker a page never needs a preflight (the worker answers before the
    # network); the answers still carry CORS headers for code that checks them.
    answer = fetch(page, "__demo/mock/api/users", {"headers": {"x-token": "t"}})
    assert answer["headers"]["access-control-allow-origin"] == "*"
    rewritten = fetch(
        page,
        "http://api:8080/users",
        {
            "method": "POST",
            "headers": {"content-type": "application/json", "x-token": "t"},
            "body": "{}",
        },
    )
    assert rewritten["status"] == 201
    assert rewritten["headers"]["access-control-allow-origin"] == "*"


def test_cross_origin_preflight_from_a_page(browser: Any, sites: Any) -> None:
    # A real browser preflight (another origin, custom header) against the same
    # /__demo app, mounted natively by `demo serve --native-demo`.
    with Server(sites.shop.out, native_demo=True) as native, Server(sites.other.out) as other:
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(other.url + "/manifest.json")
            # x-token is not a CORS-safelisted header: Chromium sends a preflight first and
            # refuses the answer unless the app allows it.
            answer = fetch(
                page, native.url + "/__demo/mock/api/users", {"headers": {"x-token": "t"}}
            )
            assert answer["status"] == 200
            assert json.loads(answer["text"])[0]["name"] == "Ada"
        finally:
            context.close()


def test_postgres_multi_statement_query_on_duckdb_wasm(page: Any) -> None:
    answer = query(
        page,
        "ledger",
        "INSERT INTO accounts (owner, balance, opened) VALUES ('multi', 7.25, '2024-06-01');"
        "SELECT owner, balance, opened FROM accounts WHERE owner = 'multi';",
    )
    assert answer["status"] == 200, answer
    insert, select = answer["body"]["result"]
    assert insert["affectedRows"] == 1
    # A date as PGlite's Date serialises (docs/demo-runtime.md, "JSON forms").
    assert select["rows"] == [
        {"owner": "multi", "balance": "7.25", "opened": "2024-06-01T00:00:00.000Z"}
    ]
    # Postgres type OIDs, as PGlite reports them: text, numeric, date.
    assert [f["dataTypeID"] for f in select["fields"]] == [25, 1700, 1082]


def test_postgres_json_operators_in_the_browser(page: Any) -> None:
    # duckdb-wasm has no json extension offline: JSON runs as JS UDFs calling Pyodide,
    # whose text results pass the worker's fix of duckdb-wasm's string hand-back.
    answer = query(
        page,
        "ledger",
        """SELECT j->'a'->>1 AS second, j ? 'b' AS has_b, jsonb_set(j, '{b}', '"é"') AS set """
        """FROM (SELECT '{"a": [1, "two"]}'::jsonb AS j) s""",
    )
    assert answer["status"] == 200, answer
    (result,) = answer["body"]["result"]
    assert result["rows"] == [{"second": "two", "has_b": False, "set": {"a": [1, "two"], "b": "é"}}]
    assert [f["dataTypeID"] for f in result["fields"]] == [25, 16, 3802]


def test_container_address_is_rewritten_for_fetch_and_xhr(page: Any) -> None:
    by_fetch = fetch(page, "http://api:8080/users")
    assert by_fetch["status"] == 200
    assert json.loads(by_fetch["text"])[0]["name"] == "Ada"
    by_xhr = page.evaluate("""() => new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open("GET", "http://api:8080/users/2");
        xhr.onload = () => resolve({status: xhr.status, text: xhr.responseText, url: xhr.responseURL});
        xhr.onerror = () => reject(new Error("xhr failed"));
        xhr.send();
    })""")
    assert by_xhr["status"] == 200
    assert json.loads(by_xhr["text"])["fixture"] is True
    assert by_xhr["url"].endswith("/demos/shop/__demo/mock/api/users/2")


def test_worker_answers_addresses_the_page_script_did_not_rewrite(demo: Any) -> None:
    # manifest.json is a document without the page script, still controlled by the worker.
    page = demo.context.new_page()
    try:
        page.goto(demo.url("/demos/shop/manifest.json"))
        assert page.evaluate("typeof window.helioDemo") == "undefined"
        answer = fetch(page, "http://api:8080/users/2")
        assert answer["status"] == 200
        assert json.loads(answer["text"])["fixture"] is True
    finally:
        page.close()


def test_requests_outside_demo_pass_through(page: Any, demo: Any) -> None:
    # A static file under the demo root comes from the server (its headers prove it).
    manifest = fetch(page, "manifest.json")
    assert manifest["status"] == 200
    assert manifest["headers"]["cache-control"] == "no-cache"
    # Another folder's files are the server's, even beside the demo.
    outside = fetch(page, demo.url("/demos/other/manifest.json"))
    assert outside["headers"]["cache-control"] == "no-cache"
    # A cross-origin address no service declares is left to the network (which fails here).
    failed = page.evaluate(
        "fetch('http://unknown-host.invalid:9/x').then(() => 'answered', () => 'network error')"
    )
    assert failed == "network error"


def test_worker_scope_is_the_demo_root(page: Any) -> None:
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope.endswith("/demos/shop/")
    assert page.evaluate("helioDemo.root").endswith("/demos/shop/")


def test_app_page_fetching_an_address_while_loading_gets_the_mock(demo: Any) -> None:
    # The app's own page fetches http://api:8080/users as it loads, on its first
    # visit, before the worker controls it: the page script holds the request
    # until the worker is in control, then sends it to the mock.
    page = demo.context.new_page()
    try:
        page.goto(demo.url("/demos/app/pages/users.html"))
        # A first visit boots Python fresh (these sites have no build-time snapshot): on a
        # loaded machine that takes longer than Playwright's default 30 s.
        page.wait_for_selector("#users li", timeout=BROWSER_WAIT_MS)
        assert page.locator("#users li").all_text_contents() == ["Ada", "Grace"]
    finally:
        page.close()
