"""Demo pages under the site's Content-Security-Policy in headless Chromium: each page's
meta tag, plus the policy of its `_headers` file as a static host sends it (which also
reaches the worker script), for two demos under two subpaths of one origin."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from demo.serve import ServerThread, make_app
from tests.demo.serviceworker.pagejs import query
from tests.demo.sites import Sites
from tests.waiting import BROWSER_WAIT_MS

pytestmark = pytest.mark.browser

WATCH = """window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));"""

INLINE = """() => {
  const script = document.createElement("script");
  script.textContent = "window.__inlineRan = true";
  document.head.append(script);
  return new Promise((resolve) => setTimeout(() => resolve(window.__inlineRan === true), 0));
}"""


def _rules(headers_file: Path) -> dict[str, list[tuple[str, str]]]:
    """Netlify's `_headers` format: a path line, then indented `Name: value` lines."""
    rules: dict[str, list[tuple[str, str]]] = {}
    path = ""
    for line in headers_file.read_text().splitlines():
        if not line.startswith(" "):
            path = line
            rules[path] = []
        else:
            name, _, value = line.strip().partition(": ")
            rules[path].append((name, value))
    return rules


class _StaticHost:
    """Sends each demo's `_headers` (the demo folder as its publish root), as a host would."""

    def __init__(self, app: ASGIApp, root: Path) -> None:
        self.app, self.root = app, root

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        site = next(
            (d for d in self.root.glob("demos/*") if path.startswith(f"/demos/{d.name}/")), None
        )
        if site is None:
            await self.app(scope, receive, send)
            return
        rules = _rules(site / "_headers")
        inner = "/" + path.removeprefix(f"/demos/{site.name}/")
        extra = rules["/*"] + rules.get(inner, [])

        async def send_with(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {n.lower().encode() for n, _ in extra}
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                added = [(n.lower().encode(), v.encode()) for n, v in extra]
                message = {**message, "headers": kept + added}
            await send(message)

        await self.app(scope, receive, send_with)


class _HostServer(ServerThread):
    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self._server.config.app = _StaticHost(make_app(root), root)


@pytest.fixture(scope="module")
def host(browser: Any, sites: Sites) -> Iterator[tuple[Any, str]]:
    with _HostServer(sites.root) as server:
        context = browser.new_context()
        context.add_init_script(WATCH)
        yield context, server.url
        context.close()


def _open(host: tuple[Any, str], path: str) -> Any:
    context, url = host
    page = context.new_page()
    response = page.goto(url + path)
    assert "wasm-unsafe-eval" in response.headers["content-security-policy"]
    page.evaluate("helioDemo.ready")
    return page


def test_the_landing_page_and_a_postgres_query_run_under_the_policy(host: tuple[Any, str]) -> None:
    page = _open(host, "/demos/shop/")
    try:
        page.evaluate("customElements.whenDefined('demo-query-panel')")
        # duckdb-wasm in the worker, under the header's policy.
        answer = query(page, "ledger", "SELECT count(*) AS n FROM accounts")
        assert answer["status"] == 200, answer
        assert page.evaluate("window.__violations") == []
        assert page.evaluate(INLINE) is False
        assert page.evaluate("window.__violations")[0].startswith("script-src-elem inline")
    finally:
        page.close()


def test_an_app_page_runs_its_own_inline_script_by_hash_only(host: tuple[Any, str]) -> None:
    page = _open(host, "/demos/app/pages/users.html")
    try:
        page.wait_for_selector("#users li", timeout=BROWSER_WAIT_MS)
        assert page.locator("#users li").all_text_contents() == ["Ada", "Grace"]
        assert page.evaluate("window.__violations") == []
        assert page.evaluate(INLINE) is False
    finally:
        page.close()
