"""Recorded responses (fixtures) of a mock-http service.

A fixture file is a JSON list of entries::

    {"method": "GET", "path": "/api/apps/{uuid}/icon", "status": 200,
     "headers": {"Cache-Control": "no-store"}, "body": {"ok": true}}

`path` is a concrete path or an OpenAPI-style template; `status` defaults to 200;
`body` is JSON (sent as `application/json`) or a string sent as is (as
`text/plain; charset=utf-8` unless `headers` sets a content type); no `body` (or
null) means an empty body. `method` may be `*` for any method.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Fixture", "FixtureError", "parse_fixtures"]

_FIELDS = ("method", "path", "status", "headers", "body")


class FixtureError(ValueError):
    """A fixture entry is invalid; the message names the file and entry."""


@dataclass(frozen=True)
class Fixture:
    method: str  # upper case, or "*"
    path: str
    status: int
    headers: dict[str, str] = field(default_factory=dict)
    body: Any = None
    has_body: bool = False

    def encoded_body(self) -> tuple[bytes, str | None]:
        """Body bytes and the content type to use when `headers` has none."""
        if not self.has_body or self.body is None:
            return b"", None
        if isinstance(self.body, str):
            return self.body.encode(), "text/plain; charset=utf-8"
        return json.dumps(self.body, ensure_ascii=False).encode(), "application/json"


def parse_fixtures(data: Any, origin: str = "fixtures") -> list[Fixture]:
    """Check and convert a fixture list; raise FixtureError naming `origin[index].field`."""
    if not isinstance(data, list):
        raise FixtureError(f"{origin}: must be a JSON list of fixtures, got {type(data).__name__}")
    out = []
    for i, entry in enumerate(data):
        at = f"{origin}[{i}]"
        if not isinstance(entry, dict):
            raise FixtureError(f"{at}: must be an object")
        unknown = [k for k in entry if k not in _FIELDS]
        if unknown:
            raise FixtureError(f"{at}.{unknown[0]}: unknown field (allowed: {', '.join(_FIELDS)})")
        method = entry.get("method")
        if not isinstance(method, str) or not method.strip():
            raise FixtureError(f'{at}.method: is required and must be a string such as "GET"')
        path = entry.get("path")
        if not isinstance(path, str) or not path.startswith("/"):
            raise FixtureError(f"{at}.path: is required and must start with '/'")
        status = entry.get("status", 200)
        if isinstance(status, bool) or not isinstance(status, int) or not 100 <= status <= 599:
            raise FixtureError(
                f"{at}.status: must be an HTTP status code (100-599), got {status!r}"
            )
        headers = entry.get("headers", {})
        if not isinstance(headers, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in headers.items()
        ):
            raise FixtureError(f"{at}.headers: must be an object of string values")
        out.append(
            Fixture(
                method=method.strip().upper(),
                path=path.split("?", 1)[0],
                status=status,
                headers=dict(headers),
                body=entry.get("body"),
                has_body="body" in entry,
            )
        )
    return out
