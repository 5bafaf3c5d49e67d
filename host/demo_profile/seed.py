"""What a fresh demo host holds: the demo account, a few apps, metrics shared.

The credentials are public on purpose (the landing page shows them): the demo runs in
the visitor's own tab, and nothing in it is reachable from anywhere else.
"""

from __future__ import annotations

from host.core.context import HostContext

from .simulated_pc import cover_png
from .state import StoredCovers

__all__ = ["DEMO_PASSWORD", "DEMO_PASSWORD_RECORD", "DEMO_USERNAME", "seed"]

DEMO_USERNAME = "admin"
DEMO_PASSWORD = "helio-demo"
# DEMO_PASSWORD's stored record, made once by the demo's own hasher
# (`hash_pbkdf2(DEMO_PASSWORD, DEMO_PBKDF2_ITERATIONS)`): hashing it on every fresh open
# was about half of opening the host in Pyodide (pure-Python PBKDF2). The password is
# public, so its record is too; tests/demo/host/test_flagship.py checks the two agree.
DEMO_PASSWORD_RECORD = (
    "pbkdf2_sha256$10000$HiKfS1yoJhYxRJuYQhWfCw==$L37HMpUnUmOpfV21aW1A9onyBH1h1fmbAyEWag6PYHs="
)

_APPS = (
    {"name": "Desktop", "image-path": "desktop.png"},
    {"name": "Steam Big Picture", "cmd": "steam -gamepadui", "auto-detach": True},
    {"name": "Celeste", "cmd": "celeste", "working-dir": ""},
)


def seed(ctx: HostContext, site_origin: str | None = None) -> None:
    """`site_origin`: where the demo's pages live. The console there calls the host at its
    own address (https://host:47990), another origin, so the host allows the site's origin
    the way a native host allows a console served elsewhere: in `csrf_allowed_origins`."""
    ctx.credentials.set_hashed(DEMO_USERNAME, DEMO_PASSWORD_RECORD)
    covers = StoredCovers(ctx.db)
    covers.save("desktop.png", cover_png((37, 99, 235), (15, 23, 42), "D"))
    for app in _APPS:
        ctx.apps.save(dict(app))
    allowed = [site_origin] if site_origin else []
    # "auto": the demo has visitors everywhere, so its console speaks each browser's language.
    ctx.settings.update(
        {"hardware_metrics": True, "csrf_allowed_origins": allowed, "locale": "auto"}
    )
