"""`python -m bench [NAME ...] [--quick] [--out DIR] [--results FILE]`: run the benchmarks.

Every module of this package with a `TITLE` and a `run(work, quick)` is a
benchmark (bench/report.py says what it returns); its name is the module name
with dashes. Each one's figures go to `<out>/<name>.json`, and all of them to
one Markdown report (`bench/results.md` for a full run of everything). One
failing benchmark does not stop the others; the exit code says whether all ran.
`--quick` runs each once on a tiny input (the smoke test in tests/bench does).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pkgutil
import sys
import time
import traceback
from dataclasses import asdict
from pathlib import Path
from types import ModuleType
from typing import Any

import bench
from bench.report import Result, machine, write_results

RESULTS = Path(__file__).resolve().parent / "results.md"
# The order of the report: the order; any other benchmark comes after, by name.
ORDER = [
    "demo-first-visit",
    "demo-cold-start",
    "browser-sql",
    "admin-api",
    "metrics-polling",
    "log-tail",
    "bundle-sizes",
]


def discover() -> dict[str, ModuleType]:
    found = {}
    for info in pkgutil.iter_modules(bench.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"bench.{info.name}")
        if hasattr(module, "TITLE") and callable(getattr(module, "run", None)):
            found[info.name.replace("_", "-")] = module
    ranked = sorted(found, key=lambda n: (ORDER.index(n) if n in ORDER else len(ORDER), n))
    return {name: found[name] for name in ranked}


def _run_one(module: ModuleType, work: Path, quick: bool) -> tuple[Result | str, dict[str, Any]]:
    run = {**machine()}
    started = time.monotonic()
    try:
        result: Result | str = module.run(work, quick)
    except Exception:
        result = traceback.format_exc()
    run["load_after"] = round(os.getloadavg()[0], 2)
    run["seconds"] = time.monotonic() - started
    return result, run


def main(argv: list[str] | None = None) -> int:
    known = discover()
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"benchmarks (default: all of {', '.join(known)})")
    parser.add_argument("--quick", action="store_true", help="each once, on a tiny input")
    parser.add_argument("--out", type=Path, default=Path("build/bench"), help="JSON folder")
    parser.add_argument(
        "--results", type=Path, help=f"Markdown report (default: {RESULTS} for a full run)"
    )
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in known]
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(unknown)} (known: {', '.join(known)})")
    results = args.results or (
        RESULTS if not args.names and not args.quick else args.out / "results.md"
    )
    args.out.mkdir(parents=True, exist_ok=True)
    sections = []
    for name in args.names or list(known):
        module = known[name]
        print(f"== {name}: {module.TITLE}", flush=True)
        result, run = _run_one(module, args.out / name, args.quick)
        sections.append((name, module.TITLE, result, run))
        if isinstance(result, str):
            print(result, file=sys.stderr, flush=True)
            continue
        for row in result.rows:
            ratio = f"  ({row.ratio:.2f}x {row.baseline_name})" if row.ratio is not None else ""
            print(f"  {row.measure}: {row.helio:.2f} {row.unit}{ratio}", flush=True)
        document = {"run": run, "rows": [asdict(r) for r in result.rows], **result.figures}
        (args.out / f"{name}.json").write_text(json.dumps(document, indent=2) + "\n")
    write_results(results, sections)
    print(f"-> {results}", flush=True)
    failed = [name for name, _, result, _ in sections if isinstance(result, str)]
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
