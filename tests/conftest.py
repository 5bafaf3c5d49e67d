"""Suite-wide settings: browser expectations wait as long as tests/waiting.py says."""

import sys

from tests.waiting import BROWSER_WAIT_MS

# Inside Pyodide (tests/demo/runtime/pyodide_runner.mjs) there is no Playwright to set.
if sys.platform != "emscripten":
    from playwright.sync_api import expect

    # Playwright's own default (5 s) is a guess at the machine's speed that a busy one outlasts.
    expect.set_options(timeout=BROWSER_WAIT_MS)
