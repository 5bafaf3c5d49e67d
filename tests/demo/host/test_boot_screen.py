"""The flagship's first visit in headless Chromium: the landing page starts Python as it
loads, and the console shows the host's boot (downloading the runtime, starting Python,
opening the host) with the worker's own progress until the sign-in form, never a bare
spinner; a failed boot shows its error and a retry that works.

Each test is a first visit: a fresh browser context (no worker, no cache, no storage).
The runtime's download is held (or refused) by routing the worker's own request for
pyodide.asm.wasm, so the screen is looked at in a known state, not at a moment guessed
from the clock. Screenshots: build/screenshots/flagship-boot-*.png.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.waiting import BROWSER_WAIT_MS, wait_for

from .conftest import BOOT_MS, REPO, Flagship, shot_looks

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CONSOLE = "/demos/host/console/"
LANDING = "/demos/host/"
RUNTIME = "**/pyodide/pyodide.asm.wasm"
USERNAME_FIELD = "helio-signin-page sl-input[name=username] input"

# Every report the boot screen showed, in order (its helio-boot-progress events).
RECORD = """
window.__bootSeen = [];
addEventListener("helio-boot-progress", (event) => {
  const { stage, percent, report } = event.detail;
  window.__bootSeen.push({ stage, percent, python: report.python, error: report.error });
}, true);
"""


@dataclass
class FirstVisit:
    context: Any
    url: str

    def open(self, path: str) -> Any:
        page = self.context.new_page()
        page.goto(self.url + path)
        return page


def new_visit(flagship: Flagship, language: str = "en-US") -> FirstVisit:
    """A fresh context of the flagship's browser, in a browser of `language`, recording what
    the boot screen shows."""
    context = flagship.context.browser.new_context(
        viewport={"width": 1280, "height": 800}, locale=language
    )
    context.add_init_script(RECORD)
    return FirstVisit(context, flagship.server.url)


@pytest.fixture
def first_visit(flagship: Flagship) -> Iterator[FirstVisit]:
    visit = new_visit(flagship)
    yield visit
    visit.context.close()


def seen(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("window.__bootSeen"))


def showing_latest(shown: int, reports: list[dict[str, Any]]) -> int | None:
    """`shown`, where it is the latest report's percent (None while the bar lags behind)."""
    return shown if reports and reports[-1]["percent"] == shown else None


def stages_in_order(reports: list[dict[str, Any]]) -> list[str]:
    order: list[str] = []
    for report in reports:
        if not order or order[-1] != report["stage"]:
            order.append(report["stage"])
    return order


def test_the_console_shows_the_hosts_boot_stages_in_order(first_visit: FirstVisit) -> None:
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)  # the worker's download of the runtime waits

    first_visit.context.route(RUNTIME, hold)
    page = first_visit.open(CONSOLE)
    # Playwright runs the route handler while it is called: poll through the page.
    wait_for(lambda: page.evaluate("0") == 0 and held, "the worker to ask for the runtime")
    bar = page.get_by_role("progressbar", name="Start-up progress")
    bar.wait_for()
    # The worker has reported a step of its boot while the runtime is held: the site's
    # build checked (it may report "booting" with no step done first; the check runs
    # beside the runtime's download).
    wait_for(
        lambda: [r for r in seen(page) if r["python"] == "booting" and r["percent"] > 0],
        "a boot report with a step done",
    )
    assert page.get_by_role("status").inner_text().startswith("Downloading the runtime")
    # The bar shows the latest report once the screen has rendered it (Lit renders after the
    # event, and steps beside the held download may still report): wait for the two to agree.
    downloading = wait_for(
        lambda: showing_latest(int(bar.get_attribute("aria-valuenow") or "-1"), seen(page)),
        "the progress bar to show the worker's latest report",
    )
    assert 0 < downloading < 100, downloading
    shot_looks(page, "boot-downloading")
    from tests.web.conftest import check_axe

    check_axe(page)

    held[0].continue_()
    first_visit.context.unroute(RUNTIME, hold)
    page.locator(USERNAME_FIELD).wait_for(timeout=BOOT_MS)
    reports = seen(page)
    assert stages_in_order(reports) == ["downloading", "starting", "opening"], reports
    percents = [r["percent"] for r in reports]
    assert percents == sorted(percents), f"progress went back: {percents}"
    assert not [r for r in reports if r["python"] == "failed"]
    assert page.locator("helio-app").evaluate(
        "(app) => !app.shadowRoot.querySelector('helio-boot-screen')"
    )


def test_a_failed_boot_shows_its_error_and_retry_boots_again(first_visit: FirstVisit) -> None:
    # The runtime cannot be downloaded.
    first_visit.context.route(RUNTIME, lambda route: route.abort())
    page = first_visit.open(CONSOLE)
    alert = page.get_by_role("alert").filter(has_text="The demo host could not start")
    alert.wait_for(timeout=BOOT_MS)
    # The console may learn of the failure from its request's 500 before the worker's
    # status report arrives: wait for the report, which the worker always sends.
    wait_for(
        lambda: [r for r in seen(page) if r["python"] == "failed" and r["error"]],
        "the worker's report of the failed boot",
    )
    assert page.locator("sl-spinner").count() == 0
    shot_looks(page, "boot-failed")
    from tests.web.conftest import check_axe

    check_axe(page)

    first_visit.context.unroute(RUNTIME)
    page.get_by_role("button", name="Try again").click()
    page.locator(USERNAME_FIELD).wait_for(timeout=BOOT_MS)


def test_the_landing_page_starts_python_as_it_loads(first_visit: FirstVisit) -> None:
    page = first_visit.open(LANDING)
    # The visitor did nothing, yet Python boots: the page starts it as it loads.
    page.evaluate(
        """() => new Promise((resolve) => helioDemo.watchPython((status) => {
             if (status.python === "ready") resolve(); }))"""
    )
    # Python booted with no request from the visitor; the console then opens with no wait
    # on the runtime: its first report is past the download.
    console = first_visit.open(CONSOLE)
    console.locator(USERNAME_FIELD).wait_for(timeout=BOOT_MS)
    assert all(r["stage"] != "downloading" or r["python"] == "ready" for r in seen(console))


# The landing page's worker reports, kept in the page.
WATCH = (
    """() => { window.__reports = []; helioDemo.watchPython((r) => window.__reports.push(r)); }"""
)
HOST_OPEN = """() => window.__reports.some((r) => r.python === "ready" && r.stage === null)"""
# The keys of the demo's IndexedDB database (serviceworker/idb.js, storage.js); none while
# the worker has not made it (the page must not make it: the worker's open would then
# find a database without its store).
NAMESPACE = json.loads((REPO / "fixtures" / "host-demo" / "manifest.json").read_text())[
    "storageNamespace"
]
STORED_KEYS = """(namespace) => new Promise((resolve, reject) => {
  const open = indexedDB.open(`helio-demo ${namespace}`);
  open.onupgradeneeded = () => open.transaction.abort();
  open.onerror = () => (open.error?.name === "AbortError" ? resolve([]) : reject(open.error));
  open.onsuccess = () => {
    const keys = open.result.transaction("kv").objectStore("kv").getAllKeys();
    keys.onsuccess = () => { open.result.close(); resolve(keys.result); };
    keys.onerror = () => reject(keys.error);
  };
})"""


def test_the_landing_page_opens_the_host_before_the_console_asks(first_visit: FirstVisit) -> None:
    # The landing page asks the host nothing, yet its warm-up builds the host from its seed
    # (and stores it), so the console's first request finds the host open: the boot's last
    # stage ends on the landing page, not on the console's first answer.
    page = first_visit.open(LANDING)
    page.evaluate(WATCH)
    page.wait_for_function(HOST_OPEN, timeout=BROWSER_WAIT_MS)
    assert f"{NAMESPACE}/host/state" in page.evaluate(STORED_KEYS, NAMESPACE)
    page.locator("#open-console").click()
    page.locator(USERNAME_FIELD).wait_for(timeout=BOOT_MS)
    # While its first answer comes, the console's boot screen says the boot is done: the
    # host was open when it asked.
    assert all(r["percent"] == 100 for r in seen(page)), seen(page)


LOCALES = REPO / "web" / "src" / "locales"
SHIPPED = sorted(path.stem for path in LOCALES.glob("*.json"))
BROWSER_LANGUAGE = {"en": "en-US", "fr": "fr-FR", "de": "de-DE"}


def test_every_shipped_locale_has_a_browser_language_here() -> None:
    assert sorted(BROWSER_LANGUAGE) == SHIPPED


@pytest.mark.parametrize("code", SHIPPED)
def test_the_boot_screen_speaks_each_locale_and_passes_axe(flagship: Flagship, code: str) -> None:
    # Before the host answers, the console speaks the browser's language: the boot screen,
    # downloading and then failed, in each shipped locale, checked by axe in every look.
    from tests.web.conftest import check_axe

    words = json.loads((LOCALES / f"{code}.json").read_text())
    visit = new_visit(flagship, BROWSER_LANGUAGE[code])
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)  # the worker's download of the runtime waits

    visit.context.route(RUNTIME, hold)
    try:
        page = visit.open(CONSOLE)
        wait_for(lambda: page.evaluate("0") == 0 and held, "the worker to ask for the runtime")
        wait_for(lambda: [r for r in seen(page) if r["python"] == "booting"], "a boot report")
        assert page.evaluate("document.documentElement.lang") == code
        status = page.get_by_role("status")
        assert status.inner_text().startswith(words["boot.stage.downloading"])
        page.get_by_role("progressbar", name=words["boot.progress"]).wait_for()
        shot_looks(page, f"boot-downloading-{code}", check_axe)

        held[0].abort()  # the download fails: the boot's error and its retry
        alert = page.get_by_role("alert").filter(has_text=words["boot.failed"])
        alert.wait_for(timeout=BOOT_MS)
        shot_looks(page, f"boot-failed-{code}", check_axe)
    finally:
        visit.context.close()
