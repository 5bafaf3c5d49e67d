"""Cover images and library icons in the data folder.

Uploads pass `host.core.apps.covers.checked_cover` and are stored as
`covers/<key>.<ext>`. Icons are
`icons/<app uuid>.png`, written by a library-manager sync.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
from pathlib import Path

from host.core.apps.covers import COVER_MEDIA_TYPES as _TYPES
from host.core.apps.covers import MAX_COVER_BYTES, checked_cover, clean_key, image_type
from http_errors import NotFound

__all__ = ["PNG_SIGNATURE", "CoverStore"]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _read_regular_file(path: str, limit: int) -> bytes:
    """Up to `limit` bytes of `path`; OSError unless it is a regular file."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(descriptor, "rb") as handle:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise OSError(f"{path} is not a regular file")
        return handle.read(limit)


class CoverStore:
    def __init__(self, data_dir: Path) -> None:
        self.covers = data_dir / "covers"
        self.icons = data_dir / "icons"

    def save(self, key: str, data: bytes) -> tuple[str, Path]:
        clean, kind = checked_cover(key, data)
        self.covers.mkdir(parents=True, exist_ok=True)
        for other in _TYPES:
            (self.covers / f"{clean}.{other}").unlink(missing_ok=True)
        path = self.covers / f"{clean}.{kind}"
        temp = path.with_suffix(".tmp")
        temp.write_bytes(data)
        os.replace(temp, path)  # a reader never sees half an image
        return clean, path

    def find(self, key: str) -> tuple[bytes, str]:
        clean = clean_key(key)
        for ext, media in _TYPES.items():
            path = self.covers / f"{clean}.{ext}"
            if clean and path.is_file():
                return path.read_bytes(), media
        raise NotFound(f"No cover {key}; upload one with POST /api/covers/upload")

    def read_image_file(self, path: str) -> tuple[bytes, str]:
        """An app's `image-path` that names a file: served only if it is an image.

        Only a regular file is read: a FIFO or device would block the reader
        (opening a FIFO waits for a writer), so it is opened non-blocking and
        checked before any read.
        """
        try:
            data = _read_regular_file(path, MAX_COVER_BYTES + 1)
        except (OSError, ValueError):
            raise NotFound(f"The app's image {path} cannot be read") from None
        kind = image_type(data)
        if kind is None or len(data) > MAX_COVER_BYTES:
            raise NotFound(
                f"The app's image {path} is not a PNG, JPEG, WebP or GIF under the size cap"
            )
        return data, _TYPES[kind]

    def has_image(self, image: str) -> bool:
        if "/" in image or "\\" in image:  # a file: read_image_file's checks, on its head
            try:
                head = _read_regular_file(image, 16)
                size = os.stat(image).st_size
            except (OSError, ValueError):
                return False
            return image_type(head) is not None and size <= MAX_COVER_BYTES
        clean = clean_key(image)
        return bool(clean) and any((self.covers / f"{clean}.{ext}").is_file() for ext in _TYPES)

    def icon(self, app_uuid: str) -> bytes:
        if not re.fullmatch(r"[A-Za-z0-9-]{1,64}", app_uuid):
            raise NotFound(f"No icon for app {app_uuid}")
        path = self.icons / f"{app_uuid}.png"
        if not path.is_file():
            raise NotFound(f"No icon for app {app_uuid}: none was saved by a library sync")
        return path.read_bytes()

    def import_icon(self, app_uuid: str, source: str) -> bool:
        if not re.fullmatch(r"[A-Za-z0-9-]{1,64}", app_uuid):
            return False
        try:
            with open(source, "rb") as handle:
                if handle.read(8) != PNG_SIGNATURE:
                    return False  # /api/apps/{uuid}/icon serves PNG only
            self.icons.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, self.icons / f"{app_uuid}.png")
        except OSError:
            return False
        return True

    def drop_icon(self, app_uuid: str) -> None:
        if re.fullmatch(r"[A-Za-z0-9-]{1,64}", app_uuid):
            (self.icons / f"{app_uuid}.png").unlink(missing_ok=True)
