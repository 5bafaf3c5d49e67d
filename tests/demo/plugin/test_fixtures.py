"""The plugin's `demo` fixture used by the project's own browser tests, on the shop demo
served under /docs/demos/shop/ (the plugin's user suite, tests/demo/plugin/test_user_suite.py,
runs the example demo under another subpath)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from demo.pytest_plugin import DemoPage

pytestmark = pytest.mark.browser

FETCH = """async ([url, init]) => {
  const response = await fetch(url, init || {});
  return {status: response.status, text: await response.text(),
          override: response.headers.get("x-helio-demo-override")};
}"""
MARKER = "written by a test"


def _fetch(page: Any, url: str, init: dict[str, Any] | None = None) -> dict[str, Any]:
    return dict(page.evaluate(FETCH, [url, init]))


def _insert(demo: DemoPage) -> None:
    sql = json.dumps({"sql": f"INSERT INTO notes (body) VALUES ('{MARKER}')"})
    init = {"method": "POST", "headers": {"content-type": "application/json"}, "body": sql}
    assert _fetch(demo.page, "/__demo/db/notes/query", init)["status"] == 200


@pytest.mark.parametrize("run", ["first", "second"])
def test_each_test_starts_from_the_seed(demo: DemoPage, run: str) -> None:
    # The second run would see the first one's row without a fresh namespace per test.
    count = "SELECT count(*) AS n FROM notes WHERE body = '" + MARKER + "'"
    assert demo.query("notes", count) == [{"n": 0}]
    _insert(demo)
    assert demo.query("notes", count) == [{"n": 1}]
    assert demo.namespace is not None and demo.namespace.startswith("test-")


def test_an_override_answers_every_page_and_every_call_is_logged(demo: DemoPage) -> None:
    demo.use("api", "GET", "/users/{id}", status=418, json={"teapot": True}, delay_ms=50)
    through_address = _fetch(demo.page, "http://api:8080/users/2")
    assert (through_address["status"], json.loads(through_address["text"])) == (
        418,
        {"teapot": True},
    )
    other = demo.open()  # another page of the demo: the override lives in the worker
    try:
        assert _fetch(other, "__demo/mock/api/users/7")["status"] == 418
        posted = _fetch(other, "http://api:8080/users", {"method": "POST", "body": '{"n": 1}'})
        assert posted["status"] == 201  # not overridden: the mock's own answer
    finally:
        other.close()
    assert _fetch(demo.page, "/__demo/mock/api/health")["text"] == "ok"
    calls = [(c.service, c.method, c.url.split("/", 3)[-1], c.status) for c in demo.calls]
    site_path = demo.site.url.split("/", 3)[-1]
    # The page script sent the address calls to the demo URL; the worker logs what it got.
    assert calls == [
        ("api", "GET", f"{site_path}__demo/mock/api/users/2", 418),
        ("api", "GET", f"{site_path}__demo/mock/api/users/7", 418),
        ("api", "POST", f"{site_path}__demo/mock/api/users", 201),
        ("api", "GET", "__demo/mock/api/health", 200),
    ]
    assert demo.calls[2].json() == {"n": 1}


def test_overrides_and_the_log_end_with_their_test(demo: DemoPage) -> None:
    answer = _fetch(demo.page, "http://api:8080/users/2")
    assert answer["status"] == 200
    assert answer["override"] is None
    assert [c.status for c in demo.calls] == [200]


def test_a_stopped_worker_keeps_the_tests_namespace_and_overrides(demo: DemoPage) -> None:
    _insert(demo)
    demo.use("api", "GET", "/health", status=503, json={"down": True})
    assert _fetch(demo.page, "__demo/mock/api/health")["status"] == 503
    demo.stop_worker()
    assert _fetch(demo.page, "__demo/mock/api/health")["status"] == 503
    count = "SELECT count(*) AS n FROM notes WHERE body = '" + MARKER + "'"
    assert demo.query("notes", count) == [{"n": 1}]  # read back from the test's storage
    assert [c.status for c in demo.calls] == [200, 503, 503]
    demo.reset("notes")
    assert demo.query("notes", count) == [{"n": 0}]


def test_offline_the_demo_still_answers(demo: DemoPage) -> None:
    demo.offline()
    assert _fetch(demo.page, "__demo/mock/api/health")["text"] == "ok"
    assert demo.query("notes", "SELECT 1 AS one") == [{"one": 1}]
    outside = demo.page.evaluate(
        "fetch('http://127.0.0.1:9/').then(() => 'answered', () => 'network error')"
    )
    assert outside == "network error"


CHARGE = "fetch('http://payments:9000/charge', {method: 'POST'}).catch(() => null)"
CHARGE_REFUSED = f"""new Promise((reported) => {{
  document.addEventListener("securitypolicyviolation", () => reported(null), {{once: true}});
  {CHARGE};
}})"""


def test_a_request_no_service_answers_is_logged_as_unhandled(demo: DemoPage) -> None:
    # A demo page's CSP refuses it before the worker sees it. The violation event comes
    # on a later task than the fetch's refusal: wait for it, so the plugin's listener (added
    # first) has reported it before this evaluate returns.
    demo.page.evaluate(CHARGE_REFUSED)
    assert [(u.method, u.url) for u in demo.unhandled] == [
        ("refused by the page's CSP:", "http://payments:9000/charge")
    ]
    # A document without the policy (manifest.json), still controlled: the worker logs it.
    plain = demo.open("manifest.json")
    try:
        plain.evaluate(CHARGE)
    finally:
        plain.close()
    assert [(u.method, u.url) for u in demo.unhandled][1:] == [
        ("POST", "http://payments:9000/charge")
    ]


TIMED = """async (url) => {
  const started = performance.now();
  const response = await fetch(url);
  return {status: response.status, text: await response.text(), ms: performance.now() - started};
}"""


def test_an_override_with_only_a_delay_still_gets_the_services_answer(demo: DemoPage) -> None:
    demo.use("api", "GET", "/health", delay_ms=300)
    late = demo.evaluate(TIMED, "__demo/mock/api/health")
    assert (late["status"], late["text"]) == (200, "ok")  # the mock's own answer
    assert late["ms"] >= 300  # a lower bound only: never slower than asked
    demo.use("api", "*", "/users/*", status=500, json={"error": "down"}, delay_ms=200)
    failed = demo.evaluate(TIMED, "__demo/mock/api/users/2/orders")
    assert (failed["status"], json.loads(failed["text"])) == (500, {"error": "down"})
    assert failed["ms"] >= 200
