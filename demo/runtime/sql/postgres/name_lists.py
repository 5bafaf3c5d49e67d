"""Lists of names kept as data files beside this package (one name a line; `# ` starts a
comment, and `#` alone is an operator's name).

The site build ships every file of `demo/runtime`, so the worker reads the same files.

- `postgres_signatures()`, `implicit_casts()`: each of Postgres' functions' argument types
  and operators' operand types, and the casts it applies to an argument unasked
  (`postgres_signatures.txt`, `postgres_operators.txt`, `postgres_casts.txt`, the same
  way): where DuckDB has a function or operator but not for the arguments given, they
  tell "does not exist" (Postgres has no such call either) from "not supported by this
  demo". Read on the first such refusal, not at start.
- `POSTGRES_FUNCTIONS`, `POSTGRES_TYPES`: the names of Postgres' own functions and types
  (`postgres_functions.txt`, `postgres_types.txt`, as PGlite lists them; each file's header
  says how). A function or type DuckDB lacks is refused with "not supported by this demo"
  when Postgres has it, and "does not exist" only when Postgres has no such name either:
  the refusal never claims Postgres lacks what it has (duck_messages.py).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NamedTuple

__all__ = [
    "POSTGRES_FUNCTIONS",
    "POSTGRES_TYPES",
    "Signature",
    "implicit_casts",
    "postgres_signatures",
    "read_names",
]


def read_names(filename: str) -> frozenset[str]:
    text = Path(__file__).with_name(filename).read_text(encoding="utf-8")
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("# ")
    )


POSTGRES_FUNCTIONS = read_names("postgres_functions.txt")
POSTGRES_TYPES = read_names("postgres_types.txt")


class Signature(NamedTuple):
    """One of Postgres' functions: its argument types (format_type's names), how many of
    the last have defaults, and whether the last is VARIADIC."""

    arguments: tuple[str, ...]
    defaults: int
    variadic: bool


@cache
def postgres_signatures() -> dict[str, list[Signature]]:
    """Function name -> its signatures; operator (`-`, `||`) -> its operand types."""
    found: dict[str, list[Signature]] = {}
    lines = read_names("postgres_signatures.txt") | read_names("postgres_operators.txt")
    for line in lines:
        name, arguments, defaults, variadic = line.split("\t")
        types = tuple(arguments.split(", ")) if arguments else ()
        found.setdefault(name, []).append(Signature(types, int(defaults), variadic == "1"))
    return found


@cache
def implicit_casts() -> frozenset[tuple[str, str]]:
    """(from, to) type names of the casts Postgres applies to an argument unasked."""
    pairs = (line.split("\t") for line in read_names("postgres_casts.txt"))
    return frozenset((source, target) for source, target in pairs)
