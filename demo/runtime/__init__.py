"""The pure demo runtime, shared by CPython and Pyodide.

Imports only the standard library, starlette and (lazily) sqlglot. Platform
services come in through `demo.runtime.ports`.

Public API::

    create_demo_app(manifest, assets, store, open_duck) -> ASGI app   (app.py)
    parse_built_manifest / parse_source_manifest / ManifestError      (manifest.py)
    MAX_QUERY_BYTES                                                   (query.py)
"""

from .app import DemoApp, create_demo_app, demo_route_path
from .manifest import ManifestError, parse_built_manifest, parse_source_manifest
from .ports import AssetSource, DuckConnection, DuckResult, OpenDuck, Store
from .query import MAX_QUERY_BYTES

__all__ = [
    "MAX_QUERY_BYTES",
    "AssetSource",
    "DemoApp",
    "DuckConnection",
    "DuckResult",
    "ManifestError",
    "OpenDuck",
    "Store",
    "create_demo_app",
    "demo_route_path",
    "parse_built_manifest",
    "parse_source_manifest",
]
