"""JavaScript bundle sizes, raw and gzip: the web console, and what a demo site ships.

Reads the console's files in web/dist/ (built by `make setup`: web/build.mjs) and builds
fixtures/example-demo without its snapshot to size the worker, the page script,
the duckdb-wasm bridge and any components bundle the site carries.
"""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

from bench.report import Result, Row

TITLE = "console and demo bundle sizes, raw and gzip"
ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "fixtures" / "example-demo" / "manifest.json"


def _bundles(work: Path) -> dict[str, Path]:
    from bench.demo_first_visit import built_demo

    found = {
        f"web console: {p.relative_to(ROOT).as_posix()}": p
        for p in sorted((ROOT / "web" / "dist").rglob("*"))
        if p.suffix in (".js", ".css")
    }
    if work.exists():
        shutil.rmtree(work)
    # The files are the same with or without gzip siblings; demo-first-visit builds this
    # very site in a smoke run, so it is read from there when this process has it.
    site = built_demo(work / "site", MANIFEST, snapshot=False)
    for path in sorted(site.rglob("*.js")):
        found[f"demo site: {path.relative_to(site).as_posix()}"] = path
    return found


def run(work: Path, quick: bool = False) -> Result:
    rows, figures = [], {}
    for label, path in _bundles(work).items():
        data = path.read_bytes()
        packed = len(gzip.compress(data, compresslevel=9))
        figures[label] = {"raw": len(data), "gzip": packed}
        rows.append(Row(f"{label}, raw", len(data) / 1024, "KiB"))
        rows.append(Row(f"{label}, gzip -9", packed / 1024, "KiB"))
    notes = [
        "No baseline: sizes to watch between runs. A missing web/dist bundle: run `make setup`."
    ]
    return Result(rows, figures, notes)
