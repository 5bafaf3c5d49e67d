"""The pure demo runtime, shared by CPython and Pyodide.

Imports only the standard library, starlette and (lazily) sqlglot. Platform
services come in through `demo.runtime.ports`.

Public API::

    create_demo_app(manifest, assets, store, open_duck) -> ASGI app   (app.py)
    ADAPTERS: the adapter registry                                    (adapters.py)
    route_table, match_route, demo_route_path: the /__demo routes     (routes.py)
    parse_built_manifest / parse_source_manifest / ManifestError      (manifest.py)
    MAX_QUERY_BYTES                                                   (query.py)
"""

from .adapters import ADAPTERS, Adapter, HttpAdapter, SqlAdapter
from .app import DemoApp, create_demo_app
from .manifest import ManifestError, parse_built_manifest, parse_source_manifest
from .ports import AssetSource, DuckConnection, DuckResult, OpenDuck, Store
from .query import MAX_QUERY_BYTES
from .routes import demo_route_path, match_route, route_table

__all__ = [
    "ADAPTERS",
    "MAX_QUERY_BYTES",
    "Adapter",
    "AssetSource",
    "DemoApp",
    "DuckConnection",
    "DuckResult",
    "HttpAdapter",
    "ManifestError",
    "OpenDuck",
    "SqlAdapter",
    "Store",
    "create_demo_app",
    "demo_route_path",
    "match_route",
    "parse_built_manifest",
    "parse_source_manifest",
    "route_table",
]
