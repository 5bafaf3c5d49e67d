"""The demo's services, built lazily on first use, and their persistence policy.

- A mock-http service reads its `openapi.json`/`fixtures.json` on first request.
- A database service opens its engine on first query: it restores the image saved
  in `Store` under `<storageNamespace>/<service>/image` when there is one, else
  loads the prepared seed image from the site (so a seed runs once per namespace).
  DuckDB is only opened (`OpenDuck`) when a postgres service is first used.
- After a request that changed data, the new image is saved with `Store.put`
  before the answer is sent. If saving fails, the engine is dropped so that the next
  request starts again from what is stored, and the caller gets a 500.
- Reset deletes the stored image and drops the engine; the seed is loaded again
  on the next use of the service.

One `asyncio.Lock` per service serializes its queries: requests interleave at
`await` points (Store calls) and a batch must not see another one's transaction.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from .errors import BadRequest, NotFound, StorageFailed
from .manifest import BuiltManifest, BuiltService
from .mock.fixtures import parse_fixtures
from .mock.router import MockService
from .ports import AssetSource, OpenDuck, Store
from .sql.duck_engine import DuckEngine
from .sql.sqlite_engine import SqliteEngine
from .sql.statements import SqlError

__all__ = ["DatabaseService", "Services", "image_key"]

log = logging.getLogger("demo.runtime")

Engine = SqliteEngine | DuckEngine


def image_key(namespace: str, service: str) -> str:
    return f"{namespace}/{service}/image"


class DatabaseService:
    """One sqlite or postgres service: engine, stored image, seed."""

    def __init__(
        self,
        service: BuiltService,
        namespace: str,
        assets: AssetSource,
        store: Store,
        open_duck: OpenDuck,
    ) -> None:
        self.service = service
        self.namespace = namespace
        self._assets = assets
        self._store = store
        self._open_duck = open_duck
        self._engine: Engine | None = None
        self.lock = asyncio.Lock()

    @property
    def key(self) -> str:
        return image_key(self.namespace, self.service.name)

    def _new_engine(self) -> Engine:
        if self.service.adapter == "sqlite":
            return SqliteEngine()
        return DuckEngine(self._open_duck())

    async def _open(self) -> Engine:
        if self._engine is not None:
            return self._engine
        engine = self._new_engine()
        stored = await self._store.get(self.key)
        if stored is not None:
            try:
                engine.load_image(stored)
                self._engine = engine
                return engine
            except Exception as exc:  # an image from an older runtime, or damaged bytes
                log.warning(
                    "%s: stored image unusable (%s); loading the seed", self.service.name, exc
                )
                engine.close()
                engine = self._new_engine()
        seed = await self._assets.read(self.service.config["image"])
        engine.load_image(seed)
        self._engine = engine
        return engine

    async def query(self, sql: str) -> list[dict[str, Any]]:
        """Run a request's SQL atomically; persist before returning when data changed."""
        async with self.lock:
            engine = await self._open()
            try:
                result, changed = engine.execute(sql)
            except SqlError as exc:
                raise BadRequest(exc.message, statement=exc.statement) from exc
            if changed:
                try:
                    await self._store.put(self.key, engine.image())
                except Exception as exc:
                    self._drop()
                    raise StorageFailed(
                        f"the query ran but its result could not be saved ({exc}); "
                        "the database is back to its last saved state"
                    ) from exc
            return result

    def close(self) -> None:
        self._drop()

    def _drop(self) -> None:
        if self._engine is not None:
            self._engine.close()
            self._engine = None

    async def reset(self) -> None:
        async with self.lock:
            await self._store.delete_prefix(f"{self.namespace}/{self.service.name}/")
            self._drop()


class Services:
    """Every service of one built manifest, created on first use."""

    def __init__(
        self, manifest: BuiltManifest, assets: AssetSource, store: Store, open_duck: OpenDuck
    ) -> None:
        self.manifest = manifest
        self._assets = assets
        self._store = store
        self._open_duck = open_duck
        self._mocks: dict[str, MockService] = {}
        self._databases: dict[str, DatabaseService] = {}
        self._mock_lock = asyncio.Lock()

    def _lookup(self, name: str, kinds: tuple[str, ...], what: str) -> BuiltService:
        service = self.manifest.service(name)
        if service is None:
            known = (
                ", ".join(s.name for s in self.manifest.services if s.adapter in kinds) or "none"
            )
            raise NotFound(f"no {what} service named {name!r} (known: {known})", service=name)
        if service.adapter not in kinds:
            raise NotFound(
                f"service {name!r} is a {service.adapter} service, not a {what} service",
                service=name,
            )
        return service

    async def mock(self, name: str) -> MockService:
        service = self._lookup(name, ("mock-http",), "mock-http")
        async with self._mock_lock:
            if name not in self._mocks:
                self._mocks[name] = await self._load_mock(service)
            return self._mocks[name]

    async def _load_mock(self, service: BuiltService) -> MockService:
        document = None
        fixtures = []
        if "openapi" in service.config:
            document = json.loads(await self._assets.read(service.config["openapi"]))
        if "fixtures" in service.config:
            data = json.loads(await self._assets.read(service.config["fixtures"]))
            fixtures = parse_fixtures(data, origin=service.config["fixtures"])
        return MockService(service.name, document, fixtures)

    def database(self, name: str) -> DatabaseService:
        service = self._lookup(name, ("sqlite", "postgres"), "database")
        if name not in self._databases:
            self._databases[name] = DatabaseService(
                service, self.manifest.storage_namespace, self._assets, self._store, self._open_duck
            )
        return self._databases[name]

    def close(self) -> None:
        """Close every open engine (their data is already persisted)."""
        for database in self._databases.values():
            database.close()

    async def reset_all(self) -> list[str]:
        """Every database service back to its seed; returns their names."""
        names = [s.name for s in self.manifest.services if s.adapter in ("sqlite", "postgres")]
        for name in names:
            await self.database(name).reset()
        return names
