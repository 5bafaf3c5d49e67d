"""What a connection may cost before it has sent a request: caps, first byte, TLS deadline.

5,000 idle TCP connections to the streaming HTTPS port grew the host from
48 MB to 1.58 GB (asyncio gives every TLS connection a 256 KiB read buffer
at accept, and waits 60 s for a handshake), and 1,100 of them exhausted the
file handles of all three servers. So every server accepts through
`GuardedConnection`:

- open connections are capped per peer and port (MAX_PER_PEER, IPv6 per
  /64) and in all (`ConnectionCaps.total`, the three servers together: at
  most MAX_TOTAL, less where file handles are scarcer); one over a cap
  is reset at accept, counted, and logged once per interval, never per
  connection (`host.native.throttled_log`), except that at the total cap
  the oldest connection that has not sent a byte yet is closed instead;
- a TLS server allocates nothing for TLS until the first byte arrives, which
  must come within FIRST_BYTE_TIMEOUT_S; the handshake must then finish
  within HANDSHAKE_TIMEOUT_S, on a smaller read buffer (TLS_READ_BUFFER);
- on the admin port a first byte that is not a TLS handshake is plain HTTP:
  it is answered with a redirect to `https://` on the same port.
"""

from __future__ import annotations

import asyncio
import re
import resource
import ssl
from asyncio.sslproto import SSLProtocol
from collections import Counter
from collections.abc import Callable
from typing import Any

from host.core.auth.ratelimit import client_key

from .throttled_log import CountedEvents

__all__ = [
    "FIRST_BYTE_TIMEOUT_S",
    "HANDSHAKE_TIMEOUT_S",
    "MAX_PER_PEER",
    "MAX_TOTAL",
    "ConnectionCaps",
    "GuardedConnection",
    "ServerGuard",
    "guarded_protocol",
    "raise_file_limit",
    "server_tls_context",
]

FIRST_BYTE_TIMEOUT_S = 5
HANDSHAKE_TIMEOUT_S = 5
MAX_PER_PEER = 64  # a browser opens ~6 connections per host, Moonlight a few
MAX_TOTAL = 1024  # all three servers together, fewer where file handles are scarcer
RESERVED_FILES = 128  # file handles kept for the state DB, logs, child processes
TLS_READ_BUFFER = 32 * 1024  # asyncio's default is 256 KiB per connection
WANTED_FILE_LIMIT = 8192
MAX_REDIRECT_REQUEST = 8 * 1024  # the plain-HTTP request read before redirecting
_TLS_HANDSHAKE = 0x16  # the first byte of every TLS connection (a handshake record)
_HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d+)?")


def raise_file_limit() -> int:
    """Raise the soft file-handle limit towards WANTED_FILE_LIMIT (never above the hard one);
    return the soft limit in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = WANTED_FILE_LIMIT if hard == resource.RLIM_INFINITY else min(hard, WANTED_FILE_LIMIT)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft


class ConnectionCaps:
    """Open connections of all servers of this process together, and the refusal log."""

    def __init__(self, total: int | None = None) -> None:
        if total is None:
            soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
            room = MAX_TOTAL if soft == resource.RLIM_INFINITY else soft - RESERVED_FILES
            total = max(MAX_PER_PEER, min(MAX_TOTAL, room))
        self.total = total
        self.open = 0
        self.events = CountedEvents()
        # Admitted TLS connections still waiting for their first byte, oldest first: when
        # the total is reached, the oldest of them makes room (a flood from many addresses
        # must not lock out a client that speaks at once).
        self.waiting: dict[GuardedConnection, None] = {}

    def make_room(self) -> bool:
        """Close the oldest connection that has not sent a byte; whether there was one."""
        oldest = next(iter(self.waiting), None)
        if oldest is None:
            return False
        oldest.evict()
        return True


class _LeanSSLProtocol(SSLProtocol):
    max_size = TLS_READ_BUFFER


def server_tls_context(cert: str, key: str) -> ssl.SSLContext:
    """The admin port's TLS: the host certificate, TLS 1.2 or newer, no client certificate."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


class ServerGuard:
    """One server's rules: its connections per peer, the shared total, its TLS context
    (None: plain HTTP) and whether plain HTTP on its TLS port is redirected."""

    def __init__(
        self,
        caps: ConnectionCaps,
        tls: ssl.SSLContext | None,
        redirect_plain: bool = False,
        per_peer: int = MAX_PER_PEER,
    ) -> None:
        self.caps, self.tls, self.redirect_plain = caps, tls, redirect_plain
        self.per_peer = per_peer
        self.open: Counter[str] = Counter()

    def admit(self, peer: str) -> bool:
        if self.open[peer] >= self.per_peer:
            self.caps.events.note(
                "connections refused over the per-peer cap",
                f"Refused a connection from {peer}: it holds {self.per_peer} on this port already",
            )
            return False
        if self.caps.open >= self.caps.total and not self.caps.make_room():
            self.caps.events.note(
                "connections refused over the total cap",
                f"Refused a connection: {self.caps.total} are open already",
            )
            return False
        self.open[peer] += 1
        self.caps.open += 1
        return True

    def release(self, peer: str) -> None:
        self.caps.open -= 1
        self.open[peer] -= 1
        if self.open[peer] <= 0:
            del self.open[peer]


class GuardedConnection(asyncio.Protocol):
    """Admits the connection, then hands the transport to TLS or straight to HTTP."""

    def __init__(self, guard: ServerGuard, make_http: Callable[[], asyncio.BaseProtocol]) -> None:
        self._guard, self._make_http = guard, make_http
        self._transport: asyncio.Transport | None = None
        self._peer: str | None = None  # set while this connection counts against the caps
        self._timer: asyncio.TimerHandle | None = None
        self._plain = b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        peername = transport.get_extra_info("peername")
        peer = client_key(str(peername[0])) if peername else "unknown"
        if not self._guard.admit(peer):
            transport.abort()  # a reset frees the file handle at once
            return
        self._peer = peer
        if self._guard.tls is None:
            self._hand_over(self._make_http(), b"")
            return
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(FIRST_BYTE_TIMEOUT_S, transport.abort)
        self._guard.caps.waiting[self] = None

    def evict(self) -> None:
        """Make room for a newer connection: this one has not said anything yet."""
        self._release()  # now, not when asyncio reports the close
        if self._transport is not None:
            self._transport.abort()

    def data_received(self, data: bytes) -> None:
        assert self._transport is not None and self._guard.tls is not None
        self._guard.caps.waiting.pop(self, None)
        if self._plain or data[0] != _TLS_HANDSHAKE:
            self._plain_http(data)
            return
        self._cancel_timer()
        tls = _LeanSSLProtocol(
            asyncio.get_running_loop(),
            self._make_http(),
            self._guard.tls,
            # No waiter: a failed handshake would leave its exception unretrieved (a log line).
            None,  # type: ignore[arg-type]
            server_side=True,
            ssl_handshake_timeout=HANDSHAKE_TIMEOUT_S,
        )
        self._hand_over(tls, data)

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_timer()
        self._release()

    def _hand_over(self, protocol: asyncio.BaseProtocol, first: bytes) -> None:
        """Make `protocol` the transport's, with the bytes read so far, and release the caps
        when the connection ends (its connection_lost, not ours, is called from now on)."""
        transport = self._transport
        assert transport is not None
        finish = protocol.connection_lost

        def connection_lost(exc: Exception | None) -> None:
            self._release()
            finish(exc)

        protocol.connection_lost = connection_lost  # type: ignore[method-assign]
        transport.set_protocol(protocol)
        protocol.connection_made(transport)
        if first:
            _feed(protocol, first)

    def _plain_http(self, data: bytes) -> None:
        """Plain HTTP on a TLS port: redirect it to https:// on this port, or close."""
        assert self._transport is not None
        if not self._guard.redirect_plain:
            self._transport.abort()
            return
        self._plain += data
        head, ended, _ = self._plain.partition(b"\r\n\r\n")
        if not ended:
            if len(self._plain) > MAX_REDIRECT_REQUEST:
                self._transport.abort()
            return  # the first-byte deadline still runs
        self._cancel_timer()
        self._transport.write(self._redirect(head))
        self._transport.close()

    def _redirect(self, head: bytes) -> bytes:
        assert self._transport is not None
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ")
        target = parts[1] if len(parts) == 3 and parts[1].startswith("/") else "/"
        host = ""
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name.strip().lower() == "host":
                match = _HOST.fullmatch(value.strip())
                host = match[1] if match else ""
        local = self._transport.get_extra_info("sockname")
        if not host:
            address = str(local[0])
            host = f"[{address}]" if ":" in address else address
        location = f"https://{host}:{local[1]}{_safe_target(target)}"
        body = f"This port speaks HTTPS: {location}\n".encode()
        return (
            "HTTP/1.1 301 Moved Permanently\r\n"
            f"Location: {location}\r\n"
            "Content-Type: text/plain; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n"
        ).encode("latin-1") + body

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _release(self) -> None:
        self._guard.caps.waiting.pop(self, None)
        if self._peer is not None:
            self._guard.release(self._peer)
            self._peer = None


def _safe_target(target: str) -> str:
    """The request target for a Location header: printable ASCII only (no header splitting)."""
    return target if all(33 <= ord(c) < 127 for c in target) else "/"


def _feed(protocol: asyncio.BaseProtocol, data: bytes) -> None:
    if isinstance(protocol, asyncio.BufferedProtocol):
        view = memoryview(data)
        while view:
            buffer = memoryview(protocol.get_buffer(len(view)))
            size = min(len(buffer), len(view))
            buffer[:size] = view[:size]
            protocol.buffer_updated(size)
            view = view[size:]
    else:
        assert isinstance(protocol, asyncio.Protocol)
        protocol.data_received(data)


def guarded_protocol(http: type[asyncio.Protocol], guard: ServerGuard) -> Callable[..., Any]:
    """What uvicorn takes as `http`: it builds one per accepted connection with its own
    arguments, which go to the HTTP protocol once the connection is admitted."""

    def create(**kwargs: Any) -> GuardedConnection:
        return GuardedConnection(guard, lambda: http(**kwargs))

    return create
