"""The console bundle the web tests serve: built when missing or stale (bench/console_build.py)."""

from __future__ import annotations

import json

from bench.console_build import DIST, ROOT, WEB, ensure_console_built

__all__ = ["DIST", "ROOT", "WEB", "ensure_console_built", "manifest"]


def manifest() -> dict[str, str]:
    """What web/build.mjs wrote: the hashed script, style and icons folder."""
    ensure_console_built()
    data: dict[str, str] = json.loads((DIST / "manifest.json").read_text())
    return data
