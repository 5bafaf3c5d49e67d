"""The `asgi` adapter's service: a real ASGI application, built by a named factory.

A mock answers from recordings; an `asgi` service runs application code (for the
flagship demo, the Helio host's demo profile). Its manifest entry names the factory
as `"module:function"`; the function gets a `HostedContext` and returns a
`HostedApp`: the ASGI app plus its state as one image.

The persistence policy is the database adapters' (persisted.Persisted, which both use):

- the app is built on the service's first request: from the image stored under
  `<storageNamespace>/<service>/state` when there is one, else from its seed (the
  factory decides what a fresh app holds);
- after a request that changed the state (`HostedApp.dirty()`), the new image is
  saved with `Store.put` before the answer is sent, so a reload or a stopped worker
  finds it; if saving fails the app is dropped (the next request rebuilds it from
  what is stored) and the answer is a 500;
- reset deletes what is stored and drops the app.

Answers are held until the save finished, so one request's answer never reaches the
page before its state is durable. One lock serializes requests: the state image of
one request must not contain half of another's.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from starlette.types import Message, Receive, Scope, Send

from http_errors import ApiError, NotFound

from .adapters import FeedDatabase, PendingSql, QueryDatabase
from .persisted import Persisted
from .ports import Store
from .sql.results import SqlResult

__all__ = [
    "AsgiService",
    "HostedApp",
    "HostedContext",
    "load_factory",
    "plain_app_factory",
    "state_key",
]


def state_key(namespace: str, service: str) -> str:
    return f"{namespace}/{service}/state"


async def _no_databases(service: str, sql: str) -> Sequence[SqlResult]:
    raise NotFound(f"no database service named {service!r}: this app runs without the demo's")


def _no_feeds(service: str, pending: PendingSql) -> None:
    """Outside a demo no database ever asks: what the app leaves is never written."""


@dataclass(frozen=True)
class HostedContext:
    """What an `asgi` factory gets: its service's name and built config, the state
    image saved by an earlier run (None: start from the seed), `query`, which runs
    SQL on the demo's database services (adapters.QueryDatabase), and `feed`, which
    leaves SQL for a database service's next query (adapters.FeedDatabase). The
    defaults, for an app built outside a demo, have no databases."""

    name: str
    config: Mapping[str, Any]
    image: bytes | None
    query: QueryDatabase = _no_databases
    feed: FeedDatabase = _no_feeds


class HostedApp(Protocol):
    """An application an `asgi` service runs, and its persisted state."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None: ...

    def dirty(self) -> bool:
        """Whether state changed since the last `image()`."""
        ...

    def image(self) -> bytes | None:
        """The whole state, to be stored (None: the app keeps none); resets `dirty()`."""
        ...

    def close(self) -> None: ...


class Factory(Protocol):
    def __call__(self, context: HostedContext) -> HostedApp: ...


# How each kind of spec is named in its errors: (its form, what it must name).
_SPEC_WORDS = {
    "factory": ("package.module:function", "function"),
    "app": ("module:attribute", "ASGI app"),
}


def _import_attribute(spec: str, what: str) -> Any:
    """Import `"module:attribute"` and return the callable it names; a ApiError says
    what is missing (`what`: "factory" or "app", as the manifest calls it)."""
    form, noun = _SPEC_WORDS[what]
    module_name, sep, attribute = spec.partition(":")
    if not sep or not module_name or not attribute:
        raise ApiError(f"{what} {spec!r} must look like '{form}'")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ApiError(f"{what} {spec!r}: cannot import {module_name}: {exc}") from exc
    found = getattr(module, attribute, None)
    if not callable(found):
        raise ApiError(f"{what} {spec!r}: {module_name} has no {noun} {attribute}")
    return found


def load_factory(spec: str) -> Factory:
    """Import `"module:function"`; a ApiError names what is missing."""
    factory: Factory = _import_attribute(spec, "factory")
    return factory


class _Stateless:
    """A plain ASGI app as a HostedApp: it keeps no state the demo could store, so a
    reload restarts it as it was built (what it holds in memory is lost)."""

    def __init__(self, app: Any) -> None:
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._app(scope, receive, send)

    def dirty(self) -> bool:
        return False

    def image(self) -> None:
        return None

    def close(self) -> None:
        pass


def plain_app_factory(spec: str) -> Factory:
    """A factory for the ASGI app `"module:attribute"` (imported now, run stateless)."""
    app = _import_attribute(spec, "app")
    return lambda context: _Stateless(app)


class AsgiService(Persisted[HostedApp]):
    """`HttpService` of the `asgi` adapter (see the module docstring); `held` is the app."""

    def __init__(
        self,
        name: str,
        config: Mapping[str, Any],
        namespace: str,
        store: Store,
        factory: Factory,
        query: QueryDatabase = _no_databases,
        feed: FeedDatabase = _no_feeds,
    ) -> None:
        super().__init__(store, f"{namespace}/{name}/")
        self.name = name
        self.config = config
        self.key = state_key(namespace, name)
        self._factory = factory
        self._query = query
        self._feed = feed

    def allowed_methods(self, route: str) -> list[str]:
        return ["*"]  # the application decides; preflights allow every method

    async def _open(self) -> HostedApp:
        if self.held is None:
            stored = await self.store.get(self.key)
            self.held = self._factory(
                HostedContext(self.name, self.config, stored, self._query, self._feed)
            )
            seed = self.held.image() if stored is None else None
            if seed is not None:
                # The seed is state too: store it now, so every later start agrees on it.
                await self.store.put(self.key, seed)
        return self.held

    async def open(self) -> None:
        async with self.lock:
            await self._open()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            raise ApiError(f"{self.name}: only HTTP requests reach this service")
        # The app sees its own URL space: the route below /__demo/app/<service>.
        inner = {**scope, "root_path": ""}
        held: list[Message] = []

        async def hold(message: Message) -> None:
            held.append(message)

        async with self.lock:
            app = await self._open()
            await app(inner, receive, hold)
            image = app.image() if app.dirty() else None
            if image is not None:
                ran = f"{self.name}: the request ran but its state"
                await self.save(self.key, image, ran, "the service")
        for message in held:
            await send(message)
