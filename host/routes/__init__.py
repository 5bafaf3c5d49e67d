"""The one route table of the admin API, one module per resource. Adding a route is adding
one entry to its resource's `ROUTES`, with its schemas beside it.

This is the one place the resources are put together. Router, auth policy,
`/api/token/routes`, `/api/openapi.json` and the tests' route matrix all read the
table (see `host.routing`). Matching does not depend on this order: no two entries
serve one method on paths that can overlap (`RouteTable` refuses it), so the order
only sets how the catalogue and the OpenAPI document list the routes.
"""

from __future__ import annotations

from host.routing import Route, RouteTable

from . import (
    apps,
    auth,
    config,
    devices,
    displays,
    files,
    library,
    lifecycle,
    logs,
    pairing,
    platform_tools,
    status,
    streams,
    tokens,
    updates,
)

__all__ = ["PLATFORM_ROUTES", "RESOURCE_ROUTES", "build_route_table"]

# The admin resources that docs/api-*.md document, each route with a curl example.
RESOURCE_ROUTES: tuple[Route, ...] = (
    status.ROUTES
    + apps.ROUTES
    + devices.ROUTES
    + files.ROUTES
    + updates.ROUTES
    + logs.ROUTES
    + lifecycle.ROUTES
)
# The platform block of the spec: displays, store and library integrations, helper tools.
PLATFORM_ROUTES: tuple[Route, ...] = displays.ROUTES + library.ROUTES + platform_tools.ROUTES

ROUTES: tuple[Route, ...] = (
    auth.ROUTES + tokens.ROUTES + config.ROUTES + RESOURCE_ROUTES + pairing.ROUTES + PLATFORM_ROUTES
)


def build_route_table(features: frozenset[str] = frozenset()) -> RouteTable:
    """The routes of this host process; `features` switches optional groups on."""
    simulator = streams.ROUTES if "simulate-streams" in features else ()
    return RouteTable(ROUTES + simulator)
