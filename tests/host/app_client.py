"""The host app in-process: the default way a test drives the admin API.

`InProcessHost` holds the services (`ctx`) and the app built exactly as
`python -m host serve` builds them (`build_host`, `create_app`), with
the lifespan running for the whole test, and hands out `TestClient`s as any
peer. The real TLS server (`server.py`) is for what needs one: TLS, client
certificates, the process and its signals.

Inside Pyodide (tests/host/test_in_pyodide.py) there are no threads, processes
or sockets: the host is built from the demo profile (`host.demo_profile`: pure
Python, PBKDF2 at its documented demo cost) over an SQLite file, clients are
`asgi_client.InProcessClient`s, and `InProcessServer` stands in for the real
server with its interface. `HELIO_HOST_TESTS_PURE=1` does the same natively: a
quick check before the Pyodide run. Tests that need the native host say so with
`native_only(reason)`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.applications import Starlette
from starlette.types import Receive, Scope, Send

from host.app import create_app
from host.core.auth.credentials import validate_new_credentials
from host.core.context import HostContext, build_host
from host.core.state import StateDB
from tests.demo.sites import IN_PYODIDE

from .asgi_client import InProcessClient, Lifespan, SteppedTransport

__all__ = [
    "ADMIN_PORT",
    "PURE",
    "InProcessHost",
    "close_built_hosts",
    "InProcessServer",
    "in_process_host",
    "native_only",
    "running_in_process",
]

ADMIN_PORT = 47990
# The host tests run over the pure (demo) profile with no thread: inside Pyodide, or on request.
PURE = IN_PYODIDE or os.environ.get("HELIO_HOST_TESTS_PURE") == "1"


def native_only(reason: str) -> pytest.MarkDecorator:
    """Skip where the host tests run over the pure profile (Pyodide), saying why."""
    return pytest.mark.skipif(PURE, reason=f"native host only: {reason}")


def _build_services(data_dir: Path) -> HostContext:
    data_dir.mkdir(parents=True, exist_ok=True)
    db = StateDB(str(data_dir / "state.db"))
    if PURE:
        from host.demo_profile.app import DemoProfile, run_blocking_inline

        run_blocking_inline()  # no threads: the password check and file reads run inline
        return build_host(DemoProfile(data_dir), db, https_port=ADMIN_PORT)
    from host.native.profile import NativeProfile

    return build_host(NativeProfile(data_dir), db, https_port=ADMIN_PORT)


# The state databases of the hosts `InProcessHost.build` made; conftest closes them after
# each test (a test may read `ctx` after its client's lifespan ended).
_built: list[StateDB] = []


def close_built_hosts() -> None:
    while _built:
        _built.pop().close()


@dataclass
class InProcessHost:
    ctx: HostContext
    app: Starlette

    @classmethod
    def build(cls, data_dir: Path, **settings: Any) -> InProcessHost:
        """Services and app as the served host builds them; `settings` saved first."""
        ctx = _build_services(data_dir)
        _built.append(ctx.db)
        if settings:
            ctx.settings.update(settings)
        return cls(ctx, create_app(ctx))

    def client(
        self, auth: tuple[str, str] | None = None, peer: str = "127.0.0.1", **options: Any
    ) -> httpx.Client:
        """A client from `peer` (reach rules see it), Basic `auth` on every request."""
        base_url = f"https://helio.lan:{ADMIN_PORT}"
        client: httpx.Client
        if PURE:
            client = InProcessClient(self.app, (peer, 50000), base_url=base_url, **options)
        else:
            from starlette.testclient import TestClient

            client = TestClient(
                self.app,
                base_url=base_url,
                client=(peer, 50000),
                raise_server_exceptions=False,
                **options,
            )
        if auth is not None:
            client.auth = auth
        return client


@contextmanager
def in_process_host(data_dir: Path, **settings: Any) -> Iterator[InProcessHost]:
    """A host whose lifespan runs until the block ends; `settings` are saved first."""
    host = InProcessHost.build(data_dir, **settings)
    with host.client():  # runs the lifespan: startup now, shutdown when the block ends
        yield host


class InProcessServer:
    """`server.HostProcess`'s interface, served in-process: a "process" is one lifespan
    of a host built over `data_dir`, and every client reaches the current one from
    127.0.0.1, as clients of the real server on loopback do."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.base_port = ADMIN_PORT - 1
        self.host: InProcessHost | None = None
        self._lifespan: Lifespan | None = None

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{ADMIN_PORT}"

    @property
    def origin(self) -> str:
        return self.url

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        assert self.host is not None, "the in-process host is stopped"
        await self.host.app(scope, receive, send)

    def start(self) -> None:
        ctx = _build_services(self.data_dir)  # closed by `stop`
        self.host = InProcessHost(ctx, create_app(ctx))
        self.host.ctx.sessions.forget_unremembered()  # as `serve` does at start-up
        self._lifespan = Lifespan(self.host.app)
        self._lifespan.start()

    def stop(self) -> int:
        assert self.host is not None and self._lifespan is not None
        self._lifespan.stop()
        self.host.ctx.db.close()
        self.host = self._lifespan = None
        return 0

    def restart(self) -> None:
        self.stop()
        self.start()

    def client(self, **options: Any) -> httpx.Client:
        options.pop("timeout", None)
        transport = SteppedTransport(self, ("127.0.0.1", 50000))
        return httpx.Client(base_url=self.url, transport=transport, **options)

    def set_credentials(self, username: str, password: str) -> None:
        """What `python -m host creds` does to the data folder."""
        validate_new_credentials(username, password, password)
        if self.host is None:
            ctx = _build_services(self.data_dir)
            ctx.credentials.set(username, password)
            ctx.db.close()
            return
        self.host.ctx.credentials.set(username, password)
        self.host.ctx.sessions.revoke_all()


@contextmanager
def running_in_process(
    data_dir: Path, credentials: tuple[str, str] | None = None
) -> Iterator[InProcessServer]:
    server = InProcessServer(data_dir)
    if credentials:
        server.set_credentials(*credentials)
    server.start()
    try:
        yield server
    finally:
        server.stop()
