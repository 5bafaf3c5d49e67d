"""`x LIKE ANY (patterns)` and `x LIKE ALL (patterns)`, as Postgres answers them.

sqlglot writes them for DuckDB without the ANY or ALL: `title LIKE ANY ('{%a,b%}')`
became `title LIKE '{%a,b%}'`, which matched nothing, silently; of an array DuckDB
refused `text ~~ text[]` (which the demo worded as Postgres' "operator does not exist",
though Postgres has it), and of a subquery it could not parse what sqlglot wrote.
Here each becomes a scalar subquery over the patterns (the array unnested, or the
subquery's rows) with Postgres' three-valued answer: ANY is true where one pattern
matches, NULL where none does and one match is NULL, else false (also for no
patterns); ALL is false where one fails, NULL where none fails and one is NULL, else
true. NOT LIKE, ILIKE and their `~~` spellings alike; a NULL array answers NULL.
"""

from __future__ import annotations

import sqlglot
from sqlglot import exp

__all__ = ["like_any"]

_PATTERN = exp.column("pg_pattern", table="pg_patterns")
_VERDICTS = {
    exp.Any: "CASE WHEN bool_or(pg_m) THEN TRUE WHEN count(pg_m) < count(*) THEN NULL ELSE FALSE END",
    exp.All: "CASE WHEN bool_or(NOT pg_m) THEN FALSE WHEN count(pg_m) < count(*) THEN NULL ELSE TRUE END",
}


def _source(quantified: exp.Any | exp.All) -> exp.Expr:
    """What ANY or ALL ranges over: an array, or a query."""
    inner = quantified.this
    while isinstance(inner, exp.Paren):
        inner = inner.this
    return inner


def _patterns(source: exp.Expr) -> exp.Expr:
    """The FROM item of the patterns, one column `pg_pattern` of table `pg_patterns`."""
    alias = exp.TableAlias(
        this=exp.to_identifier("pg_patterns"), columns=[exp.to_identifier("pg_pattern")]
    )
    if isinstance(source, exp.Subquery | exp.Query):
        query = source.this if isinstance(source, exp.Subquery) else source
        return exp.Subquery(this=query.copy(), alias=alias)
    if isinstance(source, exp.Literal) and source.is_string:  # array text: '{%a,b%}'
        source = exp.cast(source.copy(), exp.DataType.build("text[]"))
    return exp.Unnest(expressions=[source.copy()], alias=alias)


def _answer(match: exp.Expr, quantifier: type[exp.Any | exp.All], source: exp.Expr) -> exp.Expr:
    verdict = sqlglot.parse_one(_VERDICTS[quantifier], read="duckdb")
    matches = exp.select(exp.alias_(match, "pg_m")).from_(_patterns(source))
    answer = exp.select(verdict).from_(matches.subquery("pg_matches"))
    scalar: exp.Expr = exp.Subquery(this=answer)
    if not isinstance(source, exp.Subquery | exp.Query | exp.Literal):
        is_null = exp.Is(this=source.copy(), expression=exp.null())
        scalar = exp.Case(ifs=[exp.If(this=is_null, true=exp.null())], default=scalar)
    return exp.Paren(this=scalar)


def like_any(tree: exp.Expr) -> None:
    """Each `x [NOT] LIKE|ILIKE ANY|ALL (...)` answered over its patterns (innermost
    first: a pattern list may hold another such test)."""
    for node in reversed(list(tree.find_all(exp.Like, exp.ILike))):
        quantified = node.expression
        if not isinstance(quantified, exp.Any | exp.All):
            continue
        source = _source(quantified)
        match = node.copy()
        match.set("expression", _PATTERN.copy())
        node.replace(_answer(match, type(quantified), source))
