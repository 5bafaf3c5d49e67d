"""`Store` implementations for native use: in memory (tests) and in a folder (dev server)."""

from __future__ import annotations

import os
import urllib.parse
from pathlib import Path

__all__ = ["DirectoryStore", "MemoryStore"]


class MemoryStore:
    """A dict-backed Store; `data` is public so tests can inspect what was persisted."""

    def __init__(self) -> None:
        self.data: dict[str, bytes] = {}
        self.puts = 0

    async def get(self, key: str) -> bytes | None:
        return self.data.get(key)

    async def put(self, key: str, value: bytes) -> None:
        self.data[key] = bytes(value)
        self.puts += 1

    async def delete_prefix(self, prefix: str) -> None:
        for key in [k for k in self.data if k.startswith(prefix)]:
            del self.data[key]


class DirectoryStore:
    """One file per key below `root` (keys are percent-encoded into file names)."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    def _path(self, key: str) -> Path:
        return self.root / urllib.parse.quote(key, safe="")

    async def get(self, key: str) -> bytes | None:
        try:
            return self._path(key).read_bytes()
        except FileNotFoundError:
            return None

    async def put(self, key: str, value: bytes) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        path = self._path(key)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(value)
        os.replace(tmp, path)  # atomic, so a crash never leaves half an image

    async def delete_prefix(self, prefix: str) -> None:
        if not self.root.is_dir():
            return
        for path in self.root.iterdir():
            if urllib.parse.unquote(path.name).startswith(prefix):
                path.unlink()
