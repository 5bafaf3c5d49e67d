"""`timestamp(n)` and `timestamptz(n)`: fractional seconds rounded to n digits.

DuckDB's TIMESTAMP keeps microseconds whatever precision is written. Postgres rounds
(AdjustTimestampForTypmod) on a cast to `timestamp(n)` and on every value stored into a
`timestamp(n)` column: half away from zero on its count of microseconds since
2000-01-01, so before 2000 a half rounds to the earlier moment (`01.125` → `01.12` in
1997, `01.13` in 2001).

Here the cast is rewritten to that rounding, and a column's precision (recorded at
CREATE TABLE as its declared type, `declared.py`) rounds each value that INSERT ...
VALUES or UPDATE ... SET writes into it, and its DEFAULT. Other writes into such a column (INSERT ...
SELECT, ON CONFLICT ... DO UPDATE) are refused rather than stored unrounded.
"""

from __future__ import annotations

from sqlglot import exp

from ..type_match import is_type
from .statement import target_table, written_values

__all__ = ["declared_precision", "timestamp_precision"]

_POSTGRES_EPOCH_US = 946684800000000  # 2000-01-01 in microseconds since 1970
_MAX_PRECISION = 6
_KINDS = {exp.DataType.Type.TIMESTAMP: "timestamp", exp.DataType.Type.TIMESTAMPTZ: "timestamptz"}


def declared_precision(data_type: exp.DataType) -> str | None:
    """`timestamp(2)` for a timestamp type of fewer than six decimals, else None."""
    kind = _KINDS.get(data_type.this) if isinstance(data_type.this, exp.DataType.Type) else None
    params = data_type.expressions
    if kind is None or len(params) != 1 or not isinstance(params[0].this, exp.Literal):
        return None
    digits = int(params[0].this.this)
    return f"{kind}({digits})" if digits < _MAX_PRECISION else None


def _digits(declared: str | None) -> int | None:
    if not declared or not declared.startswith(("timestamp(", "timestamptz(")):
        return None
    return int(declared.split("(")[1].rstrip(")"))


def _rounded(value: exp.Expr, digits: int, kind: str) -> exp.Expr:
    """`value` (a timestamp) rounded as Postgres rounds it to `digits` decimals."""
    scale = 10 ** (_MAX_PRECISION - digits)
    moment = exp.cast(value, "TIMESTAMP") if kind == "timestamptz" else value
    since = f"(epoch_us({{v}}) - {_POSTGRES_EPOCH_US})"
    template = (
        f"CASE WHEN isfinite({{v}}) THEN make_timestamp({_POSTGRES_EPOCH_US}"
        f" + sign({since}) * ((abs({since}) + {scale // 2}) // {scale} * {scale}))"
        " ELSE {v} END"
    )
    sql = template.format(v=moment.sql(dialect="duckdb"))
    rounded: exp.Expr = exp.maybe_parse(sql, dialect="duckdb")
    for call in list(rounded.find_all(exp.UnixToTime)):
        # Kept a plain call: transforms/timestamptz.py takes UnixToTime for a timestamptz.
        call.replace(exp.Anonymous(this="make_timestamp", expressions=[call.this]))
    return exp.cast(rounded, "TIMESTAMPTZ") if kind == "timestamptz" else rounded


def _round_casts(tree: exp.Expr) -> None:
    for cast in list(tree.find_all(exp.Cast)):
        declared = declared_precision(cast.to)
        kind = _KINDS.get(cast.to.this) if isinstance(cast.to.this, exp.DataType.Type) else None
        if kind is None or not cast.to.expressions:
            continue
        cast.to.set("expressions", [])  # DuckDB's own precision: microseconds
        digits = _digits(declared)
        if digits is not None:
            cast.replace(_rounded(cast.copy(), digits, kind))


def _round_defaults(tree: exp.Expr) -> None:
    """A `timestamp(n)` column's DEFAULT, rounded as a value written into it."""
    if not isinstance(tree, exp.Create):
        return
    for column in tree.find_all(exp.ColumnDef):
        kind = column.args.get("kind")
        if not isinstance(kind, exp.DataType):
            continue
        digits = _digits(declared_precision(kind))
        if digits is None:
            continue
        base = "timestamptz" if is_type(kind, "timestamptz") else "timestamp"
        for default in column.find_all(exp.DefaultColumnConstraint):
            typed = exp.cast(default.this.copy(), base.upper())
            default.set("this", _rounded(typed, digits, base))


def timestamp_precision(
    tree: exp.Expr, table_types: dict[str, dict[str, str]], declared: dict[str, dict[str, str]]
) -> str | None:
    """Round casts to `timestamp(n)` and values written into `timestamp(n)` columns."""
    target = target_table(tree)
    table = target.name.lower() if isinstance(target, exp.Table) else ""
    rounded = {c: d for c, d in declared.get(table, {}).items() if _digits(d) is not None}
    if rounded and isinstance(tree, exp.Insert | exp.Update):
        conflict = tree.args.get("conflict")
        if isinstance(tree, exp.Insert) and (
            not isinstance(tree.expression, exp.Values) or conflict is not None
        ):
            column, kind = next(iter(rounded.items()))
            return (
                f'this demo rounds the values of column "{column}" ({kind}) only as'
                " INSERT ... VALUES or UPDATE ... SET writes them"
            )
    _round_casts(tree)
    _round_defaults(tree)
    if not rounded:
        return None
    for value, column in written_values(tree, table_types):
        declared_kind = rounded.get(column)
        if (
            declared_kind is None
            or isinstance(value, exp.Null)
            or (isinstance(value, exp.Column | exp.Var) and value.name.upper() == "DEFAULT")
        ):
            continue  # a column default is rounded where it is declared
        digits, base = _digits(declared_kind), declared_kind.split("(")[0]
        assert digits is not None
        typed = exp.cast(value.copy(), "TIMESTAMPTZ" if base == "timestamptz" else "TIMESTAMP")
        value.replace(_rounded(typed, digits, base))
    return None
