"""The host process: TLS certificate reuse, OpenAPI over HTTPS, clean shutdown."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.waiting import REPLY_S

from ..server import HostProcess


def test_certificate_is_made_once_and_reused(tmp_path: Path) -> None:
    host = HostProcess(tmp_path / "data")
    host.start()
    try:
        first = (host.data_dir / "cert.pem").read_bytes()
        assert (host.data_dir / "key.pem").stat().st_mode & 0o077 == 0
        host.restart()
        assert (host.data_dir / "cert.pem").read_bytes() == first
        with host.client() as client:  # verifies against that very certificate
            assert client.get("/api/auth/status").status_code == 200
    finally:
        assert host.stop() == 0  # SIGTERM shuts down cleanly


def test_a_stop_cuts_idle_kept_alive_connections_instead_of_waiting_out_its_grace(
    tmp_path: Path,
) -> None:
    """An idle keep-alive client over TLS (a browser, httpx) never sends close_notify: a
    stop that waited for it ran out its grace and cancelled, at every stop or restart with a
    console open."""
    host = HostProcess(tmp_path / "data")
    host.start()
    with host.client() as client:
        assert client.get("/api/auth/status").status_code == 200  # kept alive, now idle
        assert host.stop() == 0
    log = host.stderr_path.read_text()
    assert "Shutting down" in log
    assert "graceful shutdown exceeded" not in log


def test_openapi_document_is_served_to_authenticated_clients(
    admin: httpx.Client, anon: httpx.Client
) -> None:
    document = admin.get("/api/openapi.json").json()
    assert document["openapi"].startswith("3.") and "/api/token/{hash}" in document["paths"]
    assert anon.get("/api/openapi.json").status_code == 401


def test_console_page_is_served(anon: httpx.Client) -> None:
    answer = anon.get("/")
    assert answer.status_code == 200 and "text/html" in answer.headers["content-type"]


def test_plain_http_is_not_served(host: HostProcess) -> None:
    with httpx.Client(timeout=REPLY_S) as client:
        try:
            answer = client.get(f"http://127.0.0.1:{host.base_port + 1}/api/auth/status")
        except httpx.HTTPError:
            return  # the TLS port drops a plain-HTTP client
        assert answer.status_code != 200
