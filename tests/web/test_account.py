"""Change password: the policy shown before submit, errors under their fields, every other
session ended while this browser stays signed in; the set-up and sessions pages lead here."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.host.server import HostProcess

from .conftest import ADMIN, LOOKS, OpenPage, check_axe, shot, sideways_scroll

pytestmark = pytest.mark.browser

NEW_PASSWORD = "a-much-longer-passphrase"


def open_account(open_page: OpenPage, **kwargs: object) -> Page:
    page = open_page("account", **kwargs)
    expect(page.get_by_role("heading", name="Change password", level=1)).to_be_visible()
    expect(page.locator("[data-rule=min]")).to_be_visible()
    return page


def test_the_policy_is_shown_and_checked_before_submit(open_page: OpenPage) -> None:
    for look in LOOKS:
        page = open_account(open_page, look=look)
        rules = page.locator("[data-rules] li")
        expect(rules).to_contain_text(["At least 8 characters", "At most 1024 characters"])
        expect(page.locator("[data-rule=min]")).to_have_attribute("data-met", "false")
        page.get_by_label("New password", exact=True).fill("longer-than-8")
        expect(page.locator("[data-rule=min]")).to_have_attribute("data-met", "true")
        expect(page.locator("[data-rule=same]")).to_have_attribute("data-met", "false")
        page.get_by_label("Type the new password again").fill("longer-than-8")
        expect(page.locator("[data-rule=same]")).to_have_attribute("data-met", "true")
        shot(page, "account-policy")
        check_axe(page)
        assert sideways_scroll(page) == 0
        page.context.close()


def test_a_wrong_current_password_is_shown_under_that_field(
    open_page: OpenPage, host: HostProcess
) -> None:
    page = open_account(open_page)
    page.get_by_label("Current password", exact=True).fill("not-the-password")
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Type the new password again").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Change password").click()
    # Worded by the console from the refusal's code, not the host's field names.
    expect(page.locator("[data-field-error=currentPassword]")).to_have_text(
        "The current username or password is wrong"
    )
    shot(page, "account-wrong-current")
    with host.client(auth=ADMIN) as admin:  # nothing changed
        assert admin.get("/api/config").status_code == 200


def test_the_sessions_page_and_the_account_menu_lead_here(open_page: OpenPage) -> None:
    page = open_page("sessions")
    page.locator("#to-change-password").click()
    expect(page.get_by_role("heading", name="Change password", level=1)).to_be_visible()
    page.goto("/")
    page.locator("#account").click()
    page.locator("#change-password").click()
    expect(page).to_have_url(re.compile(r"/account$"))


def test_changing_it_ends_every_other_session_and_keeps_this_one(
    open_page: OpenPage, host: HostProcess
) -> None:
    """Runs last in this module: it changes the module host's password."""
    other = open_page("sessions")
    expect(other.locator("#who")).to_have_text(ADMIN[0])
    page = open_account(open_page)
    page.get_by_label("Current password", exact=True).fill(ADMIN[1])
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Type the new password again").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Change password").click()
    expect(page.locator("[data-done]")).to_contain_text("Password changed")
    # This browser is still signed in, after a reload too.
    page.reload()
    expect(page.locator("#who")).to_have_text(ADMIN[0])
    # The other browser's session is gone: its next call sends it to sign-in.
    other.reload()
    expect(other.get_by_role("heading", name="Sign in")).to_be_visible()
    with httpx.Client(base_url=host.url, verify=False) as client:
        assert client.post(
            "/api/auth/login", json={"username": ADMIN[0], "password": NEW_PASSWORD}
        ).is_success
