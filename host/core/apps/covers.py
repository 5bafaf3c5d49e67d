"""What a cover upload must be, whichever store keeps it.

Covers are checked by content (PNG, JPEG, WebP or GIF magic bytes, not the name),
capped at MAX_COVER_BYTES, and keyed by a name cleaned to `[a-z0-9_-]`, so no
upload can name a path. The native store writes files named by the key; the
browser demo keeps rows in its state image. Both take the same rule from here.
"""

from __future__ import annotations

import re

from http_errors import BadRequest

__all__ = [
    "COVER_MEDIA_TYPES",
    "MAX_COVER_BYTES",
    "checked_cover",
    "clean_key",
    "image_type",
    "sanitize_key",
]

MAX_COVER_BYTES = 8 * 1024 * 1024
COVER_MEDIA_TYPES = {
    "png": "image/png",
    "jpg": "image/jpeg",
    "webp": "image/webp",
    "gif": "image/gif",
}


def image_type(data: bytes) -> str | None:
    """The file extension for these image bytes, or None when they are no image we serve."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpg"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    return None


def clean_key(key: str) -> str:
    """The key as stores keep it ('' when nothing usable is left)."""
    return re.sub(r"[^a-z0-9_-]+", "-", key.strip().lower()).strip("-")[:64]


def sanitize_key(key: str) -> str:
    cleaned = clean_key(key)
    if not cleaned:
        raise BadRequest("key must contain letters or digits (it names the cover file)")
    return cleaned


def checked_cover(key: str, data: bytes) -> tuple[str, str]:
    """(clean key, file extension) of an acceptable upload; BadRequest otherwise."""
    if len(data) > MAX_COVER_BYTES:
        raise BadRequest(
            f"The image is larger than {MAX_COVER_BYTES // (1024 * 1024)} MiB; resize it"
        )
    kind = image_type(data)
    if kind is None:
        raise BadRequest("The data is not a PNG, JPEG, WebP or GIF image")
    return sanitize_key(key), kind
