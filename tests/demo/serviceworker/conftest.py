"""Fixtures for the worker's tests in headless Chromium.

The built sites and the server come from tests/demo/conftest.py (`sites`, `server`):
every demo runs under a subpath of the server. One browser context is shared by this
package (the first visit boots Pyodide and makes the memory snapshot once); each test
gets a fresh page.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import CHROMIUM, launch_chromium
from tests.demo.sites import Server


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
