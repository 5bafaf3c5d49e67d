"""The integrations page in headless Chromium against the real host reading fixture
Steam and Lutris libraries (tests/host/platform_fixtures.py) with fake `steam` and
`lutris` programs: status, games, sync into apps, launch, install, the uninstall 400."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.host.helpers import confirmed_settings
from tests.host.platform_fixtures import PNG, fake_tool, make_lutris, make_steam, wait_for_calls
from tests.host.server import HostProcess

from .conftest import ADMIN, LOOKS, OpenPage, check_axe, check_simulated_line, shot
from .dialogs import dialog_named

pytestmark = pytest.mark.browser

JPEG = b"\xff\xd8\xff\xe0" + b"\0" * 60
STEAM_GAMES: list[dict[str, Any]] = [
    {"appid": 440, "name": "Team Fortress 2", "cover": JPEG},
    {"appid": 570, "name": "Dota 2"},
    {"appid": 730, "name": "Counter-Strike 2", "state": 1026},  # downloading: not installed
]
LUTRIS_GAMES: list[dict[str, Any]] = [
    {
        "id": 1,
        "name": "Celeste",
        "slug": "celeste",
        "runner": "linux",
        "icon": PNG,
        "playtime": 12.5,
    },
    {"id": 2, "name": "Hollow Knight", "slug": "hollow-knight", "runner": "wine"},
    {"id": 3, "name": "Quake", "slug": "quake", "installed": False},
]


@pytest.fixture(scope="module")
def tools(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tools")
    fake_tool(folder, "steam")
    fake_tool(folder, "lutris")
    return folder


@pytest.fixture(scope="module")
def libraries(
    host: HostProcess, tmp_path_factory: pytest.TempPathFactory, tools: Path
) -> dict[str, str]:
    base = tmp_path_factory.mktemp("libraries")
    settings = {
        "steam_root": str(make_steam(base / "Steam", STEAM_GAMES)),
        "lutris_root": str(
            make_lutris(base / "share", LUTRIS_GAMES, {"favorite": [1], "platformers": [1, 2]})
        ),
        "tool_path": str(tools),
    }
    assert confirmed_settings(host, settings, ADMIN).status_code == 200
    return settings


@pytest.fixture
def admin(host: HostProcess, libraries: dict[str, str]) -> Iterator[httpx.Client]:
    with host.client(auth=ADMIN) as client:
        assert client.post("/api/apps/purge_autosync", json={}).status_code == 200
        yield client


def library(page: Page, which: str) -> Locator:
    return page.locator(f"[data-library='{which}']")


def game(page: Page, which: str, name: str) -> Locator:
    return library(page, which).locator("tr[data-game]").filter(has_text=name)


def test_store_status_games_sync_and_launch(
    open_page: OpenPage, admin: httpx.Client, tools: Path
) -> None:
    page = open_page("integrations")
    store = library(page, "storefront")
    expect(store.locator("h2")).to_contain_text("Steam")
    expect(store.locator("[data-count]")).to_contain_text("3")
    expect(store.locator("[data-count]")).to_contain_text("2 installed")
    expect(game(page, "storefront", "Counter-Strike 2")).to_contain_text("Not installed")
    expect(
        game(page, "storefront", "Counter-Strike 2").get_by_role(
            "button", name="Launch Counter-Strike 2"
        )
    ).to_be_disabled()

    store.get_by_role("button", name="Sync to applications").click()
    expect(
        page.locator("[data-library='storefront'] .fact").filter(has_text="Last sync")
    ).to_contain_text("2 new")
    names = sorted(a["name"] for a in admin.get("/api/apps").json()["apps"] if a.get("autosync"))
    assert names == ["Dota 2", "Team Fortress 2"]

    game(page, "storefront", "Team Fortress 2").get_by_role(
        "button", name="Launch Team Fortress 2"
    ).click()
    assert any("steam://rungameid/440" in call for call in wait_for_calls(tools, 1))

    page.get_by_role("button", name="Remove imported apps").click()
    dialog_named(page, "Remove every imported app?").get_by_role(
        "button", name="Remove imported apps"
    ).click()
    expect(page.locator("helio-confirm")).to_have_count(0)
    # The dialog closes as the request leaves; its success toast says the host answered.
    toast = page.locator("sl-alert").filter(has_text="2 imported apps removed")
    expect(toast.first).to_be_attached()
    assert not [a for a in admin.get("/api/apps").json()["apps"] if a.get("autosync")]


def test_library_manager_filters_installs_and_shows_the_uninstall_400(
    open_page: OpenPage, admin: httpx.Client, tools: Path
) -> None:
    page = open_page("integrations")
    lutris = library(page, "libmgr")
    expect(lutris.locator("h2")).to_contain_text("Lutris")
    expect(lutris.locator("tr[data-game]")).to_have_count(3)
    lutris.locator("sl-select").click()
    page.get_by_role("option", name="favorite (1)").click()
    expect(lutris.locator("tr[data-game]")).to_have_count(1)
    lutris.locator("sl-select").click()
    page.get_by_role("option", name="All categories").click()
    lutris.get_by_label("Find a game").fill("hollow")
    expect(lutris.locator("tr[data-game]")).to_have_count(1)
    lutris.get_by_label("Find a game").fill("")

    calls = (
        len((tools / "calls.log").read_text().splitlines()) if (tools / "calls.log").exists() else 0
    )
    game(page, "libmgr", "Quake").get_by_role("button", name="Install Quake").click()
    assert any("lutris:install/quake" in call for call in wait_for_calls(tools, calls + 1))

    game(page, "libmgr", "Celeste").get_by_role("button", name="Uninstall Celeste").click()
    expect(
        lutris.locator("helio-error .message").filter(has_text="uninstall").first
    ).to_be_visible()

    lutris.get_by_role("button", name="Sync to applications").click()
    expect(lutris.locator(".fact").filter(has_text="Last sync")).to_contain_text("2 new")
    shot(page, "integrations-synced")


def test_every_look_has_no_serious_axe_violation(open_page: OpenPage, admin: httpx.Client) -> None:
    for look in LOOKS:
        page = open_page("integrations", look=look)
        expect(library(page, "libmgr").locator("tr[data-game]")).to_have_count(3)
        expect(library(page, "storefront").locator("tr[data-game]")).to_have_count(3)
        shot(page, "integrations")
        check_axe(page)
        page.context.close()


def test_one_line_says_the_libraries_are_simulated_when_the_host_says_so(
    open_page: OpenPage, admin: httpx.Client
) -> None:
    line = "Simulated: these libraries are files on the browser demo's made-up PC; no game runs."
    check_simulated_line(
        open_page,
        "integrations",
        re.compile(r"/api/(?:storefront|libmgr)/status$"),
        ("integrations-simulated", line),
        lambda page: expect(library(page, "storefront").locator("tr[data-game]")).to_have_count(3),
    )
