"""Sign-in guessing races, forged Host headers and paths the router sees differently.

Each attack runs against a real host over loopback. Loopback source
addresses other than 127.0.0.1 stand for separate peers, so the rate-limit
tests do not count against each other or the admin client.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from ..app_client import native_only
from ..conftest import ADMIN
from ..helpers import assert_error, make_token
from ..server import HostProcess, running_host

ATTEMPTS = 60
LIMIT = 10  # login_max_failures' default


@pytest.fixture(scope="module")
def shost(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostProcess]:
    with running_host(tmp_path_factory.mktemp("auth") / "data", credentials=ADMIN) as process:
        yield process


def peer(host: HostProcess, address: str, **kwargs: object) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=address, verify=host.ssl_context())
    return httpx.Client(base_url=host.url, transport=transport, timeout=60, **kwargs)  # type: ignore[arg-type]


def all_at_once(host: HostProcess, address: str, send: object) -> list[httpx.Response]:
    """ATTEMPTS requests from one address, released together (one connection each)."""
    clients = [peer(host, address) for _ in range(ATTEMPTS)]
    try:
        with ThreadPoolExecutor(ATTEMPTS) as pool:
            return list(pool.map(send, clients))  # type: ignore[arg-type]
    finally:
        for client in clients:
            client.close()


CONCURRENT = native_only("sixty requests at once from their own loopback addresses need threads")


@CONCURRENT
def test_sixty_simultaneous_wrong_logins_get_only_the_allowed_guesses(shost: HostProcess) -> None:
    wrong = {"username": ADMIN[0], "password": "wrong guess"}
    answers = all_at_once(shost, "127.0.0.21", lambda c: c.post("/api/auth/login", json=wrong))
    statuses = sorted(a.status_code for a in answers)
    assert statuses.count(401) == LIMIT and statuses.count(429) == ATTEMPTS - LIMIT, statuses
    with peer(shost, "127.0.0.21") as client:  # even the right password waits for the window
        right = client.post("/api/auth/login", json={"username": ADMIN[0], "password": ADMIN[1]})
        assert_error(right, 429, "too many")


@CONCURRENT
def test_sixty_simultaneous_wrong_basic_attempts_get_only_the_allowed_guesses(
    shost: HostProcess,
) -> None:
    header = "Basic " + base64.b64encode(f"{ADMIN[0]}:wrong guess".encode()).decode()
    answers = all_at_once(
        shost, "127.0.0.22", lambda c: c.get("/api/config", headers={"Authorization": header})
    )
    assert all(a.status_code == 401 for a in answers)
    invalid = [a for a in answers if "Invalid username or password" in a.text]
    limited = [a for a in answers if "Too many failed sign-in attempts" in a.text]
    assert (len(invalid), len(limited)) == (LIMIT, ATTEMPTS - LIMIT)
    with peer(shost, "127.0.0.22", auth=ADMIN) as client:
        assert_error(client.get("/api/config"), 401, "too many")


@CONCURRENT
def test_simultaneous_correct_basic_sign_ins_all_succeed(shost: HostProcess) -> None:
    """Reserving an attempt must not turn a right password into a refusal: 50 at once
    with the right password answered 10 x 200 and 40 x 401 "too many" before."""
    answers = all_at_once(shost, "127.0.0.23", lambda c: c.get("/api/config", auth=ADMIN))
    assert [a.status_code for a in answers] == [200] * ATTEMPTS, [a.text for a in answers]


@CONCURRENT
def test_simultaneous_correct_logins_all_succeed(shost: HostProcess) -> None:
    right = {"username": ADMIN[0], "password": ADMIN[1]}
    answers = all_at_once(shost, "127.0.0.24", lambda c: c.post("/api/auth/login", json=right))
    assert [a.status_code for a in answers] == [200] * ATTEMPTS, [a.text for a in answers]


def test_a_forged_host_header_does_not_make_an_origin_allowed(tmp_path: Path) -> None:
    """DNS rebinding: evil.example resolves to 127.0.0.1, so the page's requests reach the
    host PC with `Host: evil.example:47990` and a matching Origin; no account exists yet."""
    with running_host(tmp_path / "data") as host, host.client() as client:
        port = host.base_port + 1
        forged = {"Host": f"evil.example:{port}", "Origin": f"https://evil.example:{port}"}
        account = {
            "newUsername": "evil",
            "newPassword": "pw-1234567",
            "confirmNewPassword": "pw-1234567",
        }
        assert_error(client.post("/api/password", json=account, headers=forged), 403, "origin")
        assert client.get("/api/auth/status").json()["credentials_configured"] is False
        # The console's own origin, as the browser on the PC sends it, still works.
        own = {"Origin": f"https://127.0.0.1:{port}"}
        assert client.post("/api/password", json=account, headers=own).status_code == 200


@pytest.mark.parametrize(
    "raw_path",
    ["/api/con%09fig", "/api/con%0Afig", "/api/config%3F", "/api/config%23x", "/api/config%3Fa=1"],
)
def test_authorisation_is_decided_on_the_path_the_router_routes(
    shost: HostProcess, raw_path: str
) -> None:
    with shost.client(auth=ADMIN) as admin:
        token = make_token(admin, ("/api/config", ["GET"]))
    with shost.client(headers={"Authorization": f"Bearer {token}"}) as scoped:
        assert scoped.get("/api/config").status_code == 200
        # The token grants /api/config only; the routed path is another one.
        assert_error(scoped.get(raw_path), 401, "does not grant")
    with shost.client() as anon:
        # A public route's name plus a character the URL parser drops is not that route.
        public = raw_path.replace("/api/config", "/api/auth/status")
        assert_error(anon.get(public), 401)
