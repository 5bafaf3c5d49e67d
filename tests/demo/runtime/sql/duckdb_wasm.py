"""Run one of this folder's Node scripts over duckdb-wasm's Node bundle (node_duck.mjs)."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from tests.demo.sites import REPO

__all__ = ["run_on_duckdb_wasm"]


def run_on_duckdb_wasm(runner: str, data: Any) -> Any:
    """Run `runner` (a file next to this one) with `data` as JSON on stdin; its JSON answer."""
    node = shutil.which("node")
    if node is None or not (REPO / "node_modules" / "@duckdb" / "duckdb-wasm").is_dir():
        pytest.fail("needs node and node_modules/@duckdb/duckdb-wasm (run `make test`)")
    done = subprocess.run(
        [node, str(REPO / "tests" / "demo" / "runtime" / "sql" / runner), str(REPO)],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(done.stdout)
