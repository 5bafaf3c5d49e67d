"""Sign-in rate limiting: 429 on the login route, 401 on Basic, per client address."""

from __future__ import annotations

import time

from .conftest import ADMIN
from .helpers import assert_error
from .server import HostProcess

GOOD = {"username": ADMIN[0], "password": ADMIN[1]}
BAD = {"username": ADMIN[0], "password": "wrong"}


def test_login_answers_429_after_the_limit_even_with_the_right_password(
    fresh_host: HostProcess,
) -> None:
    with fresh_host.client(auth=ADMIN) as admin:
        admin.patch("/api/config", json={"login_max_failures": 3, "login_failure_window_s": 2})
    with fresh_host.client() as client:
        for _ in range(3):
            assert_error(client.post("/api/auth/login", json=BAD), 401)
        limited = client.post("/api/auth/login", json=GOOD)
        assert_error(limited, 429, "too many")
        assert limited.headers["retry-after"] == "2"
        # Basic is limited by the same counter, and answers 401.
        with fresh_host.client(auth=ADMIN) as admin:
            assert_error(admin.get("/api/config"), 401, "too many")
        time.sleep(2.2)  # the window passes
        assert client.post("/api/auth/login", json=GOOD).status_code == 200


def test_failed_basic_attempts_count_toward_the_login_limit(fresh_host: HostProcess) -> None:
    with fresh_host.client(auth=ADMIN) as admin:
        admin.patch("/api/config", json={"login_max_failures": 2})
    with fresh_host.client(auth=("admin", "bad")) as wrong:
        for _ in range(2):
            answer = wrong.get("/api/config")
            assert_error(answer, 401, "invalid username or password")
            assert answer.headers["www-authenticate"].startswith("Basic")
    with fresh_host.client() as client:
        assert_error(client.post("/api/auth/login", json=GOOD), 429)


def test_success_clears_the_failure_count(fresh_host: HostProcess) -> None:
    with fresh_host.client(auth=ADMIN) as admin:
        admin.patch("/api/config", json={"login_max_failures": 3})
    with fresh_host.client() as client:
        for _ in range(2):
            assert_error(client.post("/api/auth/login", json=BAD), 401)
        assert client.post("/api/auth/login", json=GOOD).status_code == 200
        for _ in range(2):
            assert_error(client.post("/api/auth/login", json=BAD), 401)
        assert client.post("/api/auth/login", json=GOOD).status_code == 200
