"""Everything a request handler needs, built once per host process."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .apps import AppStore
from .clients import ClientStore
from .credentials import Credentials
from .lifecycle import Lifecycle
from .metadata import CodecProbe, MetadataCache
from .metrics_cache import MetricsService
from .pairing import PairingBroker
from .ratelimit import LoginLimiter
from .sessions import Lifetimes, SessionStore
from .settings import defaults, merge_settings, usable_saved
from .state import StateDB
from .streams import StreamRegistry
from .tokens import TokenStore
from .updates import UpdateState

__all__ = ["HostContext", "SettingsStore"]

log = logging.getLogger("helio.settings")


class SettingsStore:
    """Current settings = defaults overlaid with what was saved."""

    _KEY = "settings"

    def __init__(self, db: StateDB) -> None:
        self._db = db
        self._listeners: list[Callable[[dict[str, Any]], None]] = []
        self._cache: dict[str, Any] | None = None

    def current(self) -> dict[str, Any]:
        # Read on every request by the middleware, so cached until the next write.
        if self._cache is None:
            merged = defaults()
            usable, dropped = usable_saved(self.saved())
            if dropped:
                log.warning("Saved settings %s are invalid; using their defaults", dropped)
            merged.update(usable)
            self._cache = merged
        return dict(self._cache)

    def get(self, name: str) -> Any:
        return self.current()[name]

    def saved(self) -> dict[str, Any]:
        return dict(self._db.get_json(self._KEY, {}))

    def update(self, changes: Any) -> dict[str, Any]:
        """Validate and persist; a bad value raises BadRequest and saves nothing."""
        saved = merge_settings(self.saved(), changes)
        self._db.set_json(self._KEY, saved)
        self._cache = None
        current = self.current()
        for listener in self._listeners:
            listener(current)
        return current

    def on_change(self, listener: Callable[[dict[str, Any]], None]) -> None:
        self._listeners.append(listener)

    def lifetimes(self) -> Lifetimes:
        s = self.current()
        return Lifetimes(
            s["session_access_ttl_s"], s["session_refresh_ttl_s"], s["session_remember_ttl_s"]
        )


@dataclass
class HostContext:
    db: StateDB
    https_port: int
    clock: Callable[[], float] = time.time
    monotonic: Callable[[], float] = time.monotonic
    version: str = "0.1.0"
    features: frozenset[str] = frozenset()
    log_path: str | None = None
    credentials: Credentials = field(init=False)
    tokens: TokenStore = field(init=False)
    sessions: SessionStore = field(init=False)
    settings: SettingsStore = field(init=False)
    limiter: LoginLimiter = field(init=False)
    clients: ClientStore = field(init=False)
    streams: StreamRegistry = field(init=False)
    # Streaming service (issue 5): on-demand hardware metrics (the sampler is attached at
    # start-up; None answers 503) and pending pairing requests.
    metrics: MetricsService = field(init=False)
    pairing: PairingBroker = field(init=False)
    # Admin resources (issue 4). `data_dir` holds covers, icons and crash dumps; None =
    # beside the state database. `native` is host.native.services.NativeServices,
    # attached by host.app.create_app (the pure core cannot import it).
    data_dir: str | None = None
    apps: AppStore = field(init=False)
    lifecycle: Lifecycle = field(init=False)
    codec_probe: CodecProbe = field(init=False)
    metadata_cache: MetadataCache = field(init=False)
    updates: UpdateState = field(init=False)
    native: Any = None

    def __post_init__(self) -> None:
        self.credentials = Credentials(self.db)
        self.tokens = TokenStore(self.db, self.clock)
        self.sessions = SessionStore(self.db, self.clock)
        self.settings = SettingsStore(self.db)
        self.limiter = LoginLimiter(self.monotonic)
        self.clients = ClientStore(self.db, self.clock)
        self.streams = StreamRegistry(self.clock)
        self.metrics = MetricsService(None, self.settings.current, self.clock, self.monotonic)
        self.pairing = PairingBroker(self.clock)
        self.apps = AppStore(self.db)
        self.lifecycle = Lifecycle()
        self.codec_probe = CodecProbe(self.clock)
        self.metadata_cache = MetadataCache(self.monotonic)
        self.updates = UpdateState(self.version)
        self.settings.on_change(lambda _: self.metadata_cache.drop())
        self.codec_probe.on_finish(self.metadata_cache.drop)
