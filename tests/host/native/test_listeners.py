"""The host's own listening sockets: Nagle off on every connection."""

from __future__ import annotations

import asyncio
import socket

from host.native.listeners import open_listener


def test_accepted_connections_have_nagle_off() -> None:
    """A socket made with protocol 0 made asyncio skip TCP_NODELAY: every new TLS connection
    then waited for a delayed ACK (about 40 ms on Linux)."""

    async def accepted_nodelay() -> int:
        sock = open_listener("127.0.0.1", 0)
        seen: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        class Probe(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                conn = transport.get_extra_info("socket")
                seen.set_result(conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
                transport.close()

        server = await asyncio.get_running_loop().create_server(Probe, sock=sock)
        async with server:
            _, writer = await asyncio.open_connection("127.0.0.1", sock.getsockname()[1])
            value = await asyncio.wait_for(seen, 30)
            writer.close()
        return value

    assert asyncio.run(accepted_nodelay()) != 0
