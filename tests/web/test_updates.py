"""The updates page in headless Chromium against the real host and a local release
folder: check with no source (the error says where to set it), an available release,
install queued behind a stream and cancelled, a failed install with its reason, install
now behind its confirmation."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.host.devices import make_device, provision, put_stream
from tests.host.helpers import confirmed_settings
from tests.host.server import HostProcess
from tests.waiting import BROWSER_WAIT_MS, wait_for

from .conftest import ADMIN, LOOKS, OpenPage, check_axe, shot, sideways_scroll
from .dialogs import dialog_named

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def releases(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A release folder whose artifact does not match its recorded SHA-256."""
    folder = tmp_path_factory.mktemp("releases")
    (folder / "helio-9.9.0-py3-none-any.whl").write_bytes(b"not the recorded bytes")
    index = {
        "releases": [
            {
                "version": "9.9.0",
                "artifact": "helio-9.9.0-py3-none-any.whl",
                "sha256": hashlib.sha256(b"the real wheel").hexdigest(),
                "notes": "Faster pairing.\nHDR for virtual displays.",
            }
        ]
    }
    (folder / "releases.json").write_text(json.dumps(index))
    return folder


@pytest.fixture
def admin(host: HostProcess) -> Iterator[httpx.Client]:
    with host.client(auth=ADMIN) as client:
        yield client


def state_badge(page: Page) -> Locator:
    return page.locator(".badge[data-state]")


def test_check_without_a_source_says_where_to_set_it(
    open_page: OpenPage, admin: httpx.Client
) -> None:
    assert admin.patch("/api/config", json={"update_source": ""}).status_code == 200
    page = open_page("updates")
    expect(state_badge(page)).to_have_text("Not checked yet")
    page.get_by_role("button", name="Check for updates").click()
    expect(
        page.locator("helio-error .message").filter(has_text="update_source").first
    ).to_be_visible()
    expect(page.get_by_role("link", name="Settings").last).to_have_attribute("href", "settings")
    shot(page, "updates-no-source")


def test_queued_install_cancels_and_a_bad_download_fails_with_its_reason(
    open_page: OpenPage, host: HostProcess, admin: httpx.Client, releases: Path, tmp_path: Path
) -> None:
    assert confirmed_settings(host, {"update_source": str(releases)}, ADMIN).status_code == 200
    tv = provision(host, make_device(tmp_path, "tv"), "TV")
    put_stream(admin, tv, "normal", "active")
    page = open_page("updates")
    page.get_by_role("button", name="Check for updates").click()
    expect(state_badge(page)).to_have_text("Update available")
    expect(page.locator("[data-available]")).to_have_text("9.9.0")
    expect(page.locator(".notes")).to_contain_text("Faster pairing.")

    page.get_by_role("button", name="Install", exact=True).click()
    expect(state_badge(page)).to_have_text("Queued")
    assert admin.get("/api/updates").json()["state"] == "queued"
    shot(page, "updates-queued")
    page.get_by_role("button", name="Cancel").click()
    expect(page.locator("[data-result]")).to_have_text("The install was cancelled.")
    expect(state_badge(page)).to_have_text("Update available")

    # Install now asks first (it ends streams); cancelling the question changes nothing.
    page.get_by_role("button", name="Install now").click()
    dialog_named(page, "Install now?").get_by_role("button", name="Cancel").click()
    assert admin.get("/api/updates").json()["state"] == "available"
    expect(page.locator("helio-confirm")).to_have_count(0)

    page.get_by_role("button", name="Install now").click()
    dialog_named(page, "Install now?").get_by_role("button", name="End streams and install").click()
    expect(state_badge(page)).to_have_text("Failed", timeout=BROWSER_WAIT_MS)
    reason = admin.get("/api/updates").json()["result"]["reason"]
    assert "SHA-256 mismatch" in reason
    # The host's reason, in its own words (English, marked so), after the console's.
    expect(page.locator("[data-result]")).to_have_text(f"Last attempt failed: {reason}")
    expect(page.locator("[data-result] [lang=en]")).to_have_text(reason)
    # The state line says nothing was installed; the reason does not say it again.
    expect(page.locator(".card")).to_contain_text("Nothing was installed.")
    assert page.locator(".card").inner_text().lower().count("nothing was installed") == 1
    assert admin.get("/api/debug/streams").json()["streams"] == []  # install now ended the stream
    shot(page, "updates-failed")


def test_every_look_has_no_serious_axe_violation_and_a_failure_fits_a_phone(
    open_page: OpenPage, host: HostProcess, admin: httpx.Client, releases: Path
) -> None:
    assert confirmed_settings(host, {"update_source": str(releases)}, ADMIN).status_code == 200
    assert admin.post("/api/updates/check", json={}).status_code == 200
    # A failed install's reason names the SHA-256 it got: one 64-character word.
    assert admin.post("/api/updates/install_now", json={}).status_code == 200
    wait_for(lambda: admin.get("/api/updates").json()["state"] == "failed", "the failed install")
    for look in LOOKS:
        page = open_page("updates", look=look)
        expect(page.locator("[data-available]")).to_have_text("9.9.0")
        expect(page.locator("[data-result]")).to_contain_text("SHA-256 mismatch")
        assert sideways_scroll(page) == 0, look
        shot(page, "updates")
        check_axe(page)
        page.context.close()
