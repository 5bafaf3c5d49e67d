"""The flagship demo, built and served for the browser tests.

Two builds of fixtures/host-demo below one origin, each under a subpath: `/demos/host/`
(its own namespace) and `/demos/host-b/` (the same manifest with another
storageNamespace), so the tests cover subpaths and namespaces on one origin. The console
bundle is built first (as `make demo` does), because the site links it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import CHROMIUM, launch_chromium
from tests.demo.sites import REPO, Server
from tests.waiting import wait_until_settled

from .plain_host import PlainHost

SOURCE = REPO / "fixtures" / "host-demo"
SCREENSHOTS = REPO / "build" / "screenshots"
USERNAME, PASSWORD = "admin", "helio-demo"
BOOT_MS = 180_000  # a first visit boots Pyodide and imports the host: slow on a busy CI box


def build_console() -> None:
    """What `make build/flagship-console/index.html` runs: the native bundle, configured
    for the demo host (fixtures/host-demo/site/console links to its output)."""
    subprocess.run(["node", "web/build.mjs", "--flagship"], cwd=REPO, check=True)


@pytest.fixture(scope="session")
def flagship_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from demo.build.site import build_site

    build_console()
    root = tmp_path_factory.mktemp("flagship")
    build_site(SOURCE / "manifest.json", root / "demos" / "host")
    other = root / "source-b" / "host-demo"
    shutil.copytree(SOURCE, other, symlinks=False)  # the console link becomes a copy
    shutil.copytree(SOURCE.parent / "host-recorded", other.parent / "host-recorded")
    manifest = json.loads((other / "manifest.json").read_text())
    manifest["storageNamespace"] = "helio-host-demo-b"
    (other / "manifest.json").write_text(json.dumps(manifest))
    build_site(other / "manifest.json", root / "demos" / "host-b")
    return root


@pytest.fixture(scope="session")
def flagship_server(flagship_root: Path) -> Iterator[Server]:
    with Server(flagship_root) as running:
        yield running


@dataclass
class Flagship:
    context: Any
    cdp: Any
    server: Server
    log: list[str]

    def open(self, path: str) -> Any:
        page = self.context.new_page()
        page.goto(self.server.url + path)
        page.evaluate("helioDemo.ready")
        return page

    def stop_workers(self) -> None:
        self.cdp.send("ServiceWorker.stopAllWorkers")


@pytest.fixture(scope="package")
def flagship(flagship_server: Server) -> Iterator[Flagship]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is not installed: run `make chromium` (make test does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        log: list[str] = []
        context.on("console", lambda message: log.append(f"{message.type}: {message.text}"))
        first = context.new_page()
        cdp = context.new_cdp_session(first)
        cdp.send("ServiceWorker.enable")
        yield Flagship(context, cdp, flagship_server, log)
        context.close()
        browser.close()


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"flagship-{name}.png"), full_page=True)


LOOKS = (
    ("desktop", 1280, 800, "light"),
    ("desktop", 1280, 800, "dark"),
    ("phone", 390, 844, "light"),
    ("phone", 390, 844, "dark"),
)


def shot_looks(page: Any, name: str, check: Callable[[Any], object] | None = None) -> None:
    """`flagship-<name>-<desktop|phone>-<light|dark>.png`, the page resized and recoloured
    in place; no look may scroll sideways; `check(page)` runs in each look (axe). The page
    is left at desktop/light."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for viewport, width, height, scheme in LOOKS:
        page.set_viewport_size({"width": width, "height": height})
        page.emulate_media(color_scheme=scheme)
        wait_until_settled(page)
        wide = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert wide <= 0, f"{name} scrolls sideways by {wide}px at {width}px ({scheme})"
        path = SCREENSHOTS / f"flagship-{name}-{viewport}-{scheme}.png"
        page.screenshot(path=str(path), full_page=True)
        if check is not None:
            check(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.emulate_media(color_scheme="light")


@pytest.fixture
def plain_host(flagship_root: Path) -> Iterator[PlainHost]:
    """The built flagship on a plain static host of its own origin (a fresh worker),
    under the subpath /host/."""
    host = PlainHost(flagship_root / "demos")
    yield host
    host.stop()
