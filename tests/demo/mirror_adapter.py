"""A toy HTTP adapter, declared the way the next real one (`asgi`) will be: one registry entry.

`mirror` services answer every request with their greeting, the route and the root
path they were called with. Tests register it with `registered()`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from demo.runtime.adapters import ADAPTERS, ConfigKey, HttpAdapter, ServiceContext

__all__ = ["MIRROR", "prepare_mirror", "registered"]


class _Mirror:
    def __init__(self, context: ServiceContext) -> None:
        self.greeting = context.config.get("greeting", "hello")

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        body = json.dumps(
            {"greeting": self.greeting, "path": scope["path"], "root": scope["root_path"]}
        ).encode()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": body})

    def allowed_methods(self, route: str) -> list[str]:
        return ["GET"]


async def _open_mirror(context: ServiceContext) -> _Mirror:
    return _Mirror(context)


def prepare_mirror(service: Any, base: Path, target: Path, at: str, report: Any) -> dict[str, Any]:
    """The build step: copies the config, upper-casing the greeting to prove it ran."""
    report(f"{service.name}: mirror ready")
    return {k: (v.upper() if k == "greeting" else v) for k, v in service.config.items()}


MIRROR = HttpAdapter(
    name="mirror",
    label="Answers with the route it was called with",
    family="mirror",
    source_keys=(ConfigKey("greeting"), ConfigKey("address")),
    built_keys=(ConfigKey("greeting"), ConfigKey("address")),
    prepare="tests.demo.mirror_adapter:prepare_mirror",
    open_service=_open_mirror,
)


@contextmanager
def registered() -> Iterator[HttpAdapter]:
    ADAPTERS["mirror"] = MIRROR
    try:
        yield MIRROR
    finally:
        del ADAPTERS["mirror"]
