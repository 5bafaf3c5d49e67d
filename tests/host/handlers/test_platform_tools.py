"""Helper detection (frame limiters, overlay, upscalers, HDR layer) and the live HDR filter.

`tool_path` and `vulkan_layer_dirs` point at folders the tests fill, so the
answers depend only on what the tests put there, never on the real PC.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..conftest import ADMIN
from ..helpers import assert_error, confirmed_settings
from ..platform_fixtures import fake_tool
from ..server import HostProcess


def _manifest(
    folder: Path, file_name: str, layer: str, library: str, env: dict[str, str] | None = None
) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    body: dict[str, Any] = {
        "file_format_version": "1.0.0",
        "layer": {"name": layer, "type": "GLOBAL", "library_path": library},
    }
    if env:
        body["layer"]["enable_environment"] = env
    path = folder / file_name
    path.write_text(json.dumps(body))
    return path


@pytest.fixture(scope="module")
def layout(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("vk")
    user = base / "home" / "vulkan" / "implicit_layer.d"
    system = base / "usr" / "vulkan" / "implicit_layer.d"
    explicit = base / "usr" / "vulkan" / "explicit_layer.d"
    lib = base / "usr" / "lib" / "libVkLayer_hdr_wsi.so"
    lib.parent.mkdir(parents=True)
    lib.write_bytes(b"\x7fELF")
    _manifest(system, "MangoHud.x86_64.json", "VK_LAYER_MANGOHUD_overlay_x86_64", "libMangoHud.so")
    _manifest(
        explicit,
        "VkLayer_hdr_wsi.x86_64.json",
        "VK_LAYER_hdr_wsi",
        "../../lib/libVkLayer_hdr_wsi.so",
        {"ENABLE_HDR_WSI": "1"},
    )
    tools = base / "bin"
    fake_tool(tools, "mangohud")
    fake_tool(tools, "gamescope")
    return {
        "base": base,
        "user": user,
        "system": system,
        "explicit": explicit,
        "lib": lib,
        "tools": tools,
    }


@pytest.fixture(scope="module")
def admin(host: HostProcess, layout: dict[str, Path]) -> Iterator[httpx.Client]:
    settings = {
        "vulkan_layer_dirs": [str(layout["user"]), str(layout["system"])],
        "tool_path": str(layout["tools"]),
    }
    assert confirmed_settings(host, settings).status_code == 200
    with host.client(auth=ADMIN) as client:
        yield client


def _tools(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {t["name"]: t for t in body["tools"]}


def test_frame_limiters_found_by_program_and_layer(
    admin: httpx.Client, layout: dict[str, Path]
) -> None:
    body = admin.get("/api/frame-limiter/status").json()
    assert body["status"] is True and body["installed"] is True
    assert "simulated" not in body  # a real PC's tools: only the browser demo says so
    tools = _tools(body)
    assert tools["mangohud"]["binary"] == str(layout["tools"] / "mangohud")
    assert tools["mangohud"]["layer"]["name"] == "VK_LAYER_MANGOHUD_overlay_x86_64"
    assert tools["libstrangle"] == {
        "name": "libstrangle",
        "kind": "fps_limit",
        "installed": False,
        "binary": None,
        "layer": None,
    }


def test_overlay_limiter_is_mangohud(admin: httpx.Client) -> None:
    body = admin.get("/api/overlay_limiter/status").json()
    assert (body["name"], body["installed"], body["layer"]["implicit"]) == ("mangohud", True, True)
    assert (
        body["layer"]["library_exists"] is None
    )  # a bare name: resolved by the loader, unknown here


def test_upscalers(admin: httpx.Client, layout: dict[str, Path]) -> None:
    tools = _tools(admin.get("/api/upscaler/status").json())
    assert tools["gamescope"]["installed"] is True and tools["gamescope"]["binary"] == str(
        layout["tools"] / "gamescope"
    )
    assert tools["vkbasalt"]["installed"] is False and tools["lsfg-vk"]["installed"] is False


def test_nothing_installed_is_reported_as_such(
    host: HostProcess, admin: httpx.Client, layout: dict[str, Path], tmp_path: Path
) -> None:
    empty = {"tool_path": str(tmp_path), "vulkan_layer_dirs": [str(tmp_path / "none")]}
    assert confirmed_settings(host, empty).status_code == 200
    try:
        for path in (
            "/api/frame-limiter/status",
            "/api/upscaler/status",
            "/api/overlay_limiter/status",
        ):
            body = admin.get(path).json()
            assert body["status"] is True and body["installed"] is False, path
        hdr = admin.get("/api/health/vulkan-hdr-layer").json()
        assert (hdr["installed"], hdr["registered"], hdr["layer"]) == (False, False, None)
        assert_error(
            admin.post("/api/health/vulkan-hdr-layer/register", json={}), 400, "not installed"
        )
        assert not (tmp_path / "none").exists()
    finally:
        restored = {
            "tool_path": str(layout["tools"]),
            "vulkan_layer_dirs": [str(layout["user"]), str(layout["system"])],
        }
        assert confirmed_settings(host, restored).status_code == 200


def test_hdr_layer_register_makes_it_implicit_once(
    admin: httpx.Client, layout: dict[str, Path]
) -> None:
    before = admin.get("/api/health/vulkan-hdr-layer").json()
    assert (before["installed"], before["registered"]) == (True, False)
    assert (
        before["layer"]["library"] == str(layout["lib"])
        and before["layer"]["library_exists"] is True
    )
    assert before["layer"]["enable_environment"] == {"ENABLE_HDR_WSI": "1"}
    first = admin.post("/api/health/vulkan-hdr-layer/register", json={}).json()
    assert (first["registered"], first["changed"]) == (True, True)
    written = json.loads((layout["user"] / "VkLayer_hdr_wsi.x86_64.json").read_text())
    assert written["layer"]["library_path"] == str(
        layout["lib"]
    )  # absolute: valid from the new folder
    assert admin.get("/api/health/vulkan-hdr-layer").json()["registered"] is True
    second = admin.post("/api/health/vulkan-hdr-layer/register", json={}).json()
    assert (second["registered"], second["changed"]) == (True, False)
    (layout["user"] / "VkLayer_hdr_wsi.x86_64.json").unlink()


def test_register_refuses_a_manifest_whose_library_is_missing(
    admin: httpx.Client, layout: dict[str, Path]
) -> None:
    layout["lib"].rename(layout["lib"].with_suffix(".gone"))
    try:
        assert_error(
            admin.post("/api/health/vulkan-hdr-layer/register", json={}), 400, "does not exist"
        )
        assert not (layout["user"] / "VkLayer_hdr_wsi.x86_64.json").exists()
    finally:
        layout["lib"].with_suffix(".gone").rename(layout["lib"])


def test_hdr_filter_needs_a_flag_and_a_running_app(admin: httpx.Client) -> None:
    assert_error(admin.post("/api/apps/hdr_filter/live", json={}), 400, "enabled is required")
    assert_error(
        admin.post("/api/apps/hdr_filter/live", json={"enabled": "yes"}),
        400,
        "enabled must be true or false",
    )
    assert_error(
        admin.post("/api/apps/hdr_filter/live", json={"enabled": True}), 400, "no app is running"
    )


def test_hdr_filter_switches_the_running_app(admin: httpx.Client) -> None:
    app = admin.post(
        "/api/apps", json={"name": "Sleeper", "cmd": "sleep 120", "auto-detach": False}
    ).json()["app"]
    launched = admin.post("/api/apps/launch", json={"uuid": app["uuid"]})
    assert launched.status_code == 200, launched.text
    try:
        answer = admin.post("/api/apps/hdr_filter/live", json={"enabled": True})
        assert answer.json() == {
            "status": True,
            "uuid": app["uuid"],
            "name": "Sleeper",
            "enabled": True,
        }
        assert (
            admin.post("/api/apps/hdr_filter/live", json={"enabled": False}).json()["enabled"]
            is False
        )
    finally:
        admin.post("/api/apps/close", json={})
        admin.delete(f"/api/apps/{app['uuid']}")
    assert_error(
        admin.post("/api/apps/hdr_filter/live", json={"enabled": True}), 400, "no app is running"
    )
