"""One headless Chromium for this package's browser modules (the samples and the Studio),
launched as tests/demo/serviceworker does; each test opens its own context or page."""

from __future__ import annotations

from tests.demo.serviceworker.conftest import browser

__all__ = ["browser"]
