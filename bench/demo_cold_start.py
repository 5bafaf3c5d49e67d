"""Demo kit: the first answer after the worker was stopped (cache warm), and warm answers.

Builds fixtures/example-demo (with its build snapshot) and serves it beside a
trivial JavaScript-only service worker (bench/baseline/). In one browser context:

- after a first visit, the worker is stopped (CDP ServiceWorker.stopAllWorkers)
  and the time to the next answer measured: a mock answer (one the build recorded,
  sent while Python restores), a postgres answer and a sqlite answer (both wait for
  Python);
- warm answers: the mock route against the JS-only worker answering a constant,
  and a one-row query on each SQL adapter, interleaved with the JS-only worker's.

Figures are medians in milliseconds from the page's clock; ratios come from the same run.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from bench.demo_first_visit import MOCK, POSTGRES, SQLITE, lay_out
from bench.report import Result, Row
from bench.serving import serve

TITLE = "demo worker restart (cache warm) and warm answers vs a JavaScript-only worker"

TIME_FETCH = """async (url) => {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return performance.now() - started;
}"""
TIME_QUERY = """async ([service, sql]) => {
  const started = performance.now();
  const r = await fetch(`__demo/db/${service}/query`, {method: "POST",
    headers: {"content-type": "application/json"}, body: JSON.stringify({sql})});
  const body = await r.text();
  if (!r.ok) throw new Error(`HTTP ${r.status}: ${body}`);
  return performance.now() - started;
}"""


# A unit of work as an ORM or a transfer sends it: a transaction of its own.
POSTGRES_TRANSACTION = (
    "chinook",
    "BEGIN; UPDATE artist SET name = name WHERE artist_id = 1;"
    " UPDATE album SET title = title WHERE album_id = 1; COMMIT",
)


def _stop(cdp: Any) -> None:
    cdp.send("ServiceWorker.stopAllWorkers")
    time.sleep(0.3)  # let the stop settle; the next fetch starts the worker again


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 2)


def _measure(base: str, browser: Any, cold_runs: int, warm_runs: int) -> dict[str, Any]:
    context = browser.new_context()
    boots: list[str] = []
    ducks: list[str] = []

    def on_console(message: Any) -> None:
        if "python ready" in message.text:
            boots.append(message.text)
        elif "duckdb-wasm ready" in message.text:
            ducks.append(message.text)

    context.on("console", on_console)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    page.goto(f"{base}/demo/")
    page.evaluate("helioDemo.ready")
    page.evaluate(TIME_FETCH, MOCK)
    page.evaluate(TIME_QUERY, list(POSTGRES))
    page.evaluate(TIME_QUERY, list(SQLITE))
    page.wait_for_function(
        """async () => {
             const name = (await caches.keys()).find((n) => n.startsWith("helio-demo-snapshot "));
             return name !== undefined && (await (await caches.open(name)).keys()).length == 2;
           }""",
        timeout=120_000,
    )
    cold_mock, cold_postgres, cold_sqlite = [], [], []
    for _ in range(cold_runs):
        _stop(cdp)
        cold_mock.append(page.evaluate(TIME_FETCH, MOCK))
        _stop(cdp)
        cold_postgres.append(page.evaluate(TIME_QUERY, list(POSTGRES)))
        _stop(cdp)
        cold_sqlite.append(page.evaluate(TIME_QUERY, list(SQLITE)))
    restart_log = boots[-1] if boots else ""
    duck_log = ducks[-1] if ducks else ""  # the last postgres-first restart's
    # Warm answers, interleaved with the JS-only worker's (its page open beside the
    # demo's), so a load spike on this shared machine hits every kind alike.
    baseline = context.new_page()
    baseline.goto(f"{base}/baseline/")
    baseline.evaluate("helioDemo.ready")
    baseline.evaluate(TIME_FETCH, MOCK)
    warm: dict[str, list[float]] = {
        "mock": [], "sqlite": [], "postgres": [], "postgres_transaction": [], "js_only": []
    }  # fmt: skip
    for _ in range(warm_runs):
        warm["mock"].append(page.evaluate(TIME_FETCH, MOCK))
        warm["sqlite"].append(page.evaluate(TIME_QUERY, list(SQLITE)))
        warm["postgres"].append(page.evaluate(TIME_QUERY, list(POSTGRES)))
        warm["postgres_transaction"].append(page.evaluate(TIME_QUERY, list(POSTGRES_TRANSACTION)))
        warm["js_only"].append(baseline.evaluate(TIME_FETCH, MOCK))
    cold_js = []
    for _ in range(cold_runs):
        _stop(cdp)
        cold_js.append(baseline.evaluate(TIME_FETCH, MOCK))
    context.close()
    return {
        "cold_mock_ms": _median(cold_mock),
        "cold_postgres_ms": _median(cold_postgres),
        "cold_sqlite_ms": _median(cold_sqlite),
        "cold_js_only_ms": _median(cold_js),
        **{f"warm_{k}_ms": _median(v) for k, v in warm.items()},
        "samples": {
            "cold_mock": [round(v, 1) for v in cold_mock],
            "cold_postgres": [round(v, 1) for v in cold_postgres],
            "cold_sqlite": [round(v, 1) for v in cold_sqlite],
            "cold_js_only": [round(v, 1) for v in cold_js],
        },
        "restart_log": restart_log,
        "duck_log": duck_log,
        "runs": {"cold": cold_runs, "warm": warm_runs},
    }


def run(work: Path, quick: bool = False) -> Result:
    from playwright.sync_api import sync_playwright

    from tests.chromium import launch_chromium

    served = lay_out(work)
    with serve(served) as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            figures = _measure(base, browser, 1 if quick else 5, 3 if quick else 40)
        finally:
            browser.close()
    js = "JS-only worker"
    rows = [
        Row("worker stopped → first mock answer", figures["cold_mock_ms"], "ms", limit=300),
        Row("worker stopped → first postgres answer", figures["cold_postgres_ms"], "ms", limit=700),
        # No recorded answer stands in for Python here: the restore of Python itself.
        Row("worker stopped → first sqlite answer", figures["cold_sqlite_ms"], "ms"),
        Row(
            "worker stopped → first answer, vs a JS-only worker restart",
            figures["cold_mock_ms"],
            "ms",
            figures["cold_js_only_ms"],
            f"{js}, restart",
        ),
        Row(
            "warm mock answer",
            figures["warm_mock_ms"],
            "ms",
            figures["warm_js_only_ms"],
            f"{js}, constant answer",
            2.0,
        ),
        Row("warm one-row query, sqlite", figures["warm_sqlite_ms"], "ms", limit=5),
        Row("warm one-row query, postgres", figures["warm_postgres_ms"], "ms", limit=5),
        Row(
            "warm transaction (BEGIN; two UPDATEs; COMMIT), postgres",
            figures["warm_postgres_transaction_ms"],
            "ms",
        ),
        # The same figures against the floor of any worker answer, which load moves too.
        *(
            Row(
                f"warm one-row query, {adapter}, vs a JS-only worker",
                figures[f"warm_{adapter}_ms"],
                "ms",
                figures["warm_js_only_ms"],
                f"{js}, constant answer",
            )
            for adapter in ("sqlite", "postgres")
        ),
    ]
    notes = [
        f"{figures['runs']['cold']} restarts and {figures['runs']['warm']} warm answers of each "
        "kind, timed in the page around `fetch`.",
        f"Last restart: `{figures['restart_log'].removeprefix('[helio-demo] ')}`",
        "Last postgres-first restart (duckdb-wasm starts beside Python's restore): "
        f"`{figures['duck_log'].removeprefix('[helio-demo] ')}`",
    ]
    return Result(rows, figures, notes)
