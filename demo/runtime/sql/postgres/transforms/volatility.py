"""Which expressions may not be computed twice: a check that copies one would read another
value than the statement does (`random()`), or change something (`nextval()`)."""

from __future__ import annotations

from sqlglot import exp

__all__ = ["VOLATILE_CALLS", "draws_anew"]

# Functions whose every call may answer differently, or change something.
VOLATILE_CALLS = frozenset(
    {"nextval", "setval", "random", "gen_random_uuid", "uuid", "clock_timestamp", "setseed"}
)


def draws_anew(node: exp.Expr) -> bool:
    """Whether `node` calls a volatile function (sqlglot reads some as their own nodes)."""
    calls = {f.name.lower() for f in node.find_all(exp.Anonymous)}
    return bool(calls & VOLATILE_CALLS) or node.find(exp.Rand, exp.Uuid) is not None
