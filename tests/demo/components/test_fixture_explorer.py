"""<demo-fixture-explorer> on the built shop demo (under /demos/shop/), in headless Chromium.

What the explorer shows is compared with the same request made from the page with
fetch (through the same worker), not with hand-written answers.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.demo.serviceworker.pagejs import fetch
from tests.demo.sites import Server
from tests.waiting import BROWSER_WAIT_MS

from .conftest import PHONE, Shots, open_demo

pytestmark = pytest.mark.browser


def _explorer(page: Any) -> Any:
    explorer = page.locator("demo-fixture-explorer[service=api]")
    explorer.locator("#send:not([disabled])").wait_for()
    return explorer


def test_routes_are_grouped_by_tag_with_badges_and_summaries(page: Any) -> None:
    explorer = _explorer(page)
    groups = explorer.locator("nav h3").all_inner_texts()
    assert [g.lower() for g in groups] == ["users", "fixtures"]
    routes = explorer.locator("nav ul").first.locator("button.route")
    texts = [" ".join(t.split()) for t in routes.all_inner_texts()]
    assert texts == [
        "GET /users List users",
        "POST /users Create a user",
        "GET /users/{id} One user",
        "PUT /users/{id} Replace a user",
    ]
    # Fixture-only routes are listed too.
    fixtures = explorer.locator("nav ul").nth(1).locator(".path").all_inner_texts()
    assert fixtures == ["/users/2", "/health"]
    explorer.locator("#filter").fill("replace")
    assert explorer.locator("button.route").count() == 1


def test_sending_a_templated_route_with_a_body_and_a_prefer_choice(page: Any, shots: Shots) -> None:
    explorer = _explorer(page)
    sent = page.evaluate_handle(
        """() => { const seen = []; document.addEventListener("demo-request", (e) => seen.push(e.detail)); return seen; }"""
    )
    explorer.locator("button.route", has_text="Replace a user").click()
    # Parameters and body are pre-filled from the document's examples and schema.
    assert explorer.locator("#path-id").input_value() == "7"
    assert explorer.locator("#query-notify").input_value() == "false"
    assert json.loads(explorer.locator("#body").input_value()) == {"name": "Linus", "admin": False}
    explorer.locator("#path-id").fill("12")
    explorer.locator("#body").fill('{"name": "Ada", "admin": true}')
    explorer.locator("#code").select_option("200")
    explorer.locator("#example").select_option("admin")
    explorer.locator("#send").click()
    status = explorer.locator(".answer .status")
    status.wait_for()
    assert status.inner_text() == "HTTP 200 OK"
    detail = sent.evaluate("(seen) => seen.at(-1)")
    assert (detail["method"], detail["path"]) == ("PUT", "users/12?notify=false")
    assert detail["prefer"] == "code=200, example=admin"
    # Same request straight from the page: the explorer shows the worker's answer.
    direct = fetch(
        page,
        "__demo/mock/api/users/12?notify=false",
        {
            "method": "PUT",
            "headers": {"prefer": "code=200, example=admin", "content-type": "application/json"},
            "body": '{"name": "Ada", "admin": true}',
        },
    )
    shown = explorer.locator("pre.body").inner_text()
    assert json.loads(shown) == json.loads(direct["text"])
    assert shown == json.dumps(json.loads(direct["text"]), indent=2)  # pretty-printed
    source = explorer.locator(".source").inner_text()
    assert "OpenAPI PUT /users/{id}" in source and "example “admin”" in source
    assert direct["headers"]["x-demo-source"].endswith("example=admin")
    explorer.locator("details summary").click()
    headers = explorer.locator("dl.headers").inner_text()
    assert "content-type" in headers and "x-demo-source" in headers
    shots.take(explorer, "fixture-explorer-desktop-light")

    explorer.locator("#code").select_option("409")
    explorer.locator("#send").click()
    explorer.locator(".answer .status", has_text="409").wait_for()
    assert json.loads(explorer.locator("pre.body").inner_text()) == {"error": "name taken"}


def test_the_fixture_that_answered_is_named(page: Any) -> None:
    explorer = _explorer(page)
    explorer.locator("button.route", has_text="/users/2").click()
    explorer.locator("#send").click()
    explorer.locator(".answer .status").wait_for()
    assert "Fixture #0 of fixtures.json (GET /users/2)" in explorer.locator(".source").inner_text()
    assert json.loads(explorer.locator("pre.body").inner_text())["fixture"] is True


def test_keyboard_only(page: Any) -> None:
    explorer = _explorer(page)
    explorer.locator("button.route", has_text="List users").focus()
    page.keyboard.press("Tab")  # to the next route
    page.keyboard.press("Enter")  # select POST /users: focus moves into its form
    focused = explorer.evaluate("(el) => el.renderRoot.activeElement?.id")
    assert focused == "body"
    for _ in range(4):
        if focused == "send":
            break
        page.keyboard.press("Tab")
        focused = explorer.evaluate("(el) => el.renderRoot.activeElement?.id")
    assert focused == "send"
    page.keyboard.press("Enter")
    explorer.locator(".answer .status", has_text="201").wait_for()


def test_phone_and_dark(page: Any, shots: Shots) -> None:
    explorer = _explorer(page)
    explorer.locator("button.route", has_text="One user").click()
    explorer.locator("#send").click()  # the required path parameter is empty: not sent
    assert explorer.locator("#path-id").evaluate("(el) => el.validity.valueMissing")
    assert explorer.locator(".answer .status").count() == 0
    explorer.locator("#path-id").fill("9")
    explorer.locator("#send").click()
    explorer.locator(".answer .status").wait_for()
    page.emulate_media(color_scheme="dark")
    shots.take(explorer, "fixture-explorer-desktop-dark")
    page.set_viewport_size(PHONE)
    shots.take(explorer, "fixture-explorer-phone-dark")
    page.emulate_media(color_scheme="light")
    shots.take(explorer, "fixture-explorer-phone-light")
    assert explorer.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1")


def test_on_an_app_page_in_a_subfolder(context: Any, server: Server, shots: Shots) -> None:
    """One tag on any page of a demo: the app's pages/components.html, one folder down."""
    page = open_demo(context, server, "/demos/app/pages/components.html")
    explorer = page.locator("demo-fixture-explorer[service=api]")
    explorer.locator("#send:not([disabled])").wait_for()
    explorer.locator("#send").click()
    explorer.locator(".answer .status", has_text="HTTP 200").wait_for()
    # A service the demo does not have is said so, naming those it has.
    missing = page.locator("demo-query-panel[service=nope]").get_by_role("alert")
    assert "no database service named “nope”" in missing.inner_text()
    controls = page.locator("demo-controls")
    assert "Nothing to reset" in controls.locator(".actions").inner_text()
    assert controls.locator("#reset").count() == 0
    shots.take(page, "app-page-components-desktop-light", full_page=True)
    assert page.page_errors == []
    page.close()


def test_without_a_service_worker_the_components_say_so(browser: Any, server: Server) -> None:
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(server.url + "/demos/shop/")
        for tag in ("demo-query-panel[service=notes]", "demo-fixture-explorer"):
            notice = page.locator(f"{tag} .notice")
            notice.first.wait_for(timeout=BROWSER_WAIT_MS)
            # Blocked registration never settles: the components wait, and say what for.
            assert "service worker" in notice.first.inner_text(), tag
        # Nothing can be sent meanwhile.
        run = page.locator("demo-query-panel[service=notes] button.primary")
        assert run.count() == 0 or run.is_disabled()
    finally:
        context.close()
