"""The worker's life: persistence, stopped workers, snapshots, namespaces, reset, failures."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import pytest

from demo.build.answers import ANSWERS_FILE
from demo.build.bundle import BUILD_FILE
from tests.demo.serviceworker.conftest import Demo
from tests.demo.serviceworker.pagejs import fetch, query
from tests.demo.sites import SHOP, Sites
from tests.waiting import wait_for

pytestmark = pytest.mark.browser


def _notes(page: Any, marker: str) -> list[list[Any]]:
    answer = query(page, "notes", f"SELECT body FROM notes WHERE body = '{marker}'")
    assert answer["status"] == 200, answer
    return answer["body"]["result"][0]["values"] if answer["body"]["result"] else []


def _accounts(page: Any, owner: str) -> list[dict[str, Any]]:
    answer = query(page, "ledger", f"SELECT owner FROM accounts WHERE owner = '{owner}'")
    assert answer["status"] == 200, answer
    return answer["body"]["result"][0]["rows"]


def test_data_survives_reload(page: Any) -> None:
    marker = f"reload-{uuid.uuid4().hex[:8]}"
    assert query(page, "notes", f"INSERT INTO notes (body) VALUES ('{marker}')")["status"] == 200
    assert (
        query(page, "ledger", f"INSERT INTO accounts (owner, balance) VALUES ('{marker}', 1)")[
            "status"
        ]
        == 200
    )
    page.reload()
    page.evaluate("helioDemo.ready")
    assert _notes(page, marker) == [[marker]]
    assert _accounts(page, marker) == [{"owner": marker}]


def test_data_survives_a_stopped_worker(page: Any, demo: Demo) -> None:
    marker = f"stopped-{uuid.uuid4().hex[:8]}"
    assert query(page, "notes", f"INSERT INTO notes (body) VALUES ('{marker}')")["status"] == 200
    assert (
        query(page, "ledger", f"INSERT INTO accounts (owner, balance) VALUES ('{marker}', 2)")[
            "status"
        ]
        == 200
    )
    mark = len(demo.log.lines)
    demo.stop_workers()
    assert _notes(page, marker) == [[marker]]
    assert _accounts(page, marker) == [{"owner": marker}]
    assert any("python ready" in line for line in demo.log.since(mark)), (
        "the worker did not restart"
    )


def _wait_for_snapshot(page: Any) -> list[str]:
    """The two entries of the kept memory snapshot, once the worker has stored them."""
    return wait_for(
        lambda: _snapshot_keys(page) if len(_snapshot_keys(page)) == 2 else None,
        "the worker to keep its memory snapshot",
    )


def _wait_for_line(page: Any, demo: Demo, mark: int, text: str) -> None:
    """Until the worker has logged `text` since `mark`; each poll is a Playwright call, which
    is what lets Playwright deliver the worker's console lines."""
    wait_for(
        lambda: page.evaluate("true") and any(text in line for line in demo.log.since(mark)),
        f"the worker to log {text!r}",
    )


def _snapshot_keys(page: Any) -> list[str]:
    return page.evaluate("""async () => {
        const cache = await caches.open("helio-demo-snapshot shop-test-v1 /demos/shop/");
        return (await cache.keys()).map((r) => r.url);
    }""")


def test_restarted_worker_restores_the_memory_snapshot(page: Any, demo: Demo, sites: Sites) -> None:
    fetch(page, "__demo/mock/api/users")
    keys = _wait_for_snapshot(page)
    assert all(f"/__demo-snapshot/{sites.shop.checksum}/" in key for key in keys)
    mark = len(demo.log.lines)
    demo.stop_workers()
    # A query: no recorded mock answer can stand in for Python here. How fast the
    # restore is, bench/ measures (demo-cold-start); here, that it is the snapshot's.
    assert query(page, "notes", "SELECT 1 AS one")["status"] == 200
    assert any("python ready (snapshot)" in line for line in demo.log.since(mark)), demo.log.since(
        mark
    )


def _recorded_paths(sites: Sites) -> list[str]:
    document = json.loads((sites.shop.out / ANSWERS_FILE).read_text())
    assert document["checksum"] == sites.shop.checksum
    return [answer["path"].removeprefix("/") for answer in document["answers"]]


def test_restarted_worker_answers_mocks_as_python_does(page: Any, demo: Demo, sites: Sites) -> None:
    paths = _recorded_paths(sites)
    assert "__demo/mock/api/users" in paths
    # Python answers these while it runs; a stopped worker answers them before it has
    # restored Python (the build recorded them): the visitor sees the same answers.
    by_python = {path: fetch(page, path) for path in paths}
    demo.stop_workers()
    after_restart = {path: fetch(page, path) for path in paths}
    assert after_restart == by_python
    # Accept: application/json, what most HTTP clients send, is answered early too.
    as_json = {"headers": {"accept": "application/json"}}
    json_by_python = {path: fetch(page, path, as_json) for path in paths}
    demo.stop_workers()
    assert {path: fetch(page, path, as_json) for path in paths} == json_by_python
    # A request whose headers change the answer goes to Python, before and after a stop.
    prefer = {"headers": {"prefer": "code=599"}}
    by_python_prefer = fetch(page, "__demo/mock/api/users", prefer)
    assert by_python_prefer["status"] == 404, by_python_prefer  # no such response, like Prism
    demo.stop_workers()
    assert fetch(page, "__demo/mock/api/users", prefer) == by_python_prefer


def test_a_hard_reload_is_answered_by_the_worker(demo: Demo) -> None:
    page = demo.open()
    try:
        assert fetch(page, "__demo/mock/api/health")["status"] == 200
        cdp = demo.context.new_cdp_session(page)
        with page.expect_navigation():
            # Shift+Reload: the page loads past the active worker, which would never
            # control it; the page script asks the worker to claim it.
            cdp.send("Page.reload", {"ignoreCache": True})
        page.evaluate("helioDemo.ready")
        assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
        assert fetch(page, "__demo/mock/api/health")["status"] == 200
    finally:
        page.close()


def test_a_query_first_after_a_stop_sees_earlier_writes(page: Any, demo: Demo) -> None:
    marker = f"first-{uuid.uuid4().hex[:8]}"
    insert = f"INSERT INTO accounts (owner, balance) VALUES ('{marker}', 3)"
    assert query(page, "ledger", insert)["status"] == 200
    mark = len(demo.log.lines)
    demo.stop_workers()  # the postgres query is what wakes the worker
    assert _accounts(page, marker) == [{"owner": marker}]
    # It starts duckdb-wasm at once, beside Python's restore, not after it.
    woken = demo.log.since(mark)
    early = [i for i, line in enumerate(woken) if "duckdb-wasm starting beside Python" in line]
    ready = [i for i, line in enumerate(woken) if "python ready" in line]
    assert early and ready and early[0] < ready[0], woken
    demo.stop_workers()
    update = f"UPDATE accounts SET balance = 4 WHERE owner = '{marker}'"
    assert query(page, "ledger", update)["status"] == 200
    demo.stop_workers()
    answer = query(page, "ledger", f"SELECT balance FROM accounts WHERE owner = '{marker}'")
    assert answer["status"] == 200, answer
    assert [float(r["balance"]) for r in answer["body"]["result"][0]["rows"]] == [4.0]


def _read_beside_python(demo: Demo, mark: int, service: str) -> bool:
    """Whether the worker started reading `service`'s stored image before Python was ready."""
    woken = demo.log.since(mark)
    reading = [i for i, line in enumerate(woken) if f"/{service}/image beside Python" in line]
    ready = [i for i, line in enumerate(woken) if "python ready" in line]
    return bool(reading and ready and reading[0] < ready[0])


@pytest.mark.parametrize("service", ["ledger", "notes"])
def test_a_stopped_worker_reads_the_queried_database_while_python_restores(
    page: Any, demo: Demo, service: str
) -> None:
    marker = f"early-{uuid.uuid4().hex[:8]}"
    rows = _accounts if service == "ledger" else _notes
    insert = (
        f"INSERT INTO accounts (owner, balance) VALUES ('{marker}', 5)"
        if service == "ledger"
        else f"INSERT INTO notes (body) VALUES ('{marker}')"
    )
    assert query(page, service, insert)["status"] == 200
    mark = len(demo.log.lines)
    demo.stop_workers()  # the query is what wakes the worker
    assert rows(page, marker), "the row written before the stop is gone"
    assert _read_beside_python(demo, mark, service), demo.log.since(mark)
    # After a reset the read finds nothing stored: the database opens from its seed.
    assert fetch(page, "__demo/reset", {"method": "POST"})["status"] == 200
    mark = len(demo.log.lines)
    demo.stop_workers()
    assert rows(page, marker) == []
    assert _read_beside_python(demo, mark, service), demo.log.since(mark)
    # A write on the restarted worker is what the next one reads.
    assert query(page, service, insert)["status"] == 200
    demo.stop_workers()
    assert rows(page, marker), "the row written after the restart is gone"


def test_two_demos_on_one_origin_never_share_data(demo: Demo) -> None:
    shop = demo.open("/demos/shop/")
    other = demo.open("/demos/other/")
    try:
        marker = f"isolated-{uuid.uuid4().hex[:8]}"
        assert (
            query(shop, "notes", f"INSERT INTO notes (body) VALUES ('{marker}')")["status"] == 200
        )
        assert _notes(shop, marker) == [[marker]]
        assert _notes(other, marker) == []
        assert other.evaluate(
            "navigator.serviceWorker.getRegistration().then(r => r.scope)"
        ).endswith("/demos/other/")
    finally:
        shop.close()
        other.close()


# The landing page's reset control and panels: tests/demo/components/.


def test_a_kept_snapshot_that_cannot_be_restored_falls_back_to_a_fresh_boot(
    page: Any, demo: Demo, sites: Sites
) -> None:
    marker = f"damaged-{uuid.uuid4().hex[:8]}"
    assert query(page, "notes", f"INSERT INTO notes (body) VALUES ('{marker}')")["status"] == 200
    keys = _wait_for_snapshot(page)
    memory = next(key for key in keys if key.endswith("/memory"))
    page.evaluate(
        """async (key) => {
            const cache = await caches.open("helio-demo-snapshot shop-test-v1 /demos/shop/");
            await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
        }""",
        memory,
    )
    mark = len(demo.log.lines)
    demo.stop_workers()
    # The damaged snapshot is dropped and Python boots from the site's wheels: it fetches
    # everything it needs again (the standard library fetched early served the first try).
    assert _notes(page, marker) == [[marker]]
    woken = demo.log.since(mark)
    assert any("snapshot restore failed, booting from scratch" in line for line in woken), woken
    assert any("python ready (fresh)" in line for line in woken), woken
    # After that first answer it makes and keeps a new snapshot, which the next start restores.
    # The worker says when the write has finished (boot.js): a fixed pause was a guess that
    # a loaded machine could outlast, and a worker stopped mid-write keeps nothing.
    _wait_for_line(page, demo, mark, "memory snapshot kept")
    demo.stop_workers()
    mark = len(demo.log.lines)
    assert _notes(page, marker) == [[marker]]
    assert any("python ready (snapshot)" in line for line in demo.log.since(mark))


def test_a_runtime_download_that_fails_keeps_the_snapshot(
    page: Any, demo: Demo, sites: Sites
) -> None:
    fetch(page, "__demo/mock/api/users")
    _wait_for_snapshot(page)
    runtime = sites.shop.out / "__demo-runtime" / "pyodide" / "pyodide.asm.wasm"
    away = runtime.with_name("pyodide.asm.wasm.away")
    runtime.rename(away)  # the server answers 404 (it serves with no-cache: no stale copy)
    try:
        demo.stop_workers()
        failed = query(page, "notes", "SELECT 1 AS one")
        assert failed["status"] == 500, failed
        assert "cannot download the Python runtime" in failed["body"]["error"], failed
    finally:
        away.rename(runtime)
    # The snapshot was not the fault: the next start, with the runtime back, restores it.
    assert len(_snapshot_keys(page)) == 2
    mark = len(demo.log.lines)
    assert query(page, "notes", "SELECT 1 AS one")["status"] == 200
    assert any("python ready (snapshot)" in line for line in demo.log.since(mark)), demo.log.since(
        mark
    )


def test_stale_worker_answers_json_500_and_boot_is_retried(
    page: Any, demo: Demo, sites: Sites
) -> None:
    build_file = sites.shop.out / BUILD_FILE
    original = build_file.read_text()
    build_file.write_text(json.dumps({"version": "x", "checksum": "0" * 20}))
    mark = len(demo.log.lines)
    try:
        demo.stop_workers()
        failed = fetch(page, "__demo/mock/api/users")
        assert failed["status"] == 500
        assert failed["headers"]["content-type"] == "application/json"
        error = json.loads(failed["text"])["error"]
        assert re.search(r"build mismatch: .*" + sites.shop.checksum, error), error
        assert any("failed" in line and "build mismatch" in line for line in demo.log.since(mark))
    finally:
        build_file.write_text(original)
    # The failed boot is not cached: the next request boots again and succeeds.
    assert fetch(page, "__demo/mock/api/users")["status"] == 200


def test_rebuilt_site_updates_the_worker_and_replaces_the_snapshot(
    demo: Demo, sites: Sites
) -> None:
    import shutil

    from demo.build.site import build_site

    source = sites.root.parent / "rebuilt-source"
    shutil.copytree(SHOP, source, dirs_exist_ok=True)
    out = sites.root / "demos" / "rebuilt"
    first = build_site(source / "other.json", out)
    page = demo.open("/demos/rebuilt/")
    cache = "helio-demo-snapshot other-test-v1 /demos/rebuilt/"  # storage.js
    keys_js = "async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)"
    try:
        assert fetch(page, "__demo/mock/api/health")["text"] == "ok"
        wait_for(lambda: len(page.evaluate(keys_js, cache)) == 2, "the first snapshot")
        fixtures = source / "api" / "fixtures" / "users.json"
        fixtures.write_text(fixtures.read_text().replace('"body": "ok"', '"body": "rebuilt"'))
        second = build_site(source / "other.json", out)
        assert second.checksum != first.checksum
        page.reload()  # the page is the new build's; the old build's worker still controls it
        # `ready` resolves once the new build's worker has taken over: the first answer
        # after it is the rebuilt site's.
        page.evaluate("helioDemo.ready")
        assert fetch(page, "__demo/mock/api/health")["text"] == "rebuilt"
        wait_for(
            lambda: (
                sorted(page.evaluate(keys_js, cache))
                == sorted(
                    page.evaluate(
                        "(c) => [`${location.origin}/demos/rebuilt/__demo-snapshot/${c}/files`,"
                        " `${location.origin}/demos/rebuilt/__demo-snapshot/${c}/memory`]",
                        second.checksum,
                    )
                )
            ),
            "the rebuilt site's snapshot to replace the old one",
        )
    finally:
        page.close()
