"""`python -m bench [NAME ...] [--out DIR]`: run benchmarks, print their tables, write JSON.

Every benchmark is one entry of BENCHMARKS: a function that runs it in a work
folder, prints its table and returns its figures, which are written to
`<out>/<name>.json`. One failing benchmark does not stop the others; the exit
code says whether all ran.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any


def _demo_cold_start(work: Path) -> dict[str, Any]:
    from bench import demo_cold_start

    return demo_cold_start.run(work)


def _flagship_console(work: Path) -> dict[str, Any]:
    from bench import flagship_console

    return flagship_console.run(work)


def _metrics_polling(work: Path) -> dict[str, Any]:
    from bench import metrics_polling

    result = metrics_polling.run()
    for key, value in result.items():
        print(f"{key:34} {value}")
    return result


BENCHMARKS: dict[str, Callable[[Path], dict[str, Any]]] = {
    "demo-cold-start": _demo_cold_start,
    "metrics-polling": _metrics_polling,
    "flagship-console": _flagship_console,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument(
        "names", nargs="*", help=f"benchmarks to run (default: all of {', '.join(BENCHMARKS)})"
    )
    parser.add_argument(
        "--out", type=Path, default=Path("build/bench"), help="folder for the JSON results"
    )
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(unknown)} (known: {', '.join(BENCHMARKS)})")
    args.out.mkdir(parents=True, exist_ok=True)
    failed = []
    for name in args.names or list(BENCHMARKS):
        print(f"== {name}", flush=True)
        try:
            figures = BENCHMARKS[name](args.out / name)
        except Exception:
            traceback.print_exc()
            failed.append(name)
            continue
        target = args.out / f"{name}.json"
        target.write_text(json.dumps(figures, indent=2) + "\n")
        print(f"-> {target}", flush=True)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
