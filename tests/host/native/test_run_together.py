"""The host's servers run together: a stop asked for before they serve is not lost."""

from __future__ import annotations

import threading
from typing import Any

import uvicorn

from host.native.connection_guard import ConnectionCaps
from host.native.listeners import open_listener
from host.native.streaming_server import ListeningServer, run_together
from tests.waiting import REPLY_S


class _LifespanApp:
    """Records the lifespan events it answers; serves nothing else."""

    def __init__(self) -> None:
        self.events: list[str] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        assert scope["type"] == "lifespan"
        while True:
            message = await receive()
            kind = message["type"].rsplit(".", 1)[-1]  # startup / shutdown
            self.events.append(kind)
            await send({"type": f"{message['type']}.complete"})
            if kind == "shutdown":
                return


def _server(app: Any, lifespan: str) -> ListeningServer:
    config = uvicorn.Config(app, lifespan=lifespan, log_config=None)
    return ListeningServer(config, open_listener("127.0.0.1", 0))


def test_a_stop_asked_before_serving_stops_the_host_once_started_and_shuts_it_down() -> None:
    """The host's sockets listen before uvicorn handles SIGTERM: a SIGTERM in between was
    swallowed and the host ran on (1 in 35 quick stops under load). Now it is remembered
    and the servers stop once started, through the lifespan's shutdown."""
    app = _LifespanApp()
    leader, follower = _server(app, "on"), _server(app, "off")
    runner = threading.Thread(
        target=run_together,
        args=(leader, [follower], ConnectionCaps()),
        kwargs={"stop_asked": lambda: True},
        daemon=True,
    )
    runner.start()
    runner.join(timeout=REPLY_S)
    assert not runner.is_alive(), "the servers ran on after a stop was asked"
    assert app.events == ["startup", "shutdown"]
