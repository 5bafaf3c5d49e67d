"""The demo profile's tests again, inside Pyodide 314 under Node: the host code the
service worker runs (auth, tokens, sessions, settings, apps, pairing) is the same."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.demo.sites import REPO, native_only

pytestmark = [pytest.mark.pyodide, pytest.mark.slow, native_only]

RUNNER = REPO / "tests" / "demo" / "runtime" / "pyodide_runner.mjs"


def test_demo_host_tests_pass_inside_pyodide(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not (REPO / ".cache" / "pyodide-test-wheels").exists():
        pytest.fail("needs node and .cache/pyodide-test-wheels (run `make test`)")
    # --noconftest: tests/host/conftest.py imports httpx, which the Pyodide set lacks.
    args = '["tests/host/demo_profile/test_demo_host.py", "-q", "-rs", "--noconftest"]'
    done = subprocess.run(
        [node, str(RUNNER), str(REPO), str(tmp_path), args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=280,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if len(line) < 400]
    sys.stdout.write("\n".join(lines[-40:]))
    assert done.returncode == 0, "\n".join(lines[-40:]) + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout
