"""Demo kit: a visitor's first visit, in headless Chromium with a fresh profile each time.

Builds fixtures/example-demo and serves it beside two baselines:
- `baseline/pyodide.html`: a plain page booting Pyodide from the project's npm copy
  and running `1 + 1` (the target: the demo answers no later than that);
- the JS-only worker of bench/baseline (its first answer, for scale).

Every visit gets a new browser context (empty cache, no worker, no storage) and
reports the page's own clock (`performance.now()`, from navigation start) when the
first answer arrived. Measured: first mock answer, first postgres answer (Chinook
seed), first sqlite answer, and the postgres answer right after the mock one; the
bytes the server sent for each visit; the worker's boot marks of the last visit.
"""

from __future__ import annotations

import shutil
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.report import Result, Row
from bench.serving import ByteCounter, serve

TITLE = "demo first visit (fresh profile, empty cache) vs a plain page booting Pyodide"

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "fixtures" / "example-demo" / "manifest.json"
MOCK = "__demo/mock/petstore/store/inventory"
POSTGRES = ("chinook", "SELECT name FROM artist WHERE artist_id = 1")
SQLITE = ("notes", "SELECT title FROM note WHERE id = 1")
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Each resolves to the page clock when the answer was complete.
MOCK_JS = """async (url) => {
  const r = await fetch(url); await r.arrayBuffer();
  if (!r.ok) throw new Error(`HTTP ${r.status} for ${url}`);
  return performance.now();
}"""
QUERY_JS = """async ([service, sql]) => {
  const r = await fetch(`__demo/db/${service}/query`, {method: "POST",
    headers: {"content-type": "application/json"}, body: JSON.stringify({sql})});
  const body = await r.text();
  if (!r.ok) throw new Error(`HTTP ${r.status}: ${body}`);
  return performance.now();
}"""


# Demo sites built by this process, by (manifest, snapshot): `demo-first-visit`,
# `demo-cold-start` and `bundle-sizes` read the same site, and a build takes a while (with
# its snapshot, minutes).
_BUILT: dict[tuple[Path, bool], Path] = {}


def built_demo(out: Path, manifest: Path = MANIFEST, snapshot: bool = True) -> Path:
    """The demo built from `manifest` with gzip siblings, as `python -m demo build` makes
    it: the folder this process built already, else a new build into `out`."""
    from demo.build.site import build_site

    built = _BUILT.get((manifest, snapshot))
    if built is not None and built.is_dir():
        return built
    made = build_site(manifest, out, snapshot=snapshot, precompress=True)
    if snapshot and made.snapshot is not None:
        raise RuntimeError(f"the build made no memory snapshot: {made.snapshot}")
    _BUILT[(manifest, snapshot)] = made.out
    return made.out


def lay_out(work: Path, manifest: Path = MANIFEST, snapshot: bool = True) -> Path:
    """The served folder: the built demo under /demo/, the baselines under /baseline/.

    Both get gzip siblings, as `python -m demo build` makes them, so `demo serve` sends
    either the same way. A site this process built already is copied, not rebuilt.
    """
    from demo.build.precompress import precompress_site

    if work.exists():
        shutil.rmtree(work)
    served = work / "served"
    built = built_demo(served / "demo", manifest, snapshot)
    if built != served / "demo":
        shutil.copytree(built, served / "demo")
    shutil.copytree(ROOT / "bench" / "baseline", served / "baseline")
    (served / "baseline" / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copyfile(
            ROOT / "node_modules" / "pyodide" / name, served / "baseline" / "pyodide" / name
        )
    precompress_site(served / "baseline")
    return served


class Visitor:
    """Fresh-profile visits: one new browser context per visit."""

    def __init__(self, browser: Any, base: str, counter: ByteCounter) -> None:
        self.browser = browser
        self.base = base
        self.counter = counter
        self.boot_lines: list[str] = []

    def visit(
        self, path: str, *steps: Callable[[Any], float]
    ) -> tuple[list[float], tuple[int, int]]:
        """Open `path` in a new profile and run `steps`; their page clocks and the bytes
        sent (as transferred, and before compression)."""
        context = self.browser.new_context()
        context.on("console", self._console)
        self.counter.reset()
        try:
            page = context.new_page()
            page.goto(f"{self.base}/{path}")
            clocks = [step(page) for step in steps]
        finally:
            context.close()
        return clocks, (self.counter.sent, self.counter.raw)

    def _console(self, message: Any) -> None:
        if "[helio-demo]" in message.text:
            self.boot_lines.append(message.text)


def plain(page: Any) -> float:
    return float(page.evaluate("plainPyodide"))


def mock(page: Any) -> float:
    return float(page.evaluate(MOCK_JS, MOCK))


def postgres(page: Any) -> float:
    return float(page.evaluate(QUERY_JS, list(POSTGRES)))


def sqlite(page: Any) -> float:
    return float(page.evaluate(QUERY_JS, list(SQLITE)))


def js_only(page: Any) -> float:
    page.evaluate("helioDemo.ready")
    return float(page.evaluate(MOCK_JS, MOCK))


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 1)


def measure(browser: Any, base: str, counter: ByteCounter, runs: int) -> dict[str, Any]:
    visitor = Visitor(browser, base, counter)
    samples: dict[str, list[float]] = {
        k: []
        for k in (
            "plain_pyodide",
            "js_only_worker",
            "mock",
            "postgres_after_mock",
            "postgres",
            "sqlite",
        )
    }
    sent: dict[str, tuple[int, int]] = {}
    for _ in range(runs):  # interleaved, so a load spike hits every kind alike
        (t,), sent["plain_pyodide"] = visitor.visit("baseline/pyodide.html", plain)
        samples["plain_pyodide"].append(t)
        (t,), _ = visitor.visit("baseline/", js_only)
        samples["js_only_worker"].append(t)
        (t, after), sent["mock_then_postgres"] = visitor.visit("demo/", mock, postgres)
        by_path = dict(counter.by_path)
        samples["mock"].append(t)
        samples["postgres_after_mock"].append(after - t)
        (t,), sent["postgres"] = visitor.visit("demo/", postgres)
        samples["postgres"].append(t)
        (t,), sent["sqlite"] = visitor.visit("demo/", sqlite)
        samples["sqlite"].append(t)
    medians = {f"{k}_ms": _median(v) for k, v in samples.items()}
    baseline = medians["plain_pyodide_ms"]
    return {
        **medians,
        "ratios_to_plain_pyodide": {
            "mock": round(medians["mock_ms"] / baseline, 2),
            "postgres": round(medians["postgres_ms"] / baseline, 2),
            "sqlite": round(medians["sqlite_ms"] / baseline, 2),
        },
        "bytes_sent": {k: transferred for k, (transferred, _) in sent.items()},
        "bytes_raw": {k: raw for k, (_, raw) in sent.items()},
        "bytes_by_path_mock_then_postgres": by_path,
        "samples": {k: [round(v, 1) for v in vs] for k, vs in samples.items()},
        "runs": runs,
        "boot_lines": visitor.boot_lines[-6:],
    }


def _byte_rows(
    visit: str, key: str, sent: dict[str, int], raw: dict[str, int], name: str
) -> list[Row]:
    """A visit's download as transferred (gzip) and before compression, each against the
    plain Pyodide page's, served the same way."""
    mb = 1e6
    return [
        Row(f"bytes transferred, {visit}", sent[key] / mb, "MB", sent["plain_pyodide"] / mb, name),
        Row(
            f"bytes before compression, {visit}",
            raw[key] / mb,
            "MB",
            raw["plain_pyodide"] / mb,
            name,
        ),
    ]


def run(work: Path, quick: bool = False) -> Result:
    """quick: one visit of each kind (the smoke test). The site is built as `python -m demo
    build` makes it, snapshot included, either way: a smoke run without the snapshot booted
    Pyodide at every visit and cost more than the snapshot's build."""
    from playwright.sync_api import sync_playwright

    from tests.chromium import launch_chromium

    served = lay_out(work)
    counter = ByteCounter()
    with serve(served, counter) as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            figures = measure(browser, base, counter, 1 if quick else 3)
        finally:
            browser.close()
    plain = figures["plain_pyodide_ms"]
    sent, raw = figures["bytes_sent"], figures["bytes_raw"]
    name = "plain Pyodide page, 1 + 1"
    rows = [
        Row("first visit → first mock answer", figures["mock_ms"], "ms", plain, name, 1.0),
        Row("first visit → first postgres answer", figures["postgres_ms"], "ms", plain, name, 1.5),
        Row("first visit → first sqlite answer", figures["sqlite_ms"], "ms", plain, name, 1.1),
        Row(
            "postgres answer right after the first mock answer",
            figures["postgres_after_mock_ms"],
            "ms",
        ),
        Row(
            "first visit → first mock answer, vs a JS-only worker",
            figures["mock_ms"],
            "ms",
            figures["js_only_worker_ms"],
            "JS-only worker, first answer",
        ),
        *_byte_rows("visit with mock + postgres", "mock_then_postgres", sent, raw, name),
        *_byte_rows("visit with sqlite only", "sqlite", sent, raw, name),
    ]
    notes = [
        "Page clock (`performance.now()` from navigation start) when the answer was complete; "
        f"{figures['runs']} visits of each kind, interleaved, each in a new browser context.",
        "Worker boot marks (ms since the worker started), last visits: "
        + "; ".join(
            f"`{line.removeprefix('[helio-demo] ')}`" for line in figures["boot_lines"][-2:]
        ),
    ]
    return Result(rows, figures, notes)
