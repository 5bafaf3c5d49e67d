"""The demo's services, built lazily on first use, and how databases open and persist.

- An HTTP service (mock-http) is opened by its adapter's `open_service` on its first
  request (or by `open_http_services`, which the worker runs before its snapshot).
- A database service opens its adapter's engine on first query: it restores the image
  saved in `Store` under `<storageNamespace>/<service>/image` when there is one, else
  loads the prepared seed image from the site (so a seed runs once per namespace).
  DuckDB is only opened (`OpenDuck`) when a postgres service is first used.
- After a request that changed data, the new image is saved with `Store.put`
  before the answer is sent. If saving fails, the engine is dropped so that the next
  request starts again from what is stored, and the caller gets a 500.
- Reset deletes the stored image and drops the engine; the seed is loaded again
  on the next use of the service. `POST /__demo/reset` also resets the HTTP services
  of adapters marked `resettable` (asgi: they keep state, see asgi_service.py).

One `asyncio.Lock` per service serializes its queries: requests interleave at
`await` points (Store calls) and a batch must not see another one's transaction.
The lock, the save-or-drop and the reset are `persisted.Persisted`'s, shared with
the `asgi` services.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence

from http_errors import BadRequest, NotFound

from .adapters import (
    ADAPTERS,
    DB_FAMILY,
    Adapter,
    Engine,
    HttpAdapter,
    HttpService,
    PendingSql,
    ServiceContext,
    SqlAdapter,
    StatefulService,
    family_noun,
)
from .manifest import BuiltManifest, ManifestService
from .persisted import Persisted
from .ports import AssetSource, OpenDuck, Store
from .sql.results import SqlResult
from .sql.statements import SqlError

__all__ = ["DatabaseService", "Services", "image_key"]

log = logging.getLogger("demo.runtime")


def image_key(namespace: str, service: str) -> str:
    return f"{namespace}/{service}/image"


class DatabaseService(Persisted[Engine]):
    """One service of a SQL adapter: its engine (`held`), its stored image, its seed."""

    def __init__(
        self,
        service: ManifestService,
        adapter: SqlAdapter,
        context: ServiceContext,
        feeds: Mapping[str, PendingSql] | None = None,
    ) -> None:
        """`feeds`: other services' pending SQL for this one, by their name (run first)."""
        super().__init__(context.store, f"{context.namespace}/{service.name}/")
        self.service = service
        self.adapter = adapter
        self.context = context
        self.feeds = feeds if feeds is not None else {}

    @property
    def key(self) -> str:
        return image_key(self.context.namespace, self.service.name)

    async def _open(self) -> Engine:
        if self.held is not None:
            return self.held
        engine = self.adapter.open_engine(self.context)
        stored = await self.store.get(self.key)
        if stored is not None:
            try:
                engine.load_image(stored)
                self.held = engine
                return engine
            except Exception as exc:  # an image from an older runtime, or damaged bytes
                log.warning(
                    "%s: stored image unusable (%s); loading the seed", self.service.name, exc
                )
                engine.close()
                engine = self.adapter.open_engine(self.context)
        seed = await self.context.assets.read(self.service.config["image"])
        engine.load_image(seed)
        self.held = engine
        return engine

    async def query(self, sql: str) -> Sequence[SqlResult]:
        """Run a request's SQL atomically; persist before returning when data changed."""
        async with self.lock:
            engine = await self._open()
            await self._run_feeds(engine)
            try:
                result, changed = engine.execute(sql)
            except SqlError as exc:
                raise BadRequest(exc.message, statement=exc.statement) from exc
            if changed:
                await self.save(
                    self.key, engine.image(), "the query ran but its result", "the database"
                )
            return result

    async def _run_feeds(self, engine: Engine) -> None:
        """What other services left for this one (adapters.FeedDatabase), saved before the
        query runs, so a query that fails keeps them. A statement the database refuses
        (a visitor dropped the table, say) is logged; the query still runs."""
        changed = False
        for source, pending in self.feeds.items():
            sql = pending()
            if not sql:
                continue
            try:
                changed = engine.execute(sql)[1] or changed
            except SqlError as exc:
                log.warning("%s: could not write what %s left: %s", self.service.name, source, exc)
        if changed:
            await self.save(self.key, engine.image(), "what other services wrote", "the database")


class Services:
    """Every service of one built manifest, created on first use."""

    def __init__(
        self, manifest: BuiltManifest, assets: AssetSource, store: Store, open_duck: OpenDuck
    ) -> None:
        self.manifest = manifest
        self._assets = assets
        self._store = store
        self._open_duck = open_duck
        self._http: dict[str, HttpService] = {}
        self._databases: dict[str, DatabaseService] = {}
        # Pending SQL for each database service, by the service that left it.
        self._feeds: dict[str, dict[str, PendingSql]] = {}
        self._http_lock = asyncio.Lock()

    def _context(self, service: ManifestService) -> ServiceContext:
        return ServiceContext(
            service.name,
            service.config,
            self.manifest.storage_namespace,
            self._assets,
            self._store,
            self._open_duck,
            self.query,
            lambda database, pending: self._feed(database, service.name, pending),
        )

    def _feed(self, database: str, source: str, pending: PendingSql) -> None:
        """`source`'s pending SQL for `database` (adapters.FeedDatabase); a rebuilt app's
        replaces what it registered before. A database the demo lacks is never asked."""
        self._feeds.setdefault(database, {})[source] = pending

    def find(self, name: str, family: str) -> tuple[ManifestService, Adapter]:
        """The service `name` of a URL family, or the 404 that says why there is none."""
        service = self.manifest.service(name)
        noun = family_noun(family)
        if service is None:
            known = [s.name for s in self.manifest.services if ADAPTERS[s.adapter].family == family]
            raise NotFound(
                f"no {noun} service named {name!r} (known: {', '.join(known) or 'none'})",
                service=name,
            )
        adapter = ADAPTERS[service.adapter]
        if adapter.family != family:
            raise NotFound(
                f"service {name!r} is a {service.adapter} service, not a {noun} service",
                service=name,
            )
        return service, adapter

    async def http(self, name: str, family: str) -> HttpService:
        service, adapter = self.find(name, family)
        assert isinstance(adapter, HttpAdapter)  # the registry gives HTTP families to HTTP adapters
        async with self._http_lock:
            if name not in self._http:
                self._http[name] = await adapter.open_service(self._context(service))
            return self._http[name]

    async def open_http_services(self) -> None:
        """Open every HTTP service now (their documents are parsed once, up front)."""
        for service in self.manifest.services:
            adapter = ADAPTERS[service.adapter]
            if isinstance(adapter, HttpAdapter):
                await self.http(service.name, adapter.family)

    async def open_stateful_services(self) -> list[str]:
        """Build every stateful HTTP service's app now (the flagship's host), as its first
        request would; returns their names."""
        names = []
        for service in self.manifest.services:
            adapter = ADAPTERS[service.adapter]
            if isinstance(adapter, HttpAdapter) and adapter.resettable:
                stateful = await self.http(service.name, adapter.family)
                assert isinstance(stateful, StatefulService)  # what `resettable` promises
                await stateful.open()
                names.append(service.name)
        return names

    def database(self, name: str) -> DatabaseService:
        service, adapter = self.find(name, DB_FAMILY)
        assert isinstance(adapter, SqlAdapter)
        if name not in self._databases:
            feeds = self._feeds.setdefault(name, {})
            self._databases[name] = DatabaseService(service, adapter, self._context(service), feeds)
        return self._databases[name]

    async def query(self, name: str, sql: str) -> Sequence[SqlResult]:
        """`sql` on the database service `name`, as its query route runs it (for the
        `asgi` services: adapters.QueryDatabase)."""
        return await self.database(name).query(sql)

    def close(self) -> None:
        """Close every open engine and app (their data is already persisted)."""
        for database in self._databases.values():
            database.close()
        for service in self._http.values():
            if isinstance(service, StatefulService):
                service.close()

    async def reset_all(self) -> list[str]:
        """Every database and stateful HTTP service back to its seed; returns their names."""
        names = []
        for service in self.manifest.services:
            adapter = ADAPTERS[service.adapter]
            if adapter.family == DB_FAMILY:
                await self.database(service.name).reset()
            elif isinstance(adapter, HttpAdapter) and adapter.resettable:
                stateful = await self.http(service.name, adapter.family)
                assert isinstance(stateful, StatefulService)  # what `resettable` promises
                await stateful.reset()
            else:
                continue
            names.append(service.name)
        return names
