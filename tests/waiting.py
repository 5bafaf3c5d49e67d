"""Waiting in tests: on what the code does, never on how fast it does it.

A deadline inside a test is a guess at the machine's speed, and a busy machine outlasts any
guess. So the waits here have none: a wait ends when its condition holds, and a test that truly
hangs is stopped by pytest-timeout (`timeout` in pyproject.toml), whose report shows the line
that was waiting. After a minute a wait says on stderr what it is still waiting for, so a slow
run can be told from a hung one.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

T = TypeVar("T")

_SAY_AFTER_S = 60.0


def wait_for(condition: Callable[[], T], what: str, poll_s: float = 0.05) -> T:
    """The first truthy value of `condition()`, polled every `poll_s` seconds."""
    started = time.monotonic()
    said = False
    while True:
        value = condition()
        if value:
            return value
        if not said and time.monotonic() - started > _SAY_AFTER_S:
            print(f"still waiting for {what}", file=sys.stderr)
            said = True
        time.sleep(poll_s)


# Playwright waits need a bound (a failed expectation should say what it expected, not be
# killed by pytest-timeout). This one is far beyond what load makes of a wait that normally
# takes a second, and short of pytest-timeout; every browser wait in the suite uses it.
BROWSER_WAIT_MS = 150_000

# A reply from a test host, a device's handshake step, or a process's exit: idle these take
# well under a second, and a loaded machine has made one take half a minute. A bound for a
# hang (the wait fails there, naming the call), not for speed; short of pytest-timeout.
REPLY_S = 120.0

# A whole sub-run (Pyodide or PGlite in node, a user's suite, a recording): bounds for a hang,
# not for speed. Idle these take one or two minutes; a loaded machine has made them take ten.
HEAVY_RUN_S = 1500
# pytest-timeout for the tests that run one; none inside Pyodide, which has no timer signal
# (its runner turns the suite's timeout off, and these tests only run natively).
heavy = pytest.mark.timeout(0 if sys.platform == "emscripten" else HEAVY_RUN_S + 300)


# What a screenshot waits on: two frames (a change just made is styled, laid out and its
# transitions started), then until no finite animation runs in the page or any of its shadow
# roots (Shoelace's transitions are Web Animations there, which `document.getAnimations()`
# does not list). Infinite ones (spinners) never finish and are not waited on. A fixed pause
# guessed the transitions' length and paid it on every shot.
_SETTLED = """async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  await frame();
  await frame();
  for (let round = 0; round < 20; round++) {
    const roots = [document];
    for (let i = 0; i < roots.length; i++) {
      for (const element of roots[i].querySelectorAll("*")) {
        if (element.shadowRoot) roots.push(element.shadowRoot);
      }
    }
    const running = roots.flatMap((root) => root.getAnimations()).filter((animation) =>
      animation.playState === "running" &&
      animation.effect?.getComputedTiming().endTime !== Infinity);
    if (running.length === 0) return;
    await Promise.all(running.map((animation) => animation.finished.catch(() => null)));
    await frame();
  }
}"""


def wait_until_settled(page: Any) -> None:
    """Until `page` has painted its last change and its transitions have ended."""
    page.evaluate(_SETTLED)
