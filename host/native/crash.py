"""Crash dumps: `faulthandler` writes a fatal error's traceback into the data folder.

Each host process opens its own `crashdumps/fault-<time>-<pid>.txt` at start.
A process that ends normally leaves it empty, and the next start deletes
empty ones; a non-empty file from an earlier process is a crash dump. Reading
them is `/api/health/crashdump`; `dismiss` clears the console's notice (the
dumps stay for the support ZIP).
"""

from __future__ import annotations

import faulthandler
import os
import time
from pathlib import Path
from typing import IO, Any

from host.core.state import StateDB

__all__ = ["CrashDumps"]

FOLDER = "crashdumps"
_DISMISSED = "crashdump_dismissed"


class CrashDumps:
    def __init__(self, data_dir: Path, db: StateDB) -> None:
        self.folder = data_dir / FOLDER
        self._db = db
        self._own: Path | None = None
        self._handle: IO[str] | None = None

    def start(self) -> None:
        """Start writing this process's fatal errors (the served host's lifespan)."""
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        for old in self.folder.glob("fault-*.txt"):
            if old.stat().st_size == 0:
                old.unlink(missing_ok=True)
        for unarmed in self.folder.glob("arming-*.txt"):
            unarmed.unlink(missing_ok=True)
        name = f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
        # The dump file takes its listed name only once faulthandler writes to it, so a
        # `fault-*` file on disk always means "a fatal error from now on is recorded".
        arming = self.folder / f"arming-{name}"
        self._handle = open(arming, "w")  # noqa: SIM115 - faulthandler keeps it open for life
        faulthandler.enable(self._handle, all_threads=True)
        self._own = arming.rename(self.folder / f"fault-{name}")

    def stop(self) -> None:
        if self._handle is not None:
            faulthandler.disable()
            self._handle.close()
            self._handle = None

    def dumps(self) -> list[Path]:
        if not self.folder.is_dir():
            return []
        found = [
            p for p in self.folder.glob("fault-*.txt") if p != self._own and p.stat().st_size > 0
        ]
        return sorted(found, key=lambda p: p.stat().st_mtime)

    def report(self) -> dict[str, Any]:
        dismissed = set(self._db.get_json(_DISMISSED, []))
        listed = [
            {
                "name": p.name,
                "size": p.stat().st_size,
                "modified": p.stat().st_mtime,
                "dismissed": p.name in dismissed,
            }
            for p in self.dumps()
        ]
        return {"notice": any(not d["dismissed"] for d in listed), "dumps": listed}

    def dismiss(self) -> int:
        names = [p.name for p in self.dumps()]
        self._db.set_json(_DISMISSED, names)
        return len(names)
