"""Headless Chromium as this project drives it (site builds, tests, bench).

Playwright cannot download its own browsers here, so it launches Debian's build
(`make chromium` installs it): its headless shell when installed, else the browser. The
flags keep Chromium from reaching for the network.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "launch_chromium"]

# Debian's `chromium-headless-shell` is the same Blink and V8 without the full browser's
# windowing and compositing (Playwright's own pick for headless runs): the console's pages
# render in about two thirds of the time (tests/web/test_i18n.py's page tours: 42 s
# against 61 s, same run). Pages look and behave the same; the browser is the fallback.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
BROWSER = "/usr/bin/chromium"
CHROMIUM = HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else BROWSER
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def launch_chromium(playwright: Any) -> Any:
    """A Browser from a (sync or async) Playwright instance."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
