"""The state database of the demo profile: SQLite in memory, saved and restored as one image.

The native host keeps a SQLite file; a browser tab has no file that outlives the
worker, so the same `StateDB` (same migrations, same queries) runs on an in-memory
database whose whole content is handed to the demo kit as an image
(`sqlite3.Connection.serialize`) after every request that changed it.
"""

from __future__ import annotations

from host.core.state import StateDB

__all__ = ["ImageStateDB"]


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
