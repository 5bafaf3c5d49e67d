"""A parenthesised join with an alias hides the names of the tables inside it.

`SELECT * FROM (a JOIN b USING (i)) AS x WHERE a.t = 'one'`: Postgres refuses `a.t`
(only `x` is in scope); duckdb-wasm's DuckDB resolves it, so the browser path would
answer what Postgres refuses. Refused here, before either engine sees it.
"""

from __future__ import annotations

from sqlglot import exp

__all__ = ["hidden_join_tables"]


def _inner_tables(join: exp.Table) -> list[exp.Table]:
    tables = [join, *(j.this for j in join.args.get("joins") or [])]
    return [t for t in tables if isinstance(t, exp.Table)]


def hidden_join_tables(tree: exp.Expr) -> str | None:
    for query in tree.find_all(exp.Select):
        hidden: set[str] = set()
        inside: set[int] = set()
        for source in query.find_all(exp.Subquery):
            join = source.this
            if (
                source.parent_select is query
                and source.alias
                and isinstance(join, exp.Table)
                and join.args.get("joins")
            ):
                tables = _inner_tables(join)
                hidden |= {t.alias_or_name.lower() for t in tables}
                inside |= {id(t) for t in tables}
        visible = {
            t.alias_or_name.lower()
            for t in query.find_all(exp.Table)
            if t.parent_select is query and id(t) not in inside
        }
        visible |= {s.alias.lower() for s in query.find_all(exp.Subquery) if s.alias}
        for column in query.find_all(exp.Column):
            table = column.table.lower()
            if column.parent_select is query and table in hidden - visible:
                return f'invalid reference to FROM-clause entry for table "{table}"'
    return None
