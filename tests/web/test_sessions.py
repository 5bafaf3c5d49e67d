"""The sessions page: every web session, this one marked, revoke others or this one."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.host.helpers import login
from tests.host.server import HostProcess

from .conftest import ADMIN, OpenPage, each_look

pytestmark = pytest.mark.browser


def test_sessions_list_marks_this_browser_and_revokes(
    open_page: OpenPage, host: HostProcess
) -> None:
    other, _ = login(host, *ADMIN)  # a second session: another client signed in
    try:
        with host.client(auth=ADMIN) as admin:
            sessions = admin.get("/api/auth/sessions").json()["sessions"]
        page = open_page("sessions")
        rows = page.locator("#sessions tr[data-id]")
        expect(rows).to_have_count(len(sessions) + 1)
        current = page.locator("#sessions tr[data-current]")
        expect(current).to_have_count(1)
        expect(current).to_contain_text("This browser")
        expect(current).to_contain_text("Headless Chrome on Linux")

        others = page.locator("#sessions tr[data-id]:not([data-current])")
        victim = others.first
        victim_id = victim.get_attribute("data-id")
        victim.get_by_role("button", name="Revoke").click()
        page.locator("helio-confirm").get_by_role("button", name="Revoke").click()
        expect(page.locator(f"#sessions tr[data-id='{victim_id}']")).to_have_count(0)
        with host.client(auth=ADMIN) as admin:
            ids = {s["id"] for s in admin.get("/api/auth/sessions").json()["sessions"]}
        assert victim_id not in ids

        # Revoking this browser's own session signs it out.
        current.get_by_role("button", name="Sign out").click()
        page.locator("helio-confirm").get_by_role("button", name="Sign out").click()
        expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    finally:
        other.close()


def test_cancel_keeps_the_session(open_page: OpenPage) -> None:
    page = open_page("sessions")
    current = page.locator("#sessions tr[data-current]")
    current.get_by_role("button", name="Sign out").click()
    page.locator("helio-confirm").get_by_role("button", name="Cancel").click()
    expect(page.locator("helio-confirm")).to_have_count(0)
    expect(current).to_have_count(1)


def test_sessions_looks(open_page: OpenPage) -> None:
    each_look(
        open_page,
        "sessions",
        "sessions",
        lambda page: expect(page.locator("#sessions tr[data-current]")).to_have_count(1),
    )
