"""How the host serves the console: security headers, hashed assets, deep links."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from host.middleware.security_headers import CONTENT_SECURITY_POLICY
from tests.web.bundle import manifest

from .server import HostProcess, running_host

ADMIN = ("admin", "pw-123456")


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostProcess]:
    built = manifest()
    assert built["script"].startswith("assets/")
    with running_host(tmp_path_factory.mktemp("serving") / "data", credentials=ADMIN) as process:
        yield process


@pytest.fixture
def anon(host: HostProcess) -> Iterator[httpx.Client]:
    with host.client() as client:
        yield client


def test_console_pages_carry_a_strict_csp_and_security_headers(anon: httpx.Client) -> None:
    for path in ("/", "/index.html", "/settings", "/api/auth/status", "/api/nope"):
        answer = anon.get(path)
        policy = answer.headers["content-security-policy"]
        assert policy == CONTENT_SECURITY_POLICY
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert directives["script-src"] == "'self'"
        assert directives["default-src"] == "'self'"
        assert directives["frame-ancestors"] == "'none'"
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "no-referrer"


def test_index_names_hashed_files_and_is_revalidated(anon: httpx.Client) -> None:
    built = manifest()
    index = anon.get("/")
    assert index.status_code == 200
    assert index.headers["cache-control"] == "no-cache"
    assert f'src="{built["script"]}"' in index.text
    assert f'href="{built["style"]}"' in index.text
    assert "<script>" not in index.text  # no inline script: the CSP would refuse it


def test_hashed_assets_are_cached_for_a_year(anon: httpx.Client) -> None:
    built = manifest()
    for path in (built["script"], built["style"], f"{built['icons']}/x-lg.svg"):
        answer = anon.get(f"/{path}")
        assert answer.status_code == 200, path
        assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
    script = anon.get(f"/{built['script']}")
    assert script.headers["content-type"].startswith(("text/javascript", "application/javascript"))
    assert anon.get("/assets/console-NOSUCHHASH.js").status_code == 404


def test_client_side_routes_are_deep_links_to_the_console(anon: httpx.Client) -> None:
    index = anon.get("/").text
    for path in ("/apps", "/settings", "/devices/abc-123", "/tokens?x=1"):
        answer = anon.get(path)
        assert answer.status_code == 200, path
        assert answer.text == index
        assert answer.headers["cache-control"] == "no-cache"
    assert anon.get("/missing.png").status_code == 404  # a file name is never the console
    assert anon.post("/settings").status_code == 405


def test_unknown_api_paths_stay_json_errors(host: HostProcess) -> None:
    with host.client(auth=ADMIN) as admin:
        answer = admin.get("/api/does-not-exist")
    assert answer.status_code == 404
    assert answer.json()["status"] is False
    assert "/api/does-not-exist" in answer.json()["error"]


def test_files_outside_the_build_are_never_served(anon: httpx.Client) -> None:
    assert anon.get("/../host/app.py").status_code == 404
    assert anon.get("/%2e%2e/host/app.py").status_code == 404
    # An extension-less name outside the build is a console route, never the file.
    assert "CONSOLE" not in anon.get("/%2e%2e/Makefile").text
    assert Path(__file__).name not in anon.get("/assets/").text
