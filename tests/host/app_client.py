"""The host app in-process: the default way a test drives the admin API.

`InProcessHost` holds the services (`ctx`) and the app built exactly as
`python -m host serve` builds them (`build_native_host`, `create_app`), with
the lifespan running for the whole test, and hands out `TestClient`s as any
peer. The real TLS server (`server.py`) is for what needs one: TLS, client
certificates, the process and its signals.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.testclient import TestClient

from host.app import create_app
from host.core.context import HostContext
from host.core.state import StateDB
from host.native.profile import build_native_host

__all__ = ["ADMIN_PORT", "InProcessHost", "in_process_host"]

ADMIN_PORT = 47990


@dataclass
class InProcessHost:
    ctx: HostContext
    app: Starlette

    @classmethod
    def build(cls, data_dir: Path, **settings: Any) -> InProcessHost:
        """Services and app as the served host builds them; `settings` saved first."""
        ctx = build_native_host(
            StateDB(str(data_dir / "state.db")), data_dir, https_port=ADMIN_PORT
        )
        if settings:
            ctx.settings.update(settings)
        return cls(ctx, create_app(ctx))

    def client(
        self, auth: tuple[str, str] | None = None, peer: str = "127.0.0.1", **options: Any
    ) -> TestClient:
        """A client from `peer` (reach rules see it), Basic `auth` on every request."""
        client = TestClient(
            self.app,
            base_url=f"https://helio.lan:{ADMIN_PORT}",
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
