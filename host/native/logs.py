"""Logging to a rotating file in the data folder (and stderr)."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

__all__ = ["LOG_NAME", "setup_logging"]

LOG_NAME = "helio.log"
MAX_BYTES = 10 * 1024 * 1024
BACKUPS = 5


def setup_logging(data_dir: Path, level: int = logging.INFO) -> Path:
    """Route the root, uvicorn and helio loggers to `data_dir/helio.log`; return its path."""
    path = data_dir / LOG_NAME
    formatter = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    file_handler = logging.handlers.RotatingFileHandler(
        path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
    )
    file_handler.setFormatter(formatter)
    console = logging.StreamHandler()
    console.setFormatter(formatter)
    root = logging.getLogger()
    root.handlers[:] = [file_handler, console]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
    return path
