"""Result types and session values as Postgres gives them.

`postgres_result_types`: casts where Postgres' result type differs from DuckDB's
(int4 functions, numeric extract, int4 generate_series) and session values
(current_database(), current_user).
`function_result_types`: `pg_sleep()` answers Postgres' `void` (OID 2278, an empty
string) at once: duckdb-wasm has no pg_sleep (native DuckDB's answers NULL text), and a
sleep would only hold up the worker; `current_schemas()` is typed `name[]`.
`extract_units`: EXTRACT of a unit its source type lacks (`hour` of a date, `year` of a
time, `timezone` of either or of a timestamp) is Postgres' error; DuckDB answers 0, or
refuses in its own words. (date_part() takes a date as a timestamp: its hour is 0.)
"""

from __future__ import annotations

from decimal import Decimal

from sqlglot import exp

from ..dialect import PG_NAME
from ..session_names import DEFAULT_NAMES, SessionNames
from ..type_match import is_type, of_type
from .division import is_bigint, is_int4_or_narrower, is_integer

__all__ = [
    "VOID",
    "extract_units",
    "int4_series_columns",
    "postgres_result_types",
    "function_result_types",
]

VOID = "void"


_INT4_RESULTS = (
    "Length", "StrPosition", "Ascii", "Ntile", "ArrayPosition", "Grouping", "BitLength",
)  # fmt: skip
# Calls sqlglot does not know whose Postgres result is int4 (DuckDB's BIGINT).
_INT4_CALLS = ("generate_subscripts",)
_EXTRACT_SCALE = {"EPOCH": 6, "SECOND": 6, "SECONDS": 6, "MILLISECONDS": 3, "MILLISECOND": 3}


# DuckDB's SECOND and MILLISECOND drop the fraction of the second (25 and 25575 for
# 25.575401 s); its MICROSECOND keeps it (25575401), in Postgres' units by their scale.
_FROM_MICROSECONDS = ("SECOND", "SECONDS", "MILLISECOND", "MILLISECONDS")


def _postgres_extract(node: exp.Extract, column_types: dict[str, str]) -> exp.Expr:
    """EXTRACT as Postgres answers it: numeric, with the second's fraction (a date's
    epoch is whole seconds: 1577836800, not 1577836800.000000)."""
    unit = node.this.name.upper()
    scale = 0 if _is_date(node.expression, column_types) else _EXTRACT_SCALE.get(unit, 0)
    value: exp.Expr = node.copy()
    if unit in _FROM_MICROSECONDS:
        value.set("this", exp.var("MICROSECOND"))
        whole = exp.cast(value, "DECIMAL(18, 0)")
        unit_size = f"{Decimal(1).scaleb(-_EXTRACT_SCALE[unit]):f}"  # 0.000001, 0.001
        value = exp.Mul(this=whole, expression=exp.Literal.number(unit_size))
    return exp.cast(value, f"DECIMAL(18, {scale})")


_ZONE_UNITS = {"TIMEZONE", "TIMEZONE_HOUR", "TIMEZONE_MINUTE"}
_CLOCK_UNITS = {
    "HOUR", "HOURS", "MINUTE", "MINUTES", "SECOND", "SECONDS", "MILLISECOND",
    "MILLISECONDS", "MICROSECOND", "MICROSECONDS", *_ZONE_UNITS,
}  # fmt: skip
_TIME_UNITS = {*_CLOCK_UNITS - _ZONE_UNITS, "EPOCH"}


def extract_units(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    """Postgres' refusal of an EXTRACT unit its source's type does not have, or None."""
    for node in tree.find_all(exp.Extract):
        if node.parent is not None and node.parent.meta.get(PG_NAME) == "date_part":
            continue  # date_part(text, date) reads the date as a timestamp
        unit, source = node.this.name.upper(), node.expression
        if _is_date(source, column_types) and unit in _CLOCK_UNITS:
            type_name = "date"
        elif of_type(source, column_types, "TIME", "time") and unit not in _TIME_UNITS:
            type_name = "time without time zone"
        elif of_type(source, column_types, "TIMESTAMP", "timestamp") and unit in _ZONE_UNITS:
            type_name = "timestamp without time zone"
        else:
            continue
        return f'unit "{node.this.name.lower()}" not supported for type {type_name}'
    return None


def _is_date(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """A date: a date column or cast, CURRENT_DATE, min() or max() of a date, a date plus
    or less an integer (Postgres' date_pli and date_mii answer dates)."""
    if isinstance(node, exp.Paren | exp.Min | exp.Max):
        return _is_date(node.this, column_types)
    if isinstance(node, exp.Add | exp.Sub) and is_integer(node.right, column_types):
        return _is_date(node.left, column_types)
    if isinstance(node, exp.Add) and is_integer(node.left, column_types):
        return _is_date(node.right, column_types)
    return of_type(node, column_types, "DATE", "date", nodes=(exp.CurrentDate,))


def _int4_divisor_function(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """gcd() or lcm() of integers none of which is a bigint."""
    if not (isinstance(node, exp.Anonymous) and str(node.this).lower() in ("gcd", "lcm")):
        return False
    arguments = node.expressions
    return all(is_int4_or_narrower(a, column_types) for a in arguments)


def _int4_bounds(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """Whether a generate_series counts in int4: every bound an integer, none a bigint
    (`generate_series(1::bigint, 3)` counts in int8)."""
    bounds = [node.args.get(k) for k in ("start", "end", "step")]
    present = [b for b in bounds if b is not None]
    return all(is_int4_or_narrower(b, column_types) for b in present)


def postgres_result_types(
    tree: exp.Expr, column_types: dict[str, str], names: SessionNames = DEFAULT_NAMES
) -> None:
    """Casts so results carry Postgres' types where DuckDB's differ.

    length/position/ascii/ntile/array_position/grouping/bit_length/generate_subscripts and
    date - date are int4 in Postgres
    (BIGINT in DuckDB), and so are gcd/lcm of int4 values; factorial is numeric;
    array_length is int4 and NULL for an empty array (DuckDB: 0);
    extract is numeric (DuckDB: BIGINT or DOUBLE); integer generate_series is int4;
    percentile_cont of a number column is double precision, computed in doubles (DuckDB: in
    a numeric's DECIMAL);
    current_database/current_catalog/current_user/session_user/version answer as
    Postgres would, with the service's names (`names`).
    """
    # Columns of `FROM generate_series(int, int) AS g` are int4 (see _int4_series): the
    # context's column types include them (int4_series_columns).
    session_values = names.values()

    def as_int(node: exp.Expr) -> None:
        if isinstance(node.parent, exp.Window):
            node = node.parent
        node.replace(exp.cast(node.copy(), "INT"))

    for node in list(tree.walk()):
        name = type(node).__name__
        if name in session_values:
            node.replace(exp.Literal.string(session_values[name]))
        elif isinstance(node, exp.Anonymous) and str(node.this).lower() == "cardinality":
            # DuckDB 1.4 (duckdb-wasm) has cardinality() for MAPs only; len() counts a list.
            node.replace(exp.cast(exp.func("len", *[e.copy() for e in node.expressions]), "INT"))
        elif name in _INT4_RESULTS or (
            isinstance(node, exp.Anonymous) and node.name.lower() in _INT4_CALLS
        ):
            as_int(node)
        elif _int4_divisor_function(node, column_types):
            as_int(node)  # gcd/lcm of int4 values are int4 (DuckDB's are BIGINT)
        elif isinstance(node, exp.Factorial):
            node.replace(exp.cast(node.copy(), "DECIMAL(38, 0)"))  # numeric in Postgres
        elif isinstance(node, exp.ArraySize):
            node.replace(
                exp.cast(exp.Nullif(this=node.copy(), expression=exp.Literal.number(0)), "INT")
            )
        elif (
            isinstance(node, exp.Sub)
            and _is_date(node.left, column_types)
            and _is_date(node.right, column_types)
        ):
            as_int(node)
        elif isinstance(node, exp.Sum) and is_integer(node.this, column_types):
            # sum(int2/int4) is int8 and sum(int8) numeric; DuckDB's is HUGEINT
            # (which duckdb-wasm's Arrow output turns into a decimal).
            wide = is_bigint(node.this, column_types)
            target = node.parent if isinstance(node.parent, exp.Window) else node
            target.replace(exp.cast(target.copy(), "DECIMAL(38, 0)" if wide else "BIGINT"))
        elif (key := _continuous_percentile_key(node, column_types)) is not None:
            key.replace(exp.cast(key.copy(), "DOUBLE"))
        elif isinstance(node, exp.Extract):
            node.replace(_postgres_extract(node, column_types))
        elif isinstance(node, exp.ExplodingGenerateSeries) and not _int4_bounds(node, column_types):
            # FROM generate_series(...) AS d: Postgres' column d, not a row named d
            # (DuckDB 1.4 reads `d` as the whole row).
            table = node.parent
            alias = table.args.get("alias") if isinstance(table, exp.Table) else None
            if alias is not None and alias.name and not alias.columns:
                alias.set("columns", [exp.to_identifier(alias.name)])
        elif isinstance(node, exp.ExplodingGenerateSeries):
            _int4_series(node)


def _continuous_percentile_key(node: exp.Expr, column_types: dict[str, str]) -> exp.Expr | None:
    """The number `x` of `percentile_cont(f) WITHIN GROUP (ORDER BY x)`, which Postgres
    reads as double precision before it interpolates (DuckDB interpolated a numeric in
    its DECIMAL: the median of 80.00 and 99.99 was 89.99 for Postgres' 89.995); None for
    an interval x, which stays interval, or an x whose type is not seen here."""
    if not (isinstance(node, exp.WithinGroup) and isinstance(node.this, exp.PercentileCont)):
        return None
    order = node.expression
    keys = order.expressions if isinstance(order, exp.Order) else []
    value = keys[0].this if len(keys) == 1 and isinstance(keys[0], exp.Ordered) else None
    if value is None or isinstance(value, exp.Interval):
        return None
    if isinstance(value, exp.Cast):
        return None if is_type(value.to, "interval") else value
    if isinstance(value, exp.Column):
        known = column_types.get(value.name.lower(), "").upper()
        return value if known and known != "INTERVAL" else None
    return None


def int4_series_columns(tree: exp.Expr, column_types: dict[str, str]) -> dict[str, str]:
    """Column name -> INTEGER for each integer `generate_series` in a FROM clause."""
    found = {}
    for node in tree.find_all(exp.ExplodingGenerateSeries):
        if not isinstance(node.parent, exp.Table) or not _int4_bounds(node, column_types):
            continue
        alias = node.parent.args.get("alias")
        columns = alias.columns if alias else []
        name = columns[0].name if columns else (alias.name if alias and alias.name else "")
        found[(name or "generate_series").lower()] = "INTEGER"
    return found


def _int4_series(node: exp.Expr) -> None:
    table = node.parent
    if not isinstance(table, exp.Table):
        node.replace(exp.cast(node.copy(), "INT"))
        return
    # FROM generate_series(...) [AS g[(x)]]: a subquery whose one column is int4 and is
    # named as Postgres names it (the column alias, else the table alias, else the function).
    alias = table.args.get("alias")
    table_name = alias.name if alias and alias.name else "generate_series"
    columns = alias.columns if alias else []
    column = columns[0].name if columns else table_name
    outputs = [exp.alias_(exp.cast(exp.column("generate_series"), "INT"), column, quoted=True)]
    names = [column]
    if table.args.get("ordinality"):  # WITH ORDINALITY: its bigint column kept, named alike
        names.append(columns[1].name if len(columns) > 1 else "ordinality")
        outputs.append(exp.alias_(exp.column("ordinality"), names[1], quoted=True))
    series = exp.Table(this=node.copy(), ordinality=table.args.get("ordinality"))
    table.replace(
        exp.Subquery(
            this=exp.select(*outputs).from_(series),
            alias=exp.TableAlias(
                this=exp.to_identifier(table_name), columns=[exp.to_identifier(n) for n in names]
            ),
        )
    )


# Postgres functions returning void, answered as such in a select list.
_VOID_FUNCTIONS = ("pg_sleep", "setseed")


def function_result_types(tree: exp.Expr) -> dict[str, str]:
    """A select-list `pg_sleep(x)` or `setseed(x)` as `void`, and a `current_schemas(x)`
    as `name[]`; return output name -> tag."""
    if not isinstance(tree, exp.Select):
        return {}
    tags: dict[str, str] = {}
    for target in tree.expressions:
        call = target.this if isinstance(target, exp.Alias) else None
        if isinstance(call, exp.CurrentSchemas):  # DuckDB's is text[]
            tags[target.alias] = "name[]"
        if not isinstance(call, exp.Anonymous) or str(call.this).lower() not in _VOID_FUNCTIONS:
            continue
        name = str(call.this).lower()
        empty = exp.Literal.string("")
        # setseed is still called (the random() values after it repeat); pg_sleep has
        # nothing to wait for in a demo.
        void = (
            exp.func("coalesce", exp.cast(call, "VARCHAR"), empty) if name == "setseed" else empty
        )
        target.set("this", void)
        tags[target.alias] = VOID
    return tags
