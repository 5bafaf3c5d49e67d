"""Headless Chromium for the tests: the launcher the site build uses (demo.build.chromium)."""

from __future__ import annotations

from demo.build.chromium import CHROMIUM, CHROMIUM_ARGS, launch_chromium

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "launch_chromium"]
