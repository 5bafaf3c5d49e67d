"""The host's demo profile: the real host app over browser-sized adapters.

`create_demo_host` is the factory the flagship demo's `asgi` service names
(fixtures/host-demo/manifest.json). It builds the same route table, middleware,
handlers and `host.core` as the native host (`host.app.create_app`), with these
adapters instead of native services:

    state database     SQLite in memory, saved as one image by the demo kit before a
                       changing request is answered (state.py, demo/runtime/asgi_service.py)
    apps, codec probe, simulated, and saying so in their answers (simulated.py)
    updates, sensors
    streams            the stream simulator (feature "simulate-streams": /api/debug/streams)
    devices            simulated Moonlight devices for pairing and metrics (devices.py)
    password hashing   PBKDF2-SHA256 at DEMO_PBKDF2_ITERATIONS: Pyodide has no OpenSSL,
                       and pure-Python PBKDF2 at the native 600k iterations takes seconds
    threads            none in Pyodide: blocking calls run inline (all work is in memory)

A fresh demo (no stored image) starts from `seed.py`: the demo account, a few apps,
hardware metrics shared.
"""

from __future__ import annotations

import functools
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.types import Receive, Scope, Send

from host.app import create_app
from host.core.context import HostContext
from host.core.credentials import Credentials
from host.core.hwmetrics import Reading
from host.core.metrics_cache import MetricsService
from host.core.passwords import hash_pbkdf2
from host.native.covers import CoverStore
from host.native.crash import CrashDumps
from host.native.services import NativeServices

from .devices import DEVICE_PREFIX, create_device_app
from .seed import seed
from .simulated import SimulatedProber, SimulatedRunner, SimulatedSampler, SimulatedUpdater
from .state import ImageStateDB

__all__ = ["DEMO_PBKDF2_ITERATIONS", "DemoHost", "create_demo_host"]

# Pure-Python PBKDF2 in Pyodide: ~10 ms at this cost, seconds at the native 600k.
DEMO_PBKDF2_ITERATIONS = 10_000
DEFAULT_ADMIN_PORT = 47990


async def _inline(work: Any) -> Reading:
    return work()  # type: ignore[no-any-return]


def _run_blocking_inline() -> None:
    """Pyodide cannot start threads: make Starlette's run_in_threadpool call inline."""
    import anyio.to_thread

    async def run_sync(func: Any, *args: Any, **kwargs: Any) -> Any:
        return func(*args)

    anyio.to_thread.run_sync = run_sync  # type: ignore[assignment]


class DemoHost:
    """The `HostedApp` of the flagship demo (demo.runtime.asgi_service)."""

    def __init__(self, image: bytes | None, address: str | None, data_dir: Path) -> None:
        port = urlsplit(address).port if address else None
        self.db = ImageStateDB(image)
        ctx = HostContext(
            self.db,
            https_port=port or DEFAULT_ADMIN_PORT,
            features=frozenset({"simulate-streams"}),
            data_dir=str(data_dir),
        )
        ctx.credentials = Credentials(
            self.db, functools.partial(hash_pbkdf2, iterations=DEMO_PBKDF2_ITERATIONS)
        )
        ctx.metrics = MetricsService(
            SimulatedSampler(ctx.clock),
            ctx.settings.current,
            ctx.clock,
            ctx.monotonic,
            run_blocking=_inline,
        )
        runner, prober = SimulatedRunner(), SimulatedProber(ctx.codec_probe)
        updater = SimulatedUpdater(ctx, data_dir)
        ctx.native = NativeServices(
            data_dir, runner, prober, updater, CrashDumps(data_dir, self.db), CoverStore(data_dir)
        )
        prober.start(str(ctx.settings.get("encoder")))
        if image is None:
            seed(ctx)
        self.ctx = ctx
        self.host = create_app(ctx)
        self.devices = create_device_app(ctx)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        app = self.devices if scope["path"].startswith(DEVICE_PREFIX + "/") else self.host
        await app(scope, receive, send)

    def dirty(self) -> bool:
        return self.db.dirty()

    def image(self) -> bytes:
        return self.db.image()

    def close(self) -> None:
        self.db.close()


def create_demo_host(context: Any) -> DemoHost:
    """The factory of the demo's `asgi` service: `context` is a
    demo.runtime.asgi_service.HostedContext (name, config, stored image)."""
    if sys.platform == "emscripten":
        _run_blocking_inline()
    data_dir = Path(tempfile.mkdtemp(prefix=f"helio-demo-{context.name}-"))
    return DemoHost(context.image, context.config.get("address"), data_dir)
