"""Every benchmark runs once on a tiny input (`--quick`), so none rots between `make bench` runs.

No figure is asserted: timings belong in bench/results.md. What is checked is that
each benchmark still runs end to end, reports finite figures and renders in the report.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from bench.__main__ import ORDER, discover
from bench.report import Result, machine, write_results

BENCHMARKS = discover()
# The ones that build a demo site or drive Chromium.
HEAVY = {"demo-first-visit", "demo-cold-start", "browser-sql", "bundle-sizes", "compose-samples"}


def test_every_benchmark_of_the_issue_is_discovered() -> None:
    assert set(ORDER) <= set(BENCHMARKS), set(ORDER) - set(BENCHMARKS)


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.browser) if n in HEAVY else n for n in BENCHMARKS],
)
def test_benchmark_runs_on_a_tiny_input(name: str, tmp_path: Path) -> None:
    result = BENCHMARKS[name].run(tmp_path / name, True)
    assert isinstance(result, Result)
    assert result.rows, f"{name} reported nothing"
    for row in result.rows:
        assert math.isfinite(row.helio), row
        assert row.baseline is None or math.isfinite(row.baseline), row
    report = tmp_path / "results.md"
    run = {**machine(), "load_after": 0.0, "seconds": 1.0}
    write_results(report, [(name, BENCHMARKS[name].TITLE, result, run)])
    assert f"## {name}: " in report.read_text()
