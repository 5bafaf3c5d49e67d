"""The request side of one ASGI HTTP call whose body is known up front.

The worker's bridge (demo/browser/bridge.py) and the app's own callbacks
(app.py `send_callback`) both drive an app with a body already in hand.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["receive_once"]

Message = MutableMapping[str, Any]


def receive_once(body: bytes) -> Callable[[], Awaitable[Message]]:
    """An ASGI `receive`: the whole body in one message, then a disconnect."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive
