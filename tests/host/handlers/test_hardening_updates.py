"""Update sources a LAN man-in-the-middle could serve are refused; index text is never echoed.

The hostile index server runs on loopback (the only plain http the host
accepts, since no network lies between it and the host) and answers what an
attacker would: bait text in every field, invalid JSON, a 404 whose reason
phrase is bait. Error texts reach the console, so they must carry none of it.
"""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from ...waiting import wait_for
from ..helpers import assert_error
from ..resources import admin_in_process

BAIT = "PWNED-call-0800-SCAM"


@pytest.mark.parametrize(
    "source",
    ["http://192.168.1.20/helio", "http://updates.example/releases.json", "http://[fe80::1]/r"],
)
def test_plain_http_sources_off_this_machine_are_refused(admin: httpx.Client, source: str) -> None:
    assert_error(admin.patch("/api/config", json={"update_source": source}), 400, "https://")
    assert admin.get("/api/config").json()["update_source"] == ""


class Hostile(http.server.BaseHTTPRequestHandler):
    bodies: dict[str, tuple[int, str, bytes]] = {}

    def do_GET(self) -> None:  # noqa: N802 (the stdlib's name)
        status, reason, body = self.bodies.get(self.path, (404, BAIT, BAIT.encode()))
        self.send_response(status, reason)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def hostile() -> Iterator[tuple[str, dict[str, tuple[int, str, bytes]]]]:
    bodies: dict[str, tuple[int, str, bytes]] = {}
    handler = type("Handler", (Hostile,), {"bodies": bodies})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", bodies
    finally:
        server.shutdown()
        server.server_close()


def index(*releases: dict[str, object]) -> tuple[int, str, bytes]:
    return 200, "OK", json.dumps({"releases": list(releases)}).encode()


GOOD_SHA = "a" * 64


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ((200, "OK", f"{{{BAIT}".encode()), "not valid JSON"),
        (index({"version": f"<b>{BAIT}</b>", "artifact": "a.whl", "sha256": GOOD_SHA}), "version"),
        (index({"version": "9.0.0", "artifact": "", "sha256": BAIT}), "artifact"),
        (index({"version": "9.0.0", "artifact": "a.whl", "sha256": BAIT}), "sha256"),
        ((404, BAIT, BAIT.encode()), "HTTP status 404"),
    ],
)
def test_check_errors_never_echo_what_the_index_server_sent(
    tmp_path: Path,
    hostile: tuple[str, dict[str, tuple[int, str, bytes]]],
    answer: tuple[int, str, bytes],
    expected: str,
) -> None:
    base, bodies = hostile
    bodies["/releases.json"] = answer
    _ctx, client = admin_in_process(tmp_path, update_source=base + "/")
    with client:
        checked = client.post("/api/updates/check", json={}).json()
    assert checked["state"] == "failed", checked
    text = json.dumps(checked)
    assert expected in text and BAIT not in text


@pytest.mark.parametrize(
    "artifact", [f"http://192.0.2.1/{BAIT}.whl", f"../{BAIT}.whl", f"/{BAIT}/gone.whl"]
)
def test_install_refuses_plain_http_artifacts_and_echoes_no_artifact_name(
    tmp_path: Path, hostile: tuple[str, dict[str, tuple[int, str, bytes]]], artifact: str
) -> None:
    base, bodies = hostile
    bodies["/releases.json"] = index({"version": "9.0.0", "artifact": artifact, "sha256": GOOD_SHA})
    _ctx, client = admin_in_process(tmp_path, update_source=base + "/")
    with client:
        assert client.post("/api/updates/check", json={}).json()["state"] == "available"
        client.post("/api/updates/install", json={})
        final = wait_for(
            lambda: (s := client.get("/api/updates").json())["state"] == "failed" and s,
            "the install to fail",
        )
    text = json.dumps(final["result"])  # the reason the console shows
    assert BAIT not in text
    if artifact.startswith("http://192"):
        assert "https://" in text  # refused before any connection to the LAN address
