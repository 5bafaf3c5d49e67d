"""The `asgi` adapter: a live application served at /__demo/app/<service>/..., whose
state is saved under the storageNamespace before each answer that changed it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from demo.build.addresses import address_table
from demo.native import MemoryStore
from demo.native.assets import DirectoryAssets
from demo.runtime import create_demo_app
from demo.runtime.adapters import ADAPTERS, shipped_packages
from demo.runtime.asgi_service import state_key

from .asgi import Client, run_sync

COUNTER = {
    "name": "counter",
    "adapter": "asgi",
    "config": {
        "factory": "tests.demo.counter_app:create_counter",
        "packages": ["tests"],
        "address": "https://counter:47990",
    },
}


def _app(store: Any, namespace: str = "ns", services: list[Any] | None = None) -> Client:
    manifest = {"version": 1, "storageNamespace": namespace, "services": services or [COUNTER]}
    return Client(create_demo_app(manifest, None, store, None))  # type: ignore[arg-type]


class _FailingStore(MemoryStore):
    fail = False

    async def put(self, key: str, value: bytes) -> None:
        if self.fail:
            raise OSError("quota exceeded")
        await super().put(key, value)


def test_the_registry_entry() -> None:
    asgi = ADAPTERS["asgi"]
    assert asgi.family == "app" and asgi.has_address and asgi.resettable
    assert shipped_packages([COUNTER]) == ["tests"]
    assert address_table([COUNTER]) == [
        {
            "origin": "https://counter:47990",
            "basePath": "/",
            "service": "counter",
            "target": "__demo/app/counter",
        }
    ]


def test_serves_the_app_below_its_url_with_cors() -> None:
    client = _app(MemoryStore())
    reply = client.get("/sub/path/__demo/app/counter/count")
    assert reply.status == 200
    assert reply.json() == {"count": 0, "seeded": True, "path": "/count"}
    assert reply.headers["access-control-allow-origin"] == "*"
    preflight = client.request(
        "OPTIONS", "/__demo/app/counter/count", headers={"access-control-request-method": "PUT"}
    )
    assert preflight.status == 204 and "PUT" in preflight.headers["access-control-allow-methods"]


def test_a_mock_url_never_runs_the_app() -> None:
    reply = _app(MemoryStore()).get("/__demo/mock/counter/count")
    assert reply.status == 404
    assert "is a asgi service, not a mock-http service" in reply.json()["error"]


def test_state_is_saved_before_the_answer_and_survives_a_restart() -> None:
    store = MemoryStore()
    client = _app(store)
    assert client.post("/__demo/app/counter/count").json()["count"] == 1
    assert store.data[state_key("ns", "counter")] == b"1"  # saved by the time we got it
    restarted = _app(store)  # a stopped worker: a new app over the same storage
    assert restarted.get("/__demo/app/counter/count").json() == {
        "count": 1,
        "seeded": False,
        "path": "/count",
    }


def test_namespaces_keep_demos_apart() -> None:
    store = MemoryStore()
    _app(store, "one").post("/__demo/app/counter/count")
    assert _app(store, "two").get("/__demo/app/counter/count").json()["count"] == 0
    assert _app(store, "one").get("/__demo/app/counter/count").json()["count"] == 1


def test_reset_restores_the_seed() -> None:
    store = MemoryStore()
    client = _app(store)
    client.post("/__demo/app/counter/count")
    assert client.post("/__demo/reset").json() == {"reset": ["counter"]}
    assert client.get("/__demo/app/counter/count").json() == {
        "count": 0,
        "seeded": True,
        "path": "/count",
    }


def test_an_unsaved_change_answers_500_and_rolls_back() -> None:
    store = _FailingStore()
    client = _app(store)
    client.post("/__demo/app/counter/count")
    store.fail = True
    reply = client.post("/__demo/app/counter/count")
    assert reply.status == 500
    assert "could not be saved (quota exceeded)" in reply.json()["error"]
    store.fail = False
    assert client.get("/__demo/app/counter/count").json()["count"] == 1


def test_an_app_error_is_a_json_500() -> None:
    reply = _app(MemoryStore()).post("/__demo/app/counter/fail")
    assert reply.status == 500
    assert "the app failed" in reply.json()["error"]


@pytest.mark.parametrize(
    ("factory", "message"),
    [
        ("no-colon", "must look like 'package.module:function'"),
        ("tests.demo.nowhere:f", "cannot import tests.demo.nowhere"),
        ("tests.demo.counter_app:nothing", "has no function nothing"),
    ],
)
def test_a_bad_factory_is_named(factory: str, message: str) -> None:
    service = {**COUNTER, "config": {**COUNTER["config"], "factory": factory}}  # type: ignore[dict-item]
    reply = _app(MemoryStore(), services=[service]).get("/__demo/app/counter/count")
    assert reply.status == 500 and message in reply.json()["error"]


PLAIN = {
    "name": "web",
    "adapter": "asgi",
    "config": {"app": "tests.demo.plain_starlette_app:app", "address": "http://web:8000"},
}


def test_a_plain_asgi_app_runs_stateless() -> None:
    store = MemoryStore()
    client = _app(store, services=[PLAIN])
    reply = client.get("/__demo/app/web/hello")
    assert reply.status == 200
    assert reply.json() == {"hello": "world", "path": "/hello"}
    assert client.post("/__demo/app/web/hits").status == 200
    assert store.data == {}  # nothing to store: the app keeps no image


def test_a_plain_app_that_is_not_there_is_named() -> None:
    service = {**PLAIN, "config": {"app": "tests.demo.plain_starlette_app:nope"}}
    reply = _app(MemoryStore(), services=[service]).get("/__demo/app/web/hello")
    assert reply.status == 500
    assert "tests.demo.plain_starlette_app has no ASGI app nope" in reply.json()["error"]


@pytest.fixture
def with_counter(make_demo: Any) -> Iterator[Client]:
    """The mini site (its `notes` database) plus the counter app beside it."""
    demo = make_demo("mini")
    manifest = {**demo.manifest, "services": [*demo.manifest["services"], COUNTER]}
    app = create_demo_app(manifest, DirectoryAssets(demo.site), demo.store, None)  # type: ignore[arg-type]
    yield Client(app)
    app.close()  # its engines: an open sqlite connection would be unraisable at exit


def test_an_app_writes_into_a_database_service_of_its_demo(with_counter: Client) -> None:
    """What the flagship's host does with its history: the row the app wrote is there
    when its answer arrives, and the database's own route reads it."""
    written = with_counter.post("/__demo/app/counter/note").json()
    assert written == {"read": {"columns": ["title"], "values": [["from the app"]]}}
    read = with_counter.query("notes", "SELECT count(*) FROM note WHERE title = 'from the app'")
    assert read.json()["result"] == [{"columns": ["count(*)"], "values": [[1]]}]


def test_a_write_the_database_refuses_reaches_the_app_as_an_error(with_counter: Client) -> None:
    with_counter.query("notes", "DROP TABLE note")
    assert with_counter.post("/__demo/app/counter/note").json() == {"error": "no such table: note"}


def test_what_an_app_leaves_for_a_database_is_written_before_its_next_query(
    with_counter: Client,
) -> None:
    """What the flagship's host does with its metrics samples: the database (whose
    engine only its own query may start) writes them first thing in its next query, and
    keeps them like its own rows."""
    with_counter.post("/__demo/app/counter/later")
    with_counter.post("/__demo/app/counter/later")
    left = "SELECT count(*) FROM note WHERE title LIKE 'left for later %'"
    assert with_counter.query("notes", left).json()["result"][0]["values"] == [[2]]
    assert with_counter.query("notes", left).json()["result"][0]["values"] == [[2]]  # once
    # A statement the database refuses is dropped and logged; the query still runs.
    with_counter.query("notes", "DROP TABLE note")
    with_counter.post("/__demo/app/counter/later")
    assert with_counter.query("notes", "SELECT 1 AS one").json()["result"][0]["values"] == [[1]]


def test_opening_ahead_builds_the_app_from_its_seed_once() -> None:
    # What the worker's warm-up runs (a page asked it to boot): the app is built and its
    # seed stored before any request, and the first request finds that very app.
    store = MemoryStore()
    client = _app(store)
    services = client.app.services
    assert run_sync(services.open_stateful_services()) == ["counter"]
    assert store.data[state_key("ns", "counter")] == b"0"
    opened = services._http["counter"].held
    assert run_sync(services.open_stateful_services()) == ["counter"]  # a no-op again
    assert client.post("/__demo/app/counter/count").json()["count"] == 1
    assert services._http["counter"].held is opened
