"""The route-table model: what one entry of `host.route_table` declares.

An entry is data: path template, methods, handler, the policy the
middleware enforces (`access`, `grantable`) and the schemas `host.validation`
enforces before the handler runs (`request_schema`, `query_schema`). The
router, the auth check, the 405 `Allow` header, the token catalogue
(`/api/token/routes`), the OpenAPI document and the tests' route matrix are
all derived from the same list.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import compile_path

from host.core.auth.tokens import PATTERN_PARAM
from host.core.schema import check_schema

__all__ = ["Access", "Catalogue", "Route", "RouteTable", "grant_path", "scope_path"]

Endpoint = Callable[[Request], Awaitable[Response]]

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class Access(Enum):
    PUBLIC = "public"  # no authentication
    ADMIN = "admin"  # Basic, session, or a token whose scopes grant it
    SETUP = "setup"  # public from the host PC while no account exists, else ADMIN


@dataclass(frozen=True)
class Route:
    path: str
    methods: tuple[str, ...]
    endpoint: Endpoint
    name: str
    summary: str
    access: Access = Access.ADMIN
    # Token-management and auth routes are never grantable (spec rule 5).
    grantable: bool = True
    request_schema: dict[str, Any] | None = None
    response_schema: dict[str, Any] | None = None
    # Query parameters as a JSON schema of an object; `integer` ones are parsed from text.
    query_schema: dict[str, Any] | None = None
    # Media-type prefixes of bodies the handler reads itself (e.g. `image/`);
    # `request_schema` applies to every other body, which must be JSON.
    raw_body_types: tuple[str, ...] = ()
    # Media type of a successful answer; errors are always JSON.
    response_type: str = "application/json"
    # Restarts or stops the host: tests call it only on a host of their own.
    disruptive: bool = False
    regex: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.access is not Access.ADMIN and self.grantable:
            object.__setattr__(self, "grantable", False)
        object.__setattr__(self, "regex", compile_path(self.path)[0])
        for kind in ("request_schema", "query_schema", "response_schema"):
            schema = getattr(self, kind)
            if schema is not None:
                # A schema may only use keywords host.core.schema enforces.
                check_schema(schema, f"{self.name} {kind}")

    @property
    def is_pattern(self) -> bool:
        return "{" in self.path


_REGEX_SPECIALS = re.compile(r"([.^$*+?()\[\]\\|])")
_PARAM = re.compile(r"\{[^}]+\}")


def scope_path(template: str) -> str:
    """The token-scope path for a route template: `/api/apps/{id}` -> `/api/apps/[^/]+`.

    Scope paths are regular expressions matched against the whole request
    path, so literal characters that are special in a regex are escaped.
    """
    pieces = _PARAM.split(template)
    escaped = [_REGEX_SPECIALS.sub(r"\\\1", piece) for piece in pieces]
    return PATTERN_PARAM.join(escaped)


def grant_path(template: str) -> str:
    """What the token catalogue lists for a route: a literal path as typed
    (`/api/openapi.json`), a template as its pattern (`scope_path`)."""
    return scope_path(template) if "{" in template else template


Catalogue = dict[str, tuple[str, ...]]


class RouteTable:
    def __init__(self, routes: Iterable[Route]) -> None:
        self.routes: tuple[Route, ...] = tuple(routes)
        seen: set[tuple[str, str]] = set()
        for route in self.routes:
            for method in route.methods:
                if (route.path, method) in seen:
                    raise ValueError(f"Duplicate route {method} {route.path}")
                seen.add((route.path, method))

    def match(self, path: str) -> Sequence[Route]:
        """Every entry whose template matches `path` (one per set of methods)."""
        return [route for route in self.routes if route.regex.match(path)]

    def resolve(self, method: str, path: str) -> tuple[Route | None, bool]:
        """(entry for method+path, whether the path exists with other methods)."""
        candidates = self.match(path)
        wanted = "GET" if method == "HEAD" else method
        for route in candidates:
            if wanted in route.methods:
                return route, True
        return None, bool(candidates)

    def allowed_methods(self, path: str) -> list[str]:
        """The `Allow` header of a 405 on `path`: every method some entry serves there."""
        methods = {m for route in self.match(path) for m in route.methods}
        if "GET" in methods:
            methods.add("HEAD")  # served by every GET route
        return sorted(methods)

    def catalogue_entries(self) -> list[dict[str, Any]]:
        """What `/api/token/routes` lists: grantable scope paths, their methods, their route."""
        entries: dict[str, dict[str, Any]] = {}
        for route in self.routes:
            if not route.grantable:
                continue
            path = grant_path(route.path)
            entry = entries.setdefault(
                path,
                {
                    "path": path,
                    "methods": [],
                    "pattern": route.is_pattern,
                    "route": route.path,
                },
            )
            entry["methods"].extend(m for m in route.methods if m not in entry["methods"])
        return list(entries.values())

    def catalogue(self) -> Catalogue:
        """Grantable scope path -> allowed methods, for validating token scopes."""
        return {e["path"]: tuple(e["methods"]) for e in self.catalogue_entries()}
