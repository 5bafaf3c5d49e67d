"""The streaming servers beside the admin console, in the same process and event loop.

- HTTPS on base−5 with client-certificate identity (`host.native.tls_identity`),
- plain HTTP on the base port.
They share the admin server's `HostContext`, so pairing, the client store,
streams and the metrics cache are one state. The admin server owns signal
handling and the services' lifespan: the streaming servers start once it has
started (so the sampler is attached) and stop when it stops.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from pathlib import Path

import uvicorn

from host.core.context import HostContext
from host.streaming import StreamPorts, create_plain_app, create_stream_app

from .http_limits import MAX_CONCURRENCY, BoundedH11Protocol
from .pairing_crypto import CryptographyPairing
from .tls_identity import ClientTrust, TLSIdentityProtocol

__all__ = ["run_together", "streaming_servers"]


class _FollowerServer(uvicorn.Server):
    """A uvicorn server that leaves signals to the admin server it follows."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


def _config(
    app: object, bind: str, port: int, http: type[BoundedH11Protocol] = BoundedH11Protocol
) -> dict[str, object]:
    return {
        "app": app,
        "host": bind,
        "port": port,
        "proxy_headers": False,
        "server_header": False,
        "log_config": None,
        "lifespan": "off",
        "ws": "none",
        "http": http,  # with a deadline on request headers
        "limit_concurrency": MAX_CONCURRENCY,
    }


def streaming_servers(
    ctx: HostContext, base_port: int, bind: str, cert: Path, key: Path
) -> list[uvicorn.Server]:
    """The two streaming servers; they run without a lifespan (the admin app's covers `ctx`)."""
    ports = StreamPorts.for_base(base_port)
    crypto = CryptographyPairing(cert, key)
    trust = ClientTrust(ctx.clients, cert, key)
    app = create_stream_app(ctx, ports, crypto)
    https = uvicorn.Config(
        **_config(app, bind, ports.https, TLSIdentityProtocol),  # type: ignore[arg-type]
        ssl_context_factory=trust.uvicorn_factory(),
    )
    plain = uvicorn.Config(**_config(create_plain_app(ctx, ports, crypto), bind, ports.http))  # type: ignore[arg-type]
    return [_FollowerServer(https), _FollowerServer(plain)]


async def _run(leader: uvicorn.Server, followers: list[uvicorn.Server]) -> None:
    leading = asyncio.ensure_future(leader.serve())
    others: list[asyncio.Future[None]] = []
    try:
        # Followers serve only once the leader's lifespan has started the shared services.
        while not leader.started and not leading.done():
            await asyncio.sleep(0.01)
        if leader.started:
            others = [asyncio.ensure_future(s.serve()) for s in followers]
        await leading
    finally:
        for server in followers:
            server.should_exit = True
        await asyncio.gather(*others, return_exceptions=True)


def run_together(leader: uvicorn.Server, followers: list[uvicorn.Server]) -> None:
    """Serve all until the leader (the admin server) is told to stop."""
    asyncio.run(_run(leader, followers))
