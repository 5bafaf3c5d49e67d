"""The displays page in headless Chromium against the real host reading a fixture DRM
tree (tests/host/platform_fixtures.py): outputs with EDID modes, a layout saved and a
refresh rate refused next to its field, the golden snapshot, removing a virtual display."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.host.core.test_platform_parsers import _icc
from tests.host.handlers.test_platform_displays import MAIN, OUTPUTS, VIRTUAL
from tests.host.platform_fixtures import make_drm_tree
from tests.host.server import HostProcess

from .conftest import ADMIN, LOOKS, OpenPage, check_axe, check_simulated_line, shot
from .dialogs import dialog_named

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def sysfs(host: HostProcess, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sys")
    make_drm_tree(root, OUTPUTS)
    (root / "devices" / "evdi").mkdir(parents=True)
    (root / "devices" / "evdi" / "remove_all").write_text("")
    (root / "icc").mkdir()
    (root / "icc" / "studio.icc").write_bytes(_icc(b"mntr", "Studio HDR"))
    (root / "icc" / "printer.icc").write_bytes(_icc(b"prtr", "Office printer"))  # not a display's
    settings = {"drm_root": str(root / "class" / "drm"), "icc_profile_dirs": [str(root / "icc")]}
    with host.client(auth=ADMIN) as admin:
        answer = admin.patch("/api/config", json=settings)
        assert answer.status_code == 200, answer.text
    return root


@pytest.fixture
def admin(host: HostProcess, sysfs: Path) -> Iterator[httpx.Client]:
    """No stored layouts and no golden snapshot at the start of each test."""
    with host.client(auth=ADMIN) as client:
        assert client.post("/api/reset-display-device-persistence", json={}).status_code == 200
        client.delete("/api/display/golden")
        yield client


def output(page: Page, device_id: str) -> Locator:
    return page.locator(f"[data-device='{device_id}']")


def test_outputs_modes_and_a_layout_with_a_refused_rate(
    open_page: OpenPage, admin: httpx.Client
) -> None:
    page = open_page("displays")
    main = output(page, MAIN)
    expect(main).to_contain_text("DP-1 · HELIO HDR")
    expect(main.locator(".badge.success")).to_have_text("Connected")
    expect(main).to_contain_text("HDR")
    expect(main.locator("[data-profiles]")).to_have_text("Colour profiles: Studio HDR")
    expect(page.locator("[data-device]").filter(has_text="HDMI-A-1")).to_contain_text(
        "Disconnected"
    )
    expect(page.locator("[data-device]").filter(has_text="DP-2")).to_contain_text("Unusable EDID")

    main.get_by_text("modes from the EDID").click()
    expect(main.locator("sl-details table")).to_contain_text("2560 × 1440")
    expect(main.locator("sl-details table")).to_contain_text("144 Hz")

    main.locator("sl-select [part~='combobox']").click()
    main.locator("sl-option[value='2560x1440']").click()
    main.get_by_label("Refresh (Hz)").fill("200")
    main.get_by_label("Scaling (%)").fill("125")
    main.get_by_role("button", name="Save layout").click()
    refresh = main.locator("sl-input.invalid")
    expect(refresh).to_have_count(1)
    expect(refresh.locator("[part~='form-control-help-text']")).to_contain_text(
        "does not advertise 200 Hz"
    )
    assert admin.get("/api/clients/display-layout").json()["layouts"] == []
    shot(page, "displays-refused-rate")

    main.get_by_label("Refresh (Hz)").fill("144")
    main.get_by_role("button", name="Save layout").click()
    # The save's own toast, not the cleared error (already gone while the PUT is in flight).
    expect(page.locator("sl-alert").filter(has_text="Layout of").first).to_be_attached()
    expect(main.locator("sl-input.invalid")).to_have_count(0)
    [layout] = admin.get("/api/clients/display-layout").json()["layouts"]
    assert (layout["device_id"], layout["resolution"], layout["refresh_hz"], layout["scaling"]) == (
        MAIN,
        "2560x1440",
        144,
        125,
    )

    page.get_by_role("button", name="Forget layouts").click()
    dialog_named(page, "Forget every stored layout?").get_by_role(
        "button", name="Forget layouts"
    ).click()
    expect(main.get_by_label("Scaling (%)")).to_have_value("100")
    assert admin.get("/api/clients/display-layout").json()["layouts"] == []


def test_golden_snapshot_export_restore_delete(open_page: OpenPage, admin: httpx.Client) -> None:
    page = open_page("displays")
    golden = page.locator("[data-golden]")
    expect(golden).to_contain_text("No snapshot yet")
    expect(golden.get_by_role("button", name="Restore")).to_be_disabled()
    golden.get_by_role("button", name="Export snapshot").click()
    expect(golden).to_contain_text("The displays match the snapshot.")
    assert admin.get("/api/display/golden_status").json()["exists"] is True

    golden.get_by_role("button", name="Restore").click()
    expect(page.locator("sl-alert").filter(has_text="Snapshot restored").first).to_be_attached()
    expect(golden.locator("helio-error .message")).to_have_count(0)

    golden.get_by_role("button", name="Delete").click()
    dialog_named(page, "Delete the snapshot?").get_by_role("button", name="Delete").click()
    expect(golden).to_contain_text("No snapshot yet")
    assert admin.get("/api/display/golden_status").json()["exists"] is False


def test_a_virtual_display_is_removed_after_asking(
    open_page: OpenPage, admin: httpx.Client, sysfs: Path
) -> None:
    page = open_page("displays")
    evdi = output(page, VIRTUAL)
    expect(evdi.locator(".badge.warning")).to_have_text("Virtual")
    expect(output(page, MAIN).get_by_role("button", name="Remove virtual display")).to_have_count(0)
    evdi.get_by_role("button", name="Remove virtual display").click()
    dialog_named(page, "Remove the virtual display DVI-I-1?").get_by_role(
        "button", name="Remove"
    ).click()
    expect(page.locator("sl-alert").filter(has_text="Removed").first).to_be_attached()
    assert (sysfs / "devices" / "evdi" / "remove_all").read_text().strip() != ""


def test_every_look_has_no_serious_axe_violation(open_page: OpenPage, admin: httpx.Client) -> None:
    admin.put(
        "/api/clients/display-layout",
        json={"device_id": MAIN, "resolution": "2560x1440", "refresh_hz": 144, "scaling": 125},
    )
    admin.post("/api/display/export_golden", json={})
    for look in LOOKS:
        page = open_page("displays", look=look)
        expect(output(page, MAIN)).to_be_visible()
        shot(page, "displays")
        check_axe(page)
        page.context.close()


def test_one_line_says_the_displays_are_simulated_when_the_host_says_so(
    open_page: OpenPage, admin: httpx.Client
) -> None:
    line = (
        "Simulated: a made-up monitor and virtual display in the browser demo; no screen changes."
    )
    check_simulated_line(
        open_page,
        "displays",
        re.compile(r"/api/display-devices$"),
        ("displays-simulated", line),
        lambda page: expect(output(page, MAIN)).to_be_visible(),
    )
