"""Bounds on what one peer can hold open on the host's HTTP servers.

uvicorn times out idle keep-alive connections but not a request whose
headers never finish, so hundreds of half-sent requests stayed open for
good. `BoundedH11Protocol` closes a connection whose request headers are not
complete HEADER_TIMEOUT_S after its first byte (or after connecting), and
every server is started with `limit_concurrency` (503 beyond it).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["HEADER_TIMEOUT_S", "MAX_CONCURRENCY", "BoundedH11Protocol"]

HEADER_TIMEOUT_S = 10.0
MAX_CONCURRENCY = 256  # connections plus running requests per server; more answer 503
log = logging.getLogger("helio.http")


class BoundedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on each request's headers."""

    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._header_timer is None and self.conn.their_state is h11.IDLE:
            self._arm()  # the first byte of the next request on a kept-alive connection
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._disarm()  # the headers are in

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(HEADER_TIMEOUT_S, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            log.info("Closed a connection whose request headers took over %s s", HEADER_TIMEOUT_S)
            self.transport.close()
