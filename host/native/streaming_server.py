"""The streaming servers beside the admin console, in the same process and event loop.

- HTTPS on base−5 with client-certificate identity (`host.native.tls_identity`),
- plain HTTP on the base port.
They share the admin server's `HostContext`, so pairing, the client store,
streams and the metrics cache are one state, and the connection caps of
`host.native.connection_guard`. The admin server owns signal handling and
the services' lifespan: the streaming servers start once it has started (so
the sampler is attached) and stop when it stops. Every server listens on a
socket the host opened (`host.native.listeners`: dual-stack for `::`).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import uvicorn

from host.core.context import HostContext
from host.streaming import StreamPorts, create_plain_app, create_stream_app

from .connection_guard import ConnectionCaps, ServerGuard, guarded_protocol
from .http_limits import MAX_CONCURRENCY, BoundedH11Protocol
from .listeners import BACKLOG, count_accept_errors, open_listener
from .pairing_crypto import CryptographyPairing
from .tls_identity import ClientTrust, TLSIdentityProtocol

__all__ = ["ListeningServer", "run_together", "server_config", "streaming_servers"]


class ListeningServer(uvicorn.Server):
    """A uvicorn server on a socket the host opened (uvicorn's own would be IPv6-only for `::`)."""

    def __init__(self, config: uvicorn.Config, sock: socket.socket) -> None:
        super().__init__(config)
        self.sock = sock

    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        await super().serve(sockets=[self.sock])


class _FollowerServer(ListeningServer):
    """A uvicorn server that leaves signals to the admin server it follows."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


def server_config(
    app: Any, http: type[BoundedH11Protocol], guard: ServerGuard, **options: Any
) -> uvicorn.Config:
    """One server's uvicorn settings: guarded accepts, deadlines on requests, no proxy trust."""
    return uvicorn.Config(
        app,
        proxy_headers=False,  # the TCP peer is the client
        server_header=False,
        log_config=None,
        ws="none",
        # Admitted, then TLS (with its deadlines) and HTTP with header and body deadlines.
        http=guarded_protocol(http, guard),  # type: ignore[arg-type]
        limit_concurrency=MAX_CONCURRENCY,
        backlog=BACKLOG,
        **options,
    )


def streaming_servers(
    ctx: HostContext, base_port: int, bind: str, cert: Path, key: Path, caps: ConnectionCaps
) -> list[ListeningServer]:
    """The two streaming servers; they run without a lifespan (the admin app's covers `ctx`)."""
    ports = StreamPorts.for_base(base_port)
    crypto = CryptographyPairing(cert, key)
    trust = ClientTrust(ctx.clients, cert, key)
    app = create_stream_app(ctx, ports, crypto)
    https = server_config(
        app, TLSIdentityProtocol, ServerGuard(caps, trust.server_context()), lifespan="off"
    )
    plain = server_config(
        create_plain_app(ctx, ports, crypto),
        BoundedH11Protocol,
        ServerGuard(caps, None),
        lifespan="off",
    )
    return [
        _FollowerServer(https, open_listener(bind, ports.https)),
        _FollowerServer(plain, open_listener(bind, ports.http)),
    ]


async def _run(
    leader: uvicorn.Server,
    followers: Sequence[uvicorn.Server],
    caps: ConnectionCaps,
    stop_asked: Callable[[], bool],
) -> None:
    count_accept_errors(asyncio.get_running_loop(), caps.events)
    leading = asyncio.ensure_future(leader.serve())
    others: list[asyncio.Future[None]] = []
    try:
        # Followers serve only once the leader's lifespan has started the shared services.
        while not leader.started and not leading.done():
            await asyncio.sleep(0.01)
        if leader.started:
            if stop_asked():
                # Asked before uvicorn handled signals itself: stop now that it has started,
                # through its own shutdown (setting this earlier would skip the lifespan's).
                leader.should_exit = True
            others = [asyncio.ensure_future(s.serve()) for s in followers]
        await leading
    finally:
        for server in followers:
            server.should_exit = True
        await asyncio.gather(*others, return_exceptions=True)


def run_together(
    leader: uvicorn.Server,
    followers: Sequence[uvicorn.Server],
    caps: ConnectionCaps,
    stop_asked: Callable[[], bool],
) -> None:
    """Serve all until the leader (the admin server) is told to stop. `stop_asked`: whether
    a stop came before the leader took over signal handling (it is checked once started)."""
    asyncio.run(_run(leader, followers, caps, stop_asked))
