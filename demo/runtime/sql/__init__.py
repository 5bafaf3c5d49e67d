"""SQL engines of the demo runtime: statement splitting, transpiling, results, images."""

from .duck_engine import DuckEngine
from .sqlite_engine import SqliteEngine
from .statements import SqlError

__all__ = ["DuckEngine", "SqlError", "SqliteEngine"]
