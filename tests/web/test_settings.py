"""The settings page: generated from the host's schema, validated, saved, restart offered."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.host.server import HostProcess
from tests.waiting import BROWSER_WAIT_MS

from .conftest import (
    ADMIN,
    DESKTOP_LIGHT,
    LOOKS,
    Look,
    OpenPage,
    check_axe,
    each_look,
    shot,
    sideways_scroll,
)

pytestmark = pytest.mark.browser


def schema(host: HostProcess) -> dict[str, Any]:
    with host.client(auth=ADMIN) as admin:
        properties: dict[str, Any] = admin.get("/api/openapi.json").json()["components"]["schemas"][
            "Settings"
        ]["properties"]
    return properties


def config(host: HostProcess) -> dict[str, Any]:
    with host.client(auth=ADMIN) as admin:
        answer: dict[str, Any] = admin.get("/api/config").json()
    return answer


def open_settings(open_page: OpenPage, look: Look = DESKTOP_LIGHT) -> Page:
    page = open_page("settings", look=look)
    expect(page.locator("[data-setting=origin_web_ui_allowed]")).to_be_visible()
    return page


def test_every_setting_is_shown_in_its_group_with_help_and_default(
    open_page: OpenPage, host: HostProcess
) -> None:
    settings = schema(host)
    page = open_settings(open_page)
    for group in {s["x-group"] for s in settings.values()}:
        expect(page.locator("main").get_by_role("heading", name=group, exact=True)).to_be_visible()
    for name, setting in settings.items():
        field = page.locator(f"[data-setting='{name}']")
        expect(field).to_have_count(1)
        container = page.locator("section.card", has=field)
        expect(
            container.get_by_role("heading", name=setting["x-group"], exact=True)
        ).to_be_visible()
        expect(container).to_contain_text(setting["description"])
        expect(container).to_contain_text(setting["title"])
    # Choices come from the schema's enum, never from the page.
    page.locator("sl-select[data-setting=origin_web_ui_allowed]").click()
    options = page.get_by_role("option")
    expect(options).to_have_count(len(settings["origin_web_ui_allowed"]["enum"]))
    page.keyboard.press("Escape")


def test_reach_and_origins_are_explained_in_words(open_page: OpenPage, host: HostProcess) -> None:
    page = open_settings(open_page)
    explained = page.locator("#reach-explained")
    current = config(host)["origin_web_ui_allowed"]
    assert current == "lan"
    expect(explained).to_contain_text("home or office network")
    page.locator("sl-select[data-setting=origin_web_ui_allowed]").click()
    page.get_by_role("option", name="Anyone who can reach this PC").click()
    expect(explained).to_contain_text("including the internet")
    expect(page.locator("#origins-explained")).to_contain_text("Now no other address is allowed")
    expect(page.get_by_role("status").filter(has_text="1 unsaved change")).to_be_visible()
    page.get_by_role("button", name="Discard").click()
    expect(explained).to_contain_text("home or office network")
    assert config(host)["origin_web_ui_allowed"] == "lan"


# What a user must never have to read: API paths, patterns, raw identifiers.
JARGON = re.compile(r"/api/|\[\^|\w+_\w+_\w+|\bPATCH\b|\bnewPassword\b")
# Every text node a person may read in the page's main area, through shadow roots.
DEEP_TEXT = """() => {
  const out = [];
  const walk = (node) => {
    if (node.nodeType === 3) return out.push(node.data);
    if (["STYLE", "SCRIPT"].includes(node.nodeName)) return;
    if (node.shadowRoot) walk(node.shadowRoot);
    node.childNodes.forEach(walk);
  };
  walk(document.querySelector("helio-app").shadowRoot.querySelector("main"));
  return out.join(" ");
}"""
SECTIONS = [
    "Network",
    "Security",
    "Streaming",
    "Hardware metrics",
    "Games and tools",
    "Updates",
    "Console",
]


def test_settings_read_in_plain_words_in_sections_with_search(
    open_page: OpenPage, host: HostProcess
) -> None:
    for look in LOOKS:
        page = open_settings(open_page, look)
        text = page.evaluate(DEEP_TEXT)
        assert "Who can connect" in text and "Screen capture" in text
        assert not JARGON.findall(text), JARGON.findall(text)
        headings = page.locator("section.card h2").all_inner_texts()
        assert headings == SECTIONS
        expect(page.get_by_role("navigation", name="Sections").get_by_role("link")).to_have_count(7)
        expect(page.locator("sl-checkbox").filter(has_text="GPU temperature")).to_have_count(1)
        shot(page, "settings-sections")
        check_axe(page)
        assert sideways_scroll(page) == 0

        search = page.get_by_label("Find a setting")
        search.fill("steam")
        expect(page.locator("[data-setting=steam_root]")).to_be_visible()
        expect(page.locator("[data-setting=origin_web_ui_allowed]")).to_have_count(0)
        expect(page.locator("section.card h2")).to_have_text(["Games and tools"])
        shot(page, "settings-search")
        search.fill("no such thing")
        expect(page.get_by_role("heading", name="No setting matches")).to_be_visible()
        page.context.close()


def test_a_bad_value_is_shown_next_to_its_field_and_nothing_is_saved(
    open_page: OpenPage, host: HostProcess
) -> None:
    page = open_settings(open_page)
    # Checked in the browser from the schema's bounds, at once.
    interval = page.locator("sl-input[data-setting=hardware_metrics_interval] input")
    interval.fill("5")
    expect(page.locator("[data-field-error=hardware_metrics_interval]")).to_have_text(
        "Must be between 500 and 10000"
    )
    interval.fill("1000")
    expect(page.locator("[data-field-error=hardware_metrics_interval]")).to_have_count(0)
    # Only the host knows what an origin is: its 400 lands next to the field.
    page.locator("sl-textarea[data-setting=csrf_allowed_origins] textarea").fill("nope")
    with page.expect_response("**/api/config") as answer:
        page.get_by_role("button", name="Save changes").click()
    assert answer.value.status == 400
    error = page.locator("[data-field-error=csrf_allowed_origins]")
    expect(error).to_have_text("Line 1: 'nope' is not an origin like https://host:port")
    shot(page, "settings-field-error")
    assert config(host)["csrf_allowed_origins"] == []


def test_an_error_is_placed_by_its_field_key_not_by_its_words(
    open_page: OpenPage, host: HostProcess
) -> None:
    """The console reads the error body's `field`, so a message that does not start with
    the field's name (here a translated one) still lands under the right field."""
    for look in LOOKS:
        page = open_settings(open_page, look)
        page.route(
            "**/api/config",
            lambda route: (
                route.fulfill(
                    status=400,
                    content_type="application/json",
                    body=json.dumps(
                        {
                            "status": False,
                            "error": "Cette adresse n'est pas une origine",
                            "field": "csrf_allowed_origins[1]",
                        }
                    ),
                )
                if route.request.method == "PATCH"
                else route.continue_()
            ),
        )
        origins = page.locator("sl-textarea[data-setting=csrf_allowed_origins] textarea")
        origins.fill("https://ok.example:47990\nnope")
        page.get_by_role("button", name="Save changes").click()
        error = page.locator("[data-field-error=csrf_allowed_origins]")
        expect(error).to_have_text("Line 2: Cette adresse n'est pas une origine")
        shot(page, "settings-error-by-field")
        check_axe(page)
        page.context.close()


def test_saving_changes_only_what_changed_and_offers_a_restart(
    open_page: OpenPage, host: HostProcess
) -> None:
    page = open_settings(open_page)
    failures = page.locator("sl-input[data-setting=login_max_failures] input")
    failures.fill("25")
    with page.expect_request("**/api/config") as sent:
        page.get_by_role("button", name="Save changes").click()
    assert sent.value.method == "PATCH"
    assert sent.value.post_data_json == {"login_max_failures": 25}
    notice = page.locator("#restart-notice")
    expect(notice).to_contain_text("after the host restarts")
    assert config(host)["login_max_failures"] == 25
    expect(page.locator("sl-alert").filter(has_text="Saved 1 setting")).to_have_count(1)
    shot(page, "settings-restart")
    started = config(host)
    with host.client(auth=ADMIN) as admin:
        before = admin.get("/api/metadata").json()["started_at"]
    notice.get_by_role("button", name="Restart now").click()
    page.locator("helio-confirm").get_by_role("button", name="Restart").click()
    expect(page.locator("sl-alert").filter(has_text="The host restarted")).to_have_count(
        1, timeout=BROWSER_WAIT_MS
    )
    expect(notice).to_have_count(0)
    with host.client(auth=ADMIN) as admin:
        assert admin.get("/api/metadata").json()["started_at"] != before
    assert config(host)["login_max_failures"] == started["login_max_failures"]
    with host.client(auth=ADMIN) as admin:
        admin.patch("/api/config", json={"login_max_failures": 10})


def test_stored_keys_the_host_does_not_use_are_shown(
    open_page: OpenPage, host: HostProcess
) -> None:
    """A script's typo ("prot" for "port") is merged by PATCH /api/config; the page names it."""
    with host.client(auth=ADMIN) as admin:
        assert admin.patch("/api/config", json={"prot": 45000}).json()["unused"] == ["prot"]
    try:
        page = open_settings(open_page)
        expect(page.locator("#unused-keys")).to_contain_text("not used by this host")
        expect(page.locator("#unused-keys code")).to_have_text(["prot"])
        expect(page.locator("[data-setting=port]")).to_be_visible()  # the real setting is listed
    finally:
        with host.client(auth=ADMIN) as admin:
            admin.patch("/api/config", json={"prot": None})


def test_a_setting_that_runs_code_asks_for_the_password(
    open_page: OpenPage, host: HostProcess, tmp_path: Path
) -> None:
    """update_source and tool_path change only with the password typed again (docs/auth.md)."""
    page = open_settings(open_page)
    page.locator("sl-input[data-setting=tool_path] input").fill(str(tmp_path))
    prompt = page.locator("#confirm-password")
    expect(prompt).to_be_visible()
    expect(prompt).to_contain_text("Helper program folders")
    page.get_by_role("button", name="Save changes").click()  # not sent without it
    assert config(host)["tool_path"] == ""
    prompt.locator("input").fill(ADMIN[1])
    with page.expect_request("**/api/config") as sent:
        page.get_by_role("button", name="Save changes").click()
    assert sent.value.post_data_json == {"tool_path": str(tmp_path), "current_password": ADMIN[1]}
    expect(page.locator("sl-alert").filter(has_text="Saved 1 setting")).to_have_count(1)
    expect(prompt).to_have_count(0)
    assert config(host)["tool_path"] == str(tmp_path)
    with host.client(auth=ADMIN) as admin:
        assert admin.patch("/api/config", json={"tool_path": ""}).status_code == 200


def test_settings_looks(open_page: OpenPage) -> None:
    each_look(
        open_page,
        "settings",
        "settings",
        lambda page: expect(page.locator("[data-setting=tool_path]")).to_be_visible(),
    )
