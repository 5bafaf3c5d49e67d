"""A pg_dump file loaded as psql loads it into PGlite (the reference), and into the
demo's engine from the build's seed image, each answering the same queries."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from demo.native.duck import open_native_duck
from demo.runtime.sql.postgres.engine import DuckEngine
from tests.demo.sites import REPO

LOADER = Path(__file__).with_name("pglite_dump.mjs")


def pglite_answers(seed: str, queries: list[str]) -> list[list[dict[str, Any]]]:
    """The rows PGlite answers to each query after loading `seed` (COPY data included)."""
    node = shutil.which("node")
    assert node is not None, "needs node (PGlite is the reference)"
    done = subprocess.run(
        [node, str(LOADER), str(REPO)],
        input=json.dumps({"seed": seed, "queries": queries}),
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    answers: list[list[dict[str, Any]]] = json.loads(done.stdout)
    return answers


def demo_answers(image: Path, queries: list[str]) -> list[list[dict[str, Any]]]:
    """The rows the demo's engine answers to each query, its database restored from
    the build's seed image (as the page restores it)."""
    engine = DuckEngine(open_native_duck())
    try:
        engine.load_image(image.read_bytes())
        answers = []
        for query in queries:
            results, _ = engine.execute(query)  # (an error raises)
            answers.append(results[-1]["rows"])
        return answers
    finally:
        engine.close()
