"""Process work cannot stall sign-in, and an app's output FIFO cannot hang a launch.

Against a real host over loopback. The prep command waits on a gate file the
test creates, so "the launch is still in its prep command" is a fact, not a
timing guess.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import httpx

from host.handlers.process_work import BUSY
from tests.waiting import wait_for

from ..conftest import ADMIN
from ..helpers import assert_error, make_token
from ..server import HostProcess

CLOSES = 45  # more than the shared thread pool's 40 threads


def add_app(admin: httpx.Client, **fields: object) -> str:
    answer = admin.post(
        "/api/apps", json={"name": f"app {len(fields)} {os.urandom(3).hex()}", **fields}
    )
    assert answer.status_code == 200, answer.text
    return str(answer.json()["app"]["uuid"])


def test_close_requests_during_a_long_prep_get_409_and_sign_in_is_not_delayed(
    host: HostProcess, admin: httpx.Client, tmp_path: Path
) -> None:
    gate, started = tmp_path / "gate", tmp_path / "started"
    wait_for_gate = f"touch {started}; while [ ! -e {gate} ]; do sleep 0.05; done"
    uuid = add_app(admin, cmd="sleep 60", **{"prep-cmd": [{"do": wait_for_gate, "undo": ""}]})
    closer = make_token(admin, ("/api/apps/close", ["POST"]))

    def launch() -> httpx.Response:
        with host.client(auth=ADMIN, timeout=120) as client:
            return client.post("/api/apps/launch", json={"uuid": uuid})

    def close(_: int) -> httpx.Response:
        with host.client(headers={"Authorization": f"Bearer {closer}"}, timeout=120) as client:
            return client.post("/api/apps/close", json={})

    with ThreadPoolExecutor(CLOSES + 1) as pool:
        launching = pool.submit(launch)
        wait_for(lambda: started.exists() or launching.done(), "the launch's prep command")
        assert not launching.done(), "prep never started"  # the launch is in its prep now
        closing = [pool.submit(close, n) for n in range(CLOSES)]
        try:
            # The prep command still waits on its gate. One close may wait for a process
            # thread behind it; every other one is refused at once, and a sign-in is served.
            refused = []
            for done in as_completed(closing, timeout=60):
                refused.append(done.result())
                if len(refused) == CLOSES - 1:
                    break
            assert all(r.status_code == 409 for r in refused), [r.text for r in refused]
            assert_error(refused[0], 409, "busy")
            assert BUSY in refused[0].text
            with host.client(timeout=60) as anon:
                login = anon.post(
                    "/api/auth/login", json={"username": ADMIN[0], "password": ADMIN[1]}
                )
                assert login.status_code == 200, login.text
            assert not launching.done(), launching.result().text
        finally:
            gate.touch()
        assert launching.result(timeout=60).status_code == 200
        # The close that waited ran after the launch, and closed the app.
        statuses = sorted(f.result(timeout=60).status_code for f in closing)
        assert statuses == [200] + [409] * (CLOSES - 1), statuses


def test_an_output_fifo_without_a_reader_fails_the_launch_at_once(
    admin: httpx.Client, tmp_path: Path
) -> None:
    fifo = tmp_path / "output.fifo"
    os.mkfifo(fifo)
    stuck = add_app(admin, cmd="true", output=str(fifo))
    answer = admin.post("/api/apps/launch", json={"uuid": stuck}, timeout=60)
    assert_error(answer, 400, "output file")
    # Nothing is left holding the launch lock: another app launches and closes.
    fine = add_app(admin, cmd="sleep 60")
    assert admin.post("/api/apps/launch", json={"uuid": fine}).status_code == 200
    assert admin.post("/api/apps/close", json={}).status_code == 200
