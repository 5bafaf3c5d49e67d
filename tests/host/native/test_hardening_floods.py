"""Connections that never start TLS, floods from one peer, slow bodies, plain HTTP on the
admin port and `--bind ::`, each performed against a real host over loopback.

Loads are bounded (a few hundred sockets) and every wait ends on an event or
the host's own deadline plus a margin; no test asserts a speed.
"""

from __future__ import annotations

import socket
import ssl
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from bench.flood import OVER_CAP, flood, rss_kib
from host.native.connection_guard import (
    FIRST_BYTE_TIMEOUT_S,
    HANDSHAKE_TIMEOUT_S,
    MAX_PER_PEER,
    MAX_TOTAL,
)
from host.native.http_limits import BODY_WINDOW_S
from tests.waiting import REPLY_S, wait_for

from ..conftest import ADMIN
from ..devices import device_client
from ..server import HostProcess, running_host

MARGIN_S = 15.0  # on top of a host deadline, for a loaded machine


@pytest.fixture(scope="module")
def fhost(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostProcess]:
    with running_host(tmp_path_factory.mktemp("floods") / "data", credentials=ADMIN) as process:
        yield process


def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    return sock


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the host closes (or resets) `sock` within `seconds`."""
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
        return True
    except TimeoutError:
        return False
    except OSError:
        return True  # reset


def log_text(host: HostProcess) -> str:
    return (host.data_dir / "helio.log").read_text(errors="replace")


def test_plain_http_on_the_admin_port_is_redirected_to_https(fhost: HostProcess) -> None:
    port = fhost.base_port + 1
    with connect(port) as sock:
        sock.sendall(
            f"GET /api/auth/status?x=1 HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n".encode()
        )
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
    head = answer.decode("latin-1")
    assert head.startswith("HTTP/1.1 301 "), head
    assert f"\r\nLocation: https://localhost:{port}/api/auth/status?x=1\r\n" in head
    # A client that follows it ends up on the console's HTTPS answer.
    with httpx.Client(verify=fhost.ssl_context(), follow_redirects=True, timeout=REPLY_S) as client:
        followed = client.get(f"http://127.0.0.1:{port}/api/auth/status")
    assert followed.status_code == 200 and followed.url.scheme == "https"
    assert "credentials_configured" in followed.json()


def test_connections_that_never_finish_tls_are_closed_by_the_deadlines(
    fhost: HostProcess,
) -> None:
    ports = (fhost.base_port - 5, fhost.base_port + 1)  # streaming HTTPS, admin HTTPS
    idle = [connect(port) for port in ports for _ in range(5)]
    started = []
    for port in ports:
        sock = connect(port)
        sock.sendall(b"\x16\x03\x01\x00")  # the start of a ClientHello, then nothing
        started.append(sock)
    try:
        with device_client(fhost, None) as client:  # others are served meanwhile
            assert client.get("/serverinfo").status_code == 200
        for sock in idle:
            assert closed_within(sock, FIRST_BYTE_TIMEOUT_S + MARGIN_S)
        for sock in started:
            assert closed_within(sock, FIRST_BYTE_TIMEOUT_S + HANDSHAKE_TIMEOUT_S + MARGIN_S)
    finally:
        for sock in idle + started:
            sock.close()


def test_a_peer_over_its_cap_is_refused_at_accept_counted_not_logged_each_time(
    fhost: HostProcess,
) -> None:
    port = fhost.base_port - 5
    before = len(log_text(fhost))
    flood = [connect(port, "127.0.0.7") for _ in range(MAX_PER_PEER + 40)]
    try:
        # The connections over the cap are reset at accept, long before any deadline:
        # at least 40 of them are closed while the first-byte deadline still holds the rest.
        refused = [
            s for s in flood[MAX_PER_PEER:] if closed_within(s, FIRST_BYTE_TIMEOUT_S + MARGIN_S)
        ]
        assert len(refused) == 40
        with device_client(fhost, None) as client:  # another peer is served
            assert client.get("/serverinfo").status_code == 200
    finally:
        for sock in flood:
            sock.close()
    added = log_text(fhost)[before:]
    assert added.count("Refused a connection from 127.0.0.7") == 1, added[-2000:]
    assert "Traceback" not in added


def test_a_slow_request_body_is_closed_by_the_body_deadline(fhost: HostProcess) -> None:
    port = fhost.base_port + 1
    context = fhost.ssl_context()
    held = []
    for number in range(3):
        raw = connect(port, f"127.0.0.{40 + number}")
        sock = context.wrap_socket(raw, server_hostname="127.0.0.1")
        sock.sendall(
            b"POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"
        )
        held.append(sock)
    try:
        for sock in held:
            sock.sendall(b" ")  # a trickle, far below the minimum rate
        with fhost.client() as client:
            assert client.get("/api/auth/status").status_code == 200
        for sock in held:
            assert closed_within(sock, BODY_WINDOW_S + MARGIN_S)
    finally:
        for sock in held:
            sock.close()


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as sock:
            sock.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _ipv6_loopback(), reason="no IPv6 loopback on this machine")
def test_bind_to_the_ipv6_wildcard_serves_ipv4_too(tmp_path: Path) -> None:
    """`--bind ::` turned IPv4 off although the help says "for IPv6 too"."""
    with running_host(tmp_path / "data", "--bind", "::", credentials=ADMIN) as host:
        port = host.base_port + 1
        for url in (f"https://127.0.0.1:{port}", f"https://[::1]:{port}"):
            with httpx.Client(base_url=url, verify=host.ssl_context(), timeout=REPLY_S) as client:
                assert client.get("/api/auth/status").status_code == 200, url
        for address in ("127.0.0.1", "::1"):  # the streaming ports too
            with socket.create_connection((address, host.base_port), timeout=10):
                pass
            context = ssl.create_default_context(cafile=str(host.data_dir / "cert.pem"))
            raw = socket.create_connection((address, host.base_port - 5), timeout=10)
            with context.wrap_socket(raw, server_hostname=address):
                pass


def test_legitimate_clients_wait_for_nothing_after_the_flood(fhost: HostProcess) -> None:
    """The caps free their places: after a flood closes, the same peer is admitted again."""
    port = fhost.base_port - 5
    flood = [connect(port, "127.0.0.8") for _ in range(MAX_PER_PEER)]
    for sock in flood:
        sock.close()

    def admitted() -> bool:
        with connect(port, "127.0.0.8") as sock:
            context = ssl.create_default_context(cafile=str(fhost.data_dir / "cert.pem"))
            try:
                with context.wrap_socket(sock, server_hostname="127.0.0.1"):
                    return True
            except OSError:
                return False

    # The host sees the closes asynchronously: wait for them, not for a time.
    wait_for(admitted, "the peer's places to be freed")


def test_a_flood_from_many_addresses_leaves_room_and_its_memory_goes(fhost: HostProcess) -> None:
    """The first round's flood, bounded: more idle connections than the total cap, from 40
    addresses and one over its cap; a device is served meanwhile, then the host's memory
    comes back within 20 % and the log grew by a few lines, not one per connection."""
    assert fhost.process is not None
    port = fhost.base_port - 5
    with device_client(fhost, None) as client:
        assert client.get("/serverinfo").status_code == 200
    before_rss, before_log = rss_kib(fhost.process.pid), len(log_text(fhost))
    held = flood(port, addresses=40, per_address=30, over_cap=OVER_CAP)
    try:
        assert len(held) > MAX_TOTAL  # more than the host admits at once
        with device_client(fhost, None) as client:  # a new TLS client is admitted and served
            assert client.get("/serverinfo").status_code == 200
    finally:
        for sock in held:
            sock.close()
    pid = fhost.process.pid
    wait_for(  # the closes are seen asynchronously
        lambda: rss_kib(pid) <= before_rss * 1.2, f"the host's memory back near {before_rss} KiB"
    )
    added = log_text(fhost)[before_log:]
    assert len(added.encode()) < 4096 and "Traceback" not in added, added[-2000:]
