"""Row values that DuckDB would answer in its own shape.

`whole_row_references`: `SELECT foo FROM (SELECT 1) AS foo` names the whole row of
`foo`, a record Postgres prints as `(1)`; DuckDB answers a struct (an object). Until
records are printed Postgres' way, such a reference is refused.

`star_over_using_join`: the columns of `*` over `JOIN ... USING` come in another order.

`row_comparisons`: `(a, b) < (x, y)` (keyset pagination's condition) compares a NULL
element as DuckDB orders NULLs, last: `(1, 2) < (1, NULL)` is true there, unknown in
Postgres, which compares left to right and answers NULL at the first pair holding one.
Such comparisons are written out pair by pair, which answers as Postgres does.
"""

from __future__ import annotations

from sqlglot import exp

__all__ = ["row_comparisons", "star_over_using_join", "whole_row_references"]


def _source_columns(
    source: exp.Expr, table_types: dict[str, dict[str, str]]
) -> tuple[str, set[str]] | None:
    """A FROM item's name and its column names, or None where they are not known."""
    if isinstance(source, exp.Table):
        columns = table_types.get(source.name.lower())
        if columns is None:
            return None
        return (source.alias_or_name.lower(), {c.lower() for c in columns})
    if isinstance(source, exp.Subquery) and isinstance(source.this, exp.Select):
        names = source.args.get("alias") and source.args["alias"].columns
        if names:
            return (source.alias.lower(), {n.name.lower() for n in names})
        outputs = source.this.expressions
        if any(isinstance(e, exp.Star) or e.is_star for e in outputs):
            return None
        return (source.alias.lower(), {e.alias_or_name.lower() for e in outputs})
    return None


def whole_row_references(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> str | None:
    """A refusal for a bare column name that names a FROM item with no such column."""
    for select in tree.find_all(exp.Select):
        from_ = select.args.get("from_") or select.args.get("from")
        items = [from_.this] if from_ is not None else []
        items += [join.this for join in select.args.get("joins") or []]
        known = [_source_columns(item, table_types) for item in items]
        if not known or any(k is None for k in known):
            continue
        sources = dict(k for k in known if k is not None)
        columns = set().union(*sources.values())
        for output in select.expressions:
            name = output.this if isinstance(output, exp.Alias) else output
            if (
                isinstance(name, exp.Column)
                and not name.table
                and name.name.lower() in sources
                and name.name.lower() not in columns
            ):
                return (
                    f'a whole-row reference ("{name.name}", a record value) is not'
                    " supported by this demo"
                )
    return None


def _left_columns(item: exp.Expr, table_types: dict[str, dict[str, str]]) -> list[str] | None:
    """A FROM item's columns in order, or None where they are not known."""
    alias = item.args.get("alias")
    renamed = [c.name.lower() for c in alias.columns] if alias is not None else []
    if isinstance(item, exp.Table):
        columns = table_types.get(item.name.lower())
        if columns is None:
            return None
        return renamed + [c.lower() for c in list(columns)[len(renamed) :]]
    return renamed or None


def star_over_using_join(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> str | None:
    """A refusal for `SELECT *` over `JOIN ... USING (b)` where b is not the left's first.

    Postgres puts the USING columns first in `*`; DuckDB keeps the left item's order.
    The two agree when the USING columns already lead the left item, in that order.
    """
    for select in tree.find_all(exp.Select):
        if not any(isinstance(e, exp.Star) for e in select.expressions):
            continue
        joins = select.args.get("joins") or []
        from_ = select.args.get("from_") or select.args.get("from")
        if not joins or from_ is None or not joins[0].args.get("using"):
            continue
        using = [u.name.lower() for u in joins[0].args["using"]]
        left = _left_columns(from_.this, table_types)
        if left is not None and left[: len(using)] != using:
            return (
                "SELECT * over JOIN ... USING whose columns do not lead the left table"
                " is not supported by this demo (Postgres lists the USING columns first)"
            )
    return None


_ORDERINGS = (exp.LT, exp.LTE, exp.GT, exp.GTE)


def _row_elements(node: exp.Expr) -> list[exp.Expr] | None:
    if isinstance(node, exp.Tuple):
        return node.expressions
    if isinstance(node, exp.Anonymous) and str(node.this).upper() == "ROW":
        return node.expressions
    return None


def _pairwise(kind: type[exp.Expr], left: list[exp.Expr], right: list[exp.Expr]) -> exp.Expr:
    """Postgres' row comparison over the element pairs: = and <> pair by pair; an
    ordering decided by the first unequal pair (`a1 < b1 OR (a1 = b1 AND ...)`)."""
    pairs = [(a.copy(), b.copy()) for a, b in zip(left, right, strict=True)]
    if kind is exp.EQ:
        return exp.paren(exp.and_(*[exp.EQ(this=a, expression=b) for a, b in pairs]))
    if kind is exp.NEQ:
        return exp.paren(exp.or_(*[exp.NEQ(this=a, expression=b) for a, b in pairs]))
    strict = exp.GT if kind in (exp.GT, exp.GTE) else exp.LT
    (a, b), rest = pairs[-1], pairs[:-1]
    decided: exp.Expr = kind(this=a, expression=b)
    for a, b in reversed(rest):
        equal_then = exp.and_(exp.EQ(this=a, expression=b.copy()), exp.paren(decided))
        decided = exp.or_(strict(this=a.copy(), expression=b), exp.paren(equal_then))
    return exp.paren(decided)


def row_comparisons(tree: exp.Expr) -> None:
    """Comparisons of two row values of one width, written out element by element."""
    kinds = (exp.EQ, exp.NEQ, *_ORDERINGS)
    for node in list(tree.find_all(*kinds)):
        if isinstance(node.parent, exp.Update) and node.arg_key == "expressions":
            continue  # `UPDATE ... SET (a, b) = (1, 2)`: an assignment, no comparison
        left, right = _row_elements(node.this), _row_elements(node.expression)
        if left is None or right is None or len(left) != len(right) or len(left) < 2:
            continue
        node.replace(_pairwise(type(node), left, right))
