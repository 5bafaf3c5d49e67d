"""The pytest plugin (demo/pytest_plugin.py) on the project's own shop demo.

pytest-playwright's `browser` would start Playwright for the whole session (its sync API
keeps an event loop running, breaking asyncio.run() in later tests), so this package
launches its own, as tests/demo/serviceworker does; the plugin's fixtures take it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.demo.serviceworker.conftest import browser
from tests.demo.sites import SHOP

__all__ = ["browser"]

SUBPATH = "/docs/demos/shop/"


@pytest.fixture(scope="package")
def browser_context_args() -> dict[str, Any]:
    return {}


@pytest.fixture(scope="session")
def demo_manifest() -> Path:
    return SHOP / "manifest.json"


@pytest.fixture(scope="session")
def demo_subpath() -> str:
    return SUBPATH
