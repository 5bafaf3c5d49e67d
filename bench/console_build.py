"""The console bundle in web/dist, built again only when a source is newer than it.

Benchmarks and tests read the same web/dist while other tests serve it: rebuilding it
unconditionally (web/build.mjs empties the folder first) would pull files from under a
page that is loading them. `make setup` builds it, so a run from make rebuilds nothing.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

__all__ = ["DIST", "ensure_console_built"]

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
DIST = WEB / "dist"


def _sources() -> list[Path]:
    files = [WEB / "index.html", WEB / "build.mjs"]
    files += [p for p in (WEB / "src").rglob("*") if p.suffix in (".js", ".css", ".json")]
    return files


def ensure_console_built() -> Path:
    """`web/dist`, rebuilt with `node web/build.mjs` when any source is newer."""
    index = DIST / "index.html"
    built = index.stat().st_mtime if index.is_file() else 0.0
    if built < max(p.stat().st_mtime for p in _sources()):
        subprocess.run(["node", str(WEB / "build.mjs")], cwd=ROOT, check=True)
    return DIST
