"""The host's demo profile: the real host app over browser-sized adapters.

`create_demo_host` is the factory the flagship demo's `asgi` service names
(fixtures/host-demo/manifest.json). It builds the host with `build_host` and
`host.app.create_app`, exactly as the native host does, from `DemoProfile`:

    state database     SQLite in memory, saved as one image by the demo kit before a
                       changing request is answered (state.py, demo/runtime/asgi_service.py)
    apps, codec probe, simulated, and saying so in their answers (simulated.py)
    updates, sensors,
    browse
    displays, Steam,   a simulated PC: one monitor and a virtual display, made-up games
    Lutris, helpers    with drawn covers, helper programs, read by the real Steam, Lutris
                       and toolbox adapters from files written at start (simulated_pc.py)
    streams            the stream simulator (feature "simulate-streams": /api/debug/streams)
    devices            simulated Moonlight devices for pairing and metrics (devices.py)
    history            app launches and closes, paired devices, streams started and
                       ended, written into the demo's `history` database after each
                       request (history.py)
    metrics samples    each hardware-metrics sample, left for the demo's `metrics`
                       database's next query (metrics_record.py)
    password hashing   PBKDF2-SHA256 at DEMO_PBKDF2_ITERATIONS: Pyodide has no OpenSSL,
                       and pure-Python PBKDF2 at the native 600,000 iterations takes seconds
    threads            none in Pyodide: blocking calls run inline (all work is in memory)

The app's lifespan (`HostContext.running()`) is entered when the host is built and left
on `close()`: the worker never sends lifespan events. A fresh demo (no stored image)
starts from `seed.py`.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.types import Receive, Scope, Send

from host.app import create_app
from host.core.auth.passwords import hash_pbkdf2, verify_password
from host.core.context import HostContext, build_host
from host.core.metrics.cache import MetricsService
from host.core.metrics.rules import Reading
from host.core.ports import HostAdapters
from host.native.diagnostics import LogDiagnostics
from http_errors import NotFound

from .devices import DEVICE_PREFIX, create_device_app
from .history import HostHistory, QueryDatabase
from .metrics_record import METRICS_SERVICE, FeedDatabase, MetricsRecord
from .seed import seed
from .simulated import (
    SIMULATED_VRAM_MB,
    NoCrashes,
    SimulatedLauncher,
    SimulatedPlatform,
    SimulatedProber,
    SimulatedSampler,
    SimulatedSystem,
    SimulatedUpdates,
    browse_fixture,
)
from .simulated_pc import write_simulated_pc
from .state import ImageStateDB, StoredCovers

__all__ = [
    "DEMO_PBKDF2_ITERATIONS",
    "DemoHost",
    "DemoProfile",
    "create_demo_host",
    "run_blocking_inline",
]

# Pure-Python PBKDF2 in Pyodide: tens of ms at this cost, seconds at the native 600,000.
DEMO_PBKDF2_ITERATIONS = 10_000
DEFAULT_ADMIN_PORT = 47990


class DemoHasher:
    """PBKDF2-SHA256 at the documented demo cost; verifies any record the host can."""

    def hash(self, password: str) -> str:
        return hash_pbkdf2(password, DEMO_PBKDF2_ITERATIONS)

    def verify(self, password: str, record: str) -> bool:
        return verify_password(password, record)


async def _inline(work: Any) -> Reading:
    return work()


class DemoProfile:
    hasher = DemoHasher()

    def __init__(
        self,
        pc_folder: Path,
        history: HostHistory | None = None,
        samples: MetricsRecord | None = None,
    ) -> None:
        # The simulated PC's files (game libraries, helper tools), read by the real adapters.
        self.pc_root = write_simulated_pc(pc_folder)
        self.history = history
        self.samples = samples

    def adapters(self, host: HostContext) -> HostAdapters:
        # Sampling runs inline: the metrics cache would otherwise ask asyncio for a thread.
        host.metrics = MetricsService(
            None, host.settings.current, host.clock, host.monotonic, run_blocking=_inline
        )
        crash = NoCrashes()
        return HostAdapters(
            data_dir=Path("/demo"),
            launcher=SimulatedLauncher(host.clock, self.history),
            prober=SimulatedProber(host),
            system=SimulatedSystem(),
            updater=SimulatedUpdates(),
            crash=crash,
            diagnostics=LogDiagnostics(host, crash),  # the worker's log file in Pyodide's FS
            covers=StoredCovers(host.db, self.pc_root),
            browse=browse_fixture,
            platform=SimulatedPlatform(self.pc_root, host.db),
            sampler=SimulatedSampler(
                host.clock, self.samples.record if self.samples is not None else None
            ),
        )


def run_blocking_inline() -> None:
    """Pyodide cannot start threads: make Starlette's run_in_threadpool call inline."""
    import anyio.to_thread

    async def run_sync(func: Any, *args: Any, **kwargs: Any) -> Any:
        return func(*args)

    anyio.to_thread.run_sync = run_sync  # type: ignore[assignment]


class DemoHost:
    """The `HostedApp` of the flagship demo (demo.runtime.asgi_service)."""

    def __init__(
        self,
        image: bytes | None,
        address: str | None,
        site_origin: str | None = None,
        query: QueryDatabase | None = None,
        feed: FeedDatabase | None = None,
    ) -> None:
        """`query` and `feed`: the demo's database services (HostedContext), where the
        host records what happens in it (history.py, metrics_record.py); None: it
        records nothing there."""
        port = urlsplit(address).port if address else None
        self.db = ImageStateDB(image)
        self._query = query
        self.history = HostHistory()
        self.samples = MetricsRecord(self._streaming, SIMULATED_VRAM_MB)
        if feed is not None:
            feed(METRICS_SERVICE, self.samples.pending_sql)
        # In the browser, the worker's in-memory file system; natively, a folder of its own.
        self._pc_folder = None if sys.platform == "emscripten" else tempfile.TemporaryDirectory()
        pc_folder = Path(self._pc_folder.name) if self._pc_folder else Path("/demo")
        self.ctx = build_host(
            DemoProfile(pc_folder, self.history, self.samples),
            self.db,
            https_port=port or DEFAULT_ADMIN_PORT,
            features=frozenset({"simulate-streams"}),
            log_path=_worker_log(),
        )
        if image is None:
            seed(self.ctx, site_origin)
        self.history.watch_streams(self.ctx.streams, self._device_name)
        self.host = create_app(self.ctx)
        self.devices = create_device_app(self.ctx, self.history)
        self._running = self.ctx.running()
        self._running.__enter__()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        app = self.devices if scope["path"].startswith(DEVICE_PREFIX + "/") else self.host
        try:
            await app(scope, receive, send)
        finally:
            # What the request did goes into the demo's history before its answer leaves
            # the worker (the asgi service holds the answer until this returns).
            await self.history.write(self._query)

    def _streaming(self) -> bool:
        return any(stream.has_active_video for stream in self.ctx.streams.list())

    def _device_name(self, client_uuid: str) -> str:
        try:
            return self.ctx.clients.get(client_uuid).name
        except NotFound:  # a stream of a device that is not paired (the debug API allows it)
            return client_uuid

    def dirty(self) -> bool:
        return self.db.dirty()

    def image(self) -> bytes:
        return self.db.image()

    def close(self) -> None:
        self._running.__exit__(None, None, None)
        self.db.close()
        if self._pc_folder is not None:
            self._pc_folder.cleanup()


WORKER_LOG = "/tmp/helio.log"  # in the worker's in-memory file system


def _worker_log() -> str | None:
    """In the browser: the host's loggers write to a file in the worker, which the Logs
    page reads as natively (None natively: the test process keeps its own logging)."""
    if sys.platform != "emscripten":
        return None
    import logging

    from host.native.logs import LOG_FORMAT

    root = logging.getLogger()
    if not any(getattr(h, "baseFilename", None) == WORKER_LOG for h in root.handlers):
        handler = logging.FileHandler(WORKER_LOG, encoding="utf-8")
        handler.setFormatter(logging.Formatter(LOG_FORMAT))
        root.addHandler(handler)
        root.setLevel(logging.INFO)
    logging.getLogger("helio.demo").info(
        "Demo host started in this browser tab; its log lives in the tab's worker (simulated PC)"
    )
    return WORKER_LOG


def _site_origin() -> str | None:
    """The origin of the demo site whose service worker runs this host (None natively).
    Read when the host is built, never at build time: the memory snapshot is made
    elsewhere."""
    if sys.platform != "emscripten":
        return None
    import js

    location = getattr(js, "location", None)  # a worker's or page's; none under Node
    return None if location is None else str(location.origin)


def create_demo_host(context: Any) -> DemoHost:
    """The factory of the demo's `asgi` service: `context` is a
    demo.runtime.asgi_service.HostedContext (name, config, stored image)."""
    if sys.platform == "emscripten":
        run_blocking_inline()
    # The host's port comes from its address (https://host:47990); a built manifest gives
    # a service's addresses as a list.
    given = context.config.get("address")
    address = given if isinstance(given, str) or given is None else next(iter(given), None)
    return DemoHost(context.image, address, _site_origin(), context.query, context.feed)
