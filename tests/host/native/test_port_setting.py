"""The `port` setting moves every port at the next start; `--port` overrides it.

And a config write names the keys this host does not use, so a typo shows.
"""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.waiting import REPLY_S

from ..app_client import native_only
from ..conftest import ADMIN
from ..helpers import assert_error
from ..server import free_base_port, running_host


def test_unknown_keys_are_merged_and_named_in_the_answer(admin: httpx.Client) -> None:
    answer = admin.patch("/api/config", json={"prot": 45000, "locale": "de", "gone": None})
    assert answer.status_code == 200, answer.text
    assert answer.json()["unused"] == ["prot"] and answer.json()["restart_required"] is True
    assert admin.get("/api/config").json()["prot"] == 45000  # still merged, as the spec says
    assert admin.post("/api/config", json={"locale": "en", "prot": None}).json()["unused"] == []


def test_the_port_setting_is_validated(admin: httpx.Client) -> None:
    for bad in (5, 65535, "47989", 4.5, True):
        assert_error(admin.patch("/api/config", json={"port": bad}), 400, "port")
    assert admin.get("/api/config").json()["port"] == 47989


@native_only("restarts the host process")
def test_the_port_setting_moves_all_ports_and_the_option_overrides_it(tmp_path: Path) -> None:
    with running_host(tmp_path / "data", credentials=ADMIN) as host:
        moved = free_base_port()
        with host.client(auth=ADMIN) as admin:
            answer = admin.patch("/api/config", json={"port": moved})
            assert answer.status_code == 200 and answer.json()["unused"] == []
        host.restart()  # --port given: it wins over the setting
        with host.client(auth=ADMIN) as admin:
            assert admin.get("/api/config").json()["port"] == moved
        host.stop()
        host.port_option, host.base_port = False, moved
        host.start()  # waits for the console (+1), streaming HTTPS (-5) and HTTP (0) of `moved`
        with host.client(auth=ADMIN) as admin:
            assert admin.get("/api/config").status_code == 200
        served = httpx.get(f"http://127.0.0.1:{moved}/serverinfo", timeout=REPLY_S)
        assert served.status_code == 200 and "<root" in served.text
