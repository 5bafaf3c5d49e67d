"""Fixtures for the demo components' tests in headless Chromium.

The built sites and server come from tests/demo/conftest.py, so every page lives
under a subpath (`/demos/shop/`). One browser context per package: the first visit
boots Pyodide once. `shots` saves screenshots under build/screenshots/components/.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.demo.serviceworker.conftest import browser
from tests.demo.sites import REPO, Server
from tests.waiting import BROWSER_WAIT_MS

__all__ = ["PHONE", "Shots", "browser", "open_demo"]

SHOTS = REPO / "build" / "screenshots" / "components"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
# Python boots on the first request of a visit: allow for a fresh start on a busy machine.
BOOT_MS = 180_000


@dataclass
class Shots:
    folder: Path

    def take(self, target: Any, name: str, *, full_page: bool = False) -> Path:
        """A screenshot of a page (or one element) as build/screenshots/components/<name>.png."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{name}.png"
        if full_page:
            target.screenshot(path=str(path), full_page=True)
        else:
            target.screenshot(path=str(path))
        return path


@pytest.fixture(scope="session")
def shots() -> Shots:
    return Shots(SHOTS)


@pytest.fixture(scope="package")
def context(browser: Any, server: Server) -> Iterator[Any]:
    ctx = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    ctx.set_default_timeout(BROWSER_WAIT_MS)  # a shared, busy machine
    # Boot Python once for the package (the first visit installs the wheels).
    page = ctx.new_page()
    page.goto(server.url + "/demos/shop/")
    page.evaluate("helioDemo.ready")
    page.evaluate("fetch('__demo/manifest').then((r) => r.status)")
    page.close()
    yield ctx
    ctx.close()


def open_demo(context: Any, server: Server, path: str = "/demos/shop/") -> Any:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.page_errors = errors
    page.goto(server.url + path)
    page.evaluate("helioDemo.ready")
    return page


@pytest.fixture
def page(context: Any, server: Server) -> Iterator[Any]:
    opened = open_demo(context, server)
    yield opened
    assert opened.page_errors == [], opened.page_errors
    opened.close()


# Re-exported so pytest sees the Chromium fixture in this package.
_ = browser
