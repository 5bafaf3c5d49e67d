"""The dashboard against the real host: what it shows comes from the host's own answers,
and it follows changes (streams, updates, crash dumps) without a reload."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.host.devices import make_device, provision, put_stream
from tests.host.helpers import confirmed_settings
from tests.host.server import HostProcess, running_host
from tests.waiting import BROWSER_WAIT_MS, wait_for

from .conftest import ADMIN, LOOKS, OpenPage, check_axe, each_look, shot

pytestmark = pytest.mark.browser


def mark_document(page: Page) -> None:
    """A marker that survives only as long as the document: a reload would drop it."""
    page.evaluate("window.__sameDocument = true")


def still_same_document(page: Page) -> bool:
    return bool(page.evaluate("window.__sameDocument === true"))


def test_dashboard_shows_the_host_as_the_api_reports_it(
    open_page: OpenPage, host: HostProcess
) -> None:
    with host.client(auth=ADMIN) as admin:
        meta = admin.get("/api/metadata").json()
    page = open_page("")
    expect(page.locator("#hostname")).to_have_text(meta["hostname"])
    expect(page.locator("#version")).to_have_text(meta["version"])
    state = page.locator("#codec-state")
    expect(state).to_have_attribute("data-state", meta["codec"]["state"])
    if meta["codec"]["state"] == "failed":
        expect(page.locator("#codec-error")).to_have_text(
            "No usable video encoder was found on this PC."
        )
        expect(page.locator("#codec-detail")).to_have_text(meta["codec"]["error"])
    for encoder in meta["codec"].get("encoders", []):
        expect(page.locator("#encoders")).to_contain_text(encoder["kind"])
    expect(page.get_by_role("heading", name="Nobody is streaming")).to_be_visible()


def test_streams_appear_and_change_without_a_reload(
    open_page: OpenPage, host: HostProcess, tmp_path: Path
) -> None:
    device = provision(host, make_device(tmp_path, "tv"), "Living-room TV")
    page = open_page("")
    expect(page.locator("#active-streams")).to_have_text("0")
    mark_document(page)
    with host.client(auth=ADMIN) as admin:
        put_stream(admin, device, "normal", "active")
        row = page.locator(f"#streams tr[data-device='{device}']")
        expect(row).to_contain_text("Living-room TV", timeout=BROWSER_WAIT_MS)
        expect(row).to_contain_text("Video and input")
        expect(row).to_contain_text("Streaming")
        expect(page.locator("#active-streams")).to_have_text("1")
        put_stream(admin, device, "remote_monitor", "stopping")
        expect(row).to_contain_text("Stopping", timeout=BROWSER_WAIT_MS)
        expect(row).to_contain_text("Remote monitor")
    assert still_same_document(page)


def test_an_available_update_is_announced(
    open_page: OpenPage, host: HostProcess, tmp_path: Path
) -> None:
    releases = tmp_path / "releases"
    releases.mkdir()
    (releases / "helio-9.9.9.whl").write_bytes(b"wheel")
    entry = {"version": "9.9.9", "artifact": "helio-9.9.9.whl", "sha256": "0" * 64}
    (releases / "releases.json").write_text(json.dumps({"releases": [entry]}))
    page = open_page("")
    expect(page.locator("#hostname")).not_to_be_empty()
    expect(page.locator("#update-notice")).to_have_count(0)
    with host.client(auth=ADMIN) as admin:
        source = {"update_source": str(releases)}
        assert confirmed_settings(host, source, ADMIN).status_code == 200
        assert admin.post("/api/updates/check", json={}).json()["state"] == "available"
    notice = page.locator("#update-notice")
    expect(notice).to_contain_text("Helio 9.9.9 is available", timeout=BROWSER_WAIT_MS)
    notice.get_by_role("link", name="Open updates").click()
    assert page.url.endswith("/updates")


def test_dashboard_looks(open_page: OpenPage, host: HostProcess, tmp_path: Path) -> None:
    device = provision(host, make_device(tmp_path, "deck"), "Steam Deck")
    with host.client(auth=ADMIN) as admin:
        put_stream(admin, device, "normal", "active")

    def ready(page: Page) -> None:
        expect(page.locator(f"#streams tr[data-device='{device}']")).to_be_visible()
        expect(page.locator("#hostname")).not_to_be_empty()
        expect(page.locator("#codec-state")).to_be_visible()

    each_look(open_page, "", "dashboard", ready)


@pytest.fixture
def crashed_host(tmp_path: Path) -> Iterator[HostProcess]:
    with running_host(tmp_path / "data", credentials=ADMIN) as process:
        assert process.process is not None
        # Its ports accept connections before the lifespan has started the crash dumps:
        # wait for this process's own dump file (named once faulthandler is armed), or the
        # fault would go unrecorded.
        dumps = process.data_dir / "crashdumps"
        pid = process.process.pid
        own = wait_for(lambda: list(dumps.glob(f"fault-*-{pid}.txt")), "the host's own dump file")
        process.process.send_signal(signal.SIGSEGV)  # faulthandler writes a dump, then it dies
        assert process.process.wait() != 0
        assert own[0].read_text().startswith("Fatal Python error")
        process.start()
        yield process


def test_a_crash_dump_notice_can_be_dismissed(
    open_page: OpenPage, crashed_host: HostProcess
) -> None:
    page = open_page("", host=crashed_host)
    notice = page.locator("#crash-notice")
    # The notice follows the host's crash-dump answer: a restarted host on a busy machine
    # can take longer than expect's 5 s default, so wait for the answer, not a short clock.
    expect(notice).to_contain_text("The host crashed earlier", timeout=BROWSER_WAIT_MS)
    expect(notice).to_contain_text("1 crash dump kept")
    notice.get_by_role("button", name="Dismiss").click()
    expect(notice).to_have_count(0, timeout=BROWSER_WAIT_MS)
    with crashed_host.client(auth=ADMIN) as admin:
        report = admin.get("/api/health/crashdump").json()
    assert report["notice"] is False and len(report["dumps"]) == 1


@pytest.fixture
def own_host(tmp_path: Path) -> Iterator[HostProcess]:
    """A host of the test's own: its streams are exactly those the test puts."""
    with running_host(tmp_path / "data", "--simulate-streams", credentials=ADMIN) as process:
        yield process


def session_card(page: Page) -> tuple[str, str, list[str]]:
    """The session card's count, its words, and its line naming listed streams not active."""
    return (
        page.locator("#active-streams").inner_text(),
        " ".join(page.locator("#active-streams-label").all_inner_texts()),
        page.locator("#other-streams").all_inner_texts(),
    )


# What the session card says beside "1 active stream" while a second listed stream stops.
STOPPING = {"en": "1 stopping", "fr": "1 en cours d’arrêt", "de": "1 wird beendet"}


def test_the_stream_count_agrees_with_the_list(
    open_page: OpenPage, own_host: HostProcess, tmp_path: Path
) -> None:
    # A stream that is stopping is still listed: the card counts the active one and names
    # the other, so "1 active stream" never sits above a list of two rows unexplained.
    tv = provision(own_host, make_device(tmp_path, "tv"), "Jean-Luc's TV")
    deck = provision(own_host, make_device(tmp_path, "deck"), "Steam Deck")
    with own_host.client(auth=ADMIN) as admin:
        put_stream(admin, tv, "normal", "active")
        put_stream(admin, deck, "normal", "stopping")
    for look in LOOKS:
        page = open_page("", look=look, host=own_host)
        expect(page.locator("#streams tbody tr")).to_have_count(2)
        shot(page, "dashboard-stopping")
        # The card and the list render from one answer: no wait between them.
        assert session_card(page) == ("1", "active stream", [STOPPING["en"]])
        check_axe(page)
        page.context.close()
    for code in ("fr", "de"):
        with own_host.client(auth=ADMIN) as admin:
            assert admin.patch("/api/config", json={"locale": code}).status_code == 200
        page = open_page("", look=LOOKS[3], host=own_host)
        expect(page.locator("#streams tbody tr")).to_have_count(2)
        shot(page, f"dashboard-stopping-{code}")
        assert session_card(page)[::2] == ("1", [STOPPING[code]])
        check_axe(page)
        page.context.close()
    with own_host.client(auth=ADMIN) as admin:
        assert admin.patch("/api/config", json={"locale": "en"}).status_code == 200
        put_stream(admin, deck, "normal", "pending")
    page = open_page("", host=own_host)
    expect(page.locator("#streams tbody tr")).to_have_count(2)
    assert session_card(page) == ("1", "active stream", ["1 starting"])
    with own_host.client(auth=ADMIN) as admin:
        put_stream(admin, deck, "normal", "active")  # both stream: nothing else to name
    expect(page.locator("#active-streams")).to_have_text("2", timeout=BROWSER_WAIT_MS)
    assert session_card(page) == ("2", "active streams", [])
