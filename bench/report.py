"""What a benchmark hands back, and `bench/results.md` written from all of them.

A benchmark is a module of the `bench` package with

    TITLE = "..."                                  # one line: what it measures
    def run(work: Path, quick: bool) -> Result     # quick: one run on a tiny input (smoke test)

`python -m bench` finds every such module (bench/__main__.py), so a benchmark
added on another branch plugs in by existing. Each `Row` is one figure: Helio's
median, the same-run baseline's median, and the target when the issue set one.
"""

from __future__ import annotations

import datetime
import os
import platform
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from demo.build.chromium import CHROMIUM

__all__ = ["Result", "Row", "machine", "write_results"]


@dataclass(frozen=True)
class Row:
    measure: str
    helio: float
    unit: str
    baseline: float | None = None
    baseline_name: str = ""
    # An upper bound on the ratio (helio / baseline), or on helio itself when there is no baseline.
    limit: float | None = None

    @property
    def ratio(self) -> float | None:
        if self.baseline is None or self.baseline == 0:
            return None
        return self.helio / self.baseline

    @property
    def met(self) -> bool | None:
        if self.limit is None:
            return None
        value = self.ratio if self.baseline is not None else self.helio
        return value is not None and value <= self.limit


@dataclass
class Result:
    rows: list[Row]
    figures: dict[str, Any] = field(default_factory=dict)  # everything, for the JSON file
    notes: list[str] = field(default_factory=list)


def machine() -> dict[str, Any]:
    return {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.platform()}",
        "python": platform.python_version(),
        "load": round(os.getloadavg()[0], 2),
    }


def _number(value: float) -> str:
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def _target(row: Row) -> str:
    if row.limit is None:
        return ""
    bound = (
        f"≤ {row.limit:g}×" if row.baseline is not None else f"≤ {_number(row.limit)} {row.unit}"
    )
    return f"{bound} {'met' if row.met else '**missed**'}"


def write_results(
    target: Path, sections: list[tuple[str, str, Result | str, dict[str, Any]]]
) -> None:
    """`sections`: (name, title, result or the error text, {load before/after, seconds})."""
    first = sections[0][3] if sections else machine()
    lines = [
        "# Benchmark results",
        "",
        "Written by `make bench` (`python -m bench`). Every figure is the median of repeated",
        "runs; each baseline was measured in the same run, on the same machine.",
        "",
        f"- date: {first.get('date', '')}",
        f"- machine: {first.get('machine', '')}",
        f"- Python {first.get('python', '')}; headless Chromium: `{CHROMIUM}`",
        "- the machine is shared: the 1-minute load average is given for each benchmark",
        "",
    ]
    for name, title, result, run in sections:
        lines += [f"## {name}: {title}", ""]
        lines.append(
            f"Load average {run['load']} before, {run['load_after']} after; {run['seconds']:.0f} s."
        )
        lines.append("")
        if isinstance(result, str):
            lines += ["**Failed:**", "", "```", result.strip()[-2000:], "```", ""]
            continue
        lines += [
            "| measure | Helio | baseline | baseline figure | ratio | target |",
            "|---|---:|---|---:|---:|---|",
        ]
        for row in result.rows:
            baseline = f"{_number(row.baseline)} {row.unit}" if row.baseline is not None else ""
            ratio = f"{row.ratio:.2f}×" if row.ratio is not None else ""
            lines.append(
                f"| {row.measure} | {_number(row.helio)} {row.unit} | {row.baseline_name} "
                f"| {baseline} | {ratio} | {_target(row)} |"
            )
        lines.append("")
        lines += [f"- {note}" for note in result.notes]
        if result.notes:
            lines.append("")
    target.write_text("\n".join(lines))
