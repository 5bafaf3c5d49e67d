"""Flagship demo: time from opening the console URL (empty cache) to a usable console.

Builds fixtures/host-demo (the Helio host in the service worker, its console on top)
and serves it under a subpath. Every visit is a fresh browser context (empty HTTP
cache, no worker, no storage); times are from `page.goto`:

- usable: the console's sign-in form is on screen (the worker started, Python restored
  or booted, the host built from its seed, `GET /api/auth/status` answered by it);
- signed in: after typing the demo credentials, the shell shows the account;
- return visit: the same context after the worker was stopped (CDP), reloading until
  the signed-in shell is back;
- from the landing page (which starts Python and opens the host as it loads): opening
  the landing page and clicking "Open the console" as soon as it has loaded, to the
  sign-in form; and the click to the form on a warmed landing page: its host open (the
  worker's report: Python ready, no boot stage left), and, for comparison, as soon as its
  Python is ready (the host still opening).

Baselines, same run, interleaved: the very same console files with no worker at all
(its page, bundle and first render; its API calls fail at once), and a plain page
booting Pyodide and running `1 + 1` (bench/baseline/pyodide.html).
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

from bench.demo_first_visit import PYODIDE_FILES
from bench.report import Result, Row
from bench.serving import serve

TITLE = "flagship demo: empty-cache open to a usable console (host in the worker)"

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "fixtures" / "host-demo" / "manifest.json"
TIMEOUT_MS = 240_000
USERNAME_FIELD = "helio-signin-page sl-input[name=username] input"
RENDERED = """() => {
  const app = document.querySelector("helio-app");
  return Boolean(app && app.shadowRoot && app.shadowRoot.querySelector("*"));
}"""


def _build_console() -> None:
    """The console as the flagship ships it (`make build/flagship-console/index.html`)."""
    subprocess.run(["node", "web/build.mjs", "--flagship"], cwd=ROOT, check=True)


def lay_out(work: Path) -> Path:
    """The site as `python -m demo build` makes it (gzip siblings included), beside its
    baselines, which get gzip siblings too: every page is served the same way."""
    from demo.build.precompress import precompress_site
    from demo.build.site import build_site

    if work.exists():
        shutil.rmtree(work)
    _build_console()
    served = work / "served"
    build_site(MANIFEST, served / "demos" / "host", snapshot=True, precompress=True)
    shutil.copytree(ROOT / "build" / "flagship-console", served / "plain-console")
    shutil.copytree(ROOT / "bench" / "baseline", served / "baseline")
    (served / "baseline" / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copyfile(
            ROOT / "node_modules" / "pyodide" / name, served / "baseline" / "pyodide" / name
        )
    precompress_site(served / "baseline")
    precompress_site(served / "plain-console")
    return served


def _ms(since: float) -> float:
    return round((time.perf_counter() - since) * 1000, 1)


def flagship_visit(browser: Any, url: str) -> dict[str, float]:
    context = browser.new_context()
    try:
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
        cdp.send("ServiceWorker.stopAllWorkers")
        time.sleep(0.3)
        started = time.perf_counter()
        page.reload()
        page.locator("#who").wait_for(timeout=TIMEOUT_MS)
        returned = _ms(started)
    finally:
        context.close()
    return {"usable": usable, "sign_in": signed_in, "return_visit": returned}


PYTHON_READY = """() => new Promise((resolve) => helioDemo.watchPython((status) => {
  if (status.python === "ready") resolve(); }))"""
WARMED = """() => new Promise((resolve) => helioDemo.watchPython((status) => {
  if (status.python === "ready" && status.stage === null) resolve(); }))"""


def landing_visit(browser: Any, url: str) -> dict[str, float]:
    """Three fresh contexts: the click at once after the landing page loaded, once its
    host is open, and once its Python is ready."""
    figures = {}
    waits = (
        ("landing_to_console", None),
        ("warmed_click", WARMED),
        ("python_ready_click", PYTHON_READY),
    )
    for key, wait in waits:
        context = browser.new_context()
        try:
            page = context.new_page()
            started = time.perf_counter()
            page.goto(url)
            if wait:
                page.evaluate(wait)
                started = time.perf_counter()
            page.locator("#open-console").click()
            page.locator(USERNAME_FIELD).wait_for(timeout=TIMEOUT_MS)
            figures[key] = _ms(started)
        finally:
            context.close()
    return figures


def plain_console_visit(browser: Any, url: str) -> float:
    context = browser.new_context()
    try:
        page = context.new_page()
        started = time.perf_counter()
        page.goto(url)
        page.wait_for_function(RENDERED, timeout=60_000)
        return _ms(started)
    finally:
        context.close()


def plain_pyodide_visit(browser: Any, url: str) -> float:
    context = browser.new_context()
    try:
        page = context.new_page()
        started = time.perf_counter()
        page.goto(url)
        page.evaluate("plainPyodide")
        return _ms(started)
    finally:
        context.close()


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 1)


def run(work: Path, quick: bool = False) -> Result:
    """quick: one visit of each kind (the smoke test), to the site as `make demo` builds it,
    snapshot included (demo_first_visit.run says why)."""
    from playwright.sync_api import sync_playwright

    from tests.chromium import launch_chromium

    served = lay_out(work)
    runs = 1 if quick else 3
    samples: dict[str, list[float]] = {
        k: []
        for k in (
            "usable",
            "sign_in",
            "return_visit",
            "plain_console",
            "plain_pyodide",
            "landing_to_console",
            "warmed_click",
            "python_ready_click",
        )
    }
    with serve(served) as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for _ in range(runs):  # interleaved, so a load spike hits every kind alike
                samples["plain_console"].append(
                    plain_console_visit(browser, f"{base}/plain-console/")
                )
                samples["plain_pyodide"].append(
                    plain_pyodide_visit(browser, f"{base}/baseline/pyodide.html")
                )
                for key, value in flagship_visit(browser, f"{base}/demos/host/console/").items():
                    samples[key].append(value)
                for key, value in landing_visit(browser, f"{base}/demos/host/").items():
                    samples[key].append(value)
        finally:
            browser.close()
    medians = {k: _median(v) for k, v in samples.items()}
    console, pyodide = medians["plain_console"], medians["plain_pyodide"]
    rows = [
        Row(
            "open URL (empty cache) → usable console",
            medians["usable"],
            "ms",
            pyodide,
            "plain Pyodide page, 1 + 1",
        ),
        Row(
            "open URL (empty cache) → usable console",
            medians["usable"],
            "ms",
            console,
            "same console, no worker, first render",
        ),
        Row(
            "open landing (empty cache), click Open the console once loaded → usable console",
            medians["landing_to_console"],
            "ms",
            pyodide,
            "plain Pyodide page, 1 + 1",
            limit=1.0,
        ),
        Row(
            "Open the console click on a warmed landing (its host open) → sign-in form",
            medians["warmed_click"],
            "ms",
            limit=1500,
        ),
        Row(
            "Open the console click once the landing's Python is ready → sign-in form",
            medians["python_ready_click"],
            "ms",
        ),
        Row("sign in → dashboard (first visit)", medians["sign_in"], "ms"),
        Row(
            "return visit after the worker stopped",
            medians["return_visit"],
            "ms",
            console,
            "same console, no worker, first render",
        ),
    ]
    figures = {**{f"{k}_ms": v for k, v in medians.items()}, "samples": samples, "runs": runs}
    notes = [
        "usable = the sign-in form of the console is on screen, its status answered by the "
        "host running in the page's service worker (Pyodide)",
    ]
    return Result(rows, figures, notes)
