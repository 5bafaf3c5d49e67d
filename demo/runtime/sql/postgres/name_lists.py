"""Lists of names kept as data files beside this package (one name a line, `#` comments).

The site build ships every file of `demo/runtime`, so the worker reads the same files.

- `POSTGRES_FUNCTIONS`, `POSTGRES_TYPES`: the names of Postgres' own functions and types
  (`postgres_functions.txt`, `postgres_types.txt`, as PGlite lists them; each file's header
  says how). A function or type DuckDB lacks is refused with "not supported by this demo"
  when Postgres has it, and "does not exist" only when Postgres has no such name either:
  the refusal never claims Postgres lacks what it has (duck_messages.py).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["POSTGRES_FUNCTIONS", "POSTGRES_TYPES", "read_names"]


def read_names(filename: str) -> frozenset[str]:
    text = Path(__file__).with_name(filename).read_text(encoding="utf-8")
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


POSTGRES_FUNCTIONS = read_names("postgres_functions.txt")
POSTGRES_TYPES = read_names("postgres_types.txt")
