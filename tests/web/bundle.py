"""Build the console bundle when it is missing or older than its sources (tests and bench)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

__all__ = ["DIST", "ensure_console_built", "manifest"]

ROOT = Path(__file__).resolve().parents[2]
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


def manifest() -> dict[str, str]:
    """What web/build.mjs wrote: the hashed script, style and icons folder."""
    ensure_console_built()
    data: dict[str, str] = json.loads((DIST / "manifest.json").read_text())
    return data
