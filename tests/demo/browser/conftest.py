"""Fixtures for the demo site tests: built sites, a loopback server, headless Chromium.

The sites are built once per session into `<tmp>/demos/shop`,
`<tmp>/demos/other` and `<tmp>/demos/app`, and the server serves `<tmp>`, so
every browser test runs its demo under a subpath. One browser context is shared by the session
(the first visit boots Pyodide and makes the memory snapshot once); each test
gets a fresh page.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from demo.build.site import SiteBuild, build_site
from tests.chromium import CHROMIUM, launch_chromium

SITES = Path(__file__).parent / "sites"


@dataclass(frozen=True)
class Sites:
    root: Path
    shop: SiteBuild
    other: SiteBuild
    app: SiteBuild


@pytest.fixture(scope="session")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Sites:
    root = tmp_path_factory.mktemp("served")
    shop = build_site(SITES / "shop" / "manifest.json", root / "demos" / "shop")
    other = build_site(SITES / "shop" / "other.json", root / "demos" / "other")
    app = build_site(SITES / "shop" / "with-app.json", root / "demos" / "app")
    return Sites(root, shop, other, app)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """uvicorn in a thread, serving one folder."""

    def __init__(self, folder: Path, *, native_demo: bool = False) -> None:
        import uvicorn

        from demo.serve import make_app

        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            make_app(folder, native_demo=native_demo),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)

    def __enter__(self) -> Server:
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=5)


@pytest.fixture(scope="session")
def server(sites: Sites) -> Iterator[Server]:
    with Server(sites.root) as running:
        yield running


# Package scope, not session: Playwright's sync API keeps an event loop running on the
# main thread while it is alive, which would break asyncio.run() in every later test.
@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is not installed: run `make chromium` (make test does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


class WorkerLog:
    """Console lines of the pages and service workers of one context."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, message: Any) -> None:
        self.lines.append(f"{message.type}: {message.text}")

    def since(self, mark: int) -> list[str]:
        return self.lines[mark:]


@dataclass
class Demo:
    """One shared browser context on the test server, with CDP for the worker."""

    context: Any
    cdp: Any
    server: Server
    log: WorkerLog

    def url(self, path: str) -> str:
        return self.server.url + path

    def open(self, path: str = "/demos/shop/") -> Any:
        page = self.context.new_page()
        page.goto(self.url(path))
        page.evaluate("helioDemo.ready")
        return page

    def stop_workers(self) -> None:
        self.cdp.send("ServiceWorker.stopAllWorkers")


@pytest.fixture(scope="package")
def demo(browser: Any, server: Server) -> Iterator[Demo]:
    context = browser.new_context()
    log = WorkerLog()
    context.on("console", log)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    yield Demo(context, cdp, server, log)
    context.close()


@pytest.fixture
def page(demo: Demo) -> Iterator[Any]:
    opened = demo.open()
    yield opened
    opened.close()
