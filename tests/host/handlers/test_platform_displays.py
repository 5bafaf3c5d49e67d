"""Display routes against the real HTTPS host, reading a fake /sys/class/drm tree.

The host's `drm_root` and `icc_profile_dirs` settings point at folders the
tests build, so nothing here reads or changes the real PC's displays.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..core.test_platform_parsers import _icc
from ..helpers import assert_error
from ..platform_fixtures import edid_block, make_drm_tree

HDR_EDID = edid_block(name="HELIO HDR", modes=((2560, 1440, 144.0), (1920, 1080, 60.0)), hdr=True)
BROKEN_EDID = HDR_EDID[:20] + bytes([HDR_EDID[20] ^ 1]) + HDR_EDID[21:]
EVDI_EDID = edid_block(
    manufacturer="EVD", product=1, name="VIRTUAL", modes=((1920, 1080, 60.0),), refresh_range=None
)
OUTPUTS: list[dict[str, Any]] = [
    {"connector": "DP-1", "edid": HDR_EDID, "modes": ["2560x1440", "1920x1080", "1280x720"]},
    {"connector": "HDMI-A-1", "status": "disconnected", "enabled": "disabled"},
    {"connector": "DP-2", "edid": BROKEN_EDID, "modes": ["1920x1080"]},
    {
        "card": "card1",
        "connector": "DVI-I-1",
        "driver": "evdi",
        "edid": EVDI_EDID,
        "modes": ["1920x1080"],
    },
]
MAIN = "DP-1-DEL40F5"
VIRTUAL = "DVI-I-1-EVD0001"


@pytest.fixture(scope="module")
def sysfs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sys")
    make_drm_tree(root, OUTPUTS)
    control = root / "devices" / "evdi"
    control.mkdir(parents=True)
    (control / "remove_all").write_text("")
    icc = root / "icc"
    icc.mkdir()
    (icc / "studio.icc").write_bytes(_icc(b"mntr", "Studio HDR"))
    (icc / "printer.icc").write_bytes(_icc(b"prtr", "Office printer"))
    return root


@pytest.fixture(scope="module")
def client(host: Any, sysfs: Path) -> Iterator[httpx.Client]:
    from ..conftest import ADMIN

    with host.client(auth=ADMIN) as admin:
        answer = admin.patch(
            "/api/config",
            json={
                "drm_root": str(sysfs / "class" / "drm"),
                "icc_profile_dirs": [str(sysfs / "icc")],
            },
        )
        assert answer.status_code == 200, answer.text
        yield admin


@pytest.fixture
def admin(client: httpx.Client) -> httpx.Client:
    """The shared client with no stored layouts and no golden snapshot."""
    assert client.post("/api/reset-display-device-persistence", json={}).status_code == 200
    client.delete("/api/display/golden")
    return client


def _devices(admin: httpx.Client) -> dict[str, dict[str, Any]]:
    answer = admin.get("/api/display-devices")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["status"] is True and body["platform"] == "linux"
    assert "simulated" not in body  # only the browser demo's made-up PC says so
    return {d["device_id"]: d for d in body["devices"]}


def test_display_devices_come_from_the_drm_tree_and_edid(admin: httpx.Client) -> None:
    devices = _devices(admin)
    assert set(devices) == {MAIN, "HDMI-A-1", "DP-2", VIRTUAL}
    main = devices[MAIN]
    assert (main["connector"], main["card"], main["connected"], main["enabled"]) == (
        "DP-1",
        "card0",
        True,
        True,
    )
    assert main["resolutions"] == ["2560x1440", "1920x1080", "1280x720"]
    assert main["modes"][0] == {
        "width": 2560,
        "height": 1440,
        "refresh_hz": 144.0,
        "preferred": True,
        "interlaced": False,
    }
    assert 144.0 in main["refresh_rates"] and 60.0 in main["refresh_rates"]
    assert main["edid"]["name"] == "HELIO HDR" and main["edid"]["hdr"] is True
    assert main["virtual"] is False
    empty = devices["HDMI-A-1"]
    assert (empty["connected"], empty["enabled"], empty["edid"], empty["modes"]) == (
        False,
        False,
        None,
        [],
    )
    broken = devices["DP-2"]
    assert broken["edid"] is None and "checksum" in broken["edid_error"]
    assert devices[VIRTUAL]["virtual"] is True and devices[VIRTUAL]["driver"] == "evdi"


def test_metadata_lists_the_same_displays_and_ids_as_display_devices(
    admin: httpx.Client,
) -> None:
    """/api/metadata read /sys/class/drm whatever `drm_root` said, so the two disagreed."""
    devices = admin.get("/api/display-devices").json()["devices"]
    listed = admin.get("/api/metadata").json()["displays"]
    assert [d["id"] for d in listed] == [d["device_id"] for d in devices]
    assert MAIN in [d["id"] for d in listed] and VIRTUAL in [d["id"] for d in listed]
    main = next(d for d in listed if d["id"] == MAIN)
    assert main["connected"] is True and main["modes"] == ["2560x1440", "1920x1080", "1280x720"]


def test_edid_refresh_lists_the_advertised_rates(admin: httpx.Client) -> None:
    body = admin.get("/api/framegen/edid-refresh", params={"device_id": MAIN}).json()
    assert body["status"] is True and body["device_id"] == MAIN and body["edid"] is True
    assert {144.0, 60.0} <= set(body["refresh_rates"])
    assert body["range"] == {"min_hz": 48, "max_hz": 144}
    none = admin.get("/api/framegen/edid-refresh", params={"device_id": "HDMI-A-1"}).json()
    assert (none["edid"], none["refresh_rates"], none["range"]) == (False, [], None)


def test_edid_refresh_needs_a_known_device(admin: httpx.Client) -> None:
    assert_error(admin.get("/api/framegen/edid-refresh"), 400, "device_id is required")
    assert_error(
        admin.get("/api/framegen/edid-refresh", params={"device_id": "DP-9"}),
        400,
        "unknown device_id",
    )


def test_layout_is_validated_stored_and_read_back(admin: httpx.Client) -> None:
    assert admin.get("/api/clients/display-layout").json() == {"status": True, "layouts": []}
    put = admin.put(
        "/api/clients/display-layout",
        json={"device_id": MAIN, "resolution": "2560x1440", "refresh_hz": 144, "scaling": 125},
    )
    assert put.status_code == 200, put.text
    assert put.json()["layout"]["resolution"] == "2560x1440"
    # Variable refresh inside the EDID range is accepted even without a listed mode.
    assert (
        admin.put(
            "/api/clients/display-layout",
            json={"device_id": MAIN, "resolution": "1920x1080", "refresh_hz": 100},
        ).status_code
        == 200
    )
    layouts = admin.get("/api/clients/display-layout", params={"device_id": MAIN}).json()["layouts"]
    assert [
        (x["device_id"], x["resolution"], x["refresh_hz"], x["scaling"], x["connected"])
        for x in layouts
    ] == [(MAIN, "1920x1080", 100, 100, True)]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "device_id is required"),
        ({"device_id": "DP-9"}, "unknown device_id"),
        ({"device_id": MAIN, "resolution": "3840x2160"}, "does not offer 3840x2160"),
        ({"device_id": MAIN, "resolution": "big"}, "widthxheight"),
        ({"device_id": MAIN, "refresh_hz": 240}, "does not advertise 240"),
        ({"device_id": MAIN, "refresh_hz": "60"}, "refresh_hz must be a number"),
        ({"device_id": MAIN, "scaling": 20}, "scaling"),
        ({"device_id": MAIN, "rotation": 90}, "unknown layout field rotation"),
    ],
)
def test_bad_layouts_are_400_and_change_nothing(
    admin: httpx.Client, body: dict[str, Any], message: str
) -> None:
    assert (
        admin.put(
            "/api/clients/display-layout", json={"device_id": MAIN, "scaling": 150}
        ).status_code
        == 200
    )
    assert_error(admin.put("/api/clients/display-layout", json=body), 400, message)
    layouts = admin.get("/api/clients/display-layout").json()["layouts"]
    assert [(x["device_id"], x["scaling"]) for x in layouts] == [(MAIN, 150)]


def test_layout_read_for_an_unknown_device_is_400(admin: httpx.Client) -> None:
    assert_error(
        admin.get("/api/clients/display-layout", params={"device_id": "nope"}),
        400,
        "unknown device_id",
    )


def test_hdr_profiles_per_device(admin: httpx.Client, sysfs: Path) -> None:
    body = admin.get("/api/clients/hdr-profiles").json()
    by_id = {d["device_id"]: d for d in body["devices"]}
    assert by_id[MAIN]["hdr"] is True and by_id[MAIN]["hdr_eotfs"] == ["sdr", "pq", "hlg"]
    assert [p["name"] for p in by_id[MAIN]["profiles"]] == [
        "Studio HDR"
    ]  # the printer profile is not listed
    assert by_id["HDMI-A-1"]["profiles"] == [] and by_id["HDMI-A-1"]["hdr"] is False
    assert by_id["DP-2"]["hdr"] is False


def test_hdr_profiles_empty_when_the_folders_hold_none(client: httpx.Client, sysfs: Path) -> None:
    client.patch("/api/config", json={"icc_profile_dirs": [str(sysfs / "class")]})
    try:
        devices = client.get("/api/clients/hdr-profiles").json()["devices"]
        assert all(d["profiles"] == [] for d in devices)
    finally:
        client.patch("/api/config", json={"icc_profile_dirs": [str(sysfs / "icc")]})


def test_golden_snapshot_export_status_restore_delete(admin: httpx.Client) -> None:
    assert admin.get("/api/display/golden_status").json() == {"status": True, "exists": False}
    assert_error(
        admin.post("/api/display/restore_golden", json={}), 400, "no golden display snapshot"
    )
    admin.put(
        "/api/clients/display-layout",
        json={"device_id": MAIN, "resolution": "2560x1440", "refresh_hz": 144},
    )
    exported = admin.post("/api/display/export_golden", json={})
    assert exported.status_code == 200, exported.text
    golden = exported.json()["golden"]
    assert {o["device_id"] for o in golden["outputs"]} == {MAIN, "HDMI-A-1", "DP-2", VIRTUAL}
    status = admin.get("/api/display/golden_status").json()
    assert (status["exists"], status["matches"], status["differences"]) == (True, True, [])
    # Change the stored layout, then restore: the golden layout comes back.
    admin.put(
        "/api/clients/display-layout",
        json={"device_id": MAIN, "resolution": "1920x1080", "refresh_hz": 60},
    )
    restored = admin.post("/api/display/restore_golden", json={})
    assert restored.json() == {"status": True, "restored_layouts": 1, "outputs_changed": False}
    layout = admin.get("/api/clients/display-layout").json()["layouts"][0]
    assert (layout["resolution"], layout["refresh_hz"]) == ("2560x1440", 144)
    assert admin.delete("/api/display/golden").json() == {"status": True, "deleted": True}
    assert admin.delete("/api/display/golden").json() == {"status": True, "deleted": False}
    assert admin.get("/api/display/golden_status").json()["exists"] is False


def test_restore_is_refused_with_the_reason_when_outputs_changed(
    admin: httpx.Client, sysfs: Path
) -> None:
    admin.put("/api/clients/display-layout", json={"device_id": MAIN, "scaling": 100})
    admin.post("/api/display/export_golden", json={})
    admin.put("/api/clients/display-layout", json={"device_id": MAIN, "scaling": 200})
    status_file = sysfs / "class" / "drm" / "card0-DP-1" / "status"
    status_file.write_text("disconnected\n")
    try:
        status = admin.get("/api/display/golden_status").json()
        assert status["matches"] is False
        assert status["differences"] == [f"{MAIN} was connected and is not connected now"]
        body = assert_error(
            admin.post("/api/display/restore_golden", json={}), 400, "linux offers no way"
        )
        assert "was connected" in body["error"]
        # Nothing was restored: the layout is the changed one.
        assert admin.get("/api/clients/display-layout").json()["layouts"][0]["scaling"] == 200
    finally:
        status_file.write_text("connected\n")


def test_reset_persistence_forgets_layouts(admin: httpx.Client) -> None:
    admin.put("/api/clients/display-layout", json={"device_id": MAIN})
    admin.put(
        "/api/clients/display-layout",
        json={"device_id": "HDMI-A-1", "resolution": "1920x1080", "refresh_hz": 75},
    )
    assert admin.post("/api/reset-display-device-persistence", json={}).json() == {
        "status": True,
        "cleared_layouts": 2,
    }
    assert admin.get("/api/clients/display-layout").json()["layouts"] == []


def test_terminate_virtual_removes_evdi_displays(admin: httpx.Client, sysfs: Path) -> None:
    control = sysfs / "devices" / "evdi" / "remove_all"
    control.write_text("")
    assert_error(
        admin.post("/api/display/terminate_virtual", json={}), 400, f"required (virtual: {VIRTUAL})"
    )
    assert_error(
        admin.post("/api/display/terminate_virtual", json={"device_id": MAIN}),
        400,
        "not a virtual display",
    )
    assert_error(
        admin.post("/api/display/terminate_virtual", json={"device_id": 7}),
        400,
        "device_id must be a string",
    )
    assert control.read_text() == ""
    answer = admin.post("/api/display/terminate_virtual", json={"device_id": VIRTUAL})
    assert answer.json() == {"status": True, "terminated": [VIRTUAL]}
    assert control.read_text() == "1"


def test_terminate_virtual_without_one_is_400(
    client: httpx.Client, sysfs: Path, tmp_path: Path
) -> None:
    plain = make_drm_tree(tmp_path / "plain", [OUTPUTS[0]])
    vkms = make_drm_tree(tmp_path / "vkms", [{"connector": "Virtual-1", "driver": "vkms"}])
    try:
        client.patch("/api/config", json={"drm_root": str(plain)})
        assert_error(
            client.post("/api/display/terminate_virtual", json={}), 400, "no virtual display exists"
        )
        client.patch("/api/config", json={"drm_root": str(vkms)})
        assert_error(
            client.post("/api/display/terminate_virtual", json={"device_id": "Virtual-1"}),
            400,
            "modprobe -r vkms",
        )
        client.patch("/api/config", json={"drm_root": str(tmp_path / "missing")})
        assert client.get("/api/display-devices").json()["devices"] == []
    finally:
        client.patch("/api/config", json={"drm_root": str(sysfs / "class" / "drm")})


def _drm_root(client: httpx.Client) -> str:
    return str(client.get("/api/config").json()["drm_root"])


def test_drm_root_must_be_an_absolute_folder(client: httpx.Client) -> None:
    before = _drm_root(client)
    assert_error(client.patch("/api/config", json={"drm_root": "sys/class/drm"}), 400, "drm_root")
    assert_error(client.patch("/api/config", json={"tool_path": "bin:/usr/bin"}), 400, "tool_path")
    assert _drm_root(client) == before
