"""A Compose sample's own seed run on PGlite (real Postgres in WebAssembly), the reference.

Reuses the differential suite's oracle (`tests/demo/runtime/sql/oracle.mjs`): the seed is
a group's setup, the query its probe, so the expected rows of a browser test come
from the project's seed, not from the test's author.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

from tests.demo.sites import REPO

ORACLE = REPO / "tests" / "demo" / "runtime" / "sql" / "oracle.mjs"


def pglite_rows(seed: str, query: str) -> list[dict[str, Any]]:
    """The rows PGlite answers to `query` after running `seed`."""
    node = shutil.which("node")
    assert node is not None, "needs node (PGlite is the reference)"
    corpus = {"postgres": [{"name": "seed", "setup": seed, "probe": query, "cases": []}]}
    done = subprocess.run(
        [node, str(ORACLE), str(REPO)],
        input=json.dumps(corpus),
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    answer = json.loads(done.stdout)["postgres"]["seed"]["seed"]
    assert answer["ok"], answer
    rows: list[dict[str, Any]] = answer["result"][-1]["rows"]
    return rows
