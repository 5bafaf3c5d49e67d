"""A first visit restores the memory snapshot the build made, and only a matching one."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from demo.build.site import build_site
from demo.build.snapshot import SNAPSHOT_FILE, read_snapshot_file, write_snapshot_file
from tests.demo.serviceworker.pagejs import fetch
from tests.demo.sites import SHOP, Server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def snapshot_sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """/good/: built with its snapshot; /stale/: the snapshot of another build;
    /broken/: a snapshot file that is not one."""
    root = tmp_path_factory.mktemp("snapshot-sites")
    site = build_site(SHOP / "other.json", root / "good", snapshot=True)
    assert site.snapshot is None, site.snapshot
    for name in ("stale", "broken"):
        shutil.copytree(root / "good", root / name)
    parts = read_snapshot_file(root / "good" / SNAPSHOT_FILE)
    write_snapshot_file(root / "stale", parts.__class__("0" * 20, parts.memory, parts.files))
    (root / "broken" / SNAPSHOT_FILE).write_bytes(b"\x1f\x8b truncated")
    with Server(root) as server:
        yield server


def _first_visit(browser: Any, url: str) -> tuple[dict[str, Any], list[str], Any]:
    context = browser.new_context()  # a fresh profile: no worker, no cache
    lines: list[str] = []
    context.on("console", lambda m: lines.append(m.text))
    page = context.new_page()
    page.goto(url)
    page.evaluate("helioDemo.ready")
    return fetch(page, "__demo/mock/api/users/2"), lines, context


def _wait_for_line(page: Any, lines: list[str], text: str, since: int = 0) -> None:
    """Python may finish starting after the answer (a recorded mock answer does not wait
    for it): wait for its line, letting Playwright deliver the worker's console."""
    while not any(text in line for line in lines[since:]):
        page.wait_for_timeout(100)


def test_first_visit_restores_the_build_snapshot(browser: Any, snapshot_sites: Server) -> None:
    answer, lines, context = _first_visit(browser, f"{snapshot_sites.url}/good/")
    try:
        assert answer["status"] == 200, answer
        assert '"Grace"' in answer["text"]
        page = context.pages[0]
        _wait_for_line(page, lines, "python ready (site snapshot)")
        # Kept in the Cache API: a stopped worker restores it without the site's file. The
        # worker says so once the write has finished (a worker stopped mid-write keeps nothing).
        _wait_for_line(page, lines, "snapshot kept for restarts")
        cdp = context.new_cdp_session(page)
        cdp.send("ServiceWorker.enable")
        cdp.send("ServiceWorker.stopAllWorkers")
        mark = len(lines)
        assert fetch(page, "__demo/mock/api/users/2")["status"] == 200
        _wait_for_line(page, lines, "python ready (snapshot)", mark)
    finally:
        context.close()


@pytest.mark.parametrize(
    ("site", "warning"), [("stale", "is for build 0000"), ("broken", "cannot use the site's")]
)
def test_a_snapshot_that_does_not_match_is_ignored(
    browser: Any, snapshot_sites: Server, site: str, warning: str
) -> None:
    answer, lines, context = _first_visit(browser, f"{snapshot_sites.url}/{site}/")
    try:
        assert answer["status"] == 200, answer
        assert '"Grace"' in answer["text"]
        _wait_for_line(context.pages[0], lines, "python ready (fresh)")
        assert any(warning in line for line in lines), lines
    finally:
        context.close()
