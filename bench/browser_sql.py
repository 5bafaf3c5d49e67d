"""In-browser SQL on one page: the demo's adapters vs the engines called directly.

A demo site is built with two services over the same 100k-row table: `lite`
(sqlite adapter) and `pg` (postgres adapter, DuckDB underneath). On one page
(bench/baseline/sql.html, inside the demo's scope) the same table is loaded into
sql.js, duckdb-wasm (called directly, bench/baseline/duck_direct.js) and PGlite,
all from npm. Two queries, an indexed lookup (varying ids) and an aggregate over
all rows, are run one after the other; queries per second per engine, median of
interleaved rounds. Every engine's answer to a check query must agree first.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
from pathlib import Path
from typing import Any

from bench.report import Result, Row
from bench.serving import serve

TITLE = "in-browser SQL: sqlite adapter vs sql.js; postgres adapter vs duckdb-wasm and PGlite"
ROOT = Path(__file__).resolve().parents[1]
TABLE = "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, grp INTEGER NOT NULL, score INTEGER NOT NULL);\n"
SQLITE_FILL = (
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {rows})\n"
    "INSERT INTO items SELECT i, 'item ' || i, i % 100, (i * 7919) % 1000 FROM n;\n"
)
POSTGRES_FILL = (
    "INSERT INTO items SELECT i, 'item ' || i, i % 100, (i * 7919) % 1000 "
    "FROM generate_series(1, {rows}) AS g(i);\n"
)
AGGREGATE = "SELECT grp, count(*) AS n, sum(score) AS total FROM items GROUP BY grp ORDER BY grp"
CHECK = "SELECT count(*), sum(score), min(name), max(id) FROM items"
PAIRS = (
    ("sqlite_adapter", "sqljs", "sqlite adapter", "sql.js"),
    ("postgres_adapter", "duckdb", "postgres adapter", "duckdb-wasm, direct"),
    ("postgres_adapter", "pglite", "postgres adapter", "PGlite"),
)


def _site(work: Path, rows: int) -> Path:
    from demo.build.site import build_site

    if work.exists():
        shutil.rmtree(work)
    source = work / "source"
    source.mkdir(parents=True)
    (source / "lite.sql").write_text(TABLE + SQLITE_FILL.format(rows=rows))
    (source / "pg.sql").write_text(TABLE + POSTGRES_FILL.format(rows=rows))
    manifest = {
        "name": "bench-sql",
        "services": [
            {"name": "lite", "adapter": "sqlite", "config": {"seed": ["lite.sql"]}},
            {"name": "pg", "adapter": "postgres", "config": {"seed": ["pg.sql"]}},
        ],
    }
    (source / "manifest.json").write_text(json.dumps(manifest))
    site = build_site(source / "manifest.json", work / "site").out
    shutil.copyfile(ROOT / "bench" / "baseline" / "sql.html", site / "bench-sql.html")
    lib = site / "bench-lib"
    (lib / "sqljs").mkdir(parents=True)
    for name in ("sql-wasm.js", "sql-wasm.wasm"):
        shutil.copyfile(ROOT / "node_modules" / "sql.js" / "dist" / name, lib / "sqljs" / name)
    pglite = ROOT / "node_modules" / "@electric-sql" / "pglite" / "dist"
    (lib / "pglite").mkdir()
    for path in pglite.iterdir():
        if path.is_file() and path.suffix in (".js", ".wasm", ".data"):
            shutil.copyfile(path, lib / "pglite" / path.name)
    done = subprocess.run(
        [
            str(ROOT / "node_modules" / ".bin" / "esbuild"),
            str(ROOT / "bench" / "baseline" / "duck_direct.js"),
            "--bundle",
            "--format=iife",
            "--global-name=benchDuck",
            "--log-level=warning",
            f"--outfile={lib / 'duck-direct.js'}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"esbuild failed: {done.stderr}")
    return site


def _measure(page: Any, rows: int, lookups: int, aggregates: int, rounds: int) -> dict[str, Any]:
    seeds = {
        "sqljs": TABLE + SQLITE_FILL.format(rows=rows),
        "duckdb": TABLE + POSTGRES_FILL.format(rows=rows),
        "pglite": TABLE + POSTGRES_FILL.format(rows=rows),
    }
    names = ["sqlite_adapter", "postgres_adapter", "sqljs", "duckdb", "pglite"]
    for name in names:
        page.evaluate("([n, seed]) => benchSql.open(n, seed)", [name, seeds.get(name, "")])
    checks = {n: page.evaluate("([n, sql]) => benchSql.check(n, sql)", [n, CHECK]) for n in names}
    if len({json.dumps(c) for c in checks.values()}) != 1:
        raise RuntimeError(f"the engines disagree on {CHECK}: {checks}")
    step = max(1, rows // lookups)
    lookup_sqls = [
        f"SELECT name, grp, score FROM items WHERE id = {1 + (i * step) % rows}"
        for i in range(lookups)
    ]
    samples: dict[str, dict[str, list[float]]] = {
        q: {n: [] for n in names} for q in ("lookup", "aggregate")
    }
    for _ in range(rounds):
        for name in names:
            for query, sqls in (("lookup", lookup_sqls), ("aggregate", [AGGREGATE] * aggregates)):
                rate = page.evaluate("([n, sqls]) => benchSql.rate(n, sqls)", [name, sqls])
                samples[query][name].append(rate)
    return {
        "qps": {q: {n: statistics.median(v) for n, v in per.items()} for q, per in samples.items()},
        "samples": samples,
        "check": checks["sqljs"],
    }


def run(work: Path, quick: bool = False) -> Result:
    from playwright.sync_api import sync_playwright

    from tests.chromium import launch_chromium

    rows, lookups, aggregates, rounds = (1000, 5, 2, 1) if quick else (100_000, 300, 20, 3)
    site = _site(work, rows)
    with serve(site) as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            page = browser.new_context().new_page()
            page.goto(f"{base}/bench-sql.html")
            page.wait_for_function("window.benchReady === true")
            figures = _measure(page, rows, lookups, aggregates, rounds)
        finally:
            browser.close()
    qps = figures["qps"]
    result_rows = []
    for query, label in (
        ("lookup", "indexed lookup"),
        ("aggregate", f"aggregate over {rows:,} rows"),
    ):
        for helio, peer, helio_label, peer_label in PAIRS:
            result_rows.append(
                Row(
                    f"{label}: {helio_label}",
                    qps[query][helio],
                    "queries/s",
                    qps[query][peer],
                    peer_label,
                )
            )
    notes = [
        f"{lookups} lookups and {aggregates} aggregates per engine and round, {rounds} rounds "
        "interleaved; the adapters answer through the service worker (fetch, JSON), the peers "
        "are called in the page. A ratio under 1: the adapter answers fewer queries per second.",
        f"Check query `{CHECK}` gave the same answer on all five: {figures['check']}.",
    ]
    return Result(result_rows, figures, notes)
