"""The game-library integration (`/api/libmgr/*`) on a Lutris database the tests build.

`lutris_root` points at a pga.db with Lutris's tables, and `tool_path` at a
folder whose `lutris` only records its arguments: no real Lutris is touched.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..conftest import ADMIN
from ..helpers import assert_error, confirmed_settings
from ..platform_fixtures import PNG, fake_tool, make_lutris, tool_calls, wait_for_calls
from ..server import HostProcess

JPEG = b"\xff\xd8\xff\xe0" + b"\1" * 40
GAMES: list[dict[str, Any]] = [
    {
        "id": 1,
        "name": "Celeste",
        "slug": "celeste",
        "runner": "linux",
        "cover": JPEG,
        "icon": PNG,
        "playtime": 12.5,
    },
    {"id": 2, "name": "Hollow Knight", "slug": "hollow-knight", "runner": "wine"},
    {"id": 3, "name": "Quake", "slug": "quake", "installed": False},
]
CATEGORIES = {"favorite": [1], "platformers": [1, 2], "empty": []}


@pytest.fixture(scope="module")
def lutris(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_lutris(tmp_path_factory.mktemp("share"), GAMES, CATEGORIES)


@pytest.fixture(scope="module")
def tools(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tools")
    fake_tool(folder, "lutris")
    return folder


@pytest.fixture(scope="module")
def client(host: HostProcess, lutris: Path, tools: Path) -> Iterator[httpx.Client]:
    settings = {"lutris_root": str(lutris), "tool_path": str(tools)}
    assert confirmed_settings(host, settings).status_code == 200
    with host.client(auth=ADMIN) as admin:
        yield admin


@pytest.fixture
def admin(client: httpx.Client) -> httpx.Client:
    assert client.post("/api/apps/purge_autosync", json={}).status_code == 200
    return client


def _apps(admin: httpx.Client) -> dict[str, dict[str, Any]]:
    return {
        a["source-id"]: a
        for a in admin.get("/api/apps").json()["apps"]
        if a.get("source") == "libmgr"
    }


def test_status_reports_the_database(admin: httpx.Client, lutris: Path, tools: Path) -> None:
    body = admin.get("/api/libmgr/status").json()
    assert (body["installed"], body["product"], body["path"], body["client"]) == (
        True,
        "Lutris",
        str(lutris),
        str(tools / "lutris"),
    )
    assert (body["game_count"], body["installed_count"]) == (3, 2)


def test_games_with_categories_install_state_covers_and_icons(
    admin: httpx.Client, lutris: Path
) -> None:
    games = {g["id"]: g for g in admin.get("/api/libmgr/games").json()["games"]}
    assert set(games) == {"1", "2", "3"}
    celeste = games["1"]
    assert (celeste["name"], celeste["installed"], celeste["runner"], celeste["playtime"]) == (
        "Celeste",
        True,
        "linux",
        12.5,
    )
    assert celeste["categories"] == ["favorite", "platformers"]
    assert celeste["cover"] == str(lutris / "coverart" / "celeste.jpg")
    assert celeste["icon"] == str(
        lutris.parent / "icons" / "hicolor" / "128x128" / "apps" / "lutris_celeste.png"
    )
    assert games["2"]["categories"] == ["platformers"] and games["2"]["icon"] is None
    assert games["3"]["installed"] is False


def test_categories_with_game_counts(admin: httpx.Client) -> None:
    body = admin.get("/api/libmgr/categories").json()
    assert [(c["name"], c["games"]) for c in body["categories"]] == [
        ("empty", 0),
        ("favorite", 1),
        ("platformers", 2),
    ]


def test_force_sync_imports_apps_and_saves_icons(admin: httpx.Client) -> None:
    report = admin.post("/api/libmgr/force_sync", json={}).json()
    assert (report["imported"], report["icons"], report["covers"]) == (2, 1, 1)
    apps = _apps(admin)
    assert set(apps) == {"1", "2"}
    assert (apps["1"]["cmd"], apps["1"]["autosync"]) == ("lutris lutris:rungameid/1", True)
    icon = admin.get(f"/api/apps/{apps['1']['uuid']}/icon")
    assert icon.status_code == 200 and icon.content == PNG
    assert_error(admin.get(f"/api/apps/{apps['2']['uuid']}/icon"), 404)
    assert admin.get("/api/libmgr/status").json()["last_sync"]["imported"] == 2


def test_install_starts_the_manager_installer(admin: httpx.Client, tools: Path) -> None:
    before = len(tool_calls(tools))
    answer = admin.post("/api/libmgr/install", json={"libmgr_id": 3}).json()
    assert answer == {
        "status": True,
        "libmgr_id": "3",
        "name": "Quake",
        "started": True,
        "command": ["lutris", "lutris:install/quake"],
    }
    assert wait_for_calls(tools, before + 1)[before:] == ["lutris lutris:install/quake"]


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("install", {}, "libmgr_id is required"),
        ("install", {"libmgr_id": 99}, "no game with libmgr_id 99"),
        ("install", {"libmgr_id": "1"}, "already installed"),
        ("uninstall", {}, "libmgr_id is required"),
        ("uninstall", {"libmgr_id": 3}, "not installed"),
        ("uninstall", {"libmgr_id": 1}, "no command-line uninstall"),
        ("launch", {}, "mode is required"),
        ("launch", {"mode": "fullscreen"}, "desktop"),
        ("cover", {}, "libmgr_id is required"),
        ("cover", {"libmgr_id": 1}, "cover_key is required"),
        ("cover", {"libmgr_id": 1, "cover_key": "never-uploaded"}, "no uploaded cover"),
    ],
)
def test_refusals_start_and_change_nothing(
    admin: httpx.Client, tools: Path, lutris: Path, path: str, body: dict[str, Any], message: str
) -> None:
    calls = tool_calls(tools)
    covers = sorted((lutris / "coverart").iterdir())
    assert_error(admin.post(f"/api/libmgr/{path}", json=body), 400, message)
    assert tool_calls(tools) == calls
    assert sorted((lutris / "coverart").iterdir()) == covers


def test_cover_uses_an_uploaded_image_and_syncs(admin: httpx.Client, lutris: Path) -> None:
    upload = admin.post(
        "/api/covers/upload", json={"key": "hk-cover", "data": base64.b64encode(PNG).decode()}
    )
    assert upload.status_code == 200, upload.text
    answer = admin.post("/api/libmgr/cover", json={"libmgr_id": "2", "cover_key": "hk-cover"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    target = lutris / "coverart" / "hollow-knight.jpg"
    assert body["path"] == str(target) and target.read_bytes() == PNG
    assert body["sync"]["imported"] == 2
    assert _apps(admin)["2"]["image-path"] == str(target)
    target.unlink()


def test_launch_opens_the_manager_window(admin: httpx.Client, tools: Path) -> None:
    before = len(tool_calls(tools))
    answer = admin.post("/api/libmgr/launch", json={"mode": "desktop"}).json()
    assert (answer["status"], answer["started"], answer["command"]) == (True, True, ["lutris"])
    assert wait_for_calls(tools, before + 1)[before:] == ["lutris "]


def test_without_lutris_the_truth_is_told(
    client: httpx.Client, lutris: Path, tmp_path: Path
) -> None:
    client.patch("/api/config", json={"lutris_root": str(tmp_path)})
    try:
        status = client.get("/api/libmgr/status").json()
        assert (status["status"], status["installed"], status["game_count"]) == (True, False, 0)
        assert "pga.db" in status["reason"]
        assert_error(client.get("/api/libmgr/games"), 400, "lutris is not installed")
        assert_error(client.get("/api/libmgr/categories"), 400, "lutris is not installed")
        assert_error(client.post("/api/libmgr/force_sync", json={}), 400, "lutris is not installed")
    finally:
        client.patch("/api/config", json={"lutris_root": str(lutris)})


def test_an_unreadable_database_is_reported(
    client: httpx.Client, lutris: Path, tmp_path: Path
) -> None:
    (tmp_path / "pga.db").write_bytes(b"this is not sqlite" * 100)
    client.patch("/api/config", json={"lutris_root": str(tmp_path)})
    try:
        status = client.get("/api/libmgr/status").json()
        assert status["installed"] is True and status["game_count"] is None
        assert "lutris database" in status["error"].lower()
        assert_error(client.get("/api/libmgr/games"), 400, "cannot")
    finally:
        client.patch("/api/config", json={"lutris_root": str(lutris)})
