"""SQL engines of the demo runtime.

`SqliteEngine` (stdlib sqlite3) answers in sql.js's shape and is always available.
The `postgres` sub-package (Postgres SQL transpiled with sqlglot and run on DuckDB)
is imported only by a site with a Postgres service, so a SQLite-only site never
loads sqlglot.
"""

from .sqlite_engine import SqliteEngine
from .statements import SqlError

__all__ = ["SqlError", "SqliteEngine"]
