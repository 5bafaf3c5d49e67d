"""The built flagship on a plain static host (tests/demo/host/plain_host.py: no folder
redirects, 404.html for what is missing), under the subpath /host/: deep links without
their slash, on a first visit and once the worker runs, and the site with the network off,
a worker stopped while offline included.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.waiting import BROWSER_WAIT_MS

from .conftest import BOOT_MS, Flagship, shot
from .plain_host import PlainHost
from .test_flagship import RUN_PANEL, USERNAME_FIELD, nav, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Every file the build listed for offline use is in the worker's copy of the site.
KEPT_ALL = """async () => {
  const listed = await (await fetch("__demo-offline.json", {cache: "no-store"})).json();
  const mine = (await caches.keys()).find(
    (n) => n.startsWith("helio-demo-site ") && n.includes(` ${location.pathname} `));
  if (!mine) return false;
  const kept = new Set((await (await caches.open(mine)).keys()).map((r) => r.url));
  return listed.every((path) => kept.has(new URL(path, location.href).href));
}"""

# The worker is idle again: its memory snapshot (made after the first answer) is kept.
SNAPSHOT_KEPT = """async () => {
  const name = (await caches.keys()).find(
    (n) => n.startsWith("helio-demo-snapshot ") && n.endsWith(` ${location.pathname}`));
  return name !== undefined && (await (await caches.open(name)).keys()).length >= 2;
}"""


# The worker's own account of its Python (serviceworker/contract.js, STATUS_QUERY).
WORKER_STATUS = """() => new Promise((resolve) => {
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type === "helio-demo:status") resolve(event.data);
  }, {once: true});
  navigator.serviceWorker.controller.postMessage({type: "helio-demo:status"});
})"""


def test_deep_links_work_on_a_plain_static_host(flagship: Flagship, plain_host: PlainHost) -> None:
    page = flagship.context.new_page()
    # First visit, no worker yet: the host answers the console's own 404.html (its
    # index), whose router opens the page at that address.
    first = page.goto(plain_host.url + "/host/console/settings")
    assert first is not None and first.status == 404 and not first.from_service_worker
    sign_in(page)
    page.locator("helio-settings-form").wait_for(timeout=BOOT_MS)
    shot(page, "10a-deep-link-first-visit")

    # With the worker: both forms open their page; the worker answers, not 404.html.
    for path, lands in (("console/tokens", "console/tokens/"), ("console/apps/", "console/apps/")):
        answer = page.goto(f"{plain_host.url}/host/{path}")
        assert answer is not None and answer.status == 200 and answer.from_service_worker
        assert page.url == f"{plain_host.url}/host/{lands}"
        page.locator("#who").wait_for(timeout=BOOT_MS)
    page.locator("helio-apps-page li[data-uuid]").first.wait_for(timeout=BROWSER_WAIT_MS)
    shot(page, "10b-deep-link-through-the-worker")

    # A path that names nothing is still the host's "not found", not the console.
    missing = page.goto(f"{plain_host.url}/host/no-such-page")
    assert missing is not None and missing.status == 404
    page.get_by_role("heading", name="Page not found").wait_for()
    page.close()


def test_the_loaded_site_works_with_the_network_off(
    flagship: Flagship, plain_host: PlainHost
) -> None:
    # A context of its own: going offline reaches every page and worker of a context,
    # and only this demo's should be asked.
    context = flagship.context.browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        offline_visit(context, plain_host)
    finally:
        context.close()


# What the worker keeps of the site (its names and their URLs), to say why a visit failed.
KEPT_NOW = """async () => Object.fromEntries(await Promise.all((await caches.keys()).map(
  async (n) => [n, (await (await caches.open(n)).keys()).map((r) => r.url)])))"""


def reload_offline(context: Any, page: Any, log: list[str]) -> None:
    """`page.reload()`, and when the worker fails it, what it had kept and logged: the
    failure seen once under load (net::ERR_FAILED) was not reproduced, and this says which
    of a missing copy, a stopped worker or a failed cache read it was."""
    try:
        page.reload()
    except Exception as failed:
        workers = context.service_workers
        kept = workers[0].evaluate(KEPT_NOW) if workers else "no worker running"
        raise AssertionError(f"{failed}\nkept: {kept}\nconsole: {log[-40:]}") from failed


def offline_visit(context: Any, plain_host: PlainHost) -> None:
    log: list[str] = []  # the pages' and the worker's console
    context.on("console", lambda message: log.append(f"{message.type}: {message.text}"))
    landing = context.new_page()
    landing.goto(plain_host.url + "/host/")
    landing.evaluate("helioDemo.ready")
    assert landing.evaluate(RUN_PANEL, ["history", "SELECT 1 AS one;"])["ok"]
    console = context.new_page()
    console.goto(plain_host.url + "/host/console/")
    sign_in(console)
    landing.wait_for_function(KEPT_ALL, timeout=BOOT_MS, polling=1000)
    landing.wait_for_function(SNAPSHOT_KEPT, timeout=BOOT_MS, polling=1000)
    cdp = context.new_cdp_session(landing)
    cdp.send("ServiceWorker.enable")

    # The network goes: the host is gone and the browser is offline.
    plain_host.stop()
    context.set_offline(True)
    try:
        reload_offline(context, landing, log)
        landing.evaluate("helioDemo.ready")
        answer: Any = landing.evaluate(
            RUN_PANEL, ["history", "SELECT count(*) AS n FROM play_sessions;"]
        )
        assert answer["ok"] and answer["result"] == [{"columns": ["n"], "values": [[60]]}]
        shot(landing, "11a-offline-landing")
        console.reload()
        console.locator("#who").wait_for(timeout=BOOT_MS)
        nav(console, "Settings")
        console.locator("helio-settings-form").wait_for(timeout=BROWSER_WAIT_MS)
        console.goto(plain_host.url + "/host/console/tokens")  # a deep link, offline
        console.locator("helio-tokens-page").wait_for(timeout=BROWSER_WAIT_MS)
        assert console.locator(USERNAME_FIELD).count() == 0
        shot(console, "11b-offline-console")

        # The browser stops the idle worker; the next request boots Python again, offline,
        # from the kept snapshot and the kept copies of Pyodide's files.
        before = landing.evaluate(WORKER_STATUS)
        cdp.send("ServiceWorker.stopAllWorkers")
        again: Any = landing.evaluate(
            RUN_PANEL, ["history", "SELECT count(*) AS n FROM play_sessions;"]
        )
        assert again["ok"] and again["result"] == answer["result"], again
        after = landing.evaluate(WORKER_STATUS)
        assert after["workerStartedAt"] > before["workerStartedAt"]  # a new worker
        assert after["python"] == "ready" and after["how"] == "snapshot", after
        console.reload()
        console.locator("helio-tokens-page").wait_for(timeout=BOOT_MS)
        assert console.locator(USERNAME_FIELD).count() == 0
        shot(console, "11c-offline-after-stopped-worker")
    finally:
        context.set_offline(False)
    landing.close()
    console.close()


def test_an_unknown_console_path_opens_the_console_on_a_first_visit(
    flagship: Flagship, plain_host: PlainHost
) -> None:
    # A context of its own: no worker of this origin runs yet.
    context = flagship.context.browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        # The host answers the console's own 404.html (its index): the console's router
        # shows its not-found page inside the shell once signed in.
        first = page.goto(plain_host.url + "/host/console/no-such-page")
        assert first is not None and first.status == 404 and not first.from_service_worker
        sign_in(page)
        page.locator("helio-not-found-page #back-to-dashboard").wait_for(timeout=BOOT_MS)
        assert page.locator("nav.side").is_visible()
        shot(page, "10c-unknown-console-path-first-visit")
    finally:
        context.close()
