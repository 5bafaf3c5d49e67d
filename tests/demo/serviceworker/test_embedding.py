"""Demos inside other people's sites (issue 27): root-relative `/__demo/` calls, and each
demo's storage and scope kept to itself, from built sites under two subpaths of one origin.

`twins` are two copies of one build (no `storageNamespace` in its manifest) at
/twins/a/ and /twins/b/deeper/, served by the same server as /demos/shop/.
"""

from __future__ import annotations

import json
import shutil
from typing import Any

import pytest

from tests.demo.serviceworker.conftest import Demo
from tests.demo.serviceworker.pagejs import fetch
from tests.demo.sites import SHOP, Sites

pytestmark = pytest.mark.browser

TWINS = ("/twins/a/", "/twins/b/deeper/")
SQL_HEADERS = {"content-type": "application/json"}


@pytest.fixture(scope="module")
def twins(sites: Sites) -> tuple[str, ...]:
    from demo.build.site import build_site

    first = sites.root / TWINS[0].strip("/")
    build_site(SHOP / "twin.json", first)
    second = sites.root / TWINS[1].strip("/")
    shutil.copytree(first, second)
    return TWINS


def _sql(page: Any, url: str, sql: str) -> Any:
    answer = fetch(
        page, url, {"method": "POST", "headers": SQL_HEADERS, "body": json.dumps({"sql": sql})}
    )
    assert answer["status"] == 200, answer
    return json.loads(answer["text"])["result"]


def _open(demo: Demo, path: str) -> Any:
    page = demo.context.new_page()
    page.goto(demo.url(path))
    page.evaluate("helioDemo.ready")
    return page


@pytest.mark.parametrize("at", TWINS)
def test_root_relative_calls_are_answered_for_every_adapter(
    demo: Demo, twins: tuple[str, ...], at: str
) -> None:
    page = _open(demo, at)
    try:
        for prefix in ("/__demo/", "./__demo/", f"{at}__demo/"):
            manifest = fetch(page, f"{prefix}manifest")
            assert manifest["status"] == 200, prefix
            names = [s["name"] for s in json.loads(manifest["text"])["services"]]
            assert names == ["api", "notes", "counter"], prefix
            health = fetch(page, f"{prefix}mock/api/health")
            assert (health["status"], health["text"]) == (200, "ok"), prefix
            rows = _sql(page, f"{prefix}db/notes/query", "SELECT count(*) AS n FROM notes")
            assert rows[-1]["values"][0][0] >= 0
            counter = fetch(page, f"{prefix}app/counter/count")
            assert counter["status"] == 200, prefix
            assert "count" in json.loads(counter["text"])
            reset = fetch(page, f"{prefix}reset", {"method": "POST"})
            assert reset["status"] == 200, prefix
    finally:
        page.close()


def test_two_demos_on_one_origin_each_answer_their_own_clients(
    demo: Demo, twins: tuple[str, ...]
) -> None:
    shop, twin = _open(demo, "/demos/shop/"), _open(demo, twins[0])
    try:
        names = {
            json.dumps(
                [s["name"] for s in json.loads(fetch(p, "/__demo/manifest")["text"])["services"]]
            )
            for p in (shop, twin)
        }
        assert names == {'["api", "notes", "ledger"]', '["api", "notes", "counter"]'}
    finally:
        shop.close()
        twin.close()


def test_two_copies_of_one_build_at_two_subpaths_keep_their_own_rows(
    demo: Demo, twins: tuple[str, ...]
) -> None:
    a = _open(demo, twins[0])
    try:
        _sql(a, "/__demo/db/notes/query", "INSERT INTO notes (body) VALUES ('only in a')")
        found = _sql(
            a, "/__demo/db/notes/query", "SELECT count(*) FROM notes WHERE body = 'only in a'"
        )
        assert found[-1]["values"] == [[1]]
    finally:
        a.close()
    demo.stop_workers()  # b's worker reads its rows back from storage, not from memory
    b = _open(demo, twins[1])
    try:
        seen = _sql(
            b, "/__demo/db/notes/query", "SELECT count(*) FROM notes WHERE body = 'only in a'"
        )
        assert seen[-1]["values"] == [[0]]
    finally:
        b.close()


STORAGE_NAMES = """async () => ({
  databases: (await indexedDB.databases()).map((d) => d.name).filter((n) => n.startsWith("helio-demo")),
  caches: (await caches.keys()).filter((n) => n.startsWith("helio-demo")),
})"""


def test_each_namespace_has_its_own_database_and_caches(demo: Demo, twins: tuple[str, ...]) -> None:
    shop, page = _open(demo, "/demos/shop/"), _open(demo, twins[0])
    try:
        for opened in (shop, page):
            _sql(opened, "/__demo/db/notes/query", "SELECT 1")
        names = page.evaluate(STORAGE_NAMES)
    finally:
        shop.close()
        page.close()
    # The default namespace carries the demo's path; a named one (shop) is used as named.
    assert any(
        n.startswith("helio-demo twin-demo-") and n.endswith("@/twins/a/")
        for n in names["databases"]
    )
    assert "helio-demo shop-test-v1" in names["databases"]
    assert "helio-demo" not in names["databases"]  # no database shared by every demo
    twin_caches = [n for n in names["caches"] if "@/twins/a/" in n]
    assert {n.split(" ")[0] for n in twin_caches} >= {"helio-demo-site"}


def test_a_demo_worker_cannot_take_a_scope_wider_than_its_folder(
    demo: Demo, twins: tuple[str, ...]
) -> None:
    page = _open(demo, twins[0])
    try:
        outcome = page.evaluate(
            """() => navigator.serviceWorker
                .register("__demo-sw.js", {scope: "/", type: "module"})
                .then(() => "registered", (err) => err.name)"""
        )
    finally:
        page.close()
    assert outcome == "SecurityError"


@pytest.mark.parametrize("at", TWINS)
def test_options_to_an_unknown_service_is_404_and_allow_names_head(
    demo: Demo, twins: tuple[str, ...], at: str
) -> None:
    page = _open(demo, at)
    try:
        for url in ("/__demo/mock/nope/x", "__demo/db/nope/query", "/__demo/nowhere"):
            assert fetch(page, url, {"method": "OPTIONS"})["status"] == 404, url
        wrong = fetch(page, "/__demo/mock/api/health", {"method": "PUT"})
        assert wrong["status"] == 405
        assert wrong["headers"]["allow"] == "GET, HEAD, OPTIONS"
        head = fetch(page, "/__demo/mock/api/health", {"method": "HEAD"})
        assert head["status"] == 200
        manifest = fetch(page, "/__demo/manifest", {"method": "DELETE"})
        assert manifest["headers"]["allow"] == "GET, HEAD, OPTIONS"
    finally:
        page.close()


FRAME_FETCHES = """async ([kind, adopt]) => {
  const frame = document.createElement("iframe");
  if (kind === "srcdoc") frame.srcdoc = "<p>embedded</p>";
  const loaded = new Promise((resolve) => (frame.onload = resolve));
  document.body.append(frame);
  if (kind === "srcdoc") await loaded;
  const win = frame.contentWindow;
  if (adopt) helioDemo.adopt(win);
  const out = {};
  for (const url of ["/__demo/mock/api/health", "http://api:8080/health",
                     new win.Request("__demo/mock/api/health")]) {
    const key = typeof url === "string" ? url : "Request";
    try {
      const response = await win.fetch(url);
      out[key] = `${response.status} ${await response.text()}`;
    } catch (err) {
      out[key] = err.name;
    }
  }
  return out;
}"""


@pytest.mark.parametrize(("kind", "adopt"), [("srcdoc", False), ("blank", True)])
def test_a_srcdoc_or_adopted_about_blank_frame_reaches_the_demo(
    demo: Demo, twins: tuple[str, ...], kind: str, adopt: bool
) -> None:
    page = _open(demo, twins[1])
    try:
        answers = page.evaluate(FRAME_FETCHES, [kind, adopt])
    finally:
        page.close()
    assert set(answers.values()) == {"200 ok"}, answers


def test_an_about_blank_frame_not_adopted_is_not_the_demos(
    demo: Demo, twins: tuple[str, ...]
) -> None:
    # What docs/demo-kit.md warns about: the browser gives it no worker.
    page = _open(demo, twins[1])
    try:
        answers = page.evaluate(FRAME_FETCHES, ["blank", False])
    finally:
        page.close()
    assert answers["/__demo/mock/api/health"].startswith("404"), answers


def test_a_page_in_a_subfolder_reaches_the_demo_with_dot_slash(demo: Demo) -> None:
    # /demos/app/pages/users.html: ./__demo/ is /demos/app/pages/__demo/..., still this demo's.
    page = _open(demo, "/demos/app/pages/users.html")
    try:
        for url in (
            "./__demo/mock/api/users",
            "/__demo/mock/api/users",
            "../__demo/mock/api/users",
        ):
            answer = fetch(page, url)
            assert answer["status"] == 200, url
            assert json.loads(answer["text"])[0]["name"] == "Ada", url
    finally:
        page.close()


def test_copies_that_name_one_namespace_share_it_on_purpose(
    demo: Demo, sites: Sites, twins: tuple[str, ...]
) -> None:
    # The shop's manifest names storageNamespace "shop-test-v1": a copy at another path
    # opens the same database.
    shutil.copytree(sites.shop.out, sites.root / "twins" / "shop-copy")
    shop = _open(demo, "/demos/shop/")
    try:
        _sql(
            shop, "/__demo/db/notes/query", "INSERT INTO notes (body) VALUES ('shared on purpose')"
        )
    finally:
        shop.close()
    demo.stop_workers()
    copy = _open(demo, "/twins/shop-copy/")
    try:
        seen = _sql(
            copy,
            "__demo/db/notes/query",
            "SELECT count(*) FROM notes WHERE body = 'shared on purpose'",
        )
        assert seen[-1]["values"] == [[1]]
    finally:
        copy.close()
