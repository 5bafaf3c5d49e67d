"""Suite-wide settings: browser expectations wait as long as tests/waiting.py says."""

import collections
import itertools
import os
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.waiting import BROWSER_WAIT_MS

try:
    from playwright.sync_api import expect
except ImportError:  # the in-Pyodide runs of the host and runtime tests: no browser there
    pass
else:
    # Playwright's own default (5 s) is a guess at the machine's speed that a busy one outlasts.
    expect.set_options(timeout=BROWSER_WAIT_MS)


# -- what the suite's last teardown spends its time on (issue 28) -----------------------
class _LastTeardown:
    """The last test's teardown also ends every session fixture (servers, browsers, hosts),
    and CI's durations report shows one figure for all of them: each finalizer's time is
    kept, and those over a second are named at the end of the report. A plugin, not
    conftest hooks: a session fixture's finalizer reports to the session's hooks only."""

    def __init__(self) -> None:
        self.marks: list[tuple[float, str]] = []

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_teardown(
        self, item: pytest.Item, nextitem: pytest.Item | None
    ) -> Iterator[None]:
        if nextitem is None:
            self.marks.append((time.monotonic(), "(start)"))
            # Added last, so the first of the session's finalizers: every narrower fixture
            # is done with the demo servers by then.
            item.session.addfinalizer(_stop_demo_servers)
        return (yield)

    def pytest_fixture_post_finalizer(self, fixturedef: pytest.FixtureDef[Any]) -> None:
        if self.marks:
            self.marks.append((time.monotonic(), f"{fixturedef.argname} ({fixturedef.scope})"))

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        slow = [
            f"{later - earlier:6.2f}s  {name}"
            for (earlier, _), (later, name) in itertools.pairwise(self.marks)
            if later - earlier > 1.0
        ]
        if slow:
            terminalreporter.write_sep("=", "slow finalizers in the last test's teardown")
            for line in slow:
                terminalreporter.write_line(line)


def _stop_demo_servers() -> None:
    """Asks the session's demo servers (`server`, `flagship_server`, the plugin's
    `demo_site`) to stop together, before their fixtures stop each in turn: each may wait
    up to 5 s for a response under way, and those waits then overlap (issue 28: 15 s)."""
    serve = sys.modules.get("demo.serve")  # never imported: no server runs (in Pyodide)
    if serve is not None:
        serve.ServerThread.stop_all()


class _WorkerBalance:
    """Under xdist the suite's wall time is its busiest worker's: the controller adds up
    each worker's test time and each group's (`_group_of`), and prints
    them, so an uneven share-out shows in CI's report (issue 28)."""

    def __init__(self) -> None:
        self.by_worker: collections.Counter[str] = collections.Counter()
        self.by_group: collections.Counter[str] = collections.Counter()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        node = getattr(report, "node", None)  # set by xdist on the controller only
        if node is None:
            return
        self.by_worker[node.gateway.id] += report.duration
        self.by_group[_group_of(report.location[0])] += report.duration

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not self.by_worker:
            return
        terminalreporter.write_sep("=", "test time per worker and the longest groups")
        for worker, seconds in sorted(self.by_worker.items()):
            terminalreporter.write_line(f"{seconds:8.1f}s  worker {worker}")
        for group, seconds in self.by_group.most_common(12):
            terminalreporter.write_line(f"{seconds:8.1f}s  {group}")


class _LongRunning:
    """Names, on the controller's stderr, every test that has run for `_SAY_AFTER_S` and
    again at each multiple of it. CI's log keeps only its tail, and xdist's progress dots
    say nothing of a test that never ends: a hang (or a run that load drags out) must name
    itself while it goes on, not after CI has stopped the run."""

    _SAY_AFTER_S = 600.0

    def __init__(self) -> None:
        self.running: dict[str, float] = {}
        self.lock = threading.Lock()
        threading.Thread(target=self._watch, name="helio-long-running", daemon=True).start()

    def pytest_runtest_logstart(self, nodeid: str) -> None:
        with self.lock:
            self.running[nodeid] = time.monotonic()

    def pytest_runtest_logfinish(self, nodeid: str) -> None:
        with self.lock:
            self.running.pop(nodeid, None)

    def _watch(self) -> None:
        said: dict[str, int] = {}
        while True:
            time.sleep(15)
            now = time.monotonic()
            with self.lock:
                running = dict(self.running)
            for nodeid, started in running.items():
                rounds = int((now - started) // self._SAY_AFTER_S)
                if rounds > said.get(nodeid, 0):
                    said[nodeid] = rounds
                    minutes = (now - started) / 60
                    print(f"\n[still running after {minutes:.0f} min] {nodeid}", file=sys.stderr)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(_LastTeardown(), "helio-last-teardown")
    # Postgres seed images are built once per content for the whole run, its workers and
    # the builds its tests start as processes (demo/build/seed_cache.py): the example
    # demo's Chinook seed alone takes a minute, and a dozen fixtures build it. Kept in the
    # checkout, not the user's cache; tests of the cache itself set their own folder.
    os.environ.setdefault("HELIO_BUILD_CACHE", str(config.rootpath / ".cache" / "seed-images"))
    if not hasattr(config, "workerinput"):  # the controller (or a run without xdist)
        config.pluginmanager.register(_WorkerBalance(), "helio-worker-balance")
        if sys.platform != "emscripten":  # Pyodide has no threads
            config.pluginmanager.register(_LongRunning(), "helio-long-running")


# -- two workers (pytest-xdist, `make test`) ---------------------------------------------
# Both folders rebuild build/flagship-console (the flagship's fixtures and
# bench/flagship_console.py) and serve it: one group, so they run one after another.
_SHARED_BUILD_OUTPUT = ("tests/bench", "tests/demo/host")
_SHARED_BUILD_GROUP = "+".join(_SHARED_BUILD_OUTPUT)
# Folders whose costly fixtures are per module (the SQL corpora and their reference runs):
# their modules are shared out one by one, so the two longest corpora run side by side.
_BY_MODULE = {"tests/demo/runtime/sql"}
# The longest groups (the last runs' `_WorkerBalance` report), handed out first: a long
# group left for the end keeps one worker busy while the other has nothing to do. The
# rest follow in collection order.
_LONGEST_FIRST = (
    _SHARED_BUILD_GROUP,
    "tests/web",
    "tests/demo/runtime/sql/test_regress_corpus.py",
    "tests/demo/compose",
    "tests/demo/runtime/sql/test_differential.py",
    "tests/demo/serviceworker",
    "tests/host/handlers",
    "tests/host",
    "tests/demo/components",
    "tests/demo/runtime",
    "tests/demo/plugin",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest groups first (the workers send this order to the controller, and the
    scheduler below keeps it); the rest, and each group's own tests, in collection order."""
    if not config.pluginmanager.hasplugin("xdist"):  # the in-Pyodide runs
        return
    rank = {group: place for place, group in enumerate(_LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(_group_of(item.nodeid), len(rank)))  # stable


@pytest.hookimpl(optionalhook=True)  # xdist's hook: the in-Pyodide runs have no xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Each group (`_group_of`) runs whole in one worker, so its session and package
    fixtures (built sites, a booted flagship, a browser) are set up once, not in each
    worker; the groups are shared out as workers come free.

    A scheduler of our own, not `--dist loadgroup` with `xdist_group` marks: xdist 3.8
    names an item's group by rewriting its `_nodeid`, which pytest 9 no longer reads, so
    the marks were silently ignored and every folder ran spread over both workers."""
    from xdist.scheduler import LoadScopeScheduling

    class ByGroup(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _group_of(nodeid)

    config.option.loadscopereorder = False  # xdist would sort groups by test count instead
    return ByGroup(config, log)


def _group_of(nodeid: str) -> str:
    """The xdist group of a test (its node id, or its file relative to the repository)."""
    test_file = nodeid.partition("::")[0]
    folder = test_file.rpartition("/")[0]
    if folder in _BY_MODULE:
        return test_file
    if any(f"{folder}/".startswith(f"{shared}/") for shared in _SHARED_BUILD_OUTPUT):
        return _SHARED_BUILD_GROUP
    return folder
