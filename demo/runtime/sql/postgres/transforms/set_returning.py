"""Set-returning functions where Postgres refuses them.

Postgres refuses a set-returning call (`generate_series`, `unnest`, ...) inside CASE or
COALESCE: "set-returning functions are not allowed in CASE". DuckDB runs it there, one
row per element (`CASE WHEN q1 > 0 THEN generate_series(1, 3) ELSE 0 END` gives three
rows for every row, the ELSE rows too), which is refused here in Postgres' words.
"""

from __future__ import annotations

from sqlglot import exp

from ..json_rewrite import JSON_SET_RETURNING

__all__ = ["set_returning_in_conditionals"]

# sqlglot's nodes for the set-returning calls it knows, and the names of the rest.
_SET_RETURNING_NODES = (exp.ExplodingGenerateSeries, exp.GenerateSeries, exp.Explode, exp.Unnest)
_SET_RETURNING_NAMES = JSON_SET_RETURNING | {
    "generate_subscripts", "regexp_matches", "regexp_split_to_table", "string_to_table",
    "jsonb_path_query",
}  # fmt: skip
_CONDITIONALS = {exp.Case: "CASE", exp.Coalesce: "COALESCE"}


def _returns_a_set(node: exp.Expr) -> bool:
    if isinstance(node, _SET_RETURNING_NODES):
        return True
    return isinstance(node, exp.Anonymous) and node.name.lower() in _SET_RETURNING_NAMES


def set_returning_in_conditionals(tree: exp.Expr) -> str | None:
    """Postgres' refusal for a set-returning call inside CASE or COALESCE, or None."""
    for kind, word in _CONDITIONALS.items():
        for conditional in tree.find_all(kind):
            inside = conditional.walk(prune=lambda n: isinstance(n, exp.Query))
            if any(_returns_a_set(n) for n in inside if n is not conditional):
                return f"set-returning functions are not allowed in {word}"
    return None
