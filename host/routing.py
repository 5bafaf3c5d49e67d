"""The route-table model: what one entry of `host.routes` declares.

An entry is data: path template, methods, handler, the policy the
middleware enforces (`access`, `grantable`) and the schemas `host.validation`
enforces before the handler runs (`request_schema`, `query_schema`). The
router, the auth check, the 405 `Allow` header, the token catalogue
(`/api/token/routes`), the OpenAPI document and the tests' route matrix are
all derived from the same list.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from starlette.convertors import Convertor
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import compile_path

from host.core.auth.tokens import PATTERN_PARAM
from host.core.schema import check_schema

__all__ = [
    "API_PREFIX",
    "ROUTE_KEY",
    "Access",
    "Catalogue",
    "Resolution",
    "Route",
    "RouteTable",
    "grant_path",
    "scope_path",
]

Endpoint = Callable[[Request], Awaitable[Response]]

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# Requests below this prefix are the admin API: matched against the table, by the auth
# middleware, once; the rest is the console.
API_PREFIX = "/api/"
# Where the auth middleware leaves the matched entry in the ASGI scope for the router
# (`host.dispatch`), so a request is matched once.
ROUTE_KEY = "helio.route"


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
    convertors: dict[str, Convertor[Any]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.access is not Access.ADMIN and self.grantable:
            object.__setattr__(self, "grantable", False)
        regex, _, convertors = compile_path(self.path)
        object.__setattr__(self, "regex", regex)
        object.__setattr__(self, "convertors", convertors)
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


@dataclass(frozen=True)
class Resolution:
    """What the one match of a request against the table found."""

    route: Route | None  # the entry serving this method on this path; None: none does
    path_params: dict[str, Any]  # the entry's path parameters, converted
    # Every method some entry serves on this path (HEAD with GET): a 405's `Allow`.
    allowed: tuple[str, ...]

    @property
    def path_exists(self) -> bool:
        return bool(self.allowed)


def _may_overlap(first: str, second: str) -> bool:
    """Whether some request path could match both templates (conservative: a parameter
    segment matches any segment, and a `:path` parameter any number of them)."""
    if ":path}" in first or ":path}" in second:
        return True
    pieces = first.strip("/").split("/"), second.strip("/").split("/")
    return len(pieces[0]) == len(pieces[1]) and all(
        a == b or "{" in a or "{" in b for a, b in zip(*pieces, strict=True)
    )


class RouteTable:
    def __init__(self, routes: Iterable[Route]) -> None:
        self.routes: tuple[Route, ...] = tuple(routes)
        # No two entries serve one method on paths that can overlap, so which entry
        # answers never depends on the order of the table.
        for index, route in enumerate(self.routes):
            for other in self.routes[:index]:
                shared = [m for m in route.methods if m in other.methods]
                if not shared:
                    continue
                if route.path == other.path:
                    raise ValueError(f"Duplicate route {shared[0]} {route.path}")
                if _may_overlap(route.path, other.path):
                    raise ValueError(
                        f"Ambiguous routes {shared[0]} {other.path} and {route.path}:"
                        " one request path could match both"
                    )

    def resolve(self, method: str, path: str) -> Resolution:
        """The one match of a request (`path` as routed: the ASGI scope's `path`)."""
        wanted = "GET" if method == "HEAD" else method
        found: Route | None = None
        params: dict[str, Any] = {}
        methods: set[str] = set()
        for route in self.routes:
            matched = route.regex.match(path)
            if matched is None:
                continue
            methods.update(route.methods)
            if found is None and wanted in route.methods:
                found = route
                params = {
                    name: route.convertors[name].convert(value)
                    for name, value in matched.groupdict().items()
                }
        if "GET" in methods:
            methods.add("HEAD")  # served by every GET route
        return Resolution(found, params, tuple(sorted(methods)))

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
