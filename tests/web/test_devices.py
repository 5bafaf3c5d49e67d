"""Devices and pairing in headless Chromium against the real host: a Moonlight handshake
finished with the PIN typed in the page, the one-time PIN's countdown, rename and
permissions, disconnect, unpair and unpair all (each with its confirmation)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.host.devices import make_device, provision, put_stream
from tests.host.moonlight import MoonlightPairing, PairingFailed
from tests.host.server import HostProcess
from tests.waiting import BROWSER_WAIT_MS, REPLY_S

from .conftest import ADMIN, LOOKS, OpenPage, check_axe, shot, sideways_scroll
from .dialogs import dialog_named

pytestmark = pytest.mark.browser


@pytest.fixture
def admin(host: HostProcess) -> Iterator[httpx.Client]:
    """An API client on the module's host; no paired device at the start of each test."""
    with host.client(auth=ADMIN) as client:
        assert client.post("/api/clients/unpair-all", json={}).status_code == 200
        yield client


def clients(admin: httpx.Client) -> list[dict[str, Any]]:
    return list(admin.get("/api/clients/list").json()["clients"])


def card(page: Page, name: str) -> Locator:
    return page.locator("[data-client]").filter(has_text=name)


def test_a_waiting_device_pairs_with_the_pin_typed_in_the_page(
    open_page: OpenPage, host: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    page = open_page("devices")
    expect(page.get_by_role("heading", name="No device is waiting")).to_be_visible()
    expect(page.get_by_role("heading", name="No paired devices")).to_be_visible()
    device = make_device(tmp_path, "moonlight")
    pairing = MoonlightPairing(host, device, pin="4711")
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(pairing.get_server_cert)  # waits on the host for the PIN
        request = page.locator("[data-request]")
        expect(request).to_contain_text("roth")
        expect(request).to_contain_text("127.0.0.1")  # the address the request came from
        expect(request.locator("dd").nth(2)).to_have_text(re.compile(r"^1 min \d\d s$"))
        expect(page.get_by_role("status").filter(has_text="waiting for a PIN")).to_have_count(1)
        pending_id = admin.get("/api/clients/pending").json()["pending"][0]["id"]
        assert request.get_attribute("data-request") == pending_id
        shot(page, "devices-pending")
        check_axe(page)
        request.get_by_label("PIN", exact=True).fill("4711")
        request.get_by_label("Name this device").fill("Living room TV")
        request.get_by_role("button", name="Pair").click()
        pairing.finish(first.result(timeout=REPLY_S))
    expect(page.get_by_role("heading", name="No device is waiting")).to_be_visible()
    expect(page.locator("[data-outcome=paired]")).to_contain_text("Living room TV is paired")
    expect(card(page, "Living room TV")).to_be_visible(timeout=BROWSER_WAIT_MS)
    [paired] = clients(admin)
    assert paired["name"] == "Living room TV" and paired["cert_fingerprint"] == device.fingerprint


def test_a_wrong_pin_is_reported_as_wrong_with_what_to_do_next(
    open_page: OpenPage, host: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    """Moonlight says "Incorrect PIN": the page must not say the PIN was accepted."""
    for number, look in enumerate(LOOKS):
        page = open_page("devices", look=look)
        pairing = MoonlightPairing(host, make_device(tmp_path, f"typo{number}"), pin="1111")
        with ThreadPoolExecutor(1) as pool:
            first = pool.submit(pairing.get_server_cert)
            request = page.locator("[data-request]")
            request.get_by_label("PIN", exact=True).fill("2222")
            request.get_by_role("button", name="Pair").click()
            with pytest.raises(PairingFailed, match="incorrect PIN"):
                pairing.finish(first.result(timeout=REPLY_S))
        outcome = page.locator("[data-outcome=wrong_pin]")
        expect(outcome).to_contain_text("Wrong PIN: roth did not pair")
        expect(outcome).to_contain_text("Start pairing again on the device")
        expect(page.get_by_text("PIN accepted")).to_have_count(0)
        expect(page.get_by_role("status")).to_contain_text("Wrong PIN")
        assert clients(admin) == []
        shot(page, "devices-wrong-pin")
        check_axe(page)
        assert sideways_scroll(page) == 0
        page.context.close()


def test_the_one_time_pin_counts_down_and_a_short_passphrase_is_refused(
    open_page: OpenPage, admin: httpx.Client
) -> None:
    page = open_page("devices")
    form = page.locator("form.otp")
    form.get_by_label("Passphrase").fill("abc")
    form.get_by_role("button", name="Issue PIN").click()
    expect(
        page.locator("helio-error .message").filter(has_text="passphrase is required").first
    ).to_be_visible()

    form.get_by_label("Passphrase").fill("blue whale")
    form.get_by_label("Device name (optional)").fill("Tablet")
    form.get_by_role("button", name="Issue PIN").click()
    code = page.locator("[data-otp-code]")
    expect(code).to_have_text(re.compile(r"^\d{4}$"))
    countdown = page.locator("[data-countdown]")
    expect(countdown).to_contain_text(re.compile(r"Expires in 2 min 5\d s|Expires in 3 min 00 s"))
    first = countdown.inner_text()
    expect(countdown).not_to_have_text(first, timeout=BROWSER_WAIT_MS)  # it ticks
    expect(countdown).to_contain_text("for Tablet")


def test_rename_and_permissions_are_saved(
    open_page: OpenPage, host: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    uuid = provision(host, make_device(tmp_path, "deck"), "Deck", "view,launch,input")
    page = open_page("devices")
    deck = card(page, "Deck")
    expect(deck).to_contain_text("Launch apps")
    deck.get_by_role("button", name="Edit Deck").click()
    dialog = dialog_named(page, "Edit Deck")
    name = dialog.get_by_label("Name")
    expect(name).to_have_value("Deck")  # the editor has filled in the device before typing
    name.fill("Steam Deck")
    dialog.locator("sl-checkbox[name='input']").click()
    dialog.locator("sl-checkbox[name='clipboard']").click()
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_have_count(0)
    expect(card(page, "Steam Deck")).to_contain_text("Clipboard")
    [saved] = clients(admin)
    assert saved["uuid"] == uuid and saved["name"] == "Steam Deck"
    assert sorted(saved["permissions"]) == ["clipboard", "launch", "view"]

    # An empty name is the host's 400, shown next to the field; nothing changes.
    card(page, "Steam Deck").get_by_role("button", name="Edit Steam Deck").click()
    dialog = dialog_named(page, "Edit Steam Deck")
    name = dialog.get_by_label("Name")
    expect(name).to_have_value("Steam Deck")
    name.fill("")
    expect(name).to_have_value("")  # what Save sends
    dialog.get_by_role("button", name="Save").click()
    expect(dialog.locator("sl-input.invalid")).to_have_count(1)
    assert clients(admin)[0]["name"] == "Steam Deck"
    dialog.get_by_role("button", name="Cancel").click()


def test_disconnect_unpair_and_unpair_all_ask_first(
    open_page: OpenPage, host: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    tv = provision(host, make_device(tmp_path, "tv"), "TV")
    provision(host, make_device(tmp_path, "phone"), "Phone")
    provision(host, make_device(tmp_path, "laptop"), "Laptop")
    put_stream(admin, tv, "normal", "active")
    page = open_page("devices")
    expect(card(page, "TV")).to_contain_text("Streaming")
    expect(card(page, "Phone").get_by_role("button", name="Disconnect Phone")).to_be_disabled()
    shot(page, "devices")
    card(page, "TV").get_by_role("button", name="Disconnect TV").click()
    expect(card(page, "TV")).not_to_contain_text("Streaming")
    assert next(c for c in clients(admin) if c["name"] == "TV")["stream"] is None

    card(page, "Phone").get_by_role("button", name="Unpair Phone").click()
    dialog_named(page, "Unpair Phone?").get_by_role("button", name="Cancel").click()
    assert len(clients(admin)) == 3
    card(page, "Phone").get_by_role("button", name="Unpair Phone").click()
    dialog_named(page, "Unpair Phone?").get_by_role("button", name="Unpair").click()
    expect(card(page, "Phone")).to_have_count(0)
    assert sorted(c["name"] for c in clients(admin)) == ["Laptop", "TV"]

    page.get_by_role("button", name="Unpair all").click()
    confirm = dialog_named(page, "Unpair every device?")
    expect(confirm).to_contain_text("All 2 paired devices")
    confirm.get_by_role("button", name="Unpair all").click()
    expect(page.get_by_role("heading", name="No paired devices")).to_be_visible()
    assert clients(admin) == []


def test_every_look_has_no_serious_axe_violation(
    open_page: OpenPage, host: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    tv = provision(host, make_device(tmp_path, "tv"), "Living room TV")
    provision(host, make_device(tmp_path, "deck"), "Steam Deck", "view,launch,input,clipboard")
    put_stream(admin, tv, "normal", "active")
    for look in LOOKS:
        page = open_page("devices", look=look)
        expect(page.locator("[data-client]")).to_have_count(2)
        page.locator("form.otp").get_by_label("Passphrase").fill("blue whale")
        page.locator("form.otp").get_by_role("button", name="Issue PIN").click()
        expect(page.locator("[data-otp-code]")).to_be_visible()
        shot(page, "devices")
        check_axe(page)
        page.context.close()
