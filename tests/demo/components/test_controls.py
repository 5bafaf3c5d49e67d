"""<demo-controls> and the landing page on the built shop demo (under /demos/shop/).

Reset and restart are checked through what a user would look at next: the query
panel's answer (and the engine's, queried from the page).
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.demo.serviceworker.pagejs import query
from tests.demo.sites import REPO, Sites
from tests.waiting import BROWSER_WAIT_MS

from .conftest import DESKTOP, PHONE, Shots

pytestmark = pytest.mark.browser

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"


def _controls(page: Any) -> Any:
    controls = page.locator("demo-controls")
    controls.locator("#restart:not([disabled])").wait_for()
    return controls


def _bodies(page: Any, marker: str) -> list[Any]:
    answer = query(page, "notes", f"SELECT body FROM notes WHERE body = '{marker}'")
    assert answer["status"] == 200, answer
    return answer["body"]["result"]


def _insert_with_the_panel(page: Any, marker: str) -> None:
    panel = page.locator("demo-query-panel[service=notes]")
    panel.locator("button.primary:has-text('Run'):not([disabled])").wait_for()
    detail = panel.evaluate(
        "(el, sql) => el.run(sql)", f"INSERT INTO notes (body) VALUES ('{marker}')"
    )
    assert detail["ok"], detail


def test_shows_namespace_build_and_worker_state(page: Any, sites: Sites, shots: Shots) -> None:
    controls = _controls(page)
    assert controls.locator(".namespace").inner_text() == "shop-test-v1"
    assert controls.locator(".build").inner_text() == sites.shop.checksum
    state = controls.locator(".worker-state")
    page.evaluate("fetch('__demo/manifest')")  # Python answers: the state says ready
    controls.locator(".worker-state", has_text="ready").wait_for()
    assert state.inner_text().startswith("active")
    boot = controls.locator(".boot").inner_text()
    assert " ms" in boot or " s" in boot, boot
    shots.take(controls, "controls-desktop-light")
    page.emulate_media(color_scheme="dark")
    shots.take(controls, "controls-desktop-dark")
    page.set_viewport_size(PHONE)
    shots.take(controls, "controls-phone-dark")
    page.emulate_media(color_scheme="light")
    shots.take(controls, "controls-phone-light")


LOOKS = (
    ("desktop", 1280, "light"),
    ("desktop", 1280, "dark"),
    ("phone", 390, "light"),
    ("phone", 390, "dark"),
)
SCREENSHOTS = Path(__file__).resolve().parents[3] / "build" / "screenshots"


def test_reset_one_service_and_all(page: Any) -> None:
    controls = _controls(page)
    marker = f"reset-{uuid.uuid4().hex[:8]}"
    _insert_with_the_panel(page, marker)
    assert _bodies(page, marker) != []
    events = page.evaluate_handle(
        """() => { const seen = []; document.addEventListener("demo-reset", (e) => seen.push(e.detail)); return seen; }"""
    )
    controls.locator("#target").select_option("notes")
    # It asks first: cancelling resets nothing.
    controls.locator("#reset").click()
    dialog = controls.get_by_role("dialog", name="Reset notes to its seed data?")
    dialog.wait_for()
    for viewport, width, scheme in LOOKS:
        page.set_viewport_size({"width": width, "height": 844 if width < 600 else 800})
        page.emulate_media(color_scheme=scheme)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"controls-reset-confirm-{viewport}-{scheme}.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.emulate_media(color_scheme="light")
    dialog.get_by_role("button", name="Cancel").click()
    assert _bodies(page, marker) != []
    controls.locator("#reset").click()
    controls.locator("#reset-confirm").click()
    result = controls.locator(".result")
    result.wait_for()
    assert result.inner_text() == "Reset to the seed data: notes."
    assert events.evaluate("(seen) => seen.at(-1)") == {"service": "notes", "reset": ["notes"]}
    assert _bodies(page, marker) == []  # the seed has no such note
    controls.locator("#target").select_option("")
    controls.locator("#reset").click()
    controls.locator("#reset-confirm").click()
    controls.locator(".result", has_text="ledger").wait_for()
    assert events.evaluate("(seen) => seen.at(-1)")["reset"] == ["notes", "ledger"]


def test_restarting_the_worker_keeps_the_data(page: Any, shots: Shots) -> None:
    controls = _controls(page)
    marker = f"restart-{uuid.uuid4().hex[:8]}"
    _insert_with_the_panel(page, marker)
    before = controls.evaluate("(el) => el._python?.workerStartedAt")
    assert before is not None, "the worker reported no status"
    controls.locator("#restart").click()
    result = controls.locator(".result")
    result.wait_for(timeout=BROWSER_WAIT_MS)
    assert result.inner_text().startswith("Worker restarted: Python booted again in"), (
        result.inner_text()
    )
    assert "ready" in controls.locator(".worker-state").inner_text()
    # The same worker, a new Python: its memory is gone, the data comes back from IndexedDB.
    assert controls.evaluate("(el) => el._python.workerStartedAt") == before
    panel = page.locator("demo-query-panel[service=notes]")
    panel.evaluate("(el, sql) => el.run(sql)", f"SELECT body FROM notes WHERE body = '{marker}'")
    assert panel.locator("tbody td").inner_text() == marker
    shots.take(controls, "controls-restarted-desktop-light")


def test_landing_page_screenshots_and_accessibility(page: Any, shots: Shots) -> None:
    _controls(page)
    page.locator("demo-fixture-explorer #send:not([disabled])").wait_for()
    page.locator(
        "demo-query-panel[service=ledger] button.primary:has-text('Run'):not([disabled])"
    ).wait_for()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size(size)
            shots.take(page, f"landing-{name}-{scheme}", full_page=True)
            overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
            assert overflow <= 0, f"{name} {scheme}: the page scrolls sideways by {overflow}px"
            # A service chip that wraps keeps one border around it, never split in two.
            split = page.evaluate(
                "[...document.querySelectorAll('.services a')]"
                ".filter((a) => a.getClientRects().length > 1).map((a) => a.textContent)"
            )
            assert split == [], f"{name} {scheme}: chips split across lines: {split}"
        if scheme == "light":
            # evaluate is not subject to the page's CSP, which refuses inline scripts
            page.evaluate(AXE.read_text() + "\n;true")
        found = page.evaluate(
            """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
                 .filter((v) => ["serious", "critical"].includes(v.impact))
                 .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)"""
        )
        assert found == [], f"{scheme}: {found}"
