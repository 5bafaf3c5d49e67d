"""Mock answers known before any request, for the worker to send while Python starts.

A mock-http answer depends on the method, the route and the request headers the
router reads (`Prefer`, `Accept`), never on stored state. So the build asks the app
itself for the answer to a plain `GET` (what `fetch(url)` sends: `Accept: */*`) of
every route written without a path template, and records which request headers the
router read to make it. The worker (serviceworker/answers.js) sends a recorded
answer for a `GET` of that path, without a query, whose recorded headers have the
recorded values, while Python is still starting; any other request waits for
Python, which stays the only place that decides an answer.

Most HTTP clients send `Accept: application/json` rather than `*/*`; when the app
gives that request the very same answer, the recorded value is the list of both,
and the worker takes either.

    {"checksum": "<build>", "answers": [{"path": "/__demo/mock/api/users",
      "headers": {"prefer": null, "accept": ["*/*", "application/json"]},  # headers read
      "status": 200, "response": [["content-type", "application/json"], ...],
      "body": "<UTF-8 text>"}, ...]}
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from demo.browser.bridge import call_asgi
from demo.native.assets import DirectoryAssets
from demo.native.store import MemoryStore
from demo.runtime.adapters import ADAPTERS, MOCK_HTTP
from demo.runtime.app import DemoApp, create_demo_app
from demo.runtime.mock.router import MockService
from demo.runtime.ports import DuckConnection
from demo.runtime.routes import service_prefix

__all__ = ["ANSWERS_FILE", "recorded_answers", "write_answers_file"]

ANSWERS_FILE = "__demo-answers.json"
# What `fetch(url)` sends that the router may read; other headers it never reads.
_PLAIN_GET = {"accept": "*/*"}
# The Accept most HTTP clients (axios, ky, generated API clients) send instead.
_JSON_ACCEPT = "application/json"
# Paths the browser sends as written (no percent-encoding to tell apart).
_PLAIN_PATH = re.compile(r"^[A-Za-z0-9/._~-]*$")
# The worker parses the table at every start: bodies past this budget wait for Python.
_BODY_BUDGET = 512 * 1024


class _ReadHeaders(Mapping[str, str]):
    """Request headers that remember which names were looked up."""

    def __init__(self, headers: Mapping[str, str]) -> None:
        self._headers = dict(headers)
        self.read: dict[str, str | None] = {}

    def __getitem__(self, name: str) -> str:
        self.read[name] = self._headers.get(name)
        return self._headers[name]

    def get(self, name: str, default: Any = None) -> Any:
        self.read[name] = self._headers.get(name)
        return self._headers.get(name, default)

    def __iter__(self) -> Iterator[str]:
        raise TypeError("the router must look headers up by name, so each one can be recorded")

    def __len__(self) -> int:
        return len(self._headers)


async def recorded_answers(app: DemoApp) -> list[dict[str, Any]]:
    """The app's answers to a plain GET of every concrete mock route, with the request
    headers each one depends on (see the module docstring)."""
    out: list[dict[str, Any]] = []
    budget = _BODY_BUDGET
    for service in app.manifest.services:
        adapter = ADAPTERS[service.adapter]
        # Only mocks are free of state; an asgi app is not even importable here (a
        # Compose app's modules are shipped to the worker, not on the build's path).
        if adapter is not MOCK_HTTP:
            continue
        opened = await app.services.http(service.name, adapter.family)
        if not isinstance(opened, MockService):  # only mocks are free of state
            continue
        prefix = service_prefix(adapter.family, service.name)
        for route in opened.concrete_routes("GET"):
            path = prefix + route
            if not _PLAIN_PATH.match(path):
                continue
            read = _ReadHeaders(_PLAIN_GET)
            try:
                opened.respond("GET", route, read)
            except Exception:  # errors are answered by Python: nothing to record
                continue
            reply = await call_asgi(app, "GET", path, "", list(_PLAIN_GET.items()), b"")
            try:
                body = reply.body.decode()
            except UnicodeDecodeError:
                continue
            if len(reply.body) > budget:
                continue
            budget -= len(reply.body)
            headers: dict[str, Any] = dict(read.read)
            if headers.get("accept") == _PLAIN_GET["accept"]:
                json_get = [*({**_PLAIN_GET, "accept": _JSON_ACCEPT}).items()]
                again = await call_asgi(app, "GET", path, "", json_get, b"")
                if (again.status, again.headers, again.body) == (
                    reply.status,
                    reply.headers,
                    reply.body,
                ):
                    headers["accept"] = [_PLAIN_GET["accept"], _JSON_ACCEPT]
            out.append(
                {
                    "path": path,
                    "headers": headers,
                    "status": reply.status,
                    "response": [list(h) for h in reply.headers],
                    "body": body,
                }
            )
    return out


def _no_duck() -> DuckConnection:
    raise RuntimeError("recording mock answers never opens a database")


def write_answers_file(site: Path, checksum: str, manifest: dict[str, Any]) -> int:
    """Record the answers of the built `site` into its ANSWERS_FILE; returns how many."""
    app = create_demo_app(manifest, DirectoryAssets(site), MemoryStore(), _no_duck)
    try:
        # A thread of its own: the caller may already run an event loop (Playwright does).
        with ThreadPoolExecutor(1) as thread:
            answers = thread.submit(asyncio.run, recorded_answers(app)).result()
    finally:
        app.close()
    document = {"checksum": checksum, "answers": answers}
    (site / ANSWERS_FILE).write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return len(answers)
