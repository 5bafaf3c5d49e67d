"""The adapter registry: one declaration per service adapter, read by every part of the kit.

A service's `adapter` (`mock-http`, `sqlite`, `postgres`) decides how its manifest
entry is checked, how the build prepares it, which `/__demo/...` URLs serve it and
what the worker loads for it. Each of those decisions is a field of its `Adapter`
entry in `ADAPTERS`, and nothing else in the kit compares adapter names:

    field              read by
    name, label        manifest errors, the landing page (demo/build/landing.py)
    family             the route table (routes.py): /__demo/<family>/<service>/...
    source_keys        the source manifest check (manifest.py)
    built_keys         the built manifest check (manifest.py), in the browser too;
                       left out, the built manifest carries the source keys as they are
    needs_one_of       the source manifest check
    prepare            the native build step (demo/build/prepare.py)
    prefetch           files the worker fetches while it boots (demo/build/bundle.py)
    duckdb             whether the site ships duckdb-wasm (demo/build/site.py) and
                       which requests start it (demo/browser/worker_entry.py)
    packages_key       the built key listing the Python packages the site ships
                       for the service besides the demo kit (demo/build/runtime_files.py)
    resettable         HTTP adapters: whether POST /__demo/reset resets the service
    open_service       HTTP adapters: the object answering /__demo/<family>/<service>/...
    open_engine        SQL adapters: the engine behind /__demo/db/<service>/query
    example_query      SQL adapters: the query a panel starts with (after the manifest's
                       own `examples`)
    dialect            SQL adapters: the SQL dialect the query panel's editor highlights

A config key named `address` makes a service reachable at its container-style
address (demo/build/addresses.py turns it into the worker's rewrite table).

Adding an adapter is one entry here plus the code that implements it. An HTTP adapter
(`HttpAdapter`) gets every method below its own family's URLs, with CORS and
preflights handled by the app, and is opened before the worker's memory snapshot;
a SQL adapter (`SqlAdapter`) gets the query and reset endpoints and the persistence
policy of `services.DatabaseService`.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from starlette.types import Receive, Scope, Send

from .ports import AssetSource, OpenDuck, Store
from .sql.results import SqlResult

__all__ = [
    "ADAPTERS",
    "ASGI",
    "DB_FAMILY",
    "MOCK_HTTP",
    "POSTGRES",
    "SQLITE",
    "Adapter",
    "ConfigKey",
    "Engine",
    "FeedDatabase",
    "HttpAdapter",
    "HttpService",
    "PendingSql",
    "QueryDatabase",
    "ServiceContext",
    "SqlAdapter",
    "StatefulService",
    "duckdb_service_names",
    "family_noun",
    "http_families",
    "service_addresses",
    "shipped_packages",
    "shipped_sources",
    "shipped_wheel_sets",
]

# The URL family of every SQL adapter: /__demo/db/<service>/query and .../reset.
DB_FAMILY = "db"


@dataclass(frozen=True)
class ConfigKey:
    """One key of a service's `config`.

    `text` is a string; `texts` a list of strings (a source manifest may give one
    string); `flag` true or false.
    """

    name: str
    kind: Literal["text", "texts", "flag"] = "text"
    required: bool = False


# Runs SQL on another database service of the same demo, as `/__demo/db/<service>/query`
# does (same lock, same save before returning): `query(service, sql)`. An unknown
# service raises NotFound, a failing statement BadRequest. An `asgi` service gets it
# (asgi_service.HostedContext) so the app it runs can write what happens in it into
# the demo's databases (the flagship's host feeds its `history` service this way).
QueryDatabase = Callable[[str, str], Awaitable[Sequence[SqlResult]]]

# SQL an app has for a database service, asked for just before that service runs its
# next query (its query route's or QueryDatabase's), under the same lock; None: nothing.
PendingSql = Callable[[], str | None]
# Registers a PendingSql for a database service: `feed(service, pending)`. For writes
# whose engine only a query may start (duckdb-wasm behind postgres: engine-start.js
# starts it for that service's query path, never for another service's request).
FeedDatabase = Callable[[str, PendingSql], None]


@dataclass(frozen=True)
class ServiceContext:
    """What an adapter's factory gets for one service of a built manifest."""

    name: str
    config: Mapping[str, Any]  # the built config; paths are site-relative
    namespace: str  # the demo's storageNamespace: stored keys start "<namespace>/<name>/"
    assets: AssetSource
    store: Store
    open_duck: OpenDuck
    query: QueryDatabase
    feed: FeedDatabase


class HttpService(Protocol):
    """A service answering any request below `/__demo/<family>/<service>`.

    It is called as an ASGI app whose `scope["path"]` is the route below the service
    (`/pet/1`) and whose `root_path` is `/__demo/<family>/<service>`. An `ApiError` it
    raises before answering becomes the JSON error answer.
    """

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None: ...

    def allowed_methods(self, route: str) -> list[str]:
        """The methods `route` answers (`*` for any; empty when unknown): for preflights."""
        ...


@runtime_checkable
class StatefulService(HttpService, Protocol):
    """An HTTP service that keeps state (asgi): `resettable` adapters open these."""

    async def open(self) -> None:
        """Build the app now (from its stored state, else its seed), as its first request
        would: a page that knows requests will follow saves them the wait."""
        ...

    async def reset(self) -> None:
        """Forget the stored state; the next request starts from the seed."""
        ...

    def close(self) -> None: ...


class Engine(Protocol):
    """One in-memory database of a SQL adapter; `services.DatabaseService` persists it."""

    def load_image(self, image: bytes) -> None: ...

    def image(self) -> bytes: ...

    def execute(self, sql: str) -> tuple[Sequence[SqlResult], bool]:
        """Run a request's SQL atomically: (the adapter's result shape, whether data changed).

        Raises `demo.runtime.sql.SqlError` naming the failing statement."""
        ...

    def close(self) -> None: ...


@dataclass(frozen=True, kw_only=True)
class Adapter:
    name: str
    label: str  # what the adapter is, for people: "SQLite", "Postgres dialect on DuckDB"
    family: str  # the URL segment below /__demo/ that serves its services
    source_keys: tuple[ConfigKey, ...]
    built_keys: tuple[ConfigKey, ...] = ()  # () means the same as source_keys
    # "module:function" of the native build step (demo.build.prepare.PrepareStep); a
    # string because the build step imports native packages the browser never has.
    prepare: str
    needs_one_of: tuple[str, ...] = ()  # source keys of which at least one must be given
    prefetch: tuple[str, ...] = ()  # built keys naming small files the worker loads at boot
    duckdb: bool = False
    packages_key: str | None = None
    resettable: bool = False

    def __post_init__(self) -> None:
        if not self.built_keys:
            object.__setattr__(self, "built_keys", self.source_keys)

    @property
    def has_address(self) -> bool:
        return any(key.name == "address" for key in self.source_keys)


@dataclass(frozen=True, kw_only=True)
class HttpAdapter(Adapter):
    open_service: Callable[[ServiceContext], Awaitable[HttpService]]


@dataclass(frozen=True, kw_only=True)
class SqlAdapter(Adapter):
    family: str = DB_FAMILY
    open_engine: Callable[[ServiceContext], Engine]
    example_query: str
    dialect: Literal["sqlite", "postgres"]


async def _open_mock(context: ServiceContext) -> HttpService:
    from .mock.fixtures import parse_fixtures
    from .mock.router import MockService

    config = context.config
    document = None
    fixtures = []
    if "openapi" in config:
        document = json.loads(await context.assets.read(config["openapi"]))
    if "fixtures" in config:
        data = json.loads(await context.assets.read(config["fixtures"]))
        fixtures = parse_fixtures(data, origin=config["fixtures"])
    return MockService(
        context.name,
        document,
        fixtures,
        validate=config.get("validate", True),
        security=config.get("security", True),
        dynamic=config.get("dynamic", False),
    )


async def _open_asgi(context: ServiceContext) -> HttpService:
    from .asgi_service import AsgiService, load_factory, plain_app_factory

    # Importing the factory's module here puts it into the worker's memory snapshot;
    # the app itself is built on the first request (it reads the Store).
    if "app" in context.config:
        factory = plain_app_factory(context.config["app"])
    else:
        factory = load_factory(context.config["factory"])
    return AsgiService(
        context.name,
        context.config,
        context.namespace,
        context.store,
        factory,
        context.query,
        context.feed,
    )


def _open_sqlite(context: ServiceContext) -> Engine:
    from .sql.sqlite_engine import SqliteEngine

    return SqliteEngine(settings=context.config.get("settings", []))


def _open_postgres(context: ServiceContext) -> Engine:
    from .sql.postgres.engine import DuckEngine
    from .sql.postgres.session_names import session_names

    return DuckEngine(context.open_duck(), session_names(context.config))


# The container-style address(es) the frontend calls (http://api:8080, or a list: every
# name and port Compose gives the service): requests to them are rewritten to the
# service (demo/build/addresses.py).
_ADDRESS = ConfigKey("address", "texts")


def duckdb_service_names(manifest: Mapping[str, Any]) -> list[str]:
    """The manifest's services whose adapter runs on duckdb-wasm (the Postgres engine)."""
    return [s["name"] for s in manifest.get("services", []) if ADAPTERS[s["adapter"]].duckdb]


def service_addresses(config: Mapping[str, Any]) -> list[str]:
    """A service's `address` config as a list: a source manifest may give one string, a
    built one (and a Compose project) gives a list."""
    given = config.get("address")
    return [given] if isinstance(given, str) else [str(a) for a in given or []]


# SQL files run in order at build time.
_SEED = ConfigKey("seed", "texts")
# mock-http switches (request validation and the credentials check are on by default;
# `dynamic` answers from a seeded generator instead of the documented examples).
_MOCK_FLAGS = (
    ConfigKey("validate", "flag"),
    ConfigKey("security", "flag"),
    ConfigKey("dynamic", "flag"),
)
# Example queries offered by the query panel (a leading `-- comment` line is the label);
# copied into the built manifest as is.
_EXAMPLES = ConfigKey("examples", "texts")

# The built manifest carries the same keys, the paths made site-relative.
MOCK_HTTP = HttpAdapter(
    name="mock-http",
    label="Recorded HTTP answers (OpenAPI examples and JSON fixtures)",
    family="mock",
    source_keys=(
        ConfigKey("openapi"),  # an OpenAPI 3.0/3.1 document, YAML or JSON
        ConfigKey("fixtures"),  # a JSON file of fixtures, or a folder of them
        _ADDRESS,
        *_MOCK_FLAGS,
    ),
    needs_one_of=("openapi", "fixtures"),
    prepare="demo.build.prepare:prepare_mock",
    prefetch=("openapi", "fixtures"),
    open_service=_open_mock,
)

# Locked wheel sets the app needs besides the kit's own ("fastapi": FastAPI, pydantic
# and pydantic-core's WebAssembly build), named in demo/build/runtime_files.py.
_WHEELS = ConfigKey("wheels", "texts")

# The built manifest carries the same keys; there `source` is the site-relative folder
# whose modules are unpacked beside `demo`.
ASGI = HttpAdapter(
    name="asgi",
    label="A live ASGI application running in the browser",
    family="app",
    source_keys=(
        ConfigKey("factory"),  # "package.module:function" -> HostedApp
        ConfigKey("packages", "texts"),  # top-level Python packages the site must ship
        # Or a plain ASGI app, "module:attribute", whose modules are in the folder
        # `source` (relative to the manifest): run stateless, shipped with the site.
        ConfigKey("app"),
        ConfigKey("source"),
        _WHEELS,
        _ADDRESS,
    ),
    needs_one_of=("factory", "app"),
    prepare="demo.build.prepare:prepare_asgi",
    packages_key="packages",
    resettable=True,
    open_service=_open_asgi,
)

SQLITE = SqlAdapter(
    name="sqlite",
    label="SQLite",
    source_keys=(_SEED, _EXAMPLES),
    # `settings`: the seeds' PRAGMA settings (`PRAGMA foreign_keys = ON`), run again on
    # each image the service opens: the connection holds them, not the image.
    built_keys=(ConfigKey("image", required=True), ConfigKey("settings", "texts"), _EXAMPLES),
    prepare="demo.build.prepare:prepare_sqlite",
    open_engine=_open_sqlite,
    example_query="SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name;",
    dialect="sqlite",
)

# What current_database() and current_user answer (the Postgres image's POSTGRES_DB and
# POSTGRES_USER; sql/session_names.py), copied into the built manifest.
_NAMES = (ConfigKey("database"), ConfigKey("user"))

POSTGRES = SqlAdapter(
    name="postgres",
    label="Postgres dialect on DuckDB",
    source_keys=(_SEED, _EXAMPLES, *_NAMES),
    built_keys=(
        ConfigKey("image", required=True),
        ConfigKey("warnings", "texts"),
        _EXAMPLES,
        *_NAMES,
    ),
    prepare="demo.build.prepare:prepare_postgres",
    duckdb=True,
    open_engine=_open_postgres,
    example_query="SELECT table_name FROM information_schema.tables ORDER BY table_name;",
    dialect="postgres",
)

# In the order error messages and docs list them.
ADAPTERS: dict[str, Adapter] = {a.name: a for a in (MOCK_HTTP, ASGI, SQLITE, POSTGRES)}


def http_families() -> list[str]:
    """The URL families served by HTTP adapters (`mock`), in registry order."""
    return list(dict.fromkeys(a.family for a in ADAPTERS.values() if isinstance(a, HttpAdapter)))


def family_noun(family: str) -> str:
    """How errors name a family's services: "database", or its adapters ("mock-http")."""
    if family == DB_FAMILY:
        return "database"
    return " or ".join(a.name for a in ADAPTERS.values() if a.family == family)


def shipped_sources(services: list[dict[str, Any]]) -> list[str]:
    """The site-relative folders of app modules a built manifest's services ship."""
    return [s["config"]["source"] for s in services if "source" in s.get("config", {})]


def shipped_wheel_sets(services: list[dict[str, Any]]) -> list[str]:
    """The locked wheel sets (demo/build/runtime_files.py WHEEL_SETS) a built manifest's
    services name in `wheels`, each once."""
    found: list[str] = []
    for service in services:
        found += [w for w in service.get("config", {}).get("wheels", []) if w not in found]
    return found


def shipped_packages(services: list[dict[str, Any]]) -> list[str]:
    """The Python packages a built manifest's services need besides the demo kit."""
    found: list[str] = []
    for service in services:
        key = ADAPTERS[service["adapter"]].packages_key
        if key is not None:
            found += [p for p in service.get("config", {}).get(key, []) if p not in found]
    return found
