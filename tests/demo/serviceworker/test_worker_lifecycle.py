"""The worker's life: persistence, stopped workers, snapshots, namespaces, reset, failures."""

from __future__ import annotations

import json
import re
import time
import uuid
from typing import Any

import pytest

from demo.build.bundle import BUILD_FILE
from tests.demo.serviceworker.conftest import Demo
from tests.demo.serviceworker.pagejs import fetch, query
from tests.demo.sites import SHOP, Sites

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


def _wait_for_snapshot(page: Any, timeout: float = 60) -> list[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        keys = page.evaluate("""async () => {
            const cache = await caches.open("helio-demo-snapshot:/demos/shop/");
            return (await cache.keys()).map((r) => r.url);
        }""")
        if len(keys) == 2:
            return keys
        time.sleep(0.25)
    raise AssertionError("no memory snapshot was kept")


def test_restarted_worker_restores_the_memory_snapshot(page: Any, demo: Demo, sites: Sites) -> None:
    fetch(page, "__demo/mock/api/users")
    keys = _wait_for_snapshot(page)
    assert all(f"/__demo-snapshot/{sites.shop.checksum}/" in key for key in keys)
    mark = len(demo.log.lines)
    demo.stop_workers()
    started = time.monotonic()
    assert fetch(page, "__demo/mock/api/users")["status"] == 200
    elapsed = time.monotonic() - started
    assert any("python ready (snapshot)" in line for line in demo.log.since(mark)), demo.log.since(
        mark
    )
    assert elapsed < 5, (
        f"first answer after a stop took {elapsed:.2f} s"
    )  # bench measures it precisely


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
    cache = "helio-demo-snapshot:/demos/rebuilt/"
    keys_js = "async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)"
    try:
        assert fetch(page, "__demo/mock/api/health")["text"] == "ok"
        _wait_until(lambda: len(page.evaluate(keys_js, cache)) == 2)
        fixtures = source / "api" / "fixtures" / "users.json"
        fixtures.write_text(fixtures.read_text().replace('"body": "ok"', '"body": "rebuilt"'))
        second = build_site(source / "other.json", out)
        assert second.checksum != first.checksum
        page.reload()  # the navigation makes the browser fetch the changed worker script
        page.evaluate("helioDemo.ready")
        _wait_until(lambda: fetch(page, "__demo/mock/api/health")["text"] == "rebuilt")
        _wait_until(
            lambda: (
                sorted(page.evaluate(keys_js, cache))
                == sorted(
                    page.evaluate(
                        "(c) => [`${location.origin}/demos/rebuilt/__demo-snapshot/${c}/files`,"
                        " `${location.origin}/demos/rebuilt/__demo-snapshot/${c}/memory`]",
                        second.checksum,
                    )
                )
            )
        )
    finally:
        page.close()


def _wait_until(check: Any, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.25)
