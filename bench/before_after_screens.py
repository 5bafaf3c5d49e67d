"""Before/after screenshots of issue 22's friction points, like for like.

    .venv/bin/python -m bench.before_after_screens [--base ca0732f] [--side before|after|both]
        [--out build/screenshots] [--docs [DIR]]

For each side the flagship demo is built the way `make demo` builds it (the Makefile's
flagship-console target, then `python -m demo build` of fixtures/host-demo), served on
loopback and walked in headless Chromium as a visitor would: the landing page, the
console's boot screen, sign-in, pairing with a wrong PIN and with the landing page's own
steps in one tab, every console page the issue names, an unknown path, the password page,
the console in German, the landing's history panel and its reset. Each screen is saved at
1280 and 390 px in light and dark:

    <out>/before/before-<screen>-<desktop|phone>-<light|dark>.png   (the code at --base)
    <out>/after/<screen>-<desktop|phone>-<light|dark>.png            (this checkout)

"before" is --base (default ca0732f, the last commit before issue 22's first one, 3d1d149),
taken out of git with `git archive` into a temporary folder; it runs on this checkout's
.venv, node_modules and .cache (its locks pin the same versions; today's only add
packages). "after" is the working tree itself. The walk uses no selector that only one
side has where it can avoid it (nav links by path, not by their words); where the old code
has no such screen, the shot shows what the visitor got. The list of friction points with
these names: docs/before-after.md. Not a benchmark (no TITLE): `python -m bench` skips it.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BASE = "ca0732f"
USERNAME, PASSWORD = "admin", "helio-demo"  # the demo's credentials, shown on its landing page
BOOT_MS = 300_000  # a cold first visit boots Pyodide: slow on a shared 2-core box
WAIT_MS = 60_000
LOOKS = (
    ("desktop", 1280, 800, "light"),
    ("desktop", 1280, 800, "dark"),
    ("phone", 390, 844, "light"),
    ("phone", 390, 844, "dark"),
)
# What each side's checkout borrows from this one (the same pinned versions).
SHARED = (".venv", "node_modules", ".cache")
USERNAME_FIELD = "helio-signin-page sl-input[name=username] input"
# The pairs copied for readers (--docs): desktop, light, the viewport only (small files).
# What the console says once a typed PIN is judged: after, the followed request's final
# outcome; before, the only answer there was (a success toast).
OUTCOME = "helio-devices-page [data-outcome]:not([data-outcome=checking])"
DOCS_SCREENS = (
    "pairing-wrong-pin",
    "pairing-one-tab",
    "settings",
    "tokens",
    "logs",
    "displays",
    "unknown-path",
    "reset",
    "console-boot",
    "landing",
)


def say(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", flush=True)


@contextmanager
def checkout(base: str | None) -> Iterator[Path]:
    """This working tree (base None), or `base` exported into a temporary folder with
    this checkout's environment linked in."""
    if base is None:
        yield ROOT
        return
    with tempfile.TemporaryDirectory(prefix="helio-before-") as temp:
        tree = Path(temp) / "tree"
        tree.mkdir()
        archive = subprocess.run(
            ["git", "archive", base], cwd=ROOT, check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        for name in SHARED:
            (tree / name).symlink_to((ROOT / name).resolve())
        yield tree


def build_flagship(tree: Path, out: Path) -> None:
    """`make demo` without its serve step: the console bundle by the Makefile's own rule
    (the stamps of the borrowed environment are taken as done), then the site."""
    python = str(ROOT / ".venv" / "bin" / "python")
    subprocess.run(
        [
            "make",
            "--no-print-directory",
            "-o",
            "node_modules/.installed",
            "-o",
            ".venv/.installed",
            "build/flagship-console/index.html",
        ],
        cwd=tree,
        check=True,
    )
    manifest = "fixtures/host-demo/manifest.json"
    # `python -m demo` from the tree's root: its own host/ and demo/ come first on sys.path.
    subprocess.run(
        [python, "-m", "demo", "build", "--manifest", manifest, "--out", str(out)],
        cwd=tree,
        check=True,
    )


class Walk:
    """One side's walk: screens saved as <folder>/<prefix><screen>-<look>.png."""

    def __init__(self, browser: Any, url: str, folder: Path, side: str, docs: Path | None) -> None:
        self.browser = browser
        self.side = side
        self.docs = docs
        self.url = url  # the site's root, ending in "/"
        self.folder = folder
        self.prefix = "before-" if side == "before" else ""
        self.saved: list[str] = []
        self.console_errors: list[str] = []
        folder.mkdir(parents=True, exist_ok=True)

    def context(self, locale: str = "en-US") -> Any:
        context = self.browser.new_context(viewport={"width": 1280, "height": 800}, locale=locale)
        context.on("console", self._note_error)
        return context

    def open_landing(self, page: Any) -> Any:
        """`page` on the landing page, once its demo (worker and Python) is ready."""
        page.goto(self.url)
        page.evaluate("helioDemo.ready")
        return page

    def _note_error(self, message: Any) -> None:
        if message.type == "error":  # with its address: a 404's text does not name it
            self.console_errors.append(f"{message.text} ({message.location.get('url', '')})")

    def shoot(self, page: Any, screen: str, settle_ms: int = 300) -> None:
        """The four looks of one screen, the page resized and recoloured in place."""
        for viewport, width, height, scheme in LOOKS:
            page.set_viewport_size({"width": width, "height": height})
            page.emulate_media(color_scheme=scheme)
            page.wait_for_timeout(settle_ms)  # layout and Shoelace transitions settle
            name = f"{self.prefix}{screen}-{viewport}-{scheme}.png"
            page.screenshot(path=str(self.folder / name), full_page=True)
            if self.docs and screen in DOCS_SCREENS and (viewport, scheme) == ("desktop", "light"):
                self.docs.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(self.docs / f"{screen}-{self.side}.png"))
        page.set_viewport_size({"width": 1280, "height": 800})
        page.emulate_media(color_scheme="light")
        self.saved.append(screen)
        say(f"  {self.prefix}{screen}")

    def sign_in(self, page: Any) -> None:
        page.locator(USERNAME_FIELD).wait_for(timeout=BOOT_MS)
        page.locator(USERNAME_FIELD).fill(USERNAME)
        page.locator("helio-signin-page sl-input[name=password] input").fill(PASSWORD)
        page.locator("helio-signin-page sl-button[type=submit]").click()
        page.locator("#who").wait_for(timeout=WAIT_MS)

    def go(self, page: Any, path: str) -> None:
        """A console page through its nav link (found by path: the words differ by side)."""
        page.locator(f'nav.side a[href$="/console/{path}"]').first.click()
        tag = page.evaluate("location.pathname")
        assert tag.endswith(path), tag
        # The page loads what it shows; polling pages never go network-idle, so a pause.
        page.wait_for_timeout(2500)

    def ask_to_pair(self, page: Any, device: str) -> str:
        """The landing page's own step: the simulated device asks, and shows its PIN."""
        page.fill("#pair-form input[name=name]", device)
        page.click("#pair-form button[type=submit]")
        pin = page.locator("#device-pin")
        pin.wait_for(timeout=BOOT_MS)
        shown: str = pin.inner_text()
        return shown

    def type_pin(self, page: Any, device: str, pin: str) -> None:
        request = page.locator("helio-devices-page [data-request]").filter(has_text=device)
        request.wait_for(timeout=WAIT_MS)
        request.get_by_label("PIN", exact=True).fill(pin)
        request.get_by_role("button", name="Pair").click()

    # The screens, in the order a first-time visitor meets them.

    def boot_and_landing(self) -> None:
        context = self.context()
        page = context.new_page()
        page.goto(self.url + "console/")
        page.wait_for_timeout(1500)  # what a cold first visit shows before the host answers
        self.shoot(page, "console-boot", settle_ms=100)
        page.locator(USERNAME_FIELD).wait_for(timeout=BOOT_MS)
        self.shoot(page, "signin")
        self.shoot(self.open_landing(page), "landing")
        context.close()

    def console_pages(self) -> None:
        context = self.context()
        landing = self.open_landing(context.new_page())
        device = "Bedroom TV"
        shown = self.ask_to_pair(landing, device)
        page = context.new_page()
        page.goto(self.url + "console/")
        self.sign_in(page)
        page.wait_for_timeout(2500)
        self.shoot(page, "dashboard")
        self.go(page, "devices")
        wrong = f"{(int(shown) + 1) % 10000:04d}"
        self.type_pin(page, device, wrong)
        # Before: a success toast; after: the request's outcome, followed by id.
        said = page.locator(OUTCOME).or_(page.get_by_text("PIN accepted"))
        said.first.wait_for(timeout=WAIT_MS)
        self.shoot(page, "pairing-wrong-pin", settle_ms=100)
        for path in ("settings", "tokens", "logs", "displays", "helpers", "integrations", "apps"):
            self.go(page, path)
            self.shoot(page, path)
        for path in ("account", "no-such-page"):
            page.goto(self.url + "console/" + path)
            # The console signed in, or what else the visitor got (a 404 page has no app).
            page.locator("#who").or_(page.locator("body:not(:has(helio-app))")).first.wait_for(
                timeout=BOOT_MS
            )
            page.wait_for_timeout(1500)
            self.shoot(page, path if path == "account" else "unknown-path")
        landing.close()
        context.close()

    def pairing_in_one_tab(self) -> None:
        """The landing page's steps in one tab: ask, open the console there, type the PIN."""
        context = self.context()
        page = self.open_landing(context.new_page())
        device = "Den TV"
        shown = self.ask_to_pair(page, device)
        page.click("#open-console")  # the landing page (and its polling) is gone
        self.sign_in(page)
        self.go(page, "devices")
        self.type_pin(page, device, shown)
        said = page.locator(OUTCOME).or_(page.get_by_text("PIN accepted"))
        said.first.wait_for(timeout=WAIT_MS)
        # Time for a device that finishes the handshake to be listed (and less than the
        # 5 s a success toast stays, so the "before" shot shows what the console said).
        page.wait_for_timeout(3000)
        self.shoot(page, "pairing-one-tab")
        self.landing_history_and_reset(page)
        context.close()

    def console_in_german(self) -> None:
        context = self.context(locale="de-DE")
        page = context.new_page()
        page.goto(self.url + "console/")
        self.sign_in(page)
        page.wait_for_timeout(2500)
        self.shoot(page, "console-de")
        context.close()

    def landing_history_and_reset(self, page: Any) -> None:
        """Back on the landing page after pairing (so the host has done something for this
        visitor): the history panel's own first example, then "Reset to seed data"."""
        self.open_landing(page)
        page.evaluate(
            """() => customElements.whenDefined('demo-query-panel').then(async () => {
              const panel = document.querySelector('demo-query-panel[service=history]');
              for (let i = 0; i < 900 && !(await panel.run()); i++)
                await new Promise((r) => setTimeout(r, 200));
            })"""
        )
        page.locator("demo-query-panel[service=history]").scroll_into_view_if_needed()
        self.shoot(page, "landing-history")
        page.locator("demo-controls #reset").click()
        page.wait_for_timeout(1500)  # before: the reset runs at once; after: it asks
        self.shoot(page, "reset")


SCREENS: tuple[str, ...] = (
    "boot_and_landing",
    "console_pages",
    "pairing_in_one_tab",
    "console_in_german",
)


def walk_side(tree: Path, folder: Path, side: str, work: Path, docs: Path | None) -> Walk:
    from playwright.sync_api import sync_playwright

    from demo.build.chromium import launch_chromium
    from demo.serve import ServerThread

    site = work / "www" / "host"
    say(f"building the flagship of {tree}")
    build_flagship(tree, site)
    with ServerThread(site.parent) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        walk = Walk(browser, server.url + "/host/", folder, side, docs)
        for step in SCREENS:
            run: Callable[[], None] = getattr(walk, step)
            try:
                run()
            except Exception as error:  # one failed step is said; the others still run
                say(f"  {step} failed: {type(error).__name__}: {str(error)[:300]}")
        browser.close()
    return walk


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default=BASE, help="the 'before' commit (default %(default)s)")
    parser.add_argument("--side", choices=("before", "after", "both"), default="both")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "screenshots")
    parser.add_argument(
        "--docs",
        type=Path,
        nargs="?",
        const=ROOT / "docs" / "screenshots" / "before-after",
        help="also write the readers' pairs (<screen>-<side>.png) here",
    )
    args = parser.parse_args()
    sides = ("before", "after") if args.side == "both" else (args.side,)
    began = time.monotonic()
    for side in sides:
        folder = args.out / side
        shutil.rmtree(folder, ignore_errors=True)
        with (
            checkout(args.base if side == "before" else None) as tree,
            tempfile.TemporaryDirectory(prefix=f"helio-{side}-site-") as work,
        ):
            walk = walk_side(tree, folder, side, Path(work), args.docs)
        errors = sorted(set(walk.console_errors))
        (folder / "console-errors.txt").write_text("".join(f"{e}\n" for e in errors))
        say(
            f"{side}: {len(walk.saved)} screens x 4 looks in {folder}; {len(errors)} console errors"
        )
    say(f"done in {time.monotonic() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
