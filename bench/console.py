"""Web console: bundle size, and navigation → usable dashboard against the native host.

Reads the console's bundle (web/dist, built when stale: bench/console_build.py), starts the real host with an account, and in
headless Chromium (a fresh context per run, so nothing is cached) signs in through the
API, opens `/` and waits until the dashboard shows the host's name: the moment a person
can use it. The same-run baseline is the navigation of a static file (`/manifest.json`)
from the same server in the same browser: transport and TLS without the console.
Figures are medians in milliseconds from the page's own clock.
"""

from __future__ import annotations

import gzip
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from bench.console_build import DIST, ensure_console_built
from bench.hosting import ADMIN, ROOT, free_base_port, start_host
from bench.report import Result, Row

TITLE = "web console: bundle bytes, and navigation to a usable dashboard vs a static file"

# Resolves with performance.now() once the dashboard shows the host name (shadow DOM walk).
DASHBOARD_USABLE = """() => {
  const page = document.querySelector("helio-app")?.shadowRoot?.querySelector("#page");
  const name = page?.shadowRoot?.querySelector("#hostname");
  return name && name.textContent.trim() ? performance.now() : null;
}"""
PAINT = """() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null"""
NAVIGATION = """() => performance.getEntriesByType("navigation")[0].duration"""


def bundle_sizes() -> dict[str, int]:
    ensure_console_built()
    manifest = json.loads((DIST / "manifest.json").read_text())
    raw = {k: (DIST / manifest[k]).read_bytes() for k in ("script", "style")}
    raw["index"] = (DIST / "index.html").read_bytes()
    sizes = {f"{k}_bytes": len(v) for k, v in raw.items()}
    sizes.update({f"{k}_gzip_bytes": len(gzip.compress(v, 9)) for k, v in raw.items()})
    sizes["total_bytes"] = sum(len(v) for v in raw.values())
    sizes["total_gzip_bytes"] = sum(len(gzip.compress(v, 9)) for v in raw.values())
    return sizes


def _measure(url: str, runs: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from tests.chromium import launch_chromium

    usable, paint, static = [], [], []
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            for _ in range(runs):
                context = browser.new_context(ignore_https_errors=True, base_url=url)
                answer = context.request.post(
                    f"{url}/api/auth/login", data={"username": ADMIN[0], "password": ADMIN[1]}
                )
                assert answer.ok, answer.text()
                page = context.new_page()
                page.goto("/manifest.json")
                static.append(page.evaluate(NAVIGATION))
                page.goto("/")
                usable.append(page.wait_for_function(DASHBOARD_USABLE, timeout=60_000).json_value())
                paint.append(page.evaluate(PAINT))
                context.close()
        finally:
            browser.close()
    return {
        "runs": runs,
        "usable_ms": statistics.median(usable),
        "first_paint_ms": statistics.median(p for p in paint if p is not None),
        "static_file_ms": statistics.median(static),
        "samples": {"usable_ms": usable, "first_paint_ms": paint, "static_file_ms": static},
    }


def run(work: Path, quick: bool) -> Result:
    sizes = bundle_sizes()
    data = work / "host-data"
    data.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "host", "creds", *ADMIN, "--data-dir", str(data)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    base = free_base_port()
    process = start_host(data, base)
    try:
        timing = _measure(f"https://127.0.0.1:{base + 1}", 1 if quick else 7)
    finally:
        process.terminate()
        process.wait(timeout=15)
    kib = 1024
    rows = [
        Row("console bundle (JS + CSS + index), raw", sizes["total_bytes"] / kib, "KiB"),
        Row("console bundle (JS + CSS + index), gzip -9", sizes["total_gzip_bytes"] / kib, "KiB"),
        Row(
            "navigation → dashboard usable (host name shown)",
            timing["usable_ms"],
            "ms",
            timing["static_file_ms"],
            "static file, same server",
        ),
        Row(
            "navigation → first contentful paint",
            timing["first_paint_ms"],
            "ms",
            timing["static_file_ms"],
            "static file, same server",
        ),
    ]
    notes = [
        f"{timing['runs']} runs, each in a fresh browser context (empty cache), signed in "
        "through the API first; the host serves the bundle without compression.",
        f"JS {sizes['script_bytes'] / kib:.0f} KiB ({sizes['script_gzip_bytes'] / kib:.0f} KiB gzip), "
        f"CSS {sizes['style_bytes'] / kib:.0f} KiB ({sizes['style_gzip_bytes'] / kib:.0f} KiB gzip).",
    ]
    return Result(rows, {**sizes, **timing}, notes)
