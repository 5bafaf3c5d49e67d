"""Sign-in rate limiting: 429 on the login route, 401 on Basic, per client address."""

from __future__ import annotations

from typing import Any

from host.core.auth.ratelimit import LoginLimiter

from ..app_client import InProcessHost
from ..conftest import ADMIN
from ..helpers import assert_error
from ..server import HostProcess

GOOD = {"username": ADMIN[0], "password": ADMIN[1]}
BAD = {"username": ADMIN[0], "password": "wrong"}
PEER = "192.168.1.20"


def test_login_answers_429_after_the_limit_even_with_the_right_password(
    fresh_host: HostProcess,
) -> None:
    with fresh_host.client(auth=ADMIN) as admin:
        admin.patch("/api/config", json={"login_max_failures": 3, "login_failure_window_s": 30})
    with fresh_host.client() as client:
        for _ in range(3):
            assert_error(client.post("/api/auth/login", json=BAD), 401)
        limited = client.post("/api/auth/login", json=GOOD)
        assert_error(limited, 429, "too many")
        assert limited.headers["retry-after"] == "30"
        # Basic is limited by the same counter, and answers 401.
        with fresh_host.client(auth=ADMIN) as admin:
            assert_error(admin.get("/api/config"), 401, "too many")


def test_the_right_password_works_again_once_the_window_passes(app_host: InProcessHost) -> None:
    # A clock the test moves: three slow wrong-password checks on a loaded machine
    # can outlast a short real window before the limit is even reached.
    now = [1000.0]
    app_host.ctx.limiter = LoginLimiter(clock=lambda: now[0])
    app_host.ctx.settings.update({"login_max_failures": 3, "login_failure_window_s": 60})
    client = app_host.client(peer=PEER)
    for _ in range(3):
        assert_error(client.post("/api/auth/login", json=BAD), 401)
    assert_error(client.post("/api/auth/login", json=GOOD), 429, "too many")
    now[0] += 61
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


def _signed_in(app_host: InProcessHost, **settings: object) -> Any:
    """A client of the in-process host with a web session (bearer + CSRF), from PEER."""
    app_host.ctx.settings.update(settings)
    client = app_host.client(peer=PEER)
    session = client.post("/api/auth/login", json=GOOD).json()
    client.headers["Authorization"] = f"Bearer {session['access_token']}"
    client.headers["X-CSRF-Token"] = session["csrf_token"]
    return client


def _change(client: Any, current: str, new: str = "new password") -> Any:
    return client.post(
        "/api/password",
        json={
            "currentUsername": ADMIN[0],
            "currentPassword": current,
            "newPassword": new,
            "confirmNewPassword": new,
        },
    )


def test_password_change_shares_the_sign_in_limit_and_says_when_to_retry(
    app_host: InProcessHost,
) -> None:
    client = _signed_in(app_host, login_max_failures=2, login_failure_window_s=30)
    for _ in range(2):
        assert_error(_change(client, "wrong"), 400, "currentpassword is wrong")
    limited = _change(client, ADMIN[1])
    assert_error(limited, 429, "too many")
    assert limited.headers["retry-after"] == "30"
    assert app_host.ctx.credentials.verify(*ADMIN)  # nothing changed


def test_a_successful_password_change_clears_the_failure_count(app_host: InProcessHost) -> None:
    ctx = app_host.ctx
    client = _signed_in(app_host, login_max_failures=3)
    window = ctx.settings.get("login_failure_window_s")
    for _ in range(2):
        assert_error(_change(client, "wrong"), 400)
    assert ctx.limiter.blocked(PEER, 2, window)
    assert _change(client, ADMIN[1], "second password").status_code == 200
    assert not ctx.limiter.blocked(PEER, 1, window)
    assert ctx.credentials.verify(ADMIN[0], "second password")
