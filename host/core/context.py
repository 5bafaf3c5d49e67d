"""The host's services, built once per process by `build_host`, started by `running()`.

`HostContext` holds the pure stores (state database, credentials, tokens,
sessions, settings, clients, streams, pairing, apps, metrics, codec probe
state, update state) and, in `adapters`, what the deployment's `Profile`
supplies (`host.core.ports`). Handlers reach all of it one way:
`host.handlers.common.context(request)`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from host import __version__
from host.core.apps.store import AppStore
from host.core.auth.credentials import Credentials
from host.core.auth.ratelimit import LoginLimiter
from host.core.auth.sessions import Lifetimes, SessionStore
from host.core.auth.tokens import TokenStore
from host.core.devices.clients import ClientStore
from host.core.devices.streams import StreamRegistry
from host.core.metrics.cache import MetricsService
from host.core.pairing.broker import PairingBroker
from host.core.ports import HostAdapters, PasswordHasher, Profile
from host.core.settings import defaults, merge_settings, usable_saved
from host.core.state import StateDB
from host.core.system.lifecycle import Lifecycle
from host.core.system.metadata import PROBE_SETTINGS, CodecProbe, MetadataCache
from host.core.system.updates import UpdateState

__all__ = ["HostContext", "SettingsStore", "build_host"]

log = logging.getLogger("helio.settings")


_CONFIRMED_SOURCE = "update_source_confirmed"


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
        """Validate and persist; a bad value raises BadRequest and saves nothing.

        The callers are trusted (the HTTP handler confirmed the administrator's
        password for a RUNS_CODE setting), so an update source written here is
        the confirmed one the updater accepts (`confirmed_update_source`).
        """
        saved = merge_settings(self.saved(), changes)
        self._db.set_json(self._KEY, saved)
        if isinstance(changes, dict) and "update_source" in changes:
            self._db.set_json(_CONFIRMED_SOURCE, changes["update_source"] or "")
        self._cache = None
        current = self.current()
        for listener in self._listeners:
            listener(current)
        return current

    def on_change(self, listener: Callable[[dict[str, Any]], None]) -> None:
        self._listeners.append(listener)

    def confirmed_update_source(self) -> str:
        """The update source last set through a confirmed write ("" before any): a source
        stored by an older host, which let API tokens set it, is not trusted until then."""
        return str(self._db.get_json(_CONFIRMED_SOURCE, ""))

    def lifetimes(self) -> Lifetimes:
        s = self.current()
        return Lifetimes(
            s["session_access_ttl_s"], s["session_refresh_ttl_s"], s["session_remember_ttl_s"]
        )


@dataclass
class HostContext:
    """Construct with `build_host`: `adapters` is filled in from the profile."""

    db: StateDB
    https_port: int
    hasher: PasswordHasher
    clock: Callable[[], float] = time.time
    monotonic: Callable[[], float] = time.monotonic
    version: str = __version__
    features: frozenset[str] = frozenset()
    log_path: str | None = None
    credentials: Credentials = field(init=False)
    tokens: TokenStore = field(init=False)
    sessions: SessionStore = field(init=False)
    settings: SettingsStore = field(init=False)
    limiter: LoginLimiter = field(init=False)
    clients: ClientStore = field(init=False)
    streams: StreamRegistry = field(init=False)
    # Hardware metrics on demand: the profile's sampler is attached while the app runs.
    metrics: MetricsService = field(init=False)
    pairing: PairingBroker = field(init=False)
    apps: AppStore = field(init=False)
    lifecycle: Lifecycle = field(init=False)
    codec_probe: CodecProbe = field(init=False)
    metadata_cache: MetadataCache = field(init=False)
    updates: UpdateState = field(init=False)
    adapters: HostAdapters = field(init=False)

    def __post_init__(self) -> None:
        self.credentials = Credentials(self.db, self.hasher)
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

    @contextmanager
    def running(self) -> Iterator[HostContext]:
        """The background work of one serving lifetime (the app's lifespan runs this).

        Attaches the sampler, starts the first codec probe and the profile's
        background work; on exit stops them in reverse and detaches the sampler.
        """
        adapters = self.adapters
        self.metrics.use(adapters.sampler)
        adapters.prober.start(str(self.settings.get("encoder")))
        started = []
        try:
            for work in adapters.background:
                work.start()
                started.append(work)
            yield self
        finally:
            for work in reversed(started):
                work.stop()
            self.metrics.use(None)


def _reprobe_when_probe_settings_change(host: HostContext) -> None:
    last = {k: host.settings.current().get(k) for k in PROBE_SETTINGS}

    def reprobe(settings: dict[str, Any]) -> None:
        wanted = {k: settings.get(k) for k in PROBE_SETTINGS}
        if wanted != last:
            last.update(wanted)
            # Looked up on each change: a test may swap the prober.
            host.adapters.prober.start(str(settings.get("encoder", "auto")))

    host.settings.on_change(reprobe)


def build_host(
    profile: Profile,
    db: StateDB,
    *,
    https_port: int,
    features: frozenset[str] = frozenset(),
    log_path: str | None = None,
    version: str = __version__,
    clock: Callable[[], float] = time.time,
    monotonic: Callable[[], float] = time.monotonic,
) -> HostContext:
    """The host's services, once per process: pure stores, then the profile's adapters.

    Nothing starts here; `HostContext.running()` (the app's lifespan) does.
    """
    host = HostContext(
        db,
        https_port=https_port,
        hasher=profile.hasher,
        clock=clock,
        monotonic=monotonic,
        version=version,
        features=features,
        log_path=log_path,
    )
    host.adapters = profile.adapters(host)
    _reprobe_when_probe_settings_change(host)
    return host
