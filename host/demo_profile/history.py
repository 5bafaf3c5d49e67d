"""What the live demo host writes into the demo's `history` database.

The flagship's landing page has a query panel on its `history` service (SQLite, beside
the host in the same worker). So that the panel reads what the visitor did, not only
its seed, the demo host records its own events there, in the table `host_events`
(fixtures/host-demo/history/schema.sql):

    app launched    app            the console's Launch (the simulated launcher)
    app closed      app, ran_s     the console's Close: how long it ran, in seconds
    device paired   device         the simulated device accepted the PIN typed in the console
    stream started  device         a device's stream began (a paired simulated device streams)
    stream ended    device, ran_s  it ended: the console's Disconnect or Unpair

`at` is the host's clock in UTC as SQLite's own `datetime()` writes it
(`2026-11-26 03:24:00`): it reads as a date in the panel, sorts as text, and SQLite's
date functions take it. Events are collected while a request runs and
written when it is done (`write`), through the demo's own database route code
(`HostedContext.query`: same lock, saved to the browser's storage before returning),
so the console's answer arrives after the row is durable; a reset of the demo puts the
table back to its seed like the rest of the database. A write the database refuses (a
visitor dropped the table in the panel, say) is logged and the host's answer stands.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from host.core.devices.streams import Stream, StreamRegistry
from http_errors import ApiError, NotFound

__all__ = ["HISTORY_SERVICE", "HostHistory", "QueryDatabase", "sql_text", "sqlite_utc"]

HISTORY_SERVICE = "history"  # the flagship manifest's service name

# demo.runtime.adapters.QueryDatabase: run SQL on a database service of the demo.
QueryDatabase = Callable[[str, str], Awaitable[Sequence[Any]]]

log = logging.getLogger("helio.demo")


def sql_text(value: str | None) -> str:
    """A SQL text literal (SQLite cannot take NUL inside a statement)."""
    if value is None:
        return "NULL"
    return "'" + value.replace("\x00", "\ufffd").replace("'", "''") + "'"


def sqlite_utc(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(seconds))


class HostHistory:
    """Events of the live host, kept until `write` puts them into `history`."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._pending: list[str] = []
        self._no_service = False  # the demo has no HISTORY_SERVICE to write into

    def app_launched(self, app: str) -> None:
        self._record("app launched", app=app)

    def app_closed(self, app: str, ran_s: float) -> None:
        self._record("app closed", app=app, ran_s=round(ran_s))

    def device_paired(self, device: str) -> None:
        self._record("device paired", device=device)

    def watch_streams(self, streams: StreamRegistry, device_name: Callable[[str], str]) -> None:
        """Record each stream's start and end (`device_name`: a client uuid's name)."""
        started: dict[str, float] = {}

        def changed(stream: Stream | None, device: str) -> None:
            if stream is not None and device not in started:  # not a change of state
                started[device] = stream.started_at
                self._record("stream started", device=device_name(device))
            elif stream is None and device in started:
                ran_s = self._clock() - started.pop(device)
                self._record("stream ended", device=device_name(device), ran_s=round(ran_s))

        streams.on_change(changed)

    def _record(
        self,
        event: str,
        app: str | None = None,
        device: str | None = None,
        ran_s: int | None = None,
    ) -> None:
        values = ", ".join(
            (
                sql_text(sqlite_utc(self._clock())),
                sql_text(event),
                sql_text(app),
                sql_text(device),
                "NULL" if ran_s is None else str(int(ran_s)),
            )
        )
        self._pending.append(
            f"INSERT INTO host_events (at, event, app, device, ran_s) VALUES ({values})"
        )

    async def write(self, query: QueryDatabase | None) -> None:
        """Write the pending events (`query` None: the host runs outside a demo site,
        which has no history to keep them in)."""
        pending, self._pending = self._pending, []
        if not pending or query is None or self._no_service:
            return
        try:
            await query(HISTORY_SERVICE, ";\n".join(pending) + ";")
        except NotFound:
            # A demo built without the service: said once, not once per event.
            self._no_service = True
            log.info(
                "This demo has no %r database: the host's events are not recorded", HISTORY_SERVICE
            )
        except ApiError as exc:
            log.warning("Could not record %d event(s) in the demo's history: %s", len(pending), exc)
