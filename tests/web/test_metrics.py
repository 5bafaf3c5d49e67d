"""The hardware-metrics page: the settings and a live view of the host's own sample."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.host.devices import FakeControl
from tests.host.server import HostProcess, running_host
from tests.waiting import BROWSER_WAIT_MS

from .conftest import ADMIN, OpenPage, check_axe, each_look, shot

pytestmark = pytest.mark.browser

GPU = {
    "id": 0,
    "name": "Test GPU 4090",
    "metrics": {"gpu_usage_percent": 42.5, "gpu_temperature_c": 61, "gpu_power_w": 180.2},
}


@pytest.fixture
def gpu_host(tmp_path: Path) -> Iterator[tuple[HostProcess, FakeControl]]:
    """A host whose sampler is scripted (the fake sampler): a known CPU load and one GPU."""
    control = FakeControl(tmp_path / "sampler")
    control.set(cpu_times=[[0, 0], [25, 100], [50, 200]], gpus=[GPU])
    with running_host(tmp_path / "data", credentials=ADMIN, env=control.env) as process:
        yield process, control


def test_without_a_gpu_it_shows_the_cpu_and_says_why_gpus_are_absent(
    open_page: OpenPage, host: HostProcess
) -> None:
    page = open_page("metrics")
    expect(page.locator("#sharing-state")).to_contain_text("Sharing is off")
    expect(page.locator("#no-gpu")).to_contain_text("No GPU readings")
    expect(page.locator("#no-gpu")).to_contain_text("NVML")
    # CPU usage needs two samples; the page keeps asking until the host has one.
    expect(page.locator("[data-metric=cpu_usage_percent]")).to_contain_text(
        "%", timeout=BROWSER_WAIT_MS
    )
    with host.client(auth=ADMIN) as admin:
        preview = admin.get("/api/hardware-metrics/preview").json()
    assert preview["sample"]["gpus"] == []  # the page said so because the host said so


def test_the_live_sample_is_what_a_client_receives(
    open_page: OpenPage, gpu_host: tuple[HostProcess, FakeControl]
) -> None:
    host, _ = gpu_host
    page = open_page("metrics", host=host)
    gpu = page.locator("[data-gpu='0']")
    expect(gpu).to_contain_text("Test GPU 4090")
    expect(gpu.locator("[data-metric=gpu_usage_percent]")).to_contain_text("42.5 %")
    expect(gpu.locator("[data-metric=gpu_temperature_c]")).to_contain_text("61 °C")
    expect(gpu.locator("[data-metric=gpu_power_w]")).to_contain_text("180.2 W")
    expect(page.locator("[data-metric=cpu_usage_percent]")).to_contain_text(
        "25 %", timeout=BROWSER_WAIT_MS
    )
    shot(page, "metrics-gpu")
    check_axe(page)

    # Narrowing the selection changes what clients (and this view) receive.
    page.locator("sl-checkbox[value=gpu_temperature_c]").get_by_role("checkbox").focus()
    page.keyboard.press("Space")
    page.get_by_role("button", name="Save changes").click()
    expect(page.locator("#restart-notice")).to_be_visible()
    expect(gpu.locator("[data-metric=gpu_usage_percent]")).to_have_count(0, timeout=BROWSER_WAIT_MS)
    expect(gpu.locator("[data-metric=gpu_temperature_c]")).to_be_visible()
    with host.client(auth=ADMIN) as admin:
        assert admin.get("/api/config").json()["hardware_metrics_selection"] == [
            "gpu_temperature_c"
        ]
        sample = admin.get("/api/hardware-metrics/preview").json()["sample"]
    assert sample["gpus"][0]["metrics"] == {"gpu_temperature_c": 61}
    expect(page.locator("#raw")).to_contain_text('"gpu_temperature_c": 61')


def test_turning_sharing_on_is_said_in_words(
    open_page: OpenPage, gpu_host: tuple[HostProcess, FakeControl]
) -> None:
    host, _ = gpu_host
    page = open_page("metrics", host=host)
    expect(page.locator("#sharing-state")).to_contain_text("Sharing is off")
    page.get_by_role("switch", name="Share hardware metrics").focus()
    page.keyboard.press("Space")
    page.get_by_role("button", name="Save changes").click()
    expect(page.locator("#sharing-state")).to_contain_text("Sharing is on")
    with host.client(auth=ADMIN) as admin:
        assert admin.get("/api/config").json()["hardware_metrics"] is True


def test_a_failing_sampler_is_shown(
    open_page: OpenPage, gpu_host: tuple[HostProcess, FakeControl]
) -> None:
    host, control = gpu_host
    control.set(fail=True)
    page = open_page("metrics", host=host)
    expect(page.locator("#sample-error")).to_contain_text("Hardware metrics are unavailable")


def test_metrics_looks(open_page: OpenPage, gpu_host: tuple[HostProcess, FakeControl]) -> None:
    host, _ = gpu_host

    def ready(page: Page) -> None:
        expect(page.locator("[data-gpu='0']")).to_be_visible()

    each_look(lambda path, **kw: open_page(path, host=host, **kw), "metrics", "metrics", ready)
