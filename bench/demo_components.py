"""The demo components' bundle (`__demo-components.js`), against its editor alone.

Builds the bundle exactly as `python -m demo build` does (`bundle_components`) and,
as the same-run baseline, the SQL editor module (components/sql-editor.js: CodeMirror
with the SQL language) bundled alone with the same esbuild options: the ratio says
what the three components cost on top of the editor they need. Raw and gzip -9 sizes;
`bundle-sizes` lists the same file among every bundle a site ships.
"""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

from bench.report import Result, Row

TITLE = "demo components bundle (query panel, fixture explorer, controls), raw and gzip"


def _sizes(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    return len(data), len(gzip.compress(data, compresslevel=9))


def bundle_sizes(work: Path) -> dict[str, dict[str, int]]:
    """{"components": {"raw", "gzip"}, "editor": {...}}: bytes of both bundles."""
    from demo.build.bundle import _esbuild, bundle_components
    from demo.build.runtime_files import Checkout

    checkout = Checkout.here()
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    components = bundle_components(checkout, work)
    editor = work / "editor-only.js"
    _esbuild(
        checkout, checkout.root / "components" / "sql-editor.js", editor, "--format=esm", "--minify"
    )
    out = {}
    for name, path in (("components", components), ("editor", editor)):
        raw, packed = _sizes(path)
        out[name] = {"raw": raw, "gzip": packed}
    return out


def run(work: Path, quick: bool = False) -> Result:
    sizes = bundle_sizes(work)
    rows = [
        Row(
            f"__demo-components.js, {kind}",
            sizes["components"][key] / 1024,
            "KiB",
            baseline=sizes["editor"][key] / 1024,
            baseline_name="the SQL editor alone (CodeMirror + lang-sql)",
        )
        for kind, key in (("raw", "raw"), ("gzip -9", "gzip"))
    ]
    notes = [
        "One ES module with Lit and CodeMirror; the worker never loads it. "
        "Ratio: the whole bundle over its editor part, built the same way in this run."
    ]
    return Result(rows, sizes, notes)
