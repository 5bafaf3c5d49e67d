"""Headless Chromium as this project drives it (site builds, tests, bench).

Playwright cannot download its own browsers here, so it launches Debian's
`/usr/bin/chromium` (`make chromium` installs it). The flags keep Chromium from
reaching for the network.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "launch_chromium"]

CHROMIUM = "/usr/bin/chromium"
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
