"""Half-sent requests (slowloris) are closed; the host keeps answering meanwhile.

Bounded load: 60 connections per port, each sending part of a request's
headers and then nothing, on the admin HTTPS port and the plain HTTP port.
"""

from __future__ import annotations

import socket
import ssl
import time

import httpx

from host.native.http_limits import HEADER_TIMEOUT_S

from ..devices import plain_client
from ..server import HostProcess

HALF_SENT = b"GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
CONNECTIONS = 60


def open_half_sent(host: HostProcess, port: int, tls: bool) -> list[socket.socket]:
    held = []
    for _ in range(CONNECTIONS):
        sock: socket.socket = socket.create_connection(("127.0.0.1", port), timeout=10)
        if tls:
            sock = host.ssl_context().wrap_socket(sock, server_hostname="127.0.0.1")
        sock.sendall(HALF_SENT)
        held.append(sock)
    return held


def closed_by_host(sock: socket.socket, deadline: float) -> bool:
    sock.settimeout(max(0.1, deadline - time.monotonic()))
    try:
        return sock.recv(1024) == b""
    except (TimeoutError, ssl.SSLError, OSError) as error:
        return not isinstance(error, TimeoutError)


def test_half_sent_requests_are_closed_and_do_not_lock_anyone_out(
    host: HostProcess, admin: httpx.Client
) -> None:
    held = open_half_sent(host, host.base_port + 1, tls=True)
    held += open_half_sent(host, host.base_port, tls=False)
    try:
        started = time.monotonic()
        assert admin.get("/api/config").status_code == 200  # others are still served
        with plain_client(host) as plain:
            assert plain.get("/serverinfo").status_code == 200
        deadline = started + HEADER_TIMEOUT_S + 10
        still_open = [s for s in held if not closed_by_host(s, deadline)]
        assert still_open == [], f"{len(still_open)} half-sent requests were left open"
    finally:
        for sock in held:
            sock.close()
