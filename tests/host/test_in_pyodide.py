"""The host's in-process tests again, inside Pyodide 314 under Node: the domain code the
service worker runs (auth, tokens, sessions, settings, apps) is the code the native host
runs, and its own test suite says so.

In Pyodide the host is built from the demo profile over an SQLite file and driven by
`asgi_client.InProcessClient` (no threads); `server.running_host` serves it in-process
(app_client.py). A test that needs the native host is marked `native_only(reason)` and
its reason is listed; nothing else may be skipped.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from tests.demo.sites import REPO, native_only
from tests.waiting import HEAVY_RUN_S, heavy

pytestmark = [pytest.mark.pyodide, pytest.mark.slow, native_only, heavy]

RUNNER = REPO / "tests" / "demo" / "runtime" / "pyodide_runner.mjs"
# The domains: auth (reach, origin, CSRF, rate limit, accounts), tokens,
# sessions, settings and apps; plus the demo profile's own tests.
MODULES = [
    "tests/host/core/test_passwords.py",
    "tests/host/core/test_sessions_core.py",
    "tests/host/core/test_settings_schema.py",
    "tests/host/test_validation.py",
    "tests/host/middleware/test_in_process.py",
    "tests/host/middleware/test_csrf_origin.py",
    "tests/host/middleware/test_rate_limit.py",
    "tests/host/middleware/test_hardening_auth.py",
    "tests/host/handlers/test_first_account.py",
    "tests/host/handlers/test_hardening_accounts.py",
    "tests/host/handlers/test_tokens.py",
    "tests/host/handlers/test_sessions.py",
    "tests/host/handlers/test_config.py",
    "tests/host/handlers/test_apps.py",
    "tests/host/demo_profile/test_demo_host.py",
]
# Why a test may be skipped in Pyodide: it needs the native host (app_client.native_only),
# or the event loop the service worker has (one demo-profile test; Chromium covers it).
SKIP_REASONS = ("native host only: ", "not a hand-stepped coroutine")


def outcomes(report: Path) -> dict[str, Counter[str]]:
    """Per module (these have no test classes): passed, failed, errors, and skips by reason."""
    counts: dict[str, Counter[str]] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        module = case.get("classname", "").replace(".", "/") + ".py"
        tally = counts.setdefault(module, Counter())
        verdicts = [child for child in case if child.tag in ("failure", "error", "skipped")]
        if not verdicts:
            tally["passed"] += 1
        for verdict in verdicts:
            key = verdict.tag
            if key == "skipped":
                key += ": " + verdict.get("message", "")
            tally[key] += 1
    return counts


def test_host_tests_pass_inside_pyodide(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not (REPO / ".cache" / "pyodide-test-wheels").exists():
        pytest.fail("needs node and .cache/pyodide-test-wheels (run `make test`)")
    # The runner mounts its second argument at /sites: the report comes back through it.
    args = json.dumps([*MODULES, "-q", "-rs", "--junitxml=/sites/report.xml"])
    done = subprocess.run(
        [node, str(RUNNER), str(REPO), str(tmp_path), args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=HEAVY_RUN_S,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if len(line) < 400]
    sys.stdout.write("\n".join(lines[-60:]) + "\n")
    assert done.returncode == 0, "\n".join(lines[-60:]) + done.stderr[-2000:]
    counts = outcomes(tmp_path / "report.xml")
    for module, tally in sorted(counts.items()):
        sys.stdout.write(f"{module}: {dict(tally)}\n")
    assert sorted(counts) == sorted(MODULES)
    for module, tally in counts.items():
        assert tally["passed"] > 0 and not tally["failure"] and not tally["error"], module
        skips = [reason for reason in tally if reason.startswith("skipped")]
        assert all(any(why in reason for why in SKIP_REASONS) for reason in skips), skips
