"""Cover images for the console's screenshots: a vertical two-colour gradient as a PNG,
made with zlib so no imaging library is needed."""

from __future__ import annotations

import struct
import zlib

__all__ = ["poster_png"]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def poster_png(
    top: tuple[int, int, int], bottom: tuple[int, int, int], size: tuple[int, int] = (120, 180)
) -> bytes:
    """A `size` RGB PNG fading from `top` to `bottom`, with a lighter band a third of the way down."""
    width, height = size
    rows = []
    for y in range(height):
        t = y / (height - 1)
        colour = [round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)]
        if abs(y - height // 3) < height // 20:
            colour = [min(255, c + 40) for c in colour]
        rows.append(b"\0" + bytes(colour) * width)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"".join(rows)))
        + _chunk(b"IEND", b"")
    )
