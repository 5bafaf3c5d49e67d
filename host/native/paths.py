"""Where the host keeps its data folder by default."""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["default_data_dir"]


def default_data_dir() -> Path:
    """`$HELIO_DATA_DIR`, else the platform's per-user application data folder."""
    if os.environ.get("HELIO_DATA_DIR"):
        return Path(os.environ["HELIO_DATA_DIR"])
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local")) / "Helio"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Helio"
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "helio"
