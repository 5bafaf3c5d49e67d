"""The servers' listening sockets, and what a failing `accept()` writes to the log.

`--bind ::` gave an IPv6-only socket (asyncio sets IPV6_V6ONLY), so IPv4
clients were turned away although the help said "for IPv6 too": the host
opens its sockets itself, dual-stack for an IPv6 wildcard. When `accept()`
fails for want of file handles, asyncio retries a second later and logs a
traceback each time; `count_accept_errors` turns that into one counted line
per interval (`host.native.throttled_log`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from typing import Any

from .throttled_log import CountedEvents

__all__ = ["BACKLOG", "count_accept_errors", "open_listener"]

BACKLOG = 2048
_ACCEPT_FAILED = "socket.accept() out of system resource"


def open_listener(bind: str, port: int) -> socket.socket:
    """A listening TCP socket on `bind`:`port`; an IPv6 wildcard (`::`) takes IPv4 too."""
    try:
        address = ipaddress.ip_address(bind)
    except ValueError:
        address = None  # a host name: the first address it resolves to
    family = socket.AF_INET6 if address is not None and address.version == 6 else socket.AF_INET
    if address is None:
        family, _, _, _, where = socket.getaddrinfo(bind, port, type=socket.SOCK_STREAM)[0]
        bind = str(where[0])
    # IPPROTO_TCP, not 0: asyncio turns Nagle off only on sockets that name it (with 0, every
    # new TLS connection waited ~40 ms for a delayed ACK).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            dual = address is not None and address.is_unspecified
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0 if dual else 1)
        sock.bind((bind, port))
        sock.listen(BACKLOG)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


def count_accept_errors(loop: asyncio.AbstractEventLoop, events: CountedEvents) -> None:
    """Count failed accepts (logged once per interval); everything else as asyncio would."""

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if context.get("message") == _ACCEPT_FAILED:
            events.note(
                "accept() failures (out of file handles or memory)",
                f"Could not accept a connection: {context.get('exception')}",
            )
            return
        loop.default_exception_handler(context)

    loop.set_exception_handler(handle)
