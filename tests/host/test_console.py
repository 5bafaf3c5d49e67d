"""The web console in headless Chromium against the real HTTPS host."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.chromium import launch_chromium

from .server import HostProcess, running_host

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


@pytest.fixture
def empty_host(tmp_path: Path) -> Iterator[HostProcess]:
    with running_host(tmp_path / "data") as process:
        yield process


def open_console(browser: Browser, host: HostProcess) -> Page:
    context = browser.new_context(ignore_https_errors=True, base_url=host.url)
    page = context.new_page()
    page.goto("/")
    return page


def test_set_up_sign_in_create_a_token_and_sign_out(
    browser: Browser, empty_host: HostProcess
) -> None:
    page = open_console(browser, empty_host)
    expect(page.get_by_role("heading", name="Create the administrator account")).to_be_visible()
    page.get_by_label("Username").fill("admin")
    page.get_by_label("Password", exact=True).fill("pw-123456")
    page.get_by_label("Confirm").fill("pw-123456")
    page.get_by_role("button", name="Create").click()

    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    page.get_by_label("Username").fill("admin")
    page.get_by_label("Password").fill("wrong")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_contain_text("Invalid username or password")
    page.get_by_label("Password").fill("pw-123456")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#who")).to_have_text("admin")
    expect(page.locator("#sessions tr[data-id]")).to_have_count(1)

    # The session cookie is HttpOnly: page script cannot read it.
    assert "helio" not in page.evaluate("document.cookie")

    page.locator("#new-token input[name='0:GET']").check()
    page.get_by_role("button", name="Create token").click()
    secret = page.locator("#secret").inner_text()
    assert len(secret) == 64
    expect(page.locator("#tokens tr[data-hash]")).to_have_count(1)
    with empty_host.client(headers={"Authorization": f"Bearer {secret}"}) as client:
        assert client.get("/api/config").status_code == 200

    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    page.context.close()
