"""Hostile JSON bodies: deep nesting and non-finite numbers are a 400, never a 500 or a traceback.

Sent raw, as an attacker would (httpx would refuse to encode NaN itself).
Also: a host whose state database already holds NaN (stored before this
rule) still starts and answers, and any config key can be removed with null.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from host.body import MAX_JSON_DEPTH
from host.routes import build_route_table

from .conftest import ADMIN
from .helpers import assert_error
from .server import HostProcess, running_host

DEEP = "[" * 50_000 + "]" * 50_000  # 100 kB, well under the 1 MiB body cap
JSON = {"Content-Type": "application/json"}


def post_raw(client: httpx.Client, path: str, body: str, method: str = "POST") -> httpx.Response:
    return client.request(method, path, content=body.encode(), headers=JSON)


def log_text(host: HostProcess) -> str:
    return (host.data_dir / "helio.log").read_text() + host.stderr_path.read_text()


def json_routes() -> list[tuple[str, str]]:
    """Every JSON-body route without path parameters that does not stop the host."""
    return [
        (method, route.path)
        for route in build_route_table(frozenset({"simulate-streams"})).routes
        if route.request_schema is not None and "{" not in route.path and not route.disruptive
        for method in route.methods
        if method in ("POST", "PUT", "PATCH")
    ]


def test_deep_nesting_is_a_400_on_every_json_route_with_no_traceback(
    host: HostProcess, admin: httpx.Client, anon: httpx.Client
) -> None:
    routes = json_routes()
    assert ("POST", "/api/auth/login") in routes and ("PATCH", "/api/config") in routes
    before = log_text(host)
    refused = []
    for method, path in routes:
        answer = post_raw(admin, path, DEEP, method)
        assert answer.status_code < 500, (method, path, answer.text)
        assert "Traceback" not in answer.text
        if "nests deeper" in answer.text:
            assert_error(answer, 400)
            refused.append(path)
    # Routes that take no body (close, unpair-all, ...) never parse it; all the others refuse.
    assert {"/api/config", "/api/apps", "/api/pin", "/api/token", "/api/otp"} <= set(refused)
    # The public sign-in route too, without credentials, and an object nest just past the bound.
    assert_error(post_raw(anon, "/api/auth/login", DEEP), 400, "nests deeper")
    over = '{"a":' * (MAX_JSON_DEPTH + 1) + "1" + "}" * (MAX_JSON_DEPTH + 1)
    assert_error(post_raw(anon, "/api/auth/login", over), 400, f"deeper than {MAX_JSON_DEPTH}")
    added = log_text(host)[len(before) :]
    assert "Traceback" not in added and "RecursionError" not in added
    assert admin.get("/api/config").status_code == 200  # and the host is still fine


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999", "-1e999"])
def test_non_finite_numbers_are_refused_and_nothing_is_saved(
    admin: httpx.Client, number: str
) -> None:
    assert_error(post_raw(admin, "/api/config", f'{{"x": {number}}}', "PATCH"), 400, number)
    assert_error(post_raw(admin, "/api/config", f'{{"x": {number}}}'), 400, number)
    before = admin.get("/api/apps").json()["apps"]
    app = f'{{"name": "Bad number", "exit-timeout": {number}, "extra": [{number}]}}'
    assert_error(post_raw(admin, "/api/apps", app), 400, number)
    config = admin.get("/api/config")
    assert config.status_code == 200 and "x" not in config.json()
    assert admin.get("/api/apps").json()["apps"] == before


def test_unknown_and_known_config_keys_are_removed_with_null(admin: httpx.Client) -> None:
    assert admin.patch("/api/config", json={"leftover": 1, "locale": "de"}).status_code == 200
    assert admin.get("/api/config").json()["leftover"] == 1
    assert admin.patch("/api/config", json={"leftover": None, "locale": None}).status_code == 200
    config = admin.get("/api/config").json()
    assert "leftover" not in config and config["locale"] == "en"


@pytest.fixture
def poisoned_host(tmp_path: Path) -> Iterator[HostProcess]:
    """A host whose database holds what older hosts stored: NaN in settings and in an app."""
    with running_host(tmp_path / "data", credentials=ADMIN) as host:
        with host.client(auth=ADMIN) as admin:
            admin.patch("/api/config", json={"x": 1, "locale": "de"})
            admin.post("/api/apps", json={"name": "Old app", "exit-timeout": 7})
        host.stop()
        db = sqlite3.connect(host.data_dir / "state.db")
        db.execute(
            "UPDATE kv SET value = ? WHERE key = 'settings'",
            ('{"x": NaN, "y": [Infinity], "locale": 12, "hardware_metrics": true}',),
        )
        db.execute(
            "UPDATE apps SET data = replace(data, '\"exit-timeout\": 7', '\"exit-timeout\": NaN')"
        )
        db.commit()
        db.close()
        host.start()
        yield host


def test_a_host_that_stored_nan_still_starts_and_answers(poisoned_host: HostProcess) -> None:
    with poisoned_host.client(auth=ADMIN) as admin:
        config = admin.get("/api/config")
        assert config.status_code == 200, config.text
        body = config.json()
        # Non-finite values read as null; a known key with a bad value falls back to its default.
        assert body["x"] is None and body["y"] == [None]
        assert body["locale"] == "en" and body["hardware_metrics"] is True
        apps = admin.get("/api/apps")
        assert apps.status_code == 200, apps.text
        (app,) = [a for a in apps.json()["apps"] if a["name"] == "Old app"]
        assert app["exit-timeout"] == 5  # the stored NaN is dropped: back to the default
        assert admin.patch("/api/config", json={"x": None, "y": None}).status_code == 200
        assert {"x", "y"}.isdisjoint(admin.get("/api/config").json())


LONE = '"x\\ud800"'  # a JSON escape for a lone surrogate: valid JSON syntax, not Unicode text


def test_lone_surrogates_are_a_400_on_every_json_route_and_nothing_is_stored(
    admin: httpx.Client, anon: httpx.Client
) -> None:
    """`{"zz":"\\ud800"}` was saved (200), after which every GET /api/config was a 500."""
    before_apps = admin.get("/api/apps").json()["apps"]
    for method, path in json_routes():
        for body in (f'{{"zz": {LONE}}}', f"{{{LONE}: 1}}", f'{{"name": [{LONE}]}}'):
            answer = post_raw(admin, path, body, method)
            assert answer.status_code < 500, (method, path, answer.text)
            if path in ("/api/config", "/api/apps", "/api/auth/login"):
                assert_error(answer, 400, "lone surrogate")
    assert_error(post_raw(anon, "/api/auth/login", f'{{"username": {LONE}}}'), 400, "surrogate")
    # The same as raw bytes (UTF-8-encoded surrogates, which Python's JSON reader lets through).
    raw = b'{"locale": "x\xed\xa0\x80"}'
    answer = admin.patch("/api/config", content=raw, headers=JSON)
    assert answer.status_code == 400, answer.text
    assert admin.post("/api/apps", json={"name": "x"}).status_code == 200  # a good body still works
    config = admin.get("/api/config")
    assert config.status_code == 200 and "zz" not in config.json()
    assert admin.get("/api/configLocale").status_code == 200
    apps = admin.get("/api/apps")
    assert apps.status_code == 200 and len(apps.json()["apps"]) == len(before_apps) + 1


@pytest.fixture
def surrogate_host(tmp_path: Path) -> Iterator[HostProcess]:
    """A host whose database holds lone surrogates, as hosts before the rule stored them."""
    with running_host(tmp_path / "data", credentials=ADMIN) as host:
        with host.client(auth=ADMIN) as admin:
            admin.patch("/api/config", json={"locale": "de"})
            admin.post("/api/apps", json={"name": "Old app", "cmd": "run"})
        host.stop()
        db = sqlite3.connect(host.data_dir / "state.db")
        db.execute(
            "UPDATE kv SET value = ? WHERE key = 'settings'",
            ('{"zz": "\\ud800", "\\udc00": 1, "locale": "x\\ud800", "hardware_metrics": true}',),
        )
        db.execute("UPDATE apps SET data = replace(data, '\"run\"', '\"r\\udfffn\"')")
        db.commit()
        db.close()
        host.start()
        yield host


def test_stored_lone_surrogates_fall_back_and_the_host_answers(
    surrogate_host: HostProcess,
) -> None:
    with surrogate_host.client(auth=ADMIN) as admin:
        config = admin.get("/api/config")
        assert config.status_code == 200, config.text
        body = config.json()
        assert body["zz"] is None and body["locale"] == "en" and body["hardware_metrics"] is True
        assert admin.get("/api/configLocale").json()["locale"] == "en"
        apps = admin.get("/api/apps")
        assert apps.status_code == 200, apps.text
        (app,) = [a for a in apps.json()["apps"] if a["name"] == "Old app"]
        assert app["cmd"] == ""  # the unreadable command falls back to its default
