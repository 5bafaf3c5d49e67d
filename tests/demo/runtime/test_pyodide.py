"""The runtime tests again, inside Pyodide under Node: the same code the service worker runs.

Takes the test sites the session prepared natively (`sites_root`, read only), then runs
`pyodide_runner.mjs`, which loads Pyodide from node_modules, installs the locked wheels
with micropip from emfs: paths (no network) and runs `pytest tests/demo/runtime` there,
with DuckDB from duckdb-wasm.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.demo.sites import REPO, native_only
from tests.waiting import HEAVY_RUN_S, heavy

pytestmark = [pytest.mark.pyodide, pytest.mark.slow, native_only, heavy]

NEEDED = [
    REPO / "node_modules" / "pyodide" / "pyodide.mjs",
    REPO / "node_modules" / "@duckdb" / "duckdb-wasm" / "dist" / "duckdb-node-blocking.cjs",
    REPO / ".cache" / "pyodide-wheels",
    REPO / ".cache" / "pyodide-test-wheels",
]


def test_runtime_tests_pass_inside_pyodide(sites_root: Path) -> None:
    node = shutil.which("node")
    missing = [str(p.relative_to(REPO)) for p in NEEDED if not p.exists()]
    if node is None or missing:
        pytest.fail(
            f"needs node and {', '.join(missing) or 'nothing else'} (run `make test`, which installs them)"
        )
    args = '["tests/demo/runtime", "-q", "-rs"]'
    done = subprocess.run(
        [
            node,
            str(Path(__file__).with_name("pyodide_runner.mjs")),
            str(REPO),
            str(sites_root),
            args,
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=HEAVY_RUN_S,
        check=False,
    )
    output = (done.stdout + done.stderr)[-6000:]
    sys.stdout.write(output)  # shown with -rP or on failure
    assert done.returncode == 0, output
    assert " passed" in done.stdout and " failed" not in done.stdout
