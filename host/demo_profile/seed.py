"""What a fresh demo host holds: the demo account, a few apps, metrics shared.

The credentials are public on purpose (the landing page shows them): the demo runs in
the visitor's own tab, and nothing in it is reachable from anywhere else.
"""

from __future__ import annotations

import struct
import zlib

from host.core.context import HostContext

from .state import StoredCovers

__all__ = ["DEMO_PASSWORD", "DEMO_USERNAME", "seed"]

DEMO_USERNAME = "admin"
DEMO_PASSWORD = "helio-demo"

_APPS = (
    {"name": "Desktop", "image-path": "desktop.png"},
    {"name": "Steam Big Picture", "cmd": "steam -gamepadui", "auto-detach": True},
    {"name": "Celeste", "cmd": "celeste", "working-dir": ""},
)


def _cover_png(top: tuple[int, int, int], bottom: tuple[int, int, int]) -> bytes:
    """A 60x90 vertical gradient as a PNG: every seeded image-path has a cover, so the
    Apps page asks for none that is missing."""
    width, height = 60, 90
    rows = b""
    for y in range(height):
        mix = y / (height - 1)
        pixel = bytes(round(a + (b - a) * mix) for a, b in zip(top, bottom, strict=True))
        rows += b"\x00" + pixel * width

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def seed(ctx: HostContext, site_origin: str | None = None) -> None:
    """`site_origin`: where the demo's pages live. The console there calls the host at its
    own address (https://host:47990), another origin, so the host allows the site's origin
    the way a native host allows a console served elsewhere: in `csrf_allowed_origins`."""
    ctx.credentials.set(DEMO_USERNAME, DEMO_PASSWORD)
    covers = StoredCovers(ctx.db)
    covers.save("desktop.png", _cover_png((37, 99, 235), (15, 23, 42)))
    for app in _APPS:
        ctx.apps.save(dict(app))
    allowed = [site_origin] if site_origin else []
    ctx.settings.update({"hardware_metrics": True, "csrf_allowed_origins": allowed})
