"""GET /api/hardware-metrics on a real host: real TLS, real client certificates, the fake sampler.

The host runs with `--simulate-streams` (streams are set through the admin
API) and `HELIO_FAKE_SAMPLER` (a scripted sampler that logs every sample
and can be held open), so every rule of spec/hardware-metrics.md is checked
end to end without a GPU and without timing assertions.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from host.core.settings import HARDWARE_METRIC_IDS
from tests.waiting import wait_for

from ..conftest import ADMIN
from ..devices import (
    Device,
    FakeControl,
    device_client,
    make_device,
    plain_client,
    provision,
    put_stream,
)
from ..server import HostProcess, running_host

GPU = {
    "id": 0,
    "name": "Fake GPU 1",
    "metrics": {"gpu_usage_percent": 37, "gpu_temperature_c": 0, "gpu_vram_used_mb": 1536.5},
}
METRICS = "/api/hardware-metrics"
_rotation = itertools.count(1)


@pytest.fixture(scope="module")
def fake(tmp_path_factory: pytest.TempPathFactory) -> FakeControl:
    return FakeControl(tmp_path_factory.mktemp("fake"))


@pytest.fixture(scope="module")
def shost(tmp_path_factory: pytest.TempPathFactory, fake: FakeControl) -> Iterator[HostProcess]:
    data = tmp_path_factory.mktemp("streaming") / "data"
    with running_host(data, "--simulate-streams", credentials=ADMIN, env=fake.env) as process:
        yield process


@pytest.fixture(scope="module")
def admin(shost: HostProcess) -> Iterator[httpx.Client]:
    with shost.client(auth=ADMIN) as client:
        yield client


@pytest.fixture(scope="module")
def certs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("certs")


@pytest.fixture(scope="module")
def viewer(shost: HostProcess, certs: Path) -> tuple[Device, str]:
    device = make_device(certs, "viewer")
    return device, provision(shost, device, "Viewer")


@pytest.fixture(autouse=True)
def baseline(admin: httpx.Client, fake: FakeControl) -> Iterator[None]:
    fake.set(cpu_times=[[10, 100], [35, 200], [80, 300]], gpus=[GPU])
    fake.hold.unlink(missing_ok=True)
    configure(
        admin,
        hardware_metrics=True,
        hardware_metrics_interval=10_000,
        hardware_metrics_selection=fresh_selection(),
    )
    yield
    fake.hold.unlink(missing_ok=True)
    for stream in admin.get("/api/debug/streams").json()["streams"]:
        admin.delete(f"/api/debug/streams/{stream['device']}")


def configure(admin: httpx.Client, **settings: Any) -> None:
    answer = admin.patch("/api/config", json=settings)
    assert answer.status_code == 200, answer.text


def fresh_selection() -> list[str]:
    """Every identifier, in a new order: the cache is keyed by the selection, so this forces a new sample."""
    shift = next(_rotation) % len(HARDWARE_METRIC_IDS)
    return list(HARDWARE_METRIC_IDS[shift:] + HARDWARE_METRIC_IDS[:shift])


def assert_refused(answer: httpx.Response, status: int, error: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.headers["cache-control"] == "no-store"
    assert answer.headers["content-type"] == "application/json"
    body = answer.json()
    assert body["error"] == error and set(body) <= {"status", "error"}


def get_metrics(shost: HostProcess, device: Device | None) -> httpx.Response:
    with device_client(shost, device) as client:
        return client.get(METRICS, headers={"Accept": "application/json"})


# -- eligibility ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "state", "eligible"),
    [
        ("normal", "active", True),
        ("remote_monitor", "active", True),
        ("input_only", "active", False),
        ("normal", "pending", False),
        ("normal", "stopping", False),
        ("remote_monitor", "pending", False),
        ("remote_monitor", "stopping", False),
    ],
)
def test_eligibility_table(
    shost: HostProcess,
    admin: httpx.Client,
    viewer: tuple[Device, str],
    kind: str,
    state: str,
    eligible: bool,
) -> None:
    device, uuid = viewer
    put_stream(admin, uuid, kind, state)
    answer = get_metrics(shost, device)
    if eligible:
        assert answer.status_code == 200, answer.text
        assert answer.headers["cache-control"] == "no-store"
    else:
        assert_refused(answer, 409, "An active video stream is required")


def test_no_stream_and_only_another_devices_stream_are_409(
    shost: HostProcess, admin: httpx.Client, viewer: tuple[Device, str], certs: Path
) -> None:
    device, _ = viewer
    assert_refused(get_metrics(shost, device), 409, "An active video stream is required")
    other = make_device(certs, "other")
    put_stream(admin, provision(shost, other, "Other"), "normal", "active")
    assert_refused(get_metrics(shost, device), 409, "An active video stream is required")
    assert get_metrics(shost, other).status_code == 200  # control: the other device itself may


def test_ended_stream_is_refused_again(
    shost: HostProcess, admin: httpx.Client, viewer: tuple[Device, str]
) -> None:
    device, uuid = viewer
    put_stream(admin, uuid, "normal", "active")
    assert get_metrics(shost, device).status_code == 200
    assert admin.delete(f"/api/debug/streams/{uuid}").status_code == 200
    assert_refused(get_metrics(shost, device), 409, "An active video stream is required")


# -- authentication --------------------------------------------------------------------------


def test_without_view_or_launch_permission_is_403(
    shost: HostProcess, admin: httpx.Client, certs: Path
) -> None:
    device = make_device(certs, "input-only-perms")
    uuid = provision(shost, device, "Pad", "input,clipboard")
    put_stream(admin, uuid, "normal", "active")
    assert_refused(get_metrics(shost, device), 403, "An authenticated viewer is required")


@pytest.mark.parametrize("permissions", ["view", "launch"])
def test_view_or_launch_alone_is_enough(
    shost: HostProcess, admin: httpx.Client, certs: Path, permissions: str
) -> None:
    device = make_device(certs, f"only-{permissions}")
    put_stream(admin, provision(shost, device, permissions, permissions), "normal", "active")
    assert get_metrics(shost, device).status_code == 200


def test_without_a_certificate_is_403(shost: HostProcess) -> None:
    assert_refused(get_metrics(shost, None), 403, "An authenticated viewer is required")


def test_admin_credentials_do_not_authenticate_it(shost: HostProcess) -> None:
    with device_client(shost, None, auth=ADMIN) as client:
        assert_refused(client.get(METRICS), 403, "An authenticated viewer is required")
    with shost.client(auth=ADMIN) as console:  # and the console's port does not serve it
        assert console.get(METRICS).status_code == 404


def test_plain_http_is_404(
    shost: HostProcess, admin: httpx.Client, viewer: tuple[Device, str]
) -> None:
    put_stream(admin, viewer[1], "normal", "active")
    with plain_client(shost) as client:
        answer = client.get(METRICS)
    assert answer.status_code == 404 and answer.headers["cache-control"] == "no-store"
    assert isinstance(answer.json()["error"], str)


def test_disabled_is_403_even_with_an_active_stream(
    shost: HostProcess, admin: httpx.Client, viewer: tuple[Device, str]
) -> None:
    device, uuid = viewer
    put_stream(admin, uuid, "normal", "active")
    configure(admin, hardware_metrics=False)
    assert_refused(get_metrics(shost, device), 403, "Hardware metrics are disabled")
    configure(admin, hardware_metrics=True)
    assert get_metrics(shost, device).status_code == 200


# -- the answer ----------------------------------------------------------------------------------


def test_success_body(
    shost: HostProcess, admin: httpx.Client, viewer: tuple[Device, str], fake: FakeControl
) -> None:
    device, uuid = viewer
    put_stream(admin, uuid, "remote_monitor", "active")
    answer = get_metrics(shost, device)
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    assert answer.headers["cache-control"] == "no-store"
    body = answer.json()
    assert body["version"] == 1 and body["interval_ms"] == 10_000
    assert (
        isinstance(body["sampled_at_unix_ms"], int)
        and body["sampled_at_unix_ms"] > 1_600_000_000_000
    )
    # Absent is not zero: the fake reports no fan, so no fan key; its 0 °C is kept.
    assert body["gpus"] == [GPU]
    assert all(isinstance(v, int | float) and not isinstance(v, bool) for v in body["cpu"].values())


def test_selection_filters_readings(
    shost: HostProcess, admin: httpx.Client, viewer: tuple[Device, str]
) -> None:
    device, uuid = viewer
    put_stream(admin, uuid, "normal", "active")
    configure(admin, hardware_metrics_selection=["gpu_temperature_c"])
    body = get_metrics(shost, device).json()
    assert body["cpu"] == {} and body["gpus"][0]["metrics"] == {"gpu_temperature_c": 0}


def test_many_devices_share_one_sample_per_interval(
    shost: HostProcess, admin: httpx.Client, certs: Path, fake: FakeControl
) -> None:
    devices = [make_device(certs, f"poller-{i}") for i in range(6)]
    for i, device in enumerate(devices):
        put_stream(admin, provision(shost, device, f"Poller {i}"), "normal", "active")
    before = fake.started()
    fake.hold.touch()  # the first request's sample stays open while the others arrive
    with ThreadPoolExecutor(len(devices) * 2) as pool:
        pending = [pool.submit(get_metrics, shost, d) for d in devices * 2]
        fake.wait_started(before + 1)
        fake.hold.unlink()
        answers = [f.result() for f in pending]
    assert [a.status_code for a in answers] == [200] * len(answers)
    bodies = [a.json() for a in answers]
    assert all(b == bodies[0] for b in bodies)  # identical readings and sampled_at_unix_ms
    # Faster polling within the interval gets the same body again.
    assert all(get_metrics(shost, d).json() == bodies[0] for d in devices)
    assert fake.started() == before + 1


def test_interval_change_mid_stream_is_reported_in_the_next_answer(
    shost: HostProcess, admin: httpx.Client, viewer: tuple[Device, str]
) -> None:
    device, uuid = viewer
    put_stream(admin, uuid, "normal", "active")
    assert get_metrics(shost, device).json()["interval_ms"] == 10_000
    configure(admin, hardware_metrics_interval=2_000)
    assert get_metrics(shost, device).json()["interval_ms"] == 2_000
    configure(admin, hardware_metrics_interval=500)
    assert get_metrics(shost, device).json()["interval_ms"] == 500


def test_a_sample_over_two_seconds_times_out_then_busy_until_it_ends(
    shost: HostProcess, admin: httpx.Client, viewer: tuple[Device, str], fake: FakeControl
) -> None:
    device, uuid = viewer
    put_stream(admin, uuid, "normal", "active")
    before = fake.started()
    fake.hold.touch()
    assert_refused(get_metrics(shost, device), 503, "Hardware metrics timed out")
    # The stuck sample is past its 2 s deadline: no queueing behind it.
    assert_refused(get_metrics(shost, device), 503, "Hardware metrics are busy")
    done = fake.finished()
    fake.hold.unlink()
    fake.wait_finished(done + 1)  # the stuck sample ends; only then is the host free again
    assert fake.started() == before + 1
    # Its completion reaches the event loop a moment after the sampler logs it: until then
    # the host may still say busy, and nothing else.
    answer = wait_for(
        lambda: a if "are busy" not in (a := get_metrics(shost, device)).text else None,
        "the host to finish with the stuck sample",
    )
    assert answer.status_code == 200, answer.text


def test_selection_change_during_a_sample_is_503(
    shost: HostProcess, admin: httpx.Client, viewer: tuple[Device, str], fake: FakeControl
) -> None:
    device, uuid = viewer
    put_stream(admin, uuid, "normal", "active")
    before = fake.started()
    fake.hold.touch()
    with ThreadPoolExecutor(1) as pool:
        pending = pool.submit(get_metrics, shost, device)
        fake.wait_started(before + 1)
        configure(admin, hardware_metrics_selection=["cpu_usage_percent"])
        fake.hold.unlink()
        assert_refused(pending.result(), 503, "Hardware metric selection changed")
    assert get_metrics(shost, device).status_code == 200


def test_failing_sampler_is_503_unavailable(
    shost: HostProcess, admin: httpx.Client, viewer: tuple[Device, str], fake: FakeControl
) -> None:
    device, uuid = viewer
    put_stream(admin, uuid, "normal", "active")
    fake.set(fail=True)
    assert_refused(get_metrics(shost, device), 503, "Hardware metrics are unavailable")


def test_no_gpu_is_an_empty_list_with_200(
    shost: HostProcess, admin: httpx.Client, viewer: tuple[Device, str], fake: FakeControl
) -> None:
    device, uuid = viewer
    put_stream(admin, uuid, "normal", "active")
    fake.set(gpus=[])
    answer = get_metrics(shost, device)
    assert answer.status_code == 200 and answer.json()["gpus"] == []


# -- simulator routes --------------------------------------------------------------------------


def test_simulator_routes_drive_the_registry(
    admin: httpx.Client, viewer: tuple[Device, str]
) -> None:
    uuid = viewer[1]
    put_stream(admin, uuid, "input_only", "pending")
    listed = admin.get("/api/debug/streams").json()["streams"]
    assert [(s["device"], s["kind"], s["state"]) for s in listed] == [
        (uuid, "input_only", "pending")
    ]
    assert (
        admin.post(
            "/api/debug/streams", json={"device": uuid, "kind": "tv", "state": "active"}
        ).status_code
        == 400
    )
    assert (
        admin.post(
            "/api/debug/streams", json={"device": "NOT-PAIRED", "kind": "normal", "state": "active"}
        ).status_code
        == 404
    )
    assert admin.delete(f"/api/debug/streams/{uuid}").status_code == 200
    assert admin.delete(f"/api/debug/streams/{uuid}").status_code == 404
    with httpx.Client(base_url=str(admin.base_url), verify=False) as anon:
        assert anon.get("/api/debug/streams").status_code == 401


def test_first_sample_has_no_cpu_usage_until_a_delta_exists(tmp_path: Path) -> None:
    """A host of its own: the CPU rule is about the process's very first sample."""
    fake = FakeControl(tmp_path / "fake")
    fake.set(cpu_times=[[10, 100], [35, 200]], gpus=[GPU])
    with (
        running_host(
            tmp_path / "data", "--simulate-streams", credentials=ADMIN, env=fake.env
        ) as host,
        host.client(auth=ADMIN) as admin,
    ):
        device = make_device(tmp_path / "certs", "first")
        put_stream(admin, provision(host, device, "First"), "normal", "active")
        configure(admin, hardware_metrics=True)
        first = get_metrics(host, device).json()
        assert first["cpu"] == {} and first["gpus"] == [GPU]
        configure(admin, hardware_metrics_selection=fresh_selection())
        second = get_metrics(host, device).json()
        assert second["cpu"] == {"cpu_usage_percent": 25.0}
        assert fake.started() == 2
