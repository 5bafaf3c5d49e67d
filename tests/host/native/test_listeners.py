"""The host's own listening sockets: Nagle off on every connection, failed accepts counted."""

from __future__ import annotations

import asyncio
import errno
import logging
import socket

import pytest

from host.native.listeners import count_accept_errors, open_listener
from host.native.throttled_log import CountedEvents
from tests.waiting import REPLY_S


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
            value = await asyncio.wait_for(seen, REPLY_S)
            writer.close()
        return value

    assert asyncio.run(accepted_nodelay()) != 0


def test_failed_accepts_are_counted_and_logged_once_per_interval(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Out of file handles, asyncio reported each failed accept() with a traceback (about
    1,000 lines a second across the ports); now the first is logged and the rest counted."""

    async def fail_accepts(events: CountedEvents) -> None:
        loop = asyncio.get_running_loop()
        count_accept_errors(loop, events)
        for _ in range(500):
            loop.call_exception_handler(
                {
                    "message": "socket.accept() out of system resource",
                    "exception": OSError(errno.EMFILE, "Too many open files"),
                }
            )

    events = CountedEvents(interval_s=3600)
    with caplog.at_level(logging.WARNING):
        asyncio.run(fail_accepts(events))
    assert sum(events.totals.values()) == 500
    lines = [r for r in caplog.records if "accept" in r.getMessage()]
    assert len(lines) == 1 and "Too many open files" in lines[0].getMessage()
    assert not any(r.exc_info for r in caplog.records)
