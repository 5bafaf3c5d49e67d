"""The event loop never blocks: a prep command that waits, a FIFO cover, and every port answers.

Admin and streaming ports share one event loop, so one request that blocks
it stalls them all. Each test holds the slow thing open on purpose (a prep
command that waits for a file to vanish, a FIFO nobody writes) and checks
that other requests are answered while it is held; a client timeout bounds
every request, so a blocked loop fails the test instead of hanging it.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from tests.waiting import REPLY_S, wait_for

from .devices import plain_client
from .helpers import assert_error
from .server import HostProcess

# The slow thing is held until the test lets it go, so a blocked loop never answers: any bound
# tells the two apart, and this one is far beyond what load does to a probe.
PROMPT_S = 60.0


def test_status_and_app_list_answer_while_a_prep_command_runs(
    host: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    started, hold = tmp_path / "started", tmp_path / "hold"
    hold.touch()
    wait = f"touch {started}; while [ -e {hold} ]; do sleep 0.05; done"
    app = admin.post(
        "/api/apps", json={"name": "Slow prep", "prep-cmd": [{"do": wait, "undo": ""}]}
    ).json()["app"]
    with ThreadPoolExecutor(1) as pool:
        launch = pool.submit(admin.post, "/api/apps/launch", json={"uuid": app["uuid"]})
        try:
            wait_for(started.exists, "the prep command to start")
            with host.client(auth=admin.auth, timeout=PROMPT_S) as probe:
                status = probe.get("/api/session/status")
                listing = probe.get("/api/apps")
            with plain_client(host) as stream:
                stream.timeout = httpx.Timeout(PROMPT_S)
                serverinfo = stream.get("/serverinfo")
            assert not launch.done(), "the prep command was meant to be still running"
        finally:
            hold.unlink()
        assert launch.result(timeout=REPLY_S).status_code == 200
    assert status.status_code == 200 and status.json()["appRunning"] is False
    assert listing.status_code == 200 and listing.json()["current_app"] == ""
    assert serverinfo.status_code == 200
    assert admin.get("/api/session/status").json()["appName"] == "Slow prep"
    assert admin.post("/api/apps/close", json={}).status_code == 200


def test_a_fifo_as_cover_image_is_refused_without_blocking(
    host: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    fifo = tmp_path / "cover.png"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer that never comes
    app = admin.post("/api/apps", json={"name": "Fifo cover", "image-path": str(fifo)}).json()[
        "app"
    ]
    with host.client(auth=admin.auth, timeout=PROMPT_S) as probe, ThreadPoolExecutor(4) as pool:
        covers = [pool.submit(probe.get, f"/api/apps/{app['uuid']}/cover") for _ in range(3)]
        status = probe.get("/api/session/status")
        answers = [c.result() for c in covers]
    assert status.status_code == 200
    for answer in answers:
        assert_error(answer, 404, "cannot be read")
