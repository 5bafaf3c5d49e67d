"""Bounds on what one peer can hold open on the host's HTTP servers.

uvicorn times out idle keep-alive connections but neither a request whose
headers never finish nor one whose body trickles in (260 connections sending
`POST /api/auth/login` one byte every 4 s kept the admin port answering 503
to everyone). `BoundedH11Protocol` closes a connection whose request headers
are not complete HEADER_TIMEOUT_S after its first byte (or after connecting),
and one whose body delivers less than MIN_BODY_RATE bytes a second over any
BODY_WINDOW_S window (so a body of up to 10 KiB has 10 s) or is not complete
BODY_TIMEOUT_S after its headers. Every server is also started with
`limit_concurrency` (503 beyond it) and accepts through
`host.native.connection_guard` (caps per peer and in all, TLS deadlines).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .throttled_log import CountedEvents

__all__ = [
    "BODY_TIMEOUT_S",
    "BODY_WINDOW_S",
    "HEADER_TIMEOUT_S",
    "MAX_CONCURRENCY",
    "MIN_BODY_RATE",
    "BoundedH11Protocol",
]

HEADER_TIMEOUT_S = 10.0
BODY_WINDOW_S = 10.0
MIN_BODY_RATE = 1024  # bytes per second, averaged over each BODY_WINDOW_S
BODY_TIMEOUT_S = 300.0  # the largest body (an 8 MiB cover) at 28 KiB/s
MAX_CONCURRENCY = 256  # connections plus running requests per server; more answer 503
log = logging.getLogger("helio.http")
slow_requests = CountedEvents()  # one log line per interval, however many peers trickle


class _Timer:
    """At most one pending call on the loop: started again, cancelled, or fired once."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._handle: asyncio.TimerHandle | None = None

    @property
    def pending(self) -> bool:
        return self._handle is not None

    def start(self, delay: float, callback: Callable[[], None]) -> None:
        self.cancel()

        def fire() -> None:
            self._handle = None  # so the callback may start it again
            callback()

        self._handle = self._loop.call_later(delay, fire)

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None


class BoundedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with deadlines on each request's headers and body."""

    _body_started = 0.0
    _window_bytes = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_deadline = _Timer(self.loop)
        self._body_clock = _Timer(self.loop)  # one tick each BODY_WINDOW_S while a body comes

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if not self._header_deadline.pending and self.conn.their_state is h11.IDLE:
            self._arm()  # the first byte of the next request on a kept-alive connection
        super().data_received(data)
        state = self.conn.their_state
        if state is not h11.IDLE:
            self._header_deadline.cancel()  # the headers are in
        if state is h11.SEND_BODY:
            self._window_bytes += len(data)
            if not self._body_clock.pending:
                self._body_started = self.loop.time()
                self._window_bytes = 0
                self._body_clock.start(BODY_WINDOW_S, self._check_body)
        else:
            self._body_clock.cancel()

    def shutdown(self) -> None:
        """At a stop, a connection between requests is cut at once. uvicorn's polite close
        waits, over TLS, for the client's close_notify, which an idle keep-alive client
        (a browser, httpx) does not send: every stop with one open ran out its grace
        (GRACEFUL_SHUTDOWN_S) and then cancelled. Only a connection with nothing left to
        send is cut; one mid-request, or with an answer still in its write buffer, is
        closed uvicorn's way, after its answer."""
        idle = self.cycle is None or self.cycle.response_complete
        if idle and self.transport.get_write_buffer_size() == 0:
            self.transport.abort()
        else:
            super().shutdown()

    def connection_lost(self, exc: Exception | None) -> None:
        self._header_deadline.cancel()
        self._body_clock.cancel()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._header_deadline.start(HEADER_TIMEOUT_S, self._headers_too_slow)

    def _headers_too_slow(self) -> None:
        if not self.transport.is_closing():
            slow_requests.note(
                "connections closed for slow request headers",
                f"Closed a connection whose request headers took over {HEADER_TIMEOUT_S} s",
            )
            self.transport.close()

    def _check_body(self) -> None:
        if self.conn.their_state is not h11.SEND_BODY or self.transport.is_closing():
            return
        waited = self.loop.time() - self._body_started
        # While reading is paused the app, not the peer, is slow: that window does not count.
        slow = not self.flow.read_paused and self._window_bytes < MIN_BODY_RATE * BODY_WINDOW_S
        if slow or waited >= BODY_TIMEOUT_S:
            slow_requests.note(
                "connections closed for a slow request body",
                f"Closed a connection whose request body came slower than {MIN_BODY_RATE} B/s "
                f"or took over {BODY_TIMEOUT_S:.0f} s",
            )
            self.transport.close()
            return
        self._window_bytes = 0
        self._body_clock.start(BODY_WINDOW_S, self._check_body)
