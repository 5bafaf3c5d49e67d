"""Demo kit: service worker cold start and warm latency, in headless Chromium.

Builds fixtures/example-demo, serves it beside a trivial JavaScript-only
service worker (bench/baseline/), and measures from inside the page:

- first visit: page load until the first mock answer (plain boot, no snapshot);
- cold start after the worker was stopped (CDP ServiceWorker.stopAllWorkers),
  with the memory snapshot and with it deleted (a plain boot);
- warm answer latency of the Pyodide worker and of the JS-only worker.

Figures are medians in milliseconds; ratios come from the same run.
"""

from __future__ import annotations

import os
import shutil
import socket
import statistics
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "fixtures" / "example-demo" / "manifest.json"
ROUTE = "__demo/mock/petstore/store/inventory"
COLD_RUNS = 5
PLAIN_RUNS = 3
WARM_RUNS = 60
TARGET_MS = 500

TIME_FETCH = """async (url) => {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return performance.now() - started;
}"""

SNAPSHOT_KEYS = """async (name) => (await (await caches.open(name)).keys()).length"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(folder: Path) -> tuple[Any, str]:
    import uvicorn

    from demo.serve import make_app

    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(make_app(folder), host="127.0.0.1", port=port, log_level="warning")
    )
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return server, f"http://127.0.0.1:{port}"


def _wait_for_snapshot(page: Any, cache: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while page.evaluate(SNAPSHOT_KEYS, cache) < 2:
        if time.monotonic() > deadline:
            raise RuntimeError("the worker kept no memory snapshot")
        time.sleep(0.2)


def _cold(page: Any, cdp: Any, url: str, before: Any = None) -> float:
    if before is not None:
        before()
    cdp.send("ServiceWorker.stopAllWorkers")
    time.sleep(0.3)  # let the stop settle; the next fetch starts the worker again
    return page.evaluate(TIME_FETCH, url)


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 1)


def _measure(base: str, browser: Any) -> dict[str, Any]:
    context = browser.new_context()
    boots: list[str] = []
    context.on("console", lambda m: boots.append(m.text) if "python ready" in m.text else None)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    cache = "helio-demo-snapshot:/demo/"

    started = time.perf_counter()
    page.goto(f"{base}/demo/")
    page.evaluate("helioDemo.ready")
    page.evaluate(TIME_FETCH, ROUTE)
    first_visit = (time.perf_counter() - started) * 1000
    _wait_for_snapshot(page, cache)

    with_snapshot = [_cold(page, cdp, ROUTE) for _ in range(COLD_RUNS)]
    snapshot_boot = boots[-1] if boots else ""
    plain = []
    for _ in range(PLAIN_RUNS):
        plain.append(
            _cold(page, cdp, ROUTE, before=lambda: page.evaluate("(n) => caches.delete(n)", cache))
        )
        _wait_for_snapshot(page, cache)  # the plain boot makes a new one in the background
    warm_python = [page.evaluate(TIME_FETCH, ROUTE) for _ in range(WARM_RUNS)]

    page.goto(f"{base}/baseline/")
    page.evaluate("helioDemo.ready")
    page.evaluate(TIME_FETCH, ROUTE)
    warm_js = [page.evaluate(TIME_FETCH, ROUTE) for _ in range(WARM_RUNS)]
    cold_js = [_cold(page, cdp, ROUTE) for _ in range(COLD_RUNS)]
    context.close()
    return {
        "first_visit_ms": round(first_visit, 1),
        "cold_with_snapshot_ms": _median(with_snapshot),
        "cold_without_snapshot_ms": _median(plain),
        "cold_js_only_ms": _median(cold_js),
        "warm_python_ms": _median(warm_python),
        "warm_js_only_ms": _median(warm_js),
        "samples": {
            "cold_with_snapshot": [round(v, 1) for v in with_snapshot],
            "cold_without_snapshot": [round(v, 1) for v in plain],
            "cold_js_only": [round(v, 1) for v in cold_js],
        },
        "snapshot_boot_log": snapshot_boot,
    }


def _table(figures: dict[str, Any]) -> str:
    rows = [
        ("first visit (load, plain boot, first answer)", figures["first_visit_ms"]),
        ("cold start after stop, with snapshot", figures["cold_with_snapshot_ms"]),
        ("cold start after stop, without snapshot", figures["cold_without_snapshot_ms"]),
        ("cold start after stop, JS-only worker", figures["cold_js_only_ms"]),
        ("warm answer, Pyodide worker", figures["warm_python_ms"]),
        ("warm answer, JS-only worker", figures["warm_js_only_ms"]),
    ]
    ratios = figures["ratios"]
    load = figures["load_average_1m"]
    lines = [f"{'measure':<48} {'median ms':>10}", "-" * 59]
    lines += [f"{label:<48} {value:>10.1f}" for label, value in rows]
    lines += [
        "-" * 59,
        f"{'snapshot speed-up (without / with)':<48} {ratios['snapshot_speedup']:>9.2f}x",
        f"{'warm latency, Pyodide / JS-only':<48} {ratios['warm_python_over_js']:>9.2f}x",
        f"{'cold with snapshot under ' + str(TARGET_MS) + ' ms':<48} {str(figures['meets_target']):>10}",
        f"{'1-minute load average, before / after':<48} {load['before']:>5} / {load['after']}",
    ]
    return "\n".join(lines)


def run(work: Path) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from demo.build.site import build_site
    from tests.chromium import launch_chromium

    load_before = round(os.getloadavg()[0], 2)
    if work.exists():
        shutil.rmtree(work)
    served = work / "served"
    build_site(MANIFEST, served / "demo")
    shutil.copytree(ROOT / "bench" / "baseline", served / "baseline")
    server, base = _serve(served)
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                figures = _measure(base, browser)
            finally:
                browser.close()
    finally:
        server.should_exit = True
    figures["ratios"] = {
        "snapshot_speedup": round(
            figures["cold_without_snapshot_ms"] / figures["cold_with_snapshot_ms"], 2
        ),
        "warm_python_over_js": round(
            figures["warm_python_ms"] / max(figures["warm_js_only_ms"], 0.01), 2
        ),
    }
    figures["meets_target"] = figures["cold_with_snapshot_ms"] < TARGET_MS
    # Shared machines: the load says how much to trust the absolute figures.
    figures["load_average_1m"] = {"before": load_before, "after": round(os.getloadavg()[0], 2)}
    figures["route"] = ROUTE
    figures["runs"] = {"cold": COLD_RUNS, "plain": PLAIN_RUNS, "warm": WARM_RUNS}
    print(_table(figures))
    if figures["snapshot_boot_log"]:
        print(figures["snapshot_boot_log"])
    return figures
