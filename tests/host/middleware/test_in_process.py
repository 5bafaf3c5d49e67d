"""Rules that need a peer a loopback-only test server cannot be: network reach, and 500s."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..helpers import assert_error, in_process

LAN, WAN, LOOP = "192.168.1.20", "203.0.113.9", "127.0.0.1"


@pytest.mark.parametrize(
    ("level", "address", "allowed"),
    [
        ("pc", LOOP, True),
        ("pc", "::1", True),
        ("pc", LAN, False),
        ("pc", "fd00::5", False),
        ("lan", LOOP, True),
        ("lan", LAN, True),
        ("lan", "10.1.2.3", True),
        ("lan", "172.20.0.4", True),
        ("lan", "169.254.9.9", True),
        ("lan", "100.64.3.3", True),
        ("lan", "fd12::1", True),
        ("lan", "fe80::1", True),
        ("lan", "::ffff:192.168.1.4", True),
        ("lan", WAN, False),
        ("lan", "2001:db8::1", False),
        ("lan", "172.32.0.1", False),
        ("wan", WAN, True),
    ],
)
def test_reach_applies_to_every_route_and_the_console(
    tmp_path: Path, level: str, address: str, allowed: bool
) -> None:
    _, client = in_process(tmp_path, address, origin_web_ui_allowed=level)
    with client:
        for path in ("/api/auth/status", "/api/auth/login", "/api/config", "/", "/index.html"):
            answer = client.get(path) if path != "/api/auth/login" else client.post(path, json={})
            if allowed:
                assert answer.status_code != 403, (path, answer.text)
            else:
                assert_error(answer, 403, "not allowed")


def test_an_unexpected_error_is_a_json_500_without_a_stack_trace(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    ctx, client = in_process(tmp_path, LOOP)
    ctx.credentials.set("admin", "pw")

    def broken() -> dict[str, object]:
        raise RuntimeError("disk on fire: /secret/path")

    with client:  # the lifespan reads the settings, so they break only once it has started
        ctx.settings.current = broken  # type: ignore[method-assign]
        answer = client.get("/api/configLocale")
    body = assert_error(answer, 500, "internal server error")
    assert "disk on fire" not in answer.text and "RuntimeError" not in answer.text
    assert body == {"status": False, "error": "Internal server error; see the host log"}
    assert "disk on fire" in caplog.text
