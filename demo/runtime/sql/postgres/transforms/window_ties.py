"""Window functions whose answer depends on the order of tied rows, refused.

`first_value`, `last_value`, `nth_value`, `lag` and `lead` pick one row of the window
by its position. Rows tied on the window's PARTITION BY and ORDER BY keys (peers) have
no order of their own: Postgres takes them in the order its sort happened to leave
them, DuckDB in another (its sorts and parallel scans differ), so where the picked
value is not itself one of those keys, two tied rows can give different answers
(`first_value(salary) OVER (ORDER BY enroll_date)` where two people enrolled the same
day). Unless its value is a function of the keys, or the keys hold the primary key of
the one table the query reads (then no two rows tie), such a call is checked as it
runs: where rows tied on the keys hold different values, the statement fails with
DuckDB's `error()` (so it changes nothing) instead of answering one of the orders.
"""

from __future__ import annotations

from sqlglot import exp

__all__ = ["tie_dependent_windows"]

_BY_POSITION = (exp.FirstValue, exp.LastValue, exp.NthValue, exp.Lag, exp.Lead)


def _keys(window: exp.Window, named: dict[str, exp.Window]) -> list[exp.Expr]:
    """The window's PARTITION BY and ORDER BY expressions, a named window's included."""
    keys: list[exp.Expr] = []
    for part in (
        named.get(window.alias_or_name.lower()) if window.args.get("alias") else None,
        window,
    ):
        if part is None:
            continue
        keys.extend(part.args.get("partition_by") or [])
        order = part.args.get("order")
        if order is not None:
            keys.extend(o.this for o in order.expressions)
    return keys


def _unique(keys: list[exp.Expr], select: exp.Select, primary_keys: dict[str, list[str]]) -> bool:
    """The keys hold the primary key of the one table `select` reads."""
    source = select.args.get("from_")
    if source is None or select.args.get("joins") or not isinstance(source.this, exp.Table):
        return False
    key = primary_keys.get(source.this.name.lower()) or []
    names = {k.name.lower() for k in keys if isinstance(k, exp.Column)}
    return bool(key) and {c.lower() for c in key} <= names


def _determined(value: exp.Expr, keys: list[exp.Expr]) -> bool:
    """`value` is equal on rows tied on `keys`: a key, or made of key columns only."""
    written = {k.sql() for k in keys}
    names = {k.name.lower() for k in keys if isinstance(k, exp.Column)}
    if value.sql() in written:
        return True
    columns = list(value.find_all(exp.Column))
    volatile = value.find(exp.Rand, exp.Uuid, exp.CurrentTimestamp)
    return volatile is None and all(c.name.lower() in names for c in columns)


def _tie_check(function: exp.Expr, keys: list[exp.Expr], message: str) -> exp.Expr:
    """True on a row whose peers (rows of equal keys) hold different values of `function`'s."""
    value = function.this

    def over(aggregate: exp.Expr) -> exp.Window:
        peers = [k.copy() for k in keys]
        return exp.Window(this=aggregate, partition_by=peers or None)

    distinct = over(exp.Count(this=exp.Distinct(expressions=[value.copy()])))
    present, rows = over(exp.Count(this=value.copy())), over(exp.Count(this=exp.Star()))
    mixed = exp.and_(exp.GT(this=present, expression=exp.Literal.number(0)),
                     exp.LT(this=present.copy(), expression=rows))  # fmt: skip
    differ = exp.or_(exp.GT(this=distinct, expression=exp.Literal.number(1)), mixed)
    return exp.If(this=differ, true=exp.func("error", exp.Literal.string(message)))


def tie_dependent_windows(tree: exp.Expr, primary_keys: dict[str, list[str]]) -> None:
    """Make a positional window function fail where the order of peers decides it."""
    for window in list(tree.find_all(exp.Window)):
        function = window.this
        if isinstance(function, exp.IgnoreNulls | exp.RespectNulls):
            function = function.this
        if not isinstance(function, _BY_POSITION):
            continue
        select = window.find_ancestor(exp.Select)
        if select is None:
            continue
        named = {w.alias_or_name.lower(): w for w in select.args.get("windows") or []}
        keys = _keys(window, named)
        if _determined(function.this, keys) or _unique(keys, select, primary_keys):
            continue
        name = function.sql_name().lower()
        message = (
            f"this demo cannot answer {name}({function.this.sql('postgres')}) here: rows tied"
            " on the window's PARTITION BY/ORDER BY keys hold different values, which"
            " Postgres and DuckDB take in different orders (add the value as a last ORDER BY"
            " key of the window)"
        )
        check = _tie_check(function, keys, message)
        window.replace(exp.Case(ifs=[check], default=window.copy()))
