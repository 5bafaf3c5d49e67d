"""The helpers page in headless Chromium against the real host, with `tool_path` and
`vulkan_layer_dirs` pointing at folders the test fills: what is found and what is not,
registering the HDR layer, and the 400 when its library is missing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.host.handlers.test_platform_tools import _manifest
from tests.host.helpers import confirmed_settings
from tests.host.platform_fixtures import fake_tool
from tests.host.server import HostProcess

from .conftest import ADMIN, LOOKS, OpenPage, check_axe, check_simulated_line, shot

pytestmark = pytest.mark.browser


@pytest.fixture
def layers(host: HostProcess, tmp_path: Path) -> Iterator[dict[str, Path]]:
    """MangoHud and gamescope found; the HDR layer installed as an explicit layer only."""
    user = tmp_path / "home" / "vulkan" / "implicit_layer.d"
    system = tmp_path / "usr" / "vulkan" / "implicit_layer.d"
    explicit = tmp_path / "usr" / "vulkan" / "explicit_layer.d"
    lib = tmp_path / "usr" / "lib" / "libVkLayer_hdr_wsi.so"
    lib.parent.mkdir(parents=True)
    lib.write_bytes(b"\x7fELF")
    _manifest(system, "MangoHud.x86_64.json", "VK_LAYER_MANGOHUD_overlay_x86_64", "libMangoHud.so")
    _manifest(
        explicit,
        "VkLayer_hdr_wsi.json",
        "VK_LAYER_hdr_wsi",
        "../../lib/libVkLayer_hdr_wsi.so",
        {"ENABLE_HDR_WSI": "1"},
    )
    tools = tmp_path / "bin"
    fake_tool(tools, "mangohud")
    fake_tool(tools, "gamescope")
    settings = {"vulkan_layer_dirs": [str(user), str(system)], "tool_path": str(tools)}
    assert confirmed_settings(host, settings, ADMIN).status_code == 200
    yield {"user": user, "lib": lib}


@pytest.fixture
def admin(host: HostProcess) -> Iterator[httpx.Client]:
    with host.client(auth=ADMIN) as client:
        yield client


def group(page: Page, key: str) -> Any:
    return page.locator(f"[data-group='{key}']")


def test_found_and_missing_tools_and_registering_the_hdr_layer(
    open_page: OpenPage, admin: httpx.Client, layers: dict[str, Path]
) -> None:
    page = open_page("helpers")
    limiter = group(page, "limiter")
    expect(limiter.locator("[data-tool='mangohud'] .badge")).to_have_text("Found")
    expect(limiter.locator("[data-tool='libstrangle'] .badge")).to_have_text("Not found")
    expect(limiter.locator("[data-tool='mangohud']")).to_contain_text(
        "VK_LAYER_MANGOHUD_overlay_x86_64"
    )
    expect(group(page, "upscaler").locator("[data-tool='gamescope'] .badge")).to_have_text("Found")
    expect(group(page, "overlay").locator("h2 .badge")).to_have_text("Available")

    hdr = group(page, "hdr")
    expect(hdr.locator("h2 .badge")).to_have_text("Not registered")
    expect(hdr).to_contain_text("ENABLE_HDR_WSI=1")
    shot(page, "helpers-unregistered")

    # Its library gone, registering is the host's 400, shown on the card; nothing changes.
    layers["lib"].rename(layers["lib"].with_suffix(".moved"))
    hdr.get_by_role("button", name="Register as implicit layer").click()
    expect(
        hdr.locator("helio-error .message").filter(has_text="does not exist").first
    ).to_be_visible()
    assert admin.get("/api/health/vulkan-hdr-layer").json()["registered"] is False

    layers["lib"].with_suffix(".moved").rename(layers["lib"])
    hdr.get_by_role("button", name="Register as implicit layer").click()
    expect(hdr.locator("h2 .badge")).to_have_text("Registered")
    expect(hdr.get_by_role("button", name="Register as implicit layer")).to_be_disabled()
    assert admin.get("/api/health/vulkan-hdr-layer").json()["registered"] is True
    assert list(layers["user"].glob("*.json"))


def test_a_pc_without_helpers_says_so(
    open_page: OpenPage, host: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    settings = {"vulkan_layer_dirs": [str(empty)], "tool_path": str(empty)}
    assert confirmed_settings(host, settings, ADMIN).status_code == 200
    page = open_page("helpers")
    expect(group(page, "limiter").locator("h2 .badge")).to_have_text("None found")
    expect(group(page, "limiter")).to_contain_text("package manager")
    expect(group(page, "hdr").locator("h2 .badge")).to_have_text("Not installed")
    group(page, "hdr").get_by_role("button", name="Register as implicit layer").click()
    expect(
        group(page, "hdr").locator("helio-error .message").filter(has_text="not installed").first
    ).to_be_visible()


def test_every_look_has_no_serious_axe_violation(
    open_page: OpenPage, layers: dict[str, Path]
) -> None:
    for look in LOOKS:
        page = open_page("helpers", look=look)
        expect(group(page, "hdr").locator("h2 .badge")).to_be_visible()
        expect(group(page, "upscaler").locator("[data-tool]")).to_have_count(3)
        shot(page, "helpers")
        check_axe(page)
        page.context.close()


HELPER_REPORTS = re.compile(
    r"/api/(?:frame-limiter/status|overlay_limiter/status|upscaler/status|health/vulkan-hdr-layer)$"
)


def test_one_line_says_the_tools_are_simulated_when_the_host_says_so(
    open_page: OpenPage, layers: dict[str, Path]
) -> None:
    def ready(page: Page) -> None:
        expect(group(page, "upscaler").locator("[data-tool]")).to_have_count(3)
        expect(group(page, "hdr").locator("h2 .badge")).to_be_visible()

    line = "Simulated: these tools are files on the browser demo's made-up PC; nothing runs."
    check_simulated_line(open_page, "helpers", HELPER_REPORTS, ("helpers-simulated", line), ready)
