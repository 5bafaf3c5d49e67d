"""pytest plugin for end-to-end tests of apps that use a demo (docs/testing-with-demos.md).

Installed with the project (entry point `pytest11`: `helio_demo`), on pytest-playwright's
conventions: the `browser` and `browser_context_args` fixtures, its command-line options.

- `demo_site` (session): the manifest built once per session, cached by the build
  checksum, served on a free loopback port, under `--demo-subpath` if given.
- `demo` (per test): a page of that site whose worker controls it, on a storage
  namespace of its own, with `reset`, `query`, `calls`, `use`, `stop_worker`, `offline`.

The overrides and the call log live in the worker (`TEST_SESSION` in
serviceworker/contract.js, serviceworker/test-session.js), so they hold for fetches
from any page of the demo. Every test of one browser shares one browser context: the
worker and its memory snapshot stay warm, and the fresh namespace keeps the tests apart.
"""

from __future__ import annotations

import contextlib
import hashlib
import json as jsonlib
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NotRequired, TypedDict

import pytest

__all__ = ["Call", "DemoPage", "DemoSite", "Override", "RecordedCall", "UnhandledRequest"]

TEST_SESSION = "helio-demo:test"  # serviceworker/contract.js
HELPER_HEADER = "x-helio-demo-helper"  # serviceworker/test-session.js
_UNSET: Any = object()


class Override(TypedDict):
    """One per-test answer (serviceworker/contract.js `Override`)."""

    service: str
    method: str
    route: str
    status: int | None
    json: NotRequired[Any]  # absent: the service answers (after the delay)
    delayMs: int


class Call(TypedDict):
    """One logged demo call as the worker sends it (serviceworker/contract.js `Call`)."""

    service: str | None
    method: str
    url: str
    body: str | None
    status: int


@dataclass(frozen=True)
class RecordedCall:
    """A request the app made to a demo service, and the status it was answered."""

    service: str | None  # None for /__demo/reset and /__demo/manifest
    method: str
    url: str  # as the worker got it: the page script sends an address call to the demo URL
    body: str | None
    status: int

    def json(self) -> Any:
        """The request body parsed as JSON."""
        return None if self.body is None else jsonlib.loads(self.body)


@dataclass(frozen=True)
class UnhandledRequest:
    method: str
    url: str


@dataclass(frozen=True)
class DemoSite:
    """A built demo served on loopback."""

    url: str  # the demo root, ending "/"
    folder: Path  # the built site (in the build cache)
    checksum: str


# -- options ----------------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("helio-demo", "Helio demo (end-to-end tests against a demo)")
    options = (
        ("manifest", None, "the demo's manifest.json (or override the demo_manifest fixture)"),
        ("subpath", "/", "the path the demo is served under, e.g. /docs/demos/shop/"),
        ("unhandled", "bypass", "error: a request to an address no service answers fails the test"),
        ("cache-dir", None, "where built sites are kept, by checksum (default: pytest's cache)"),
    )
    for name, default, help_text in options:
        ini = "demo_" + name.replace("-", "_")
        group.addoption(f"--demo-{name}", dest=ini, default=None, help=help_text)
        parser.addini(ini, help_text, default=default)
    group.addoption(
        "--demo-shared-namespace",
        action="store_true",
        default=False,
        help="every test uses the demo's own storage namespace (no fresh one per test)",
    )


def _option(config: pytest.Config, name: str) -> Any:
    value = config.getoption(name)
    return value if value is not None else config.getini(name)


# -- the site -----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def demo_manifest(pytestconfig: pytest.Config) -> Path:
    """The manifest `demo_site` builds: `--demo-manifest` / ini `demo_manifest`."""
    value = _option(pytestconfig, "demo_manifest")
    if not value:
        raise pytest.UsageError(
            "helio demo: set --demo-manifest or the demo_manifest ini option, "
            "or override the demo_manifest fixture"
        )
    path = Path(value)
    return path if path.is_absolute() else pytestconfig.rootpath / path


@pytest.fixture(scope="session")
def demo_subpath(pytestconfig: pytest.Config) -> str:
    """The path the site is served under: `--demo-subpath` / ini `demo_subpath`."""
    return "/" + str(_option(pytestconfig, "demo_subpath")).strip("/") + "/"


@pytest.fixture(scope="session")
def demo_site(
    pytestconfig: pytest.Config, demo_manifest: Path, demo_subpath: str
) -> Iterator[DemoSite]:
    from demo.serve import ServerThread

    folder, checksum = build_cached(demo_manifest, _cache_dir(pytestconfig))
    with tempfile.TemporaryDirectory(prefix="helio-demo-serve-") as served:
        at = Path(served) / demo_subpath.strip("/")
        _link_tree(folder, at)
        with ServerThread(Path(served)) as server:
            yield DemoSite(server.url + demo_subpath.rstrip("/") + "/", folder, checksum)


def _cache_dir(config: pytest.Config) -> Path:
    configured = _option(config, "demo_cache_dir")
    if configured:
        folder = Path(configured)
    elif getattr(config, "cache", None) is not None:  # no attribute under -p no:cacheprovider
        folder = config.cache.mkdir("helio-demo-sites")
    else:
        folder = Path(tempfile.gettempdir()) / "helio-demo-sites"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def build_cached(manifest: Path, cache: Path) -> tuple[Path, str]:
    """The site built from `manifest` below `cache/<checksum>-<pages>`: built afresh (a
    second or two without the memory snapshot) to learn both, kept once per pair."""
    from demo.build.site import build_site

    staging = Path(tempfile.mkdtemp(prefix="staging-", dir=cache))
    try:
        built = build_site(manifest, staging / "site")
        # The build checksum covers what the worker loads, not the pages: both key the copy.
        target = cache / f"{built.checksum}-{_pages_digest(staging / 'site')}"
        if not target.is_dir():
            with contextlib.suppress(OSError):  # another session kept the same build first
                os.rename(staging / "site", target)
        return target, built.checksum
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _pages_digest(site: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.is_file() and p.suffix != ".gz"):
        if path.parts[len(site.parts)] in ("__demo-runtime", "services"):
            continue  # in the build checksum already
        digest.update(path.relative_to(site).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def _link_tree(source: Path, target: Path) -> None:
    """`source` at `target`, hard-linked where the file system allows (copied else)."""

    def link(src: str, dst: str) -> None:
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)

    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(source, target, copy_function=link)


# -- the page -----------------------------------------------------------------------------

_SEND = """async (message) => {
  await helioDemo.ready;
  const id = `${Date.now()}-${Math.random()}`;
  const reply = new Promise((resolve) => {
    const listen = (event) => {
      if (event.data?.type !== message.type || event.data.id !== id) return;
      navigator.serviceWorker.removeEventListener("message", listen);
      resolve(event.data);
    };
    navigator.serviceWorker.addEventListener("message", listen);
  });
  navigator.serviceWorker.startMessages();
  navigator.serviceWorker.controller.postMessage({...message, id});
  return reply;
}"""

_HELPER_FETCH = """async ([url, method, body, header]) => {
  await helioDemo.ready;
  const headers = {[header]: "1", "content-type": "application/json"};
  const response = await fetch(url, {method, headers, body});
  return {status: response.status, text: await response.text()};
}"""


# The site's Content-Security-Policy (demo/build/headers.py) allows connections to the
# page's origin and the service addresses only: the browser refuses a request to any other
# address before the worker sees it. Those are unhandled requests too.
_QUEUED_TASKS_RUN = "new Promise((ran) => setTimeout(() => setTimeout(ran)))"
_REFUSED = """document.addEventListener("securitypolicyviolation", (event) => {
  if (/^https?:/.test(event.blockedURI)) window.__helioDemoRefused?.(event.blockedURI);
});"""


@dataclass
class _Shared:
    """One browser's context for every test, and a page of it that talks to the worker."""

    browser: Any
    context: Any
    control: Any = None
    cdp: Any = None
    refused: list[str] = field(default_factory=list)  # URLs the page's policy refused


_SHARED = pytest.StashKey[dict[int, _Shared]]()


def _shared(config: pytest.Config, browser: Any, args: dict[str, Any], site: DemoSite) -> _Shared:
    contexts = config.stash.setdefault(_SHARED, {})
    found = contexts.get(id(browser))
    if found is not None and found.browser is browser and browser.is_connected():
        return found
    context = browser.new_context(**args)
    shared = _Shared(browser, context)
    context.expose_binding("__helioDemoRefused", lambda _source, url: shared.refused.append(url))
    context.add_init_script(_REFUSED)
    shared.control = context.new_page()
    shared.control.goto(site.url)
    shared.control.evaluate("helioDemo.ready")
    shared.cdp = context.new_cdp_session(shared.control)
    shared.cdp.send("ServiceWorker.enable")
    contexts[id(browser)] = shared
    return shared


@dataclass
class DemoPage:
    """The `demo` fixture: a page of the demo, and what a test asks of its worker.

    Attributes not defined here are the page's (`demo.locator(...)`, `demo.goto(...)`).
    """

    page: Any
    site: DemoSite
    namespace: str | None  # the test's storage namespace (None: the demo's own)
    _shared: _Shared
    _overrides: list[Override] = field(default_factory=list)
    _calls: list[RecordedCall] = field(default_factory=list)
    _unhandled: list[UnhandledRequest] = field(default_factory=list)
    _offline: bool = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.page, name)

    @property
    def context(self) -> Any:
        """The browser context the demo's pages share (open more pages with it)."""
        return self._shared.context

    def open(self, path: str = "") -> Any:
        """Another page of the demo (`path` relative to the demo root), worker ready."""
        page = self.context.new_page()
        page.goto(self.site.url + path.lstrip("/"))
        page.evaluate("typeof helioDemo === 'undefined' || helioDemo.ready")
        return page

    # -- what the test asks of the worker ---------------------------------------------

    def _send(self, action: str, **fields: Any) -> dict[str, Any]:
        reply = self._shared.control.evaluate(
            _SEND, {"type": TEST_SESSION, "action": action, **fields}
        )
        if not reply.get("ok"):
            raise RuntimeError(f"the demo's worker refused {action!r}: {reply.get('error')}")
        return dict(reply)

    def _apply(self) -> None:
        self._send("set", namespace=self.namespace, overrides=self._overrides)

    def _take(self) -> None:
        if not self.page.is_closed():
            # A CSP refusal is reported on a later task than the fetch it refused: let the
            # page run what it has queued, so every report has reached `refused`.
            self.page.evaluate(_QUEUED_TASKS_RUN)
        reply = self._send("take")
        self._calls += [RecordedCall(**c) for c in reply["calls"]]
        self._unhandled += [UnhandledRequest(**u) for u in reply["unhandled"]]
        refused, self._shared.refused[:] = list(self._shared.refused), []
        self._unhandled += [UnhandledRequest("refused by the page's CSP:", u) for u in refused]

    def use(
        self,
        service: str,
        method: str,
        route: str,
        *,
        status: int | None = None,
        json: Any = _UNSET,
        delay_ms: int = 0,
    ) -> None:
        """Answer `method route` of `service` this way until the test ends (`route` below
        the service: `/pet/{petId}`; `method` `*` for any). Without `status` and `json`
        the service still answers, after `delay_ms`."""
        override: Override = {
            "service": service,
            "method": method.upper(),
            "route": "/" + route.lstrip("/"),
            "status": status if status is not None or json is _UNSET else 200,
            "delayMs": delay_ms,
        }
        if json is not _UNSET:
            override["json"] = json
        self._overrides.insert(0, override)  # the latest wins
        self._apply()

    @property
    def calls(self) -> list[RecordedCall]:
        """Every demo call of this test so far, from any page of the demo, in order."""
        self._take()
        return list(self._calls)

    @property
    def unhandled(self) -> list[UnhandledRequest]:
        """Requests to container-style addresses no service answers, and requests the
        page's Content-Security-Policy refused (an address the demo does not declare)."""
        self._take()
        return list(self._unhandled)

    def _helper(self, path: str, method: str, body: str | None = None) -> Any:
        answer = self._shared.control.evaluate(
            _HELPER_FETCH, [self.site.url + path, method, body, HELPER_HEADER]
        )
        if answer["status"] != 200:
            raise AssertionError(f"{method} {path}: HTTP {answer['status']} {answer['text']}")
        return jsonlib.loads(answer["text"]) if answer["text"] else None

    def reset(self, service: str | None = None) -> None:
        """Every database of the demo (or `service`'s) back to its seed."""
        self._helper("__demo/reset" if service is None else f"__demo/db/{service}/reset", "POST")

    def query(self, service: str, sql: str) -> list[dict[str, Any]]:
        """The rows of the last statement of `sql` on `service`, as column -> value."""
        document = self._helper(f"__demo/db/{service}/query", "POST", jsonlib.dumps({"sql": sql}))
        last = document["result"][-1] if document["result"] else {}
        if "rows" in last:  # postgres: rows as PGlite gives them
            return list(last["rows"])
        columns = last.get("columns", [])  # sqlite: sql.js's columns and values
        return [dict(zip(columns, row, strict=True)) for row in last.get("values", [])]

    def stop_worker(self) -> None:
        """Stop the demo's worker, as the browser does to an idle one (DevTools protocol);
        the next request starts it again, with this test's namespace and overrides."""
        self._take()
        self._shared.cdp.send("ServiceWorker.stopAllWorkers")
        self._apply()  # wakes the worker and gives it the test's session again

    def offline(self) -> None:
        """Take the browser context offline until the test ends (or `online()`)."""
        self.context.set_offline(True)
        self._offline = True

    def online(self) -> None:
        self.context.set_offline(False)
        self._offline = False

    def _finish(self) -> None:
        if self._offline:
            self.online()
        self._send("end")


@pytest.fixture
def demo(
    request: pytest.FixtureRequest,
    browser: Any,
    browser_context_args: dict[str, Any],
    demo_site: DemoSite,
) -> Iterator[DemoPage]:
    shared = _shared(request.config, browser, browser_context_args, demo_site)
    fresh = not request.config.getoption("demo_shared_namespace")
    namespace = f"test-{uuid.uuid4().hex[:12]}" if fresh else None
    page = shared.context.new_page()
    session = DemoPage(page, demo_site, namespace, shared)
    shared.refused.clear()  # an earlier test's
    session._apply()  # before the page loads: its first requests are the test's already
    try:
        page.goto(demo_site.url)
        page.evaluate("helioDemo.ready")
        yield session
    finally:
        session._finish()
        page.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """With `--demo-unhandled error`, a request no demo service answered fails the test."""
    failure: BaseException | None = None
    try:
        yield
    except BaseException as exc:
        failure = exc
    session = getattr(item, "funcargs", {}).get("demo")
    if isinstance(session, DemoPage) and _option(item.config, "demo_unhandled") == "error":
        missed = session.unhandled
        if missed:
            named = ", ".join(f"{u.method} {u.url}" for u in missed)
            message = f"unhandled request(s) to an address no demo service answers: {named}"
            raise pytest.fail.Exception(message, pytrace=False) from failure
    if failure is not None:
        raise failure
