"""Metadata (codec probe, cache), session status and the stream list."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from host.core.displays.outputs import DisplayDevice
from host.core.system.metadata import ProbeResult
from host.native import probe
from host.native.drm import LinuxDisplays
from host.native.probe import Prober

from ...waiting import wait_for
from ..helpers import assert_error
from ..resources import admin_in_process

GPU = ProbeResult([{"kind": "nvenc", "device": "test GPU"}])


def test_metadata_over_https_has_every_documented_field(admin: httpx.Client) -> None:
    for path in ("/api/metadata", "/api/meta"):
        body = admin.get(path).json()
        assert body["status"] is True and body["version"] == "0.1.0"
        assert body["codec"]["state"] in ("checking", "ready", "failed")
        assert body["capture"] == "auto" and isinstance(body["displays"], list)
        assert isinstance(body["audio"], list) and "supported" in body["virtual_display"]


def _swap_probe(ctx: Any, result: ProbeResult, gate: threading.Event | None = None) -> list[str]:
    # Let the real start-up probe finish first, so it cannot land after the fake one.
    wait_for(lambda: ctx.codec_probe.state != "checking", "the start-up probe")
    calls: list[str] = []

    def fake(preferred: str) -> ProbeResult:
        calls.append(preferred)
        if gate is not None:
            gate.wait(30)
        return result

    ctx.adapters.prober = Prober(ctx.codec_probe, fake)
    return calls


def test_reading_metadata_never_starts_a_probe_but_a_probe_setting_does(tmp_path: Path) -> None:
    ctx, client = admin_in_process(tmp_path)
    with client:
        calls = _swap_probe(ctx, GPU)
        runs = ctx.codec_probe.runs
        for _ in range(5):
            client.get("/api/metadata")
        assert ctx.codec_probe.runs == runs and calls == []
        client.patch("/api/config", json={"locale": "fr"})  # not a probe setting
        assert ctx.codec_probe.runs == runs
        client.patch("/api/config", json={"encoder": "nvenc"})
        assert ctx.codec_probe.runs == runs + 1
        wait_for(
            lambda: client.get("/api/metadata").json()["codec"]["state"] == "ready", "probe result"
        )
        assert calls == ["nvenc"]
        assert client.get("/api/metadata").json()["codec"]["encoders"] == GPU.encoders


def test_codec_state_goes_checking_then_ready_or_failed(tmp_path: Path) -> None:
    ctx, client = admin_in_process(tmp_path)
    with client:
        gate = threading.Event()
        _swap_probe(ctx, ProbeResult([], "no encoder here"), gate)
        client.patch("/api/config", json={"capture": "kms"})
        assert client.get("/api/metadata").json()["codec"]["state"] == "checking"
        gate.set()
        codec = wait_for(
            lambda: (c := client.get("/api/metadata").json()["codec"])["state"] != "checking" and c,
            "probe",
        )
        assert codec == {"state": "failed", "encoders": [], "error": "no encoder here"}


def test_answers_are_cached_up_to_5_s_and_dropped_on_a_settings_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ctx, client = admin_in_process(tmp_path)
    now = [1000.0]
    ctx.metadata_cache._monotonic = lambda: now[0]
    reads: list[int] = []
    monkeypatch.setattr(
        LinuxDisplays,
        "devices",
        lambda _self: (
            reads.append(1) or [DisplayDevice(f"DP-{len(reads)}", "DP-1", "card0", True, True)]
        ),
    )
    with client:
        wait_for(lambda: ctx.codec_probe.state != "checking", "the start-up probe")
        first = client.get("/api/metadata").json()["displays"]
        now[0] += 4.9
        assert client.get("/api/metadata").json()["displays"] == first
        now[0] += 0.2
        assert client.get("/api/metadata").json()["displays"] != first  # expired
        count = len(reads)
        client.patch("/api/config", json={"locale": "de"})
        client.get("/api/metadata")
        assert len(reads) == count + 1


@pytest.mark.parametrize(
    ("nvenc", "render_nodes", "on_path", "state", "first"),
    [
        ([{"kind": "nvenc", "device": "RTX"}], [], [], "ready", "nvenc"),
        ([], ["/dev/dri/renderD128"], [], "ready", "vaapi"),
        ([], [], ["ffmpeg"], "ready", "software"),
        ([], [], [], "failed", None),
    ],
)
def test_probe_encoders_finds_nvenc_vaapi_or_software(
    monkeypatch: pytest.MonkeyPatch,
    nvenc: list,
    render_nodes: list,
    on_path: list,
    state: str,
    first: str | None,
) -> None:  # type: ignore[type-arg]
    monkeypatch.setattr(probe, "_nvenc", lambda: nvenc)
    monkeypatch.setattr(
        probe.glob, "glob", lambda pattern: render_nodes if "renderD" in pattern else []
    )
    monkeypatch.setattr(
        probe.shutil, "which", lambda name: f"/usr/bin/{name}" if name in on_path else None
    )
    result = probe.probe_encoders()
    assert ("ready" if result.encoders else "failed") == state
    assert (result.encoders[0]["kind"] if result.encoders else None) == first
    if state == "failed":
        assert "No usable video encoder" in result.error


@pytest.mark.parametrize(
    ("app", "stream", "expected"),
    [
        (
            False,
            None,
            {"activeSessions": 0, "appRunning": False, "paused": False, "running": False},
        ),
        (True, None, {"activeSessions": 0, "appRunning": True, "paused": True, "running": False}),
        (
            False,
            "active",
            {"activeSessions": 1, "appRunning": False, "paused": False, "running": True},
        ),
        (
            True,
            "active",
            {"activeSessions": 1, "appRunning": True, "paused": False, "running": True},
        ),
        (
            True,
            "pending",
            {"activeSessions": 0, "appRunning": True, "paused": True, "running": False},
        ),
    ],
)
def test_session_status_flags_are_independent(
    tmp_path: Path, app: bool, stream: str | None, expected: dict[str, Any]
) -> None:
    ctx, client = admin_in_process(tmp_path)
    with client:
        if app:
            saved = client.post("/api/apps", json={"name": "Desktop"}).json()["app"]
            assert client.post("/api/apps/launch", json={"uuid": saved["uuid"]}).status_code == 200
        if stream:
            ctx.streams.put("DEVICE-1", "normal", stream)
        body = client.get("/api/session/status").json()
        assert {k: body[k] for k in expected} == expected
        assert body["appName"] == ("Desktop" if app else "")
        sessions = client.get("/api/rtsp/sessions").json()["sessions"]
        assert [s["device"] for s in sessions] == (["DEVICE-1"] if stream else [])


def test_status_routes_need_authentication(anon: httpx.Client) -> None:
    for path in ("/api/metadata", "/api/meta", "/api/session/status", "/api/rtsp/sessions"):
        assert_error(anon.get(path), 401)


class FakeNvml:
    """Just enough of pynvml for the NVENC probe."""

    NVML_ENCODER_QUERY_H264 = 0

    def __init__(self, capacities: list[Any], init_error: bool = False) -> None:
        self.capacities, self.init_error, self.shut = capacities, init_error, False

    def nvmlInit(self) -> None:
        if self.init_error:
            raise RuntimeError("NVML Shared Library Not Found")

    def nvmlShutdown(self) -> None:
        self.shut = True

    def nvmlDeviceGetCount(self) -> int:
        return len(self.capacities)

    def nvmlDeviceGetHandleByIndex(self, index: int) -> int:
        return index

    def nvmlDeviceGetName(self, handle: int) -> bytes:
        return f"GPU {handle}".encode()

    def nvmlDeviceGetEncoderCapacity(self, handle: int, codec: int) -> int:
        capacity = self.capacities[handle]
        if isinstance(capacity, Exception):
            raise capacity
        return int(capacity)


@pytest.mark.parametrize(
    ("capacities", "init_error", "found"),
    [
        ([100], False, ["GPU 0"]),
        ([0, 100], False, ["GPU 1"]),  # e.g. an H100 (no NVENC) beside a GeForce
        ([RuntimeError("Not Supported")], False, []),
        ([], False, []),
        ([100], True, []),  # no driver
    ],
)
def test_nvenc_probe_through_nvml(
    monkeypatch: pytest.MonkeyPatch, capacities: list[Any], init_error: bool, found: list[str]
) -> None:
    import sys

    fake = FakeNvml(capacities, init_error)
    monkeypatch.setitem(sys.modules, "pynvml", fake)
    assert [e["device"] for e in probe._nvenc()] == found
    assert fake.shut is not init_error  # NVML is released after a successful init
