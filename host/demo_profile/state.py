"""The state of the demo profile: SQLite in memory, saved and restored as one image.

The native host keeps a SQLite file; a browser tab has no file that outlives the
worker, so the same `StateDB` (same migrations, same queries) runs on an in-memory
database whose whole content is handed to the demo kit as an image
(`sqlite3.Connection.serialize`) after every request that changed it.

Uploaded covers, files in the native host's data folder, are rows of the same image
(`StoredCovers`): they outlive the worker like everything else, and a reset, which
forgets the image, forgets them too.
"""

from __future__ import annotations

from pathlib import Path

from host.core.apps.covers import COVER_MEDIA_TYPES, checked_cover, clean_key
from host.core.state import StateDB
from http_errors import NotFound

from .simulated import MemoryCovers

__all__ = ["ImageStateDB", "StoredCovers"]

# Demo-only, so not one of the host's MIGRATIONS: created when missing on every start.
_COVERS_TABLE = (
    "CREATE TABLE IF NOT EXISTS demo_covers"
    " (key TEXT PRIMARY KEY, media_type TEXT NOT NULL, data BLOB NOT NULL)"
)


class ImageStateDB(StateDB):
    def __init__(self, image: bytes | None = None) -> None:
        super().__init__(":memory:")
        if image is not None:
            with self._lock:
                self._conn.deserialize(image)
            self._migrate()  # an image saved by an older schema is upgraded like a file
        self._saved_changes = self._conn.total_changes

    def dirty(self) -> bool:
        with self._lock:
            return self._conn.total_changes != self._saved_changes

    def image(self) -> bytes:
        with self._lock:
            self._saved_changes = self._conn.total_changes
            return self._conn.serialize()


class StoredCovers(MemoryCovers):
    """The covers adapter of the demo profile: uploads saved in the state image."""

    def __init__(self, db: StateDB, readable: Path | None = None) -> None:
        super().__init__(readable=readable)
        self._db = db
        with db.transaction() as conn:
            conn.execute(_COVERS_TABLE)

    def save(self, key: str, data: bytes) -> tuple[str, Path]:
        clean, kind = checked_cover(key, data)  # the native store's rule
        with self._db.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO demo_covers (key, media_type, data) VALUES (?, ?, ?)",
                (clean, COVER_MEDIA_TYPES[kind], data),
            )
        return clean, Path("/demo/covers") / clean

    def find(self, key: str) -> tuple[bytes, str]:
        rows = self._db.query(
            "SELECT media_type, data FROM demo_covers WHERE key = ?", (clean_key(key),)
        )
        if not rows:
            raise NotFound(f"No cover {key}; upload one with POST /api/covers/upload")
        return bytes(rows[0]["data"]), str(rows[0]["media_type"])
