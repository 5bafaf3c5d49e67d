"""The host's demo (browser) profile: the real host app in a service worker.

See app.py for what is simulated and why; fixtures/host-demo/manifest.json names
`host.demo_profile:create_demo_host` as its `asgi` service's factory.
"""

from __future__ import annotations

from .app import DEMO_PBKDF2_ITERATIONS, DemoHost, create_demo_host
from .seed import DEMO_PASSWORD, DEMO_USERNAME

__all__ = [
    "DEMO_PASSWORD",
    "DEMO_PBKDF2_ITERATIONS",
    "DEMO_USERNAME",
    "DemoHost",
    "create_demo_host",
]
