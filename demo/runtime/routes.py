"""The `/__demo` route table: which URLs exist, what they allow, and how a path is parsed.

    name       path                                      methods
    manifest   /__demo/manifest                          GET, HEAD
    reset      /__demo/reset                             POST
    db-query   /__demo/db/<service>/query                POST
    db-reset   /__demo/db/<service>/reset                POST
    http       /__demo/<family>/<service>[/<route...>]   whatever the service's routes define

One `http` route exists per URL family of an HTTP adapter in the registry
(`adapters.py`; `mock` for mock-http), so `route_table()` follows the registry. Each
`DemoRoute` carries its handler (handlers.py). The app (`app.py`) matches a request
once with `match_route` and dispatches to `match.route.handler`, answers 405 with
`Allow` from `DemoRoute.allow` and preflights with `preflight_methods`. The build
stamps the table for the page's components (`page_templates`, demo/build/bundle.py)
and its address table (demo/build/addresses.py) targets `service_prefix`. Pure: no
starlette, nothing but the registry and the handlers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING

from . import handlers
from .adapters import DB_FAMILY, http_families

if TYPE_CHECKING:
    from .handlers import Handler

__all__ = [
    "ANY_METHODS",
    "DemoRoute",
    "RouteMatch",
    "db_query_path",
    "demo_route_path",
    "match_route",
    "page_templates",
    "preflight_methods",
    "route_table",
    "service_prefix",
]

_MARK = "/__demo"
# What a preflight may use where nothing narrower is known.
ANY_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


@dataclass(frozen=True)
class DemoRoute:
    name: str
    template: str  # "/__demo/db/{service}/query"; "{route}" matches the rest of the path
    methods: tuple[str, ...] | None  # None: the service's own routes decide
    handler: Handler  # what the route does (handlers.py)
    family: str | None = None  # the URL family whose service `{service}` names
    hint: str = ""  # how to call it, added to its 405 message

    @property
    def allow(self) -> str:
        """The `Allow` header of a fixed-method route (OPTIONS always works: preflights)."""
        return ", ".join((*(self.methods or ()), "OPTIONS"))

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        regex = re.escape(self.template)
        regex = regex.replace(re.escape("{service}"), r"(?P<service>[^/]+)")
        regex = regex.replace(re.escape("/{route}"), r"(?:/(?P<route>.*))?")
        return re.compile(f"^{regex}$", re.S)


@dataclass(frozen=True)
class RouteMatch:
    route: DemoRoute
    service: str | None  # the `{service}` segment
    rest: str  # `http` routes: the route below the service, "/" at least; else ""
    base: str = ""  # `http` routes: the service's prefix, `service_prefix(family, service)`


def route_table() -> tuple[DemoRoute, ...]:
    """Every route, fixed ones first, then one `http` route per HTTP adapter family."""
    return _table(tuple(http_families()))


@cache
def _table(families: tuple[str, ...]) -> tuple[DemoRoute, ...]:
    fixed = (
        DemoRoute("manifest", f"{_MARK}/manifest", ("GET", "HEAD"), handlers.show_manifest),
        DemoRoute("reset", f"{_MARK}/reset", ("POST",), handlers.reset_all),
        DemoRoute(
            "db-query",
            f"{_MARK}/{DB_FAMILY}/{{service}}/query",
            ("POST",),
            handlers.query,
            family=DB_FAMILY,
            hint='send POST with JSON {"sql": "..."}',
        ),
        DemoRoute(
            "db-reset",
            f"{_MARK}/{DB_FAMILY}/{{service}}/reset",
            ("POST",),
            handlers.reset_one,
            DB_FAMILY,
        ),
    )
    http = tuple(
        DemoRoute("http", f"{_MARK}/{family}/{{service}}/{{route}}", None, handlers.http, family)
        for family in families
    )
    return fixed + http


def service_prefix(family: str, service: str) -> str:
    """The URL path below which an HTTP service answers: `/__demo/<family>/<service>`."""
    return f"{_MARK}/{family}/{service}"


def db_query_path(service: str) -> str:
    """The path of a database service's query route: `/__demo/db/<service>/query`."""
    route = next(r for r in route_table() if r.name == "db-query")
    return route.template.format(service=service)


def page_templates() -> dict[str, str]:
    """The table as a page's components reach it: each route's path relative to the demo
    root (`{service}` and `{route}` to fill), by name; an `http` route as `http/<family>`.

    The build stamps it into the components bundle (components/routes.js reads it), so
    no component spells a `/__demo` path itself.

    >>> page_templates()["db-query"]
    '__demo/db/{service}/query'
    """
    return {
        route.name if route.name != "http" else f"http/{route.family}": route.template[1:]
        for route in route_table()
    }


def demo_route_path(path: str) -> str | None:
    """The part of a URL path from its first `/__demo` segment, or None.

    >>> demo_route_path("/demos/shop/__demo/mock/api/pet/1")
    '/__demo/mock/api/pet/1'
    """
    start = 0
    while True:
        index = path.find(_MARK, start)
        if index < 0:
            return None
        end = index + len(_MARK)
        if end == len(path) or path[end] == "/":
            return path[index:]
        start = end


def match_route(path: str) -> RouteMatch | None:
    """The route a `/__demo/...` path names, with its service and rest, or None.

    >>> match = match_route("/__demo/mock/api/pet/1")
    >>> (match.route.name, match.service, match.rest)
    ('http', 'api', '/pet/1')
    """
    for route in route_table():
        found = route.pattern.match(path)
        if found is None:
            continue
        params = found.groupdict()
        service = params.get("service")
        if route.methods is not None or route.family is None or service is None:
            return RouteMatch(route, service, "")
        rest = "/" + (params.get("route") or "")
        return RouteMatch(route, service, rest, service_prefix(route.family, service))
    return None


def preflight_methods(defined: list[str]) -> str:
    """`Access-Control-Allow-Methods` for a route that defines `defined` (a service's
    methods): those, HEAD with GET, and OPTIONS; every method when unknown or `*`."""
    if not defined or "*" in defined:
        return ", ".join(ANY_METHODS)
    methods = {*defined, "OPTIONS"} | ({"HEAD"} if "GET" in defined else set())
    return ", ".join(sorted(methods))
