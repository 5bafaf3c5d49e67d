"""`python -m demo serve`: MIME types, caching, and the natively mounted /__demo app."""

from __future__ import annotations

import socket
from pathlib import Path
from time import sleep
from types import SimpleNamespace

import httpx
import pytest
from starlette.testclient import TestClient

from demo import serve
from demo.serve import make_app
from tests.demo.sites import Server, Sites
from tests.waiting import wait_for


def test_a_test_server_holds_its_port_from_the_moment_it_is_made(tmp_path: Path) -> None:
    # Picked and then bound later, a free port can be taken in between by another process
    # (a parallel test run, a host or browser starting): the server's start would fail.
    (tmp_path / "index.html").write_text("<p>hi</p>")
    server = Server(tmp_path)
    with socket.socket() as other, pytest.raises(OSError):
        other.bind(("127.0.0.1", server.port))
    with server:
        assert httpx.get(server.url + "/").text == "<p>hi</p>"


def test_static_files_have_browser_ready_types_and_no_caching(sites: Sites) -> None:
    client = TestClient(make_app(sites.root))
    expected = {
        "/demos/shop/__demo-sw.js": "text/javascript",
        "/demos/shop/__demo-runtime/pyodide/pyodide.asm.wasm": "application/wasm",
        "/demos/shop/manifest.json": "application/json",
        "/demos/shop/": "text/html",
    }
    for path, kind in expected.items():
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers["content-type"].startswith(kind), path
        assert response.headers["cache-control"] == "no-cache"
    # A demo's worker controls its own folder only (issue 27: no wider scope allowed).
    assert "service-worker-allowed" not in client.get("/demos/shop/__demo-sw.js").headers
    assert client.get("/demos/shop/nothing-here").status_code == 404


def test_without_native_demo_the_demo_urls_are_plain_404s(sites: Sites) -> None:
    client = TestClient(make_app(sites.shop.out))
    assert client.get("/__demo/mock/api/users").status_code == 404


def test_native_demo_answers_like_the_worker(sites: Sites) -> None:
    client = TestClient(make_app(sites.shop.out, native_demo=True))
    users = client.get("/__demo/mock/api/users")
    assert users.status_code == 200
    assert users.json()[0]["name"] == "Ada"
    answer = client.post(
        "/__demo/db/ledger/query", json={"sql": "SELECT owner, balance FROM accounts ORDER BY id"}
    )
    assert answer.status_code == 200
    assert answer.json()["result"][0]["rows"][0] == {"owner": "ada", "balance": "100.50"}
    # Static files are still served beside the mounted /__demo app.
    assert client.get("/index.html").text == (sites.shop.out / "index.html").read_text()


def test_native_demo_queries_reach_nothing_outside_their_database(
    sites: Sites, tmp_path: Path
) -> None:
    # A visitor's SQL must not read or write the serving machine's files (issue 24):
    # DuckDB's readers and COPY TO are refused as Postgres words it, or in the demo's words.
    client = TestClient(make_app(sites.shop.out, native_demo=True))
    target = tmp_path / "copied.csv"
    for sql, message in [
        ("SELECT * FROM read_csv('/etc/hostname')", "function read_csv(unknown) does not exist"),
        (f"COPY accounts TO '{target}'", "COPY ... TO is not supported by this demo"),
        ("ATTACH '/tmp/other.db'", 'syntax error at or near "ATTACH"'),
    ]:
        answer = client.post("/__demo/db/ledger/query", json={"sql": sql})
        assert answer.status_code == 400, sql
        assert answer.json()["error"].startswith(message), answer.json()
    assert not target.exists()


def _stalled_request(server: Server) -> socket.socket:
    """A client that asks for a large file and never reads: the response stays under way."""
    client = socket.create_connection(("127.0.0.1", server.port))
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.sendall(b"GET /big.bin HTTP/1.1\r\nhost: demo\r\n\r\n")
    assert client.recv(12, socket.MSG_WAITALL) == b"HTTP/1.1 200"  # the response is under way
    return client


def _refuses_connections(server: Server) -> bool:
    try:
        socket.create_connection(("127.0.0.1", server.port)).close()
    except ConnectionRefusedError:
        return True
    return False


def test_stop_all_asks_every_running_server_to_stop_at_once(tmp_path: Path) -> None:
    # At a session's end each demo server waits up to 5 s for a response under way; stopped
    # one after the other, those waits added up (15 s for three servers, issue 28).
    (tmp_path / "big.bin").write_bytes(bytes(32 << 20))
    with Server(tmp_path) as first, Server(tmp_path) as second:
        stalled = [_stalled_request(first), _stalled_request(second)]
        try:
            Server.stop_all()
            for server in (first, second):
                wait_for(lambda s=server: _refuses_connections(s), f"{server.url} to stop")
        finally:
            for client in stalled:
                client.close()


def test_a_client_that_never_reads_is_cut_when_the_grace_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Left open, such a connection kept the server's thread (and its transports) alive.
    monkeypatch.setattr(serve, "STOP_GRACE_S", 0.0)
    (tmp_path / "big.bin").write_bytes(bytes(32 << 20))
    with Server(tmp_path) as server:
        client = _stalled_request(server)
    # Reset, not closed: a close leaves the unsent rest with the kernel, which holds the
    # connection open for a client that reads nothing until it gives up (98 s in a full run).
    with client, pytest.raises(ConnectionResetError):
        while client.recv(1 << 20):
            pass


# The failed start's own exception, in the server's thread, is the point.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_slow_start_is_waited_for_and_a_failed_one_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "index.html").write_text("<p>hi</p>")
    # A machine so busy that every look at the clock finds a minute gone: still no failure.
    clock = iter(range(0, 10**6, 60))
    monkeypatch.setattr(serve, "time", SimpleNamespace(monotonic=lambda: next(clock), sleep=sleep))
    with Server(tmp_path) as server:
        assert httpx.get(server.url + "/").text == "<p>hi</p>"
    broken = Server(tmp_path)
    broken._socket.close()  # nothing to listen on: its start fails and its thread ends
    with pytest.raises(RuntimeError, match="did not start"):
        broken.__enter__()
