"""Flagship demo: time from opening the console URL (empty cache) to a usable console.

Builds fixtures/host-demo (the Helio host in the service worker, its console on top)
and serves it under a subpath. Each run is a fresh browser context (empty HTTP cache,
no service worker, no storage) and measures, from `page.goto`:

- usable: the console's sign-in form is on screen (Pyodide booted, the host built from
  its seed, `GET /api/auth/status` answered by it);
- signed in: after typing the demo credentials, the shell shows the account;
- return visit: the same context after the worker was stopped (CDP) with the memory
  snapshot kept, reloading until the signed-in shell is back.

Baseline, same run: the very same console files opened in a fresh context with no
service worker at all (the page, its bundle and first render; its API calls fail at
once), until the console rendered its first screen. The ratio says what running the
host in the tab adds to loading the console.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

from bench.demo_cold_start import _serve

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "fixtures" / "host-demo" / "manifest.json"
RUNS = 3
BASELINE_RUNS = 5
TIMEOUT_MS = 240_000
USERNAME_FIELD = "helio-signin-page sl-input[name=username] input"

RENDERED = """() => {
  const app = document.querySelector("helio-app");
  return Boolean(app && app.shadowRoot && app.shadowRoot.querySelector("*"));
}"""


def _build_console() -> None:
    subprocess.run(
        ["node", "web/build.mjs", "--outdir", "build/flagship-console", "--base", "./"]
        + ["--api-base", "https://host:47990", "--auth", "bearer"],
        cwd=ROOT,
        check=True,
    )


def _ms(since: float) -> float:
    return round((time.perf_counter() - since) * 1000, 1)


def _flagship_run(browser: Any, url: str) -> dict[str, float]:
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    started = time.perf_counter()
    page.goto(url)
    page.locator(USERNAME_FIELD).wait_for(timeout=TIMEOUT_MS)
    usable = _ms(started)
    started = time.perf_counter()
    page.locator(USERNAME_FIELD).fill("admin")
    page.locator("helio-signin-page sl-input[name=password] input").fill("helio-demo")
    page.locator("helio-signin-page sl-button[type=submit]").click()
    page.locator("#who").wait_for(timeout=TIMEOUT_MS)
    signed_in = _ms(started)
    deadline = time.monotonic() + 120  # the worker keeps its snapshot after the first answer
    while not page.evaluate("async () => (await caches.keys()).some(k => k.includes('snapshot'))"):
        if time.monotonic() > deadline:
            break
        time.sleep(0.5)
    time.sleep(3)  # the snapshot write finishes after the key appears
    cdp.send("ServiceWorker.stopAllWorkers")
    time.sleep(0.3)
    started = time.perf_counter()
    page.reload()
    page.locator("#who").wait_for(timeout=TIMEOUT_MS)
    returned = _ms(started)
    context.close()
    return {"usable_ms": usable, "sign_in_ms": signed_in, "return_visit_ms": returned}


def _baseline_run(browser: Any, url: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_function(RENDERED, timeout=60_000)
    rendered = _ms(started)
    context.close()
    return rendered


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 1)


def run(work: Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from demo.build.site import build_site
    from tests.chromium import launch_chromium

    load_before = round(os.getloadavg()[0], 2)
    if work.exists():
        shutil.rmtree(work)
    _build_console()
    served = work / "served"
    build_site(MANIFEST, served / "demos" / "host")
    shutil.copytree(ROOT / "build" / "flagship-console", served / "plain-console")
    server, base = _serve(served)
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                baseline = [
                    _baseline_run(browser, f"{base}/plain-console/") for _ in range(BASELINE_RUNS)
                ]
                runs = [_flagship_run(browser, f"{base}/demos/host/console/") for _ in range(RUNS)]
            finally:
                browser.close()
    finally:
        server.should_exit = True
    figures: dict[str, Any] = {
        "usable_console_ms": _median([r["usable_ms"] for r in runs]),
        "sign_in_to_dashboard_ms": _median([r["sign_in_ms"] for r in runs]),
        "return_visit_after_stop_ms": _median([r["return_visit_ms"] for r in runs]),
        "baseline_plain_console_ms": _median(baseline),
        "samples": {"flagship": runs, "baseline": baseline},
        "runs": {"flagship": RUNS, "baseline": BASELINE_RUNS},
        "load_average_1m": {"before": load_before, "after": round(os.getloadavg()[0], 2)},
    }
    base_ms = max(figures["baseline_plain_console_ms"], 0.1)
    figures["ratios"] = {
        "usable_over_plain_console": round(figures["usable_console_ms"] / base_ms, 1),
        "return_visit_over_plain_console": round(
            figures["return_visit_after_stop_ms"] / base_ms, 1
        ),
    }
    rows = [
        ("open URL, empty cache -> sign-in form (usable)", figures["usable_console_ms"]),
        ("sign in -> dashboard", figures["sign_in_to_dashboard_ms"]),
        ("return visit after worker stop (snapshot)", figures["return_visit_after_stop_ms"]),
        ("baseline: same console, no worker, first render", figures["baseline_plain_console_ms"]),
    ]
    lines = [f"{'measure':<52} {'median ms':>10}", "-" * 63]
    lines += [f"{label:<52} {value:>10.1f}" for label, value in rows]
    ratios = figures["ratios"]
    lines += [
        "-" * 63,
        f"{'usable / baseline':<52} {ratios['usable_over_plain_console']:>9.1f}x",
        f"{'return visit / baseline':<52} {ratios['return_visit_over_plain_console']:>9.1f}x",
        f"{'1-minute load average, before / after':<52} "
        f"{figures['load_average_1m']['before']} / {figures['load_average_1m']['after']}",
    ]
    print("\n".join(lines))
    return figures
