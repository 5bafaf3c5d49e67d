"""Drives the demo profile in-process, through the bridge the service worker uses.

Natively a request runs on a fresh asyncio loop; inside Pyodide (where these tests
also run, tests/host/test_in_pyodide.py) there is no loop to block on,
and nothing in the demo profile suspends (no threads, an in-memory database), so
the coroutine is stepped by hand.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Coroutine, Mapping
from dataclasses import dataclass
from typing import Any

from demo.browser.bridge import call_asgi, run_at_once
from demo.runtime.asgi_service import HostedContext
from host.demo_profile import DEMO_PASSWORD, DEMO_USERNAME, DemoHost, create_demo_host

__all__ = ["ADDRESS", "HostClient", "Reply", "fresh_host", "restarted"]

ADDRESS = "https://host:47990"


def _drive(coro: Coroutine[Any, Any, Any]) -> Any:
    if sys.platform != "emscripten":
        return asyncio.run(coro)
    return run_at_once(coro, "the demo host suspended; in Pyodide it must answer at once")


@dataclass
class Reply:
    status: int
    headers: list[tuple[str, str]]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


class HostClient:
    """Bearer-mode client, as the console is in the demo."""

    def __init__(self, host: DemoHost) -> None:
        self.host = host
        self.access: str | None = None
        self.csrf: str | None = None

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: Mapping[str, str] | None = None,
        bearer: str | None = None,
    ) -> Reply:
        sent = dict(headers or {})
        token = bearer or self.access
        if token and "authorization" not in {k.lower() for k in sent}:
            sent["authorization"] = f"Bearer {token}"
        data = b""
        if body is not None:
            data = json.dumps(body).encode()
            sent.setdefault("content-type", "application/json")
        path, _, query = path.partition("?")
        answer = _drive(call_asgi(self.host, method, path, query, sent.items(), data))
        return Reply(answer.status, answer.headers, answer.body)

    def sign_in(self, password: str = DEMO_PASSWORD, **extra: Any) -> Reply:
        reply = self.request(
            "POST", "/api/auth/login", {"username": DEMO_USERNAME, "password": password, **extra}
        )
        if reply.status == 200:
            self.access = reply.json()["access_token"]
            self.csrf = reply.json()["csrf_token"]
        return reply

    def change(self, method: str, path: str, body: Any = None) -> Reply:
        """A state change with the session's CSRF token, as the console sends it."""
        return self.request(method, path, body, {"x-csrf-token": self.csrf or ""})


def fresh_host() -> DemoHost:
    return create_demo_host(HostedContext("host", {"address": ADDRESS}, None))


def restarted(host: DemoHost) -> DemoHost:
    """What a stopped and restarted worker builds: a new host from the saved image."""
    return create_demo_host(HostedContext("host", {"address": ADDRESS}, host.image()))
