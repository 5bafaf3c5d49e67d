"""The game-store integration (`/api/storefront/*`) on a Steam library the tests build.

`steam_root` points at the fixture library and `tool_path` at a folder whose
`steam` only records its arguments, so no real Steam is read or started.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..conftest import ADMIN
from ..helpers import assert_error, confirmed_settings
from ..platform_fixtures import fake_tool, make_steam, tool_calls, wait_for_calls
from ..server import HostProcess

JPEG = b"\xff\xd8\xff\xe0" + b"\0" * 60
GAMES: list[dict[str, Any]] = [
    {"appid": 440, "name": "Team Fortress 2", "cover": JPEG},
    {"appid": 570, "name": "Dota 2", "library": 1},
    {"appid": 730, "name": "Counter-Strike 2", "state": 1026},  # downloading: not installed
    {"appid": 1493710, "name": "Proton Experimental"},  # a compatibility tool, not a game
]


@pytest.fixture(scope="module")
def steam(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("steam")
    root = make_steam(base / "Steam", GAMES, second_library=base / "library2")
    (root / "steamapps" / "appmanifest_999.acf").write_text('"AppState" { "appid" "999" ')
    return root


@pytest.fixture(scope="module")
def tools(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tools")
    fake_tool(folder, "steam")
    return folder


@pytest.fixture(scope="module")
def client(host: HostProcess, steam: Path, tools: Path) -> Iterator[httpx.Client]:
    settings = {"steam_root": str(steam), "tool_path": str(tools)}
    assert confirmed_settings(host, settings).status_code == 200
    with host.client(auth=ADMIN) as admin:
        yield admin


@pytest.fixture
def admin(client: httpx.Client) -> httpx.Client:
    """No imported apps at the start of each test."""
    assert client.post("/api/apps/purge_autosync", json={}).status_code == 200
    return client


def _apps(admin: httpx.Client) -> dict[str, dict[str, Any]]:
    return {
        a["source-id"]: a
        for a in admin.get("/api/apps").json()["apps"]
        if a.get("source") == "storefront"
    }


def test_status_reports_the_library(admin: httpx.Client, steam: Path, tools: Path) -> None:
    body = admin.get("/api/storefront/status").json()
    assert body["status"] is True and body["installed"] is True
    assert (body["integration"], body["product"], body["path"]) == (
        "storefront",
        "Steam",
        str(steam),
    )
    assert (body["game_count"], body["installed_count"]) == (3, 2)
    assert body["client"] == str(tools / "steam")
    assert "last_sync" in body
    assert "simulated" not in body  # only the browser demo's made-up PC says so


def test_games_come_from_the_manifests_of_every_library(admin: httpx.Client, steam: Path) -> None:
    body = admin.get("/api/storefront/games").json()
    games = {g["id"]: g for g in body["games"]}
    assert set(games) == {"440", "570", "730"}
    assert games["440"]["installed"] is True and games["440"]["cover"].endswith(
        "440_library_600x900.jpg"
    )
    assert games["440"]["install_dir"] == str(steam / "steamapps" / "common" / "Team Fortress 2")
    assert (
        games["570"]["library"] == str(steam.parent / "library2") and games["570"]["cover"] is None
    )
    assert games["730"]["installed"] is False
    assert any("appmanifest_999.acf" in p for p in body["problems"])


def test_force_sync_imports_installed_games_as_autosynced_apps(
    admin: httpx.Client, steam: Path
) -> None:
    first = admin.post("/api/storefront/force_sync", json={}).json()
    assert (first["imported"], first["updated"], first["removed"], first["covers"]) == (2, 0, 0, 1)
    apps = _apps(admin)
    assert set(apps) == {"440", "570"}
    tf2 = apps["440"]
    assert (tf2["name"], tf2["cmd"], tf2["autosync"]) == (
        "Team Fortress 2",
        "steam steam://rungameid/440",
        True,
    )
    assert tf2["image-path"].endswith("440_library_600x900.jpg")
    cover = admin.get(f"/api/apps/{tf2['uuid']}/cover")
    assert cover.status_code == 200 and cover.content == JPEG
    # A second sync updates the same apps; no copies.
    second = admin.post("/api/storefront/force_sync", json={}).json()
    assert (second["imported"], second["updated"]) == (0, 2)
    assert {a["uuid"] for a in _apps(admin).values()} == {a["uuid"] for a in apps.values()}
    assert admin.get("/api/storefront/status").json()["last_sync"]["updated"] == 2


def test_a_game_uninstalled_since_the_last_sync_is_removed(
    admin: httpx.Client, steam: Path
) -> None:
    admin.post("/api/storefront/force_sync", json={})
    manifest = steam.parent / "library2" / "steamapps" / "appmanifest_570.acf"
    original = manifest.read_text()
    manifest.write_text(original.replace('"StateFlags"\t\t"4"', '"StateFlags"\t\t"0"'))
    try:
        report = admin.post("/api/storefront/force_sync", json={}).json()
        assert (report["removed"], report["updated"]) == (1, 1)
        assert set(_apps(admin)) == {"440"}
    finally:
        manifest.write_text(original)


def test_launch_starts_the_game_through_the_store_client(admin: httpx.Client, tools: Path) -> None:
    before = len(tool_calls(tools))
    answer = admin.post("/api/storefront/launch", json={"appid": 440})
    assert answer.json() == {
        "status": True,
        "launched": "440",
        "name": "Team Fortress 2",
        "command": ["steam", "steam://rungameid/440"],
    }
    assert wait_for_calls(tools, before + 1)[before:] == ["steam steam://rungameid/440"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "appid is required"),
        ({"appid": True}, "appid must be a string or an integer"),
        ({"appid": "12345"}, "no game with appid 12345"),
        ({"appid": "730"}, "not installed"),
        ({"appid": "1493710"}, "no game with appid"),
    ],
)
def test_launch_refusals_start_nothing(
    admin: httpx.Client, tools: Path, body: dict[str, Any], message: str
) -> None:
    before = tool_calls(tools)
    assert_error(admin.post("/api/storefront/launch", json=body), 400, message)
    assert tool_calls(tools) == before


def test_launch_without_the_client_program_is_400(
    host: HostProcess, client: httpx.Client, tools: Path, tmp_path: Path
) -> None:
    assert confirmed_settings(host, {"tool_path": str(tmp_path)}).status_code == 200
    try:
        assert_error(
            client.post("/api/storefront/launch", json={"appid": 440}), 400, "steam was not found"
        )
        assert client.get("/api/storefront/status").json()["client"] is None
    finally:
        assert confirmed_settings(host, {"tool_path": str(tools)}).status_code == 200


def test_without_steam_the_truth_is_told(admin: httpx.Client, steam: Path, tmp_path: Path) -> None:
    admin.patch("/api/config", json={"steam_root": str(tmp_path)})
    try:
        status = admin.get("/api/storefront/status").json()
        assert (status["status"], status["installed"], status["path"], status["game_count"]) == (
            True,
            False,
            None,
            0,
        )
        assert str(tmp_path) in status["reason"]
        assert_error(admin.get("/api/storefront/games"), 400, "steam is not installed")
        assert_error(
            admin.post("/api/storefront/force_sync", json={}), 400, "steam is not installed"
        )
        assert _apps(admin) == {}
    finally:
        admin.patch("/api/config", json={"steam_root": str(steam)})
