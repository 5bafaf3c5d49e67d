"""Run the worker's plain ES modules in Node (same WHATWG URL and JSON as the browser)."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from tests.demo.sites import REPO

__all__ = ["module_url", "run_module"]


def module_url(relative: str) -> str:
    """`import` specifier of a repository file, e.g. `serviceworker/addresses.js`."""
    return (REPO / relative).as_uri()


def run_module(script: str, data: Any = None) -> Any:
    """Run `script` as an ES module with `input` bound to `data`; return what it prints, as JSON."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("needs node (make setup installs the npm packages it runs)")
    prelude = 'import { readFileSync } from "node:fs";\nconst input = JSON.parse(readFileSync(0, "utf8"));\n'
    done = subprocess.run(
        [node, "--no-warnings", "--input-type=module", "-e", prelude + script],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
