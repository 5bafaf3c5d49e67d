"""SessionStore with a controlled clock: expiry and last-seen bookkeeping."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from host.core.auth.sessions import Lifetimes, SessionStore
from host.core.state import StateDB

LIFETIMES = Lifetimes(access_s=7200, refresh_s=86400, remember_s=2592000)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def db() -> Iterator[StateDB]:
    """Closed after the test: Python 3.13+ (Pyodide 314) warns about an unclosed one."""
    opened = StateDB(":memory:")
    yield opened
    opened.close()


def test_last_seen_follows_use_at_minute_granularity(db: StateDB) -> None:
    clock = Clock()
    store = SessionStore(db, clock)
    issued = store.create("admin", False, LIFETIMES, "127.0.0.1", "test")
    clock.now += 30
    assert store.authenticate(issued.access_token) is not None
    assert store.get(issued.session.id).last_seen == 1_000_000.0  # under a minute: no write
    clock.now += 45
    store.authenticate(issued.access_token)
    assert store.get(issued.session.id).last_seen == 1_000_075.0


def test_access_token_expires_and_refresh_keeps_the_original_deadline(db: StateDB) -> None:
    clock = Clock()
    store = SessionStore(db, clock)
    issued = store.create("admin", False, LIFETIMES, "127.0.0.1", "test")
    clock.now += 7200
    assert store.authenticate(issued.access_token) is None
    rotated = store.refresh(issued.refresh_token, LIFETIMES)
    assert rotated.session.refresh_expires == issued.session.refresh_expires
    clock.now = issued.session.refresh_expires - 10
    last = store.refresh(rotated.refresh_token, LIFETIMES)
    # An access token never outlives the refresh deadline of its session.
    assert last.session.access_expires == issued.session.refresh_expires
