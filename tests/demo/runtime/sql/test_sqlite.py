"""The sqlite adapter: sql.js result shape, atomic batches, persistence, reset."""

from __future__ import annotations

from collections.abc import Callable

from demo.native.store import MemoryStore
from demo.runtime.services import image_key

from ..conftest import Demo


def _key(demo: Demo, service: str = "notes") -> str:
    return image_key(demo.namespace, service)


def test_seed_is_loaded(mini: Demo) -> None:
    reply = mini.client.query("notes", "SELECT id, title, body, score FROM note ORDER BY id")
    assert reply.json()["result"] == [
        {
            "columns": ["id", "title", "body", "score"],
            "values": [[1, "first", [0, 255], 1.5], [2, "second; with semicolon", None, None]],
        }
    ]


def test_multi_statement_insert_then_select(mini: Demo) -> None:
    reply = mini.client.query(
        "notes",
        "INSERT INTO note (id, title) VALUES (3, 'third; really');\n"
        "-- a comment between statements; with a semicolon\n"
        "SELECT title, score FROM note WHERE id = 3;",
    )
    assert reply.status == 200, reply.text
    # The trigger from the seed ran; only the statement with rows has an entry (sql.js).
    assert reply.json()["result"] == [
        {"columns": ["title", "score"], "values": [["third; really", 0.0]]}
    ]


def test_select_without_rows_has_no_entry(mini: Demo) -> None:
    assert mini.client.query("notes", "SELECT * FROM note WHERE id < 0").json()["result"] == []


def test_failing_statement_rolls_back_the_batch(mini: Demo) -> None:
    before = mini.client.query("notes", "SELECT count(*) FROM note").json()["result"]
    reply = mini.client.query(
        "notes",
        "INSERT INTO note (id, title) VALUES (10, 'new'); INSERT INTO note (id, title) VALUES (11, 'first')",
    )
    assert reply.status == 400
    assert "UNIQUE" in reply.json()["error"]
    assert reply.json()["statement"] == "INSERT INTO note (id, title) VALUES (11, 'first')"
    assert mini.client.query("notes", "SELECT count(*) FROM note").json()["result"] == before
    assert _key(mini) not in mini.store.data  # nothing was persisted


def test_failure_keeps_the_stored_image(mini: Demo) -> None:
    assert mini.client.query("notes", "UPDATE note SET score = 9 WHERE id = 1").status == 200
    stored = mini.store.data[_key(mini)]
    assert mini.client.query("notes", "UPDATE note SET score = 10; SELECT nope").status == 400
    assert mini.store.data[_key(mini)] == stored


def test_reads_do_not_persist(mini: Demo) -> None:
    mini.client.query("notes", "SELECT * FROM note")
    assert mini.store.puts == 0


def test_write_is_persisted_before_the_answer(make_demo: Callable[..., Demo]) -> None:
    store = MemoryStore()
    first = make_demo("mini", store)
    assert (
        first.client.query("notes", "INSERT INTO note (id, title) VALUES (5, 'kept')").status == 200
    )
    assert store.puts == 1
    second = make_demo("mini", store)  # a fresh worker over the same storage
    reply = second.client.query("notes", "SELECT title FROM note WHERE id = 5")
    assert reply.json()["result"] == [{"columns": ["title"], "values": [["kept"]]}]


def test_other_namespace_does_not_see_the_data(make_demo: Callable[..., Demo]) -> None:
    store = MemoryStore()
    first = make_demo("mini", store)
    first.client.query("notes", "INSERT INTO note (id, title) VALUES (5, 'kept')")
    other = make_demo("mini", store, namespace="another-namespace")
    reply = other.client.query("notes", "SELECT count(*) FROM note WHERE id = 5")
    assert reply.json()["result"] == [{"columns": ["count(*)"], "values": [[0]]}]


def test_own_transaction_control(mini: Demo) -> None:
    reply = mini.client.query(
        "notes",
        "BEGIN; INSERT INTO note (id, title) VALUES (20, 'a'); ROLLBACK; "
        "INSERT INTO note (id, title) VALUES (21, 'b'); SELECT id FROM note WHERE id >= 20",
    )
    assert reply.json()["result"] == [{"columns": ["id"], "values": [[21]]}]
    # A transaction left open at the end of the request is rolled back.
    mini.client.query("notes", "BEGIN; INSERT INTO note (id, title) VALUES (22, 'c')")
    assert mini.client.query("notes", "SELECT id FROM note WHERE id = 22").json()["result"] == []


def test_ddl_is_persisted(make_demo: Callable[..., Demo]) -> None:
    store = MemoryStore()
    make_demo("mini", store).client.query("empty", "CREATE TABLE t (x)")
    reply = make_demo("mini", store).client.query(
        "empty", "INSERT INTO t VALUES (1); SELECT x FROM t"
    )
    assert reply.json()["result"] == [{"columns": ["x"], "values": [[1]]}]


def test_reset_service_and_reset_all(mini: Demo) -> None:
    mini.client.query("notes", "DELETE FROM note")
    mini.client.query("empty", "CREATE TABLE t (x)")
    assert mini.client.post("/__demo/db/notes/reset").json() == {"reset": ["notes"]}
    assert _key(mini) not in mini.store.data
    assert mini.client.query("notes", "SELECT count(*) FROM note").json()["result"][0][
        "values"
    ] == [[2]]
    assert mini.client.query("empty", "SELECT * FROM t").status == 200
    assert mini.client.post("/__demo/reset").json() == {"reset": ["notes", "empty", "ledger"]}
    assert mini.client.query("empty", "SELECT * FROM t").status == 400
    assert mini.store.data == {}


def test_seed_runs_once_per_namespace(make_demo: Callable[..., Demo]) -> None:
    store = MemoryStore()
    first = make_demo("mini", store)
    first.client.query("notes", "DELETE FROM note")
    # The second app restores the stored image instead of loading the seed again.
    second = make_demo("mini", store)
    assert second.client.query("notes", "SELECT count(*) FROM note").json()["result"][0][
        "values"
    ] == [[0]]


class FailingStore(MemoryStore):
    async def put(self, key: str, value: bytes) -> None:
        raise OSError("disk full")


def test_write_that_cannot_be_saved_is_500_and_not_kept(make_demo: Callable[..., Demo]) -> None:
    demo = make_demo("mini", FailingStore())
    reply = demo.client.query("notes", "DELETE FROM note")
    assert reply.status == 500
    assert "disk full" in reply.json()["error"]
    # The engine starts again from what is stored (here: the seed).
    assert demo.client.query("notes", "SELECT count(*) FROM note").json()["result"][0][
        "values"
    ] == [[2]]


def test_directory_store_persists_across_apps(make_demo: Callable[..., Demo], tmp_path) -> None:  # type: ignore[no-untyped-def]
    from demo.native.store import DirectoryStore

    make_demo("mini", DirectoryStore(tmp_path)).client.query(
        "notes", "DELETE FROM note WHERE id = 1"
    )
    reply = make_demo("mini", DirectoryStore(tmp_path)).client.query("notes", "SELECT id FROM note")
    assert reply.json()["result"] == [{"columns": ["id"], "values": [[2]]}]
    assert [p.name for p in tmp_path.iterdir()] == ["runtime-tests-v1%2Fnotes%2Fimage"]


def test_seed_image_is_read_only_until_something_is_stored(sites_root, open_duck) -> None:  # type: ignore[no-untyped-def]
    import json

    from demo.native.assets import DirectoryAssets
    from demo.runtime import create_demo_app

    from ..asgi import Client

    class CountingAssets(DirectoryAssets):
        reads: list[str] = []

        async def read(self, path: str) -> bytes:
            self.reads.append(path)
            return await super().read(path)

    manifest = json.loads((sites_root / "mini" / "manifest.json").read_text())
    store = MemoryStore()
    first_assets = CountingAssets(sites_root / "mini")
    first = create_demo_app(manifest, first_assets, store, open_duck)
    Client(first).query("notes", "INSERT INTO note (id, title) VALUES (7, 'x')")
    Client(first).query("notes", "SELECT 1")
    assert CountingAssets.reads == ["services/notes/seed.sqlite"]
    second = create_demo_app(manifest, CountingAssets(sites_root / "mini"), store, open_duck)
    Client(second).query("notes", "SELECT 1")
    assert CountingAssets.reads == ["services/notes/seed.sqlite"]  # restored from the store
    first.close()
    second.close()


def test_the_worker_reads_early_what_the_runtime_reads(mini: Demo) -> None:
    # serviceworker/early-reads.js reads a stopped worker's database from the build's
    # `databaseImages`: the key a write is stored under, and the seed the runtime opens.
    from demo.build.bundle import database_images

    assert mini.client.query("notes", "INSERT INTO note (id, title) VALUES (9, 'x')").status == 200
    image = database_images(mini.manifest)["/__demo/db/notes/query"]
    assert list(mini.store.data) == [image["key"]]
    assert (mini.site / image["seed"]).is_file()
