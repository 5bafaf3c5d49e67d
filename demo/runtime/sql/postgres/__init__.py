"""The `postgres` adapter's engine: Postgres SQL transpiled with sqlglot, run on DuckDB.

Imported only where a site has a Postgres service (the adapter opens it on first
use, the worker preloads it only then), so a SQLite-only site never loads sqlglot.
"""

from . import tree_search
from .engine import DuckEngine

tree_search.install()

__all__ = ["DuckEngine"]
