"""Fixtures for the console's browser tests (contract: /work/coord/CONSOLE_CONTRACT.md).

- `host`: the real native host (`python -m host serve --simulate-streams`) with the
  account ADMIN, shared by a test module; `fresh_host`: one with no account.
- `open_page(path, look=..., signed_in=True, host=None)`: a Playwright page at a
  LOOK (desktop 1280x800 or phone 390x844, light or dark). Every page it opens fails its
  test at teardown on a CSP violation or an uncaught script error.
- `signed_in_page`: `open_page("")` at desktop/light.
- `shot(page, name)`: `build/screenshots/<name>-<desktop|phone>-<light|dark>.png`.
- `check_axe(page)`: axe-core from node_modules; fails on serious/critical violations.
- `check_simulated_line(...)`: a page's one "simulated" line is there exactly when the
  host's answers say `"simulated": true` (the real host's answers, with the field the
  browser demo's host adds: tests/host/demo_profile checks that host's answers).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect, sync_playwright

from tests.chromium import launch_chromium
from tests.host.server import HostProcess, running_host
from tests.waiting import wait_until_settled

from .bundle import ROOT, ensure_console_built

ADMIN = ("admin", "correct-horse-battery")
SCREENSHOTS = ROOT / "build" / "screenshots"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@dataclass(frozen=True)
class Look:
    viewport: str  # "desktop" | "phone"
    scheme: str  # "light" | "dark"

    @property
    def size(self) -> dict[str, int]:
        return (
            {"width": 1280, "height": 800}
            if self.viewport == "desktop"
            else {"width": 390, "height": 844}
        )


DESKTOP_LIGHT = Look("desktop", "light")
LOOKS = (
    Look("desktop", "light"),
    Look("desktop", "dark"),
    Look("phone", "light"),
    Look("phone", "dark"),
)

# Set per page by open_page, read by shot().
_LOOK_OF: dict[int, Look] = {}


@pytest.fixture(scope="session", autouse=True)
def console_bundle() -> Path:
    return ensure_console_built()


# Package scope, not session: Playwright's sync API keeps an event loop running on the
# main thread while it is alive, which breaks asyncio.run() and every other sync Playwright
# in the tests that the same xdist worker runs after this folder.
@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostProcess]:
    data = tmp_path_factory.mktemp("console-host") / "data"
    with running_host(data, "--simulate-streams", credentials=ADMIN) as process:
        yield process


@pytest.fixture
def fresh_host(tmp_path: Path) -> Iterator[HostProcess]:
    with running_host(tmp_path / "data", "--simulate-streams") as process:
        yield process


def sign_in(context: BrowserContext, host: HostProcess, remember: bool = False) -> None:
    """Sign the context in through the API (the cookies are the browser's)."""
    answer = context.request.post(
        f"{host.url}/api/auth/login",
        data={"username": ADMIN[0], "password": ADMIN[1], "remember_me": remember},
    )
    assert answer.ok, answer.text()


OpenPage = Callable[..., Page]


@pytest.fixture
def open_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[OpenPage]:
    opened: list[tuple[BrowserContext, list[str]]] = []

    def open_(
        path: str = "",
        look: Look = DESKTOP_LIGHT,
        signed_in: bool = True,
        host: HostProcess | None = None,
    ) -> Page:
        target = host or request.getfixturevalue("host")
        context = browser.new_context(
            ignore_https_errors=True,
            base_url=target.url,
            viewport=look.size,
            color_scheme=look.scheme,  # type: ignore[arg-type]
            reduced_motion="reduce",
        )
        problems: list[str] = []
        opened.append((context, problems))
        if signed_in:
            sign_in(context, target)
        page = context.new_page()
        page.on(
            "console",
            lambda m: (
                problems.append(m.text)
                if m.type == "error" and "Content Security Policy" in m.text
                else None
            ),
        )
        page.on("pageerror", lambda e: problems.append(f"uncaught: {e}"))
        _LOOK_OF[id(page)] = look
        page.goto(f"/{path}")
        return page

    yield open_
    for context, _ in opened:
        context.close()
    found = [p for _, problems in opened for p in problems]
    assert not found, f"CSP violations or script errors: {found}"


@pytest.fixture
def signed_in_page(open_page: OpenPage) -> Page:
    page = open_page("")
    expect(page.locator("#who")).to_have_text(ADMIN[0])
    return page


def shot(page: Page, name: str, full_page: bool = True) -> Path:
    """Save a screenshot named after the page's look: the whole page, or (full_page
    False) the screen as a person sees it, where fixed layers such as toasts sit."""
    look = _LOOK_OF.get(id(page), DESKTOP_LIGHT)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}-{look.viewport}-{look.scheme}.png"
    page.evaluate("window.scrollTo(0, 0)")  # sticky bars sit where a person sees them
    wait_until_settled(page)
    page.screenshot(path=str(path), full_page=full_page)
    return path


def sideways_scroll(page: Page) -> int:
    """How far (px) the page scrolls sideways: 0 where it fits the screen. Measured
    against the width inside any scrollbar, so a few pixels hidden under it count too."""
    return int(
        page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    )


def check_axe(page: Page) -> list[dict[str, Any]]:
    """Run axe-core on the page; fail on any serious or critical violation."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.evaluate(AXE.read_text() + "\n;true")  # evaluate is not subject to the CSP
    result = page.evaluate(
        "async () => JSON.stringify(await axe.run(document, {resultTypes: ['violations']}))"
    )
    violations: list[dict[str, Any]] = json.loads(result)["violations"]
    bad = [v for v in violations if v["impact"] in ("serious", "critical")]
    detail = [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in bad
    ]
    assert not bad, "axe-core: " + "; ".join(detail)
    return violations


def answers_simulated(page: Page, paths: re.Pattern[str]) -> None:
    """From now on the page gets the host's answers on `paths` marked `"simulated": true`,
    as the browser demo's host sends them; then the page loads again."""

    def mark(route: Route) -> None:
        answer = route.fetch()
        route.fulfill(response=answer, json={**answer.json(), "simulated": True})

    page.route(paths, mark)
    page.reload()


def check_simulated_line(
    open_page: OpenPage,
    path: str,
    paths: re.Pattern[str],
    line: tuple[str, str],
    ready: Callable[[Page], None],
) -> None:
    """`path` shows no line (id, text) for a real PC; with the host's answers on `paths`
    marked simulated it shows it, at desktop light and phone dark (shot, axe)."""
    note, text = line
    page = open_page(path)
    ready(page)
    expect(page.locator(f"#{note}")).to_have_count(0)
    page.context.close()
    for look in (LOOKS[0], LOOKS[3]):
        page = open_page(path, look=look)
        answers_simulated(page, paths)
        expect(page.locator(f"#{note}")).to_have_text(text)
        ready(page)
        shot(page, f"{path}-simulated-line")
        check_axe(page)
        page.context.close()


def each_look(open_page: OpenPage, path: str, name: str, ready: Callable[[Page], None]) -> None:
    """Open `path` at every LOOK, wait for `ready`, screenshot it and check it with axe."""
    for look in LOOKS:
        page = open_page(path, look=look)
        ready(page)
        shot(page, name)
        check_axe(page)
        page.context.close()
