"""The types of a statement's own columns: its WITH queries', subqueries' and VALUES lists'.

The rewrites read a column's type by its name (`Context.columns`), from the tables the
statement reads. A WITH query, a subquery in FROM or a VALUES list makes columns of its
own, and one of them may bear a table column's name with another type
(`FROM (SELECT a * 1.5 AS a FROM t) s`: `a` is numeric there, an integer in t), which
made `a / 2` an integer division (2 for Postgres' 2.2500000000000000).

Here each such column gets the type its select list or its VALUES rows say where that
is plain (a table column, a cast, `count()`, an integer constant, a CASE or COALESCE of
values of one such type: `count(*)` is a bigint, so `sum()` of it is Postgres' numeric;
integer arithmetic of such values, in the wider integer type, and date arithmetic),
and None where it is not: then the name has no
type for the rewrites, which leave that value to DuckDB or check its type as the
statement runs (`transforms/runtime_types.py`). A name given two types is None too.
"""

from __future__ import annotations

from sqlglot import exp

__all__ = ["derived_column_types", "plain_type"]

_INT4 = 2**31
# Integer types by width: Postgres' integer arithmetic answers in the wider operand's type.
_INTEGER_WIDTH = {
    "SMALLINT": 2,
    "INT2": 2,
    "INTEGER": 4,
    "INT": 4,
    "INT4": 4,
    "BIGINT": 8,
    "INT8": 8,
}
_ARITHMETIC = (exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Mod)


def plain_type(value: exp.Expr, columns: dict[str, str]) -> str | None:
    """The DuckDB type a select-list expression or VALUES entry plainly has, else None."""
    if isinstance(value, exp.Column):
        return columns.get(value.name.lower())
    if isinstance(value, exp.Cast):
        return value.to.sql("duckdb")
    if isinstance(value, exp.Count):
        return "BIGINT"
    if isinstance(value, exp.Literal) and value.is_int:
        return "INTEGER" if abs(int(value.this)) < _INT4 else None
    if isinstance(value, exp.Paren):
        return plain_type(value.this, columns)
    if isinstance(value, exp.Neg):
        inner = plain_type(value.this, columns)
        return inner if inner in _INTEGER_WIDTH else None
    if isinstance(value, _ARITHMETIC):
        return _arithmetic_type(value, columns)
    choices = _choices(value)
    if choices:  # CASE/COALESCE/...: the one type all its non-NULL answers have
        kinds = {plain_type(v, columns) for v in choices}
        return kinds.pop() if len(kinds) == 1 else None
    return None


def _arithmetic_type(value: exp.Expr, columns: dict[str, str]) -> str | None:
    """Postgres' type of integer or date arithmetic on plainly typed operands: the wider
    integer (a smallint with a smallint stays smallint, `/` too), a date less a date an
    integer, a date plus or less an integer a date; None for anything else."""
    left = plain_type(value.this, columns)
    right = plain_type(value.expression, columns)
    left_width, right_width = _INTEGER_WIDTH.get(left or ""), _INTEGER_WIDTH.get(right or "")
    if left_width and right_width:
        return left if left_width >= right_width else right
    if isinstance(value, exp.Sub) and left == right == "DATE":
        return "INTEGER"
    # date + int4 and int4 + date, date - int4 (a smallint is taken as int4; no bigint).
    if isinstance(value, exp.Add | exp.Sub) and left == "DATE" and (right_width or 8) <= 4:
        return "DATE"
    if isinstance(value, exp.Add) and right == "DATE" and (left_width or 8) <= 4:
        return "DATE"
    return None


def _choices(value: exp.Expr) -> list[exp.Expr]:
    """The non-NULL values a CASE, COALESCE, NULLIF, GREATEST or LEAST answers."""
    if isinstance(value, exp.Case):
        found = [i.args["true"] for i in value.args.get("ifs") or []]
        found.append(value.args.get("default"))
    elif isinstance(value, exp.Coalesce | exp.Greatest | exp.Least):
        found = [value.this, *value.expressions]
    elif isinstance(value, exp.Nullif):
        found = [value.this]
    else:
        return []
    return [v for v in found if v is not None and not isinstance(v, exp.Null)]


def _select_columns(query: exp.Expr, columns: dict[str, str]) -> list[str | None] | None:
    """Each output column's type for a plain SELECT or a VALUES list; None for another
    query (a set operation: its branches decide together)."""
    if isinstance(query, exp.Subquery):
        return _select_columns(query.this, columns)
    if isinstance(query, exp.Select):
        return [
            plain_type(e.this if isinstance(e, exp.Alias) else e, columns)
            for e in query.expressions
        ]
    if isinstance(query, exp.Values):
        rows = [row.expressions for row in query.expressions if isinstance(row, exp.Tuple)]
        if not rows or len({len(r) for r in rows}) != 1:
            return None
        found: list[str | None] = []
        for position in range(len(rows[0])):
            kinds = {plain_type(row[position], columns) for row in rows}
            found.append(kinds.pop() if len(kinds) == 1 else None)
        return found
    return None


def _output_names(source: exp.Expr, query: exp.Expr) -> list[str]:
    """The names a source gives its columns: its alias's column list, else the select
    list's names (a VALUES list without column names: column1, column2 ...)."""
    alias = source.args.get("alias")
    named = [c.name for c in alias.columns] if isinstance(alias, exp.TableAlias) else []
    inner = query.this if isinstance(query, exp.Subquery) else query
    if isinstance(inner, exp.Select):
        own = [e.alias_or_name for e in inner.expressions]
    elif isinstance(inner, exp.Values) and inner.expressions:
        own = [f"column{i + 1}" for i in range(len(inner.expressions[0].expressions))]
    else:
        own = []
    return named + own[len(named) :]


def derived_column_types(tree: exp.Expr, columns: dict[str, str]) -> dict[str, str | None]:
    """Column name -> DuckDB type (None: not known) for every column the statement's WITH
    queries, FROM subqueries and VALUES lists make; `columns` are the tables' types."""
    found: dict[str, str | None] = {}
    sources = [*tree.find_all(exp.CTE, exp.Subquery, exp.Values)]
    for source in reversed(sources):  # innermost first: an outer one may read its columns
        if isinstance(source, exp.Values) and isinstance(source.parent, exp.Subquery):
            continue  # read through its subquery, which carries the alias
        query = source.this if isinstance(source, exp.CTE | exp.Subquery) else source
        if isinstance(source, exp.Subquery | exp.Values) and not source.alias:
            continue  # a scalar or IN subquery, INSERT's rows: no columns named outside
        types = _select_columns(query, {**columns, **_known(found)})
        names = _output_names(source, query)
        if types is None:
            types = [None] * len(names)
        for name, duck_type in zip(names, types, strict=False):
            key = name.lower()
            if key in found and found[key] != duck_type:
                duck_type = None  # two sources, two types: neither can be told by name
            found[key] = duck_type
    return found


def _known(found: dict[str, str | None]) -> dict[str, str]:
    return {name: t for name, t in found.items() if t is not None}
