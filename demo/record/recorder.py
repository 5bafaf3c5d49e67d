"""Drive a running host through the tour and write what it answered.

Output folder:

    openapi.json            the host's GET /api/openapi.json (scrubbed)
    fixtures/<group>.json   mock-http fixtures, one file per first path segment after
                            /api/ (apps, auth, clients, ...): {method, path, status,
                            headers, body}; a route with parameters is recorded under its
                            template (/api/apps/{id}), so the mock answers any id
    coverage.json           {"routes": [[method, template], ...], "not_recorded": {...}}

Answers are scrubbed (scrub.py) and written with sorted keys, so the same host state
gives the same files. The first account is created when the host has none (from the
host PC only, as the API requires); otherwise pass the existing credentials.
"""

from __future__ import annotations

import json
import re
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

from host.routes import build_route_table
from host.routing import RouteTable

from .scrub import Scrubber
from .tour import NOT_RECORDED, TOUR, Step

__all__ = ["Recording", "record"]

_FILL = re.compile(r"\{(\w+)\}")
_WHOLE_TEXT = {
    "/api/logs": "<the host's log file>",
    "/api/logs/export": "<the host's log file>",
    "/api/logs/export_crash": "<a zip archive of the host's crash reports and logs>",
}
DEFAULT_BASE_PORT = 47989


@dataclass
class Recording:
    fixtures: dict[str, list[dict[str, Any]]]  # group -> fixtures
    openapi: dict[str, Any]
    covered: list[tuple[str, str]]


def _fill(value: Any, state: dict[str, Any]) -> Any:
    if isinstance(value, str):
        whole = _FILL.fullmatch(value)
        if whole and whole.group(1) in state:
            return state[whole.group(1)]  # keeps numbers numbers
        return _FILL.sub(lambda m: str(state.get(m.group(1), m.group(0))), value)
    if isinstance(value, dict):
        return {k: _fill(v, state) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(v, state) for v in value]
    return value


def _dig(data: Any, dotted: str) -> Any:
    for part in dotted.split("."):
        data = data.get(part) if isinstance(data, dict) else None
    return data


def _template(table: RouteTable, method: str, path: str) -> str | None:
    for route in table.routes:
        if method in route.methods and route.regex.match(path):
            return route.path
    return None


class _Driver:
    def __init__(self, client: httpx.Client, username: str, password: str) -> None:
        self.client = client
        self.state: dict[str, Any] = {"username": username, "password": password}

    def send(self, step: Step) -> httpx.Response:
        headers: dict[str, str] = {}
        auth: Any = None
        if step.auth == "basic":
            auth = (self.state["username"], self.state["password"])
        elif step.auth == "session":
            headers["authorization"] = f"Bearer {self.state['access']}"
            headers["x-csrf-token"] = self.state["csrf"]
        elif "anon_csrf" in self.state:  # before sign-in: the anonymous CSRF cookie's token
            headers["x-csrf-token"] = self.state["anon_csrf"]
        path = _fill(step.path, self.state)
        if step.raw is not None:
            headers["content-type"] = "application/octet-stream"
            return self.client.request(
                step.method, path, content=step.raw, params=step.query, headers=headers, auth=auth
            )
        body = _fill(step.body, self.state)
        return self.client.request(
            step.method,
            path,
            json=body if step.body is not None else None,
            params=step.query,
            headers=headers,
            auth=auth,
        )


def _ensure_account(client: httpx.Client, username: str, password: str) -> None:
    status = client.get("/api/auth/status").json()
    if status.get("credentials_configured"):
        return
    created = client.post(
        "/api/password",
        json={"newUsername": username, "newPassword": password, "confirmNewPassword": password},
    )
    created.raise_for_status()


def _wait_for_probe(driver: _Driver) -> None:
    # The codec probe runs in the background after start: record its settled answer.
    import time

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        answer = driver.send(Step("GET", "/api/metadata")).json()
        if "checking" not in json.dumps(answer):
            return
        time.sleep(0.2)


def record(
    target: str,
    username: str,
    password: str,
    *,
    data_dir: str = "",
    verify: ssl.SSLContext | bool = False,
    progress: Callable[[str], None] = lambda line: None,
) -> Recording:
    base = urlsplit(target).port or DEFAULT_BASE_PORT + 1
    ports = {base - 1 + d: DEFAULT_BASE_PORT + d for d in (-5, 0, 1)}
    scrubber = Scrubber(data_dir, ports)
    table = build_route_table(frozenset({"simulate-streams"}))
    fixtures: dict[tuple[str, str], dict[str, Any]] = {}
    covered: list[tuple[str, str]] = []
    openapi: dict[str, Any] = {}
    with httpx.Client(base_url=target, verify=verify, timeout=30) as client:
        _ensure_account(client, username, password)
        driver = _Driver(client, username, password)
        _wait_for_probe(driver)
        for step in TOUR:
            response = driver.send(step)
            progress(f"{step.method} {step.path} -> {response.status_code}")
            data = _body(response)
            for name, dotted in step.keep.items():
                found = _dig(data, dotted)
                if found is not None:
                    driver.state[name] = found
            path = _fill(step.path, driver.state)
            template = _template(table, step.method, path) or path
            if (step.method, template) not in covered:
                covered.append((step.method, template))
            if template == "/api/openapi.json" and response.status_code == 200:
                openapi = scrubber.value(data)
            key = (step.method, template if "{" in template else scrubber.text(path))
            if key in fixtures and not (fixtures[key]["status"] >= 400 > response.status_code):
                continue  # the first answer of a route is kept, unless a success came later
            fixtures[key] = _fixture(step.method, key[1], response, data, scrubber)
    groups: dict[str, list[dict[str, Any]]] = {}
    for (_, path), fixture in fixtures.items():
        group = path.removeprefix("/api/").split("/")[0].split(".")[0] or "root"
        groups.setdefault(group, []).append(fixture)
    return Recording(groups, openapi, covered)


def _zero_sizes(data: Any) -> Any:
    """Log sizes and offsets depend on how long the log lines were: per-install."""
    if isinstance(data, dict):
        return {
            k: 0 if k in ("size", "offset") and isinstance(v, int) else _zero_sizes(v)
            for k, v in data.items()
        }
    if isinstance(data, list):
        return [_zero_sizes(v) for v in data]
    return data


def _body(response: httpx.Response) -> Any:
    kind = response.headers.get("content-type", "")
    if "json" in kind:
        return response.json()
    if kind.startswith("text/"):
        return response.text
    return None


def _fixture(
    method: str, path: str, response: httpx.Response, data: Any, scrubber: Scrubber
) -> dict[str, Any]:
    kind = response.headers.get("content-type", "").split(";")[0]
    if path in _WHOLE_TEXT and response.status_code == 200:
        body: Any = _WHOLE_TEXT[path]
    elif data is None:
        body = f"<{len(response.content)} bytes of {kind or 'data'}>"
    elif path == "/api/logs/tail" and isinstance(data, dict):
        body = {**scrubber.value(data), "text": _WHOLE_TEXT["/api/logs"]}
    else:
        body = scrubber.value(data)
    if path.startswith("/api/logs"):
        body = _zero_sizes(body)
    fixture: dict[str, Any] = {"method": method, "path": path, "status": response.status_code}
    if kind:
        fixture["headers"] = {"content-type": kind}
    fixture["body"] = body
    return fixture


def write(recording: Recording, out: Path) -> list[Path]:
    """Write the recording below `out` (replacing earlier fixture files); returns the files."""
    out.mkdir(parents=True, exist_ok=True)
    folder = out / "fixtures"
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.json"):
        old.unlink()
    written = []
    for group, items in sorted(recording.fixtures.items()):
        items = sorted(items, key=lambda f: (f["path"], f["method"]))
        path = folder / f"{group}.json"
        path.write_text(json.dumps(items, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
        written.append(path)
    document = out / "openapi.json"
    document.write_text(json.dumps(recording.openapi, indent=1, sort_keys=True) + "\n")
    coverage = out / "coverage.json"
    routes = sorted([list(r) for r in recording.covered])
    not_recorded = {f"{m} {p}": why for (m, p), why in sorted(NOT_RECORDED.items())}
    coverage.write_text(
        json.dumps({"routes": routes, "not_recorded": not_recorded}, indent=1) + "\n"
    )
    return [*written, document, coverage]
