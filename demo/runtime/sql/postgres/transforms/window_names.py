"""A named window (`WINDOW w AS (...)`) used in ORDER BY, written out there.

`ORDER BY rank() OVER w` is Postgres' way to sort by a window function over a named
window (window.sql:34); DuckDB binds `OVER w` in the select list only and answers
'window "w" does not exist' in ORDER BY. A window's name stands for its definition, so
the definition is written in its place there. A definition that builds on another
window (`WINDOW w2 AS (w ORDER BY x)`) or a reference that adds to the named one
(`OVER (w ROWS ...)`) is left to DuckDB.
"""

from __future__ import annotations

from sqlglot import exp

__all__ = ["named_windows_in_order_by"]

_SPEC_PARTS = ("partition_by", "order", "spec")


def named_windows_in_order_by(tree: exp.Expr) -> None:
    for select in tree.find_all(exp.Select):
        order = select.args.get("order")
        named = {
            w.this.name.lower(): w
            for w in select.args.get("windows") or []
            if isinstance(w.this, exp.Identifier) and not w.args.get("alias")
        }
        if order is None or not named:
            continue
        for window in list(order.find_all(exp.Window)):
            alias = window.args.get("alias")
            definition = named.get(alias.name.lower()) if alias else None
            if definition is None or any(window.args.get(k) for k in _SPEC_PARTS):
                continue
            window.set("alias", None)
            for part in _SPEC_PARTS:
                value = definition.args.get(part)
                window.set(part, value.copy() if value is not None else None)
