"""Suite-wide settings: browser expectations wait as long as tests/waiting.py says."""

from tests.waiting import BROWSER_WAIT_MS

try:
    from playwright.sync_api import expect
except ImportError:  # the in-Pyodide runs of the host and runtime tests: no browser there
    pass
else:
    # Playwright's own default (5 s) is a guess at the machine's speed that a busy one outlasts.
    expect.set_options(timeout=BROWSER_WAIT_MS)
