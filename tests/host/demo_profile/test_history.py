"""The demo host records what happens in it into the demo's `history` database.

The database here is the flagship's own seed (fixtures/host-demo/history), run by
sqlite3 behind a stand-in for `HostedContext.query`; tests/demo/host runs the same
through the service worker in Chromium."""

from __future__ import annotations

import calendar
import logging
import re
import sqlite3
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from demo.runtime.asgi_service import HostedContext
from host.demo_profile import create_demo_host
from http_errors import BadRequest

from .client import ADDRESS, HostClient

HISTORY = Path(__file__).resolve().parents[3] / "fixtures" / "host-demo" / "history"
SQLITE_UTC = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")


class History:
    """The `history` service: its seed in sqlite3, queried as the demo's route does."""

    def __init__(self) -> None:
        self.db = sqlite3.connect(":memory:")
        for name in ("schema.sql", "data.sql"):
            self.db.executescript((HISTORY / name).read_text())
        self.asked: list[str] = []

    async def query(self, service: str, sql: str) -> Sequence[Any]:
        self.asked.append(service)
        try:
            self.db.executescript(sql)
        except sqlite3.Error as exc:
            raise BadRequest(str(exc)) from exc
        return []

    def events(self) -> list[tuple[Any, ...]]:
        return self.db.execute(
            "SELECT at, event, app, device, ran_s FROM host_events WHERE id > 3 ORDER BY id"
        ).fetchall()


@pytest.fixture
def history() -> History:
    return History()


@pytest.fixture
def client(history: History) -> Iterator[HostClient]:
    host = create_demo_host(HostedContext("host", {"address": ADDRESS}, None, history.query))
    made = HostClient(host)
    yield made
    host.close()


def _near_now(at: str) -> bool:
    stamp = calendar.timegm(time.strptime(at, "%Y-%m-%d %H:%M:%S"))
    return SQLITE_UTC.match(at) is not None and abs(stamp - time.time()) < 120


def test_launching_and_closing_an_app_is_recorded_with_its_date(
    client: HostClient, history: History
) -> None:
    client.sign_in()
    assert history.events() == []  # signing in is not an event of the history
    assert client.change("POST", "/api/apps/launch", {"id": 3}).status == 200
    launched = history.events()
    assert [row[1:] for row in launched] == [("app launched", "Celeste", None, None)]
    assert _near_now(launched[0][0])
    assert client.change("POST", "/api/apps/close").status == 200
    closed = history.events()[1]
    assert closed[1:3] == ("app closed", "Celeste") and closed[4] >= 0
    assert set(history.asked) == {"history"}


def test_a_paired_device_and_its_stream_are_recorded(client: HostClient, history: History) -> None:
    client.sign_in()
    begun = client.request("POST", "/demo/devices/pair", {"name": "Den TV"}).json()
    entered = client.change("POST", "/api/pin", {"pin": begun["pin"], "name": "Den's TV"})
    assert entered.status == 200, entered.body
    paired, started = history.events()
    assert paired[1:] == ("device paired", None, "Den's TV", None) and _near_now(paired[0])
    assert started[1:] == ("stream started", None, "Den's TV", None) and _near_now(started[0])

    device = client.request("GET", f"/demo/devices/pair/{begun['request']}").json()["device"]
    assert client.change("POST", "/api/clients/unpair", {"uuid": device}).status == 200
    ended = history.events()[2]
    assert ended[1:4] == ("stream ended", None, "Den's TV") and ended[4] >= 0
    assert len(history.events()) == 3  # unpairing is not an event of its own


def test_a_demo_without_a_history_service_says_so_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # HostedContext's default query is a demo with no database services at all.
    host = create_demo_host(HostedContext("host", {"address": ADDRESS}, None))
    client = HostClient(host)
    try:
        client.sign_in()
        with caplog.at_level(logging.INFO, logger="helio.demo"):
            for _ in range(2):
                assert client.change("POST", "/api/apps/launch", {"id": 3}).status == 200
                assert client.change("POST", "/api/apps/close").status == 200
    finally:
        host.close()
    said = [r for r in caplog.records if r.name == "helio.demo"]
    assert [(r.levelname, r.getMessage()) for r in said] == [
        ("INFO", "This demo has no 'history' database: the host's events are not recorded")
    ]


def test_a_history_the_visitor_broke_does_not_break_the_host(
    client: HostClient, history: History
) -> None:
    history.db.execute("DROP TABLE host_events")  # as a visitor can, in the query panel
    client.sign_in()
    launched = client.change("POST", "/api/apps/launch", {"id": 1})
    assert launched.status == 200, launched.body
    assert history.asked == ["history"]
