"""Demo kit's pytest plugin: the time per test with a fresh storage namespace (the
default) against the same suite on the demo's own namespace (`--demo-shared-namespace`).

A small user suite (docs/testing-with-demos.md's fixtures) against fixtures/example-demo
is run twice in fresh pytest processes, one browser context each: every test reads the
notes database (`demo.query`) and one mock answer through the page. A fresh namespace
moves the worker to an empty IndexedDB database and restarts Python from its memory
snapshot, so each test's first request waits for that restore and the seed image is
read again. Time per test is setup + call + teardown as pytest reports them, median
over every test but the first (which boots Pyodide in both runs).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from bench.report import Result, Row
from demo.build.chromium import CHROMIUM, CHROMIUM_ARGS

TITLE = "pytest plugin: time per test with a fresh storage namespace vs the demo's own"

REPO = Path(__file__).resolve().parents[1]
MANIFEST = REPO / "fixtures" / "example-demo" / "manifest.json"

CONFTEST = f"""
import json, os
import pytest

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {{**browser_type_launch_args, "executable_path": {CHROMIUM!r}, "args": {CHROMIUM_ARGS!r}}}

TIMES = {{}}

def pytest_runtest_logreport(report):
    TIMES[report.nodeid] = TIMES.get(report.nodeid, 0.0) + report.duration

def pytest_sessionfinish(session):
    with open(os.environ["HELIO_BENCH_TIMES"], "w") as f:
        json.dump(TIMES, f)
"""

SUITE = """
import pytest

@pytest.mark.parametrize("n", range({tests}))
def test_reads_the_seed_and_a_mock(demo, n):
    assert demo.query("notes", "SELECT count(*) AS n FROM note")[0]["n"] > 0
    status = demo.evaluate("fetch('/__demo/mock/petstore/pet/1').then((r) => r.status)")
    assert status == 200
"""


def _suite_times(work: Path, tests: int, shared: bool) -> list[float]:
    suite = work / ("shared" if shared else "fresh")
    suite.mkdir(parents=True, exist_ok=True)
    (suite / "conftest.py").write_text(CONFTEST)
    (suite / "test_suite.py").write_text(SUITE.format(tests=tests))
    (suite / "pytest.ini").write_text("[pytest]\n")
    times = suite / "times.json"
    args = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        f"--demo-manifest={MANIFEST}",
        "--demo-subpath=/bench/example/",
        f"--demo-cache-dir={work / 'sites'}",
    ]
    if shared:
        args.append("--demo-shared-namespace")
    env = {**os.environ, "HELIO_BENCH_TIMES": str(times)}
    done = subprocess.run(args, cwd=suite, env=env, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"the suite failed:\n{done.stdout[-3000:]}\n{done.stderr[-2000:]}")
    measured = json.loads(times.read_text())
    ordered = [
        measured[k] for k in sorted(measured, key=lambda k: int(k.rstrip("]").split("-")[-1]))
    ]
    return [seconds * 1000 for seconds in ordered[1:]]  # the first boots Pyodide


def run(work: Path, quick: bool) -> Result:
    tests = 2 if quick else 12  # quick: the first boots Pyodide, one more is measured
    work.mkdir(parents=True, exist_ok=True)
    shared = _suite_times(work, tests, shared=True)  # builds the site (kept by checksum)
    fresh = _suite_times(work, tests, shared=False)
    shared_ms = round(statistics.median(shared), 1)
    fresh_ms = round(statistics.median(fresh), 1)
    rows = [
        Row(
            "time per test, fresh namespace per test",
            fresh_ms,
            "ms",
            baseline=shared_ms,
            baseline_name="same suite, the demo's own namespace",
        ),
        Row("extra time per test for a fresh namespace", round(fresh_ms - shared_ms, 1), "ms"),
    ]
    notes = [
        f"{tests} tests per run, the first left out (it boots Pyodide); medians of "
        f"{len(fresh)} tests. Fresh: {', '.join(f'{t:.0f}' for t in fresh)} ms; "
        f"own namespace: {', '.join(f'{t:.0f}' for t in shared)} ms.",
        "Each test opens a page of the demo, reads a count from the sqlite `notes` service "
        "(demo.query) and fetches one mock answer; a fresh namespace restarts Python from "
        "the worker's memory snapshot and loads the seed image into an empty database.",
    ]
    return Result(rows, {"fresh_ms": fresh, "shared_ms": shared}, notes)
