"""Logs and troubleshooting in headless Chromium against the real host: the live tail
(follow, level and text filters, pause, rotation), log and support-ZIP downloads, the
crash-dump notice, restart and quit behind their confirmations."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.host.server import HostProcess, running_host
from tests.waiting import BROWSER_WAIT_MS, REPLY_S

from .conftest import ADMIN, LOOKS, OpenPage, check_axe, shot, sideways_scroll
from .dialogs import dialog_named

pytestmark = pytest.mark.browser


@pytest.fixture
def admin(host: HostProcess) -> Iterator[httpx.Client]:
    with host.client(auth=ADMIN) as client:
        yield client


def log_file(host: HostProcess) -> Path:
    return host.data_dir / "helio.log"


def append(host: HostProcess, level: str, message: str) -> None:
    with log_file(host).open("a") as log:
        log.write(f"2026-11-24 08:00:00,000 {level} test.console: {message}\n")


def log_view(page: Page) -> Locator:
    return page.get_by_role("log", name="Host log")


def wait_for_tail_reads(page: Page, count: int) -> None:
    """Until the page has read the log's tail `count` more times (its own polling)."""
    for _ in range(count):
        with page.expect_response(lambda r: "/api/logs/tail" in r.url, timeout=0):
            pass


def test_the_tail_follows_filters_and_pauses(open_page: OpenPage, host: HostProcess) -> None:
    page = open_page("logs")
    append(host, "INFO", "an ordinary line")
    append(host, "WARNING", "disk nearly full")
    # At first only what needs attention: warnings and errors.
    expect(log_view(page)).to_contain_text("disk nearly full")
    expect(page.locator("sl-select").first).to_contain_text("Warnings and errors")
    expect(log_view(page)).not_to_contain_text("an ordinary line")
    page.locator("sl-select").first.click()
    page.get_by_role("option", name="Everything").click()
    expect(log_view(page)).to_contain_text("an ordinary line")
    # The page's own polling is never in the host's log, nor any other request.
    wait_for_tail_reads(page, 2)
    expect(log_view(page)).not_to_contain_text("/api/logs/tail")
    expect(log_view(page)).not_to_contain_text("uvicorn.access")

    page.get_by_label("Filter").fill("ordinary")
    expect(log_view(page).locator(".line")).to_have_count(1)
    expect(log_view(page)).to_contain_text("an ordinary line")
    expect(page.get_by_role("status").filter(has_text="lines shown")).to_contain_text("1 of")
    page.get_by_label("Filter").fill("")

    page.get_by_role("button", name="Pause").click()
    expect(page.locator(".badge.warning")).to_have_text("Paused")
    append(host, "ERROR", "written while paused")
    page.wait_for_timeout(2500)  # a pause shows nothing new; load can only make this check weaker
    expect(log_view(page)).not_to_contain_text("written while paused")
    page.get_by_role("button", name="Resume").click()
    expect(log_view(page)).to_contain_text("written while paused")
    expect(
        log_view(page).locator(".line.ERROR").filter(has_text="written while paused")
    ).to_have_count(1)
    shot(page, "logs-following")


def test_downloads_give_the_log_and_the_support_zip(open_page: OpenPage, host: HostProcess) -> None:
    append(host, "INFO", "a line for the download")
    page = open_page("logs")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download log").click()
    assert download.value.suggested_filename.startswith("helio-log-")
    assert "a line for the download" in Path(download.value.path()).read_text()

    with page.expect_download() as download:
        page.get_by_role("button", name="Support ZIP", exact=True).click()
    assert download.value.suggested_filename.endswith(".zip")
    names = zipfile.ZipFile(io.BytesIO(Path(download.value.path()).read_bytes())).namelist()
    assert "settings.json" in names and "system.txt" in names

    page.get_by_text("What the support ZIP contains").click()
    expect(page.locator("sl-details table")).to_contain_text("settings.json")


def test_a_crash_dump_shows_until_dismissed(
    open_page: OpenPage, host: HostProcess, admin: httpx.Client
) -> None:
    dumps = host.data_dir / "crashdumps"
    dumps.mkdir(exist_ok=True)
    (dumps / "fault-20261124-070000-4242.txt").write_text(
        "Fatal Python error: Segmentation fault\n\nCurrent thread 0x1 (most recent call first):\n"
    )
    page = open_page("logs")
    crash = page.locator("[data-crash]")
    expect(crash.locator(".badge.danger")).to_have_text("New")
    expect(crash).to_contain_text("fault-20261124-070000-4242.txt")
    shot(page, "logs-crash")
    crash.get_by_role("button", name="Dismiss the notice").click()
    expect(crash.locator(".badge.danger")).to_have_count(0)
    expect(crash).to_contain_text("seen and dismissed")
    assert admin.get("/api/health/crashdump").json()["notice"] is False


def test_a_rotated_log_is_followed_from_its_start(open_page: OpenPage, host: HostProcess) -> None:
    append(host, "WARNING", "before rotating")
    page = open_page("logs")
    expect(log_view(page)).to_contain_text("before rotating")
    wait_for_tail_reads(page, 1)  # the page has read to the end at least once
    log_file(host).rename(host.data_dir / "helio.log.1")
    append(host, "WARNING", "first line of the new file")
    expect(log_view(page)).to_contain_text("The log was rotated")
    expect(log_view(page)).to_contain_text("first line of the new file")
    expect(page.get_by_role("status").filter(has_text="lines shown")).to_contain_text("rotated 1×")


def test_restart_asks_then_waits_for_the_new_process(
    open_page: OpenPage, admin: httpx.Client
) -> None:
    before = admin.get("/api/metadata").json()["started_at"]
    # Only remembered sessions outlive a restart (docs/auth.md), so this one is remembered.
    page = open_page("logs", signed_in=False)
    login = {"username": ADMIN[0], "password": ADMIN[1], "remember_me": True}
    assert page.context.request.post("/api/auth/login", data=login).ok
    page.goto("/logs")
    restart = page.get_by_role("region", name="Troubleshooting").get_by_role(
        "button", name="Restart"
    )
    restart.click()
    dialog_named(page, "Restart the host?").get_by_role("button", name="Cancel").click()
    expect(page.locator("helio-confirm")).to_have_count(0)
    restart.click()
    dialog_named(page, "Restart the host?").get_by_role(
        "button", name="Restart", exact=True
    ).click()
    expect(page.locator("[data-lifecycle]")).to_have_text(
        "The host restarted and is answering again.", timeout=BROWSER_WAIT_MS
    )
    assert admin.get("/api/metadata").json()["started_at"] != before


def test_quit_asks_then_says_the_host_stopped(open_page: OpenPage, tmp_path: Path) -> None:
    with running_host(tmp_path / "data", credentials=ADMIN) as own:
        page = open_page("logs", host=own)
        page.get_by_role("button", name="Quit").click()
        dialog_named(page, "Stop the host?").get_by_role("button", name="Stop the host").click()
        expect(page.locator("[data-lifecycle]")).to_contain_text(
            "The host has stopped", timeout=BROWSER_WAIT_MS
        )
        assert own.process is not None
        assert own.process.wait(timeout=REPLY_S) == 0


def test_jump_to_the_last_error_shows_it(open_page: OpenPage, host: HostProcess) -> None:
    append(host, "ERROR", "an older error")
    append(host, "ERROR", "Stream to Den TV ended: connection reset")
    for number in range(80):
        append(host, "WARNING", f"later warning {number}")
    for look in LOOKS:
        page = open_page("logs", look=look)
        expect(log_view(page)).to_contain_text("later warning 79")
        page.get_by_role("button", name="Jump to last error").click()
        marked = log_view(page).locator("[data-marked]")
        expect(marked).to_have_text(re.compile("Den TV ended: connection reset$"))
        expect(marked).to_be_in_viewport()
        expect(marked).to_be_focused()
        shot(page, "logs-last-error")
        check_axe(page)
        assert sideways_scroll(page) == 0
        page.context.close()


def test_every_look_has_no_serious_axe_violation(open_page: OpenPage, host: HostProcess) -> None:
    append(host, "WARNING", "Encoder probe: NVENC not found, using software encoding")
    append(host, "ERROR", "Stream to Living room TV ended: connection reset")
    for look in LOOKS:
        page = open_page("logs", look=look)
        expect(log_view(page)).to_contain_text("connection reset")
        shot(page, "logs")
        check_axe(page)
        page.context.close()
