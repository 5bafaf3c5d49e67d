"""sqlglot tree transforms that keep Postgres semantics when Postgres SQL runs on DuckDB.

Each function takes a parsed Postgres tree (`read="postgres"`) and rewrites it in
place before `tree.sql("duckdb")`. They know nothing of the demo runtime, so they
could be offered to sqlglot as part of its Postgres -> DuckDB transpilation:

- `integer_division`: `int / int` becomes DuckDB's truncating `//`, as Postgres
  computes it (given the types of the columns in play), typed as Postgres types it
  (the wider operand: smallint / int is int4).
- `division_by_zero_errors`: Postgres raises "division by zero" where DuckDB
  returns NULL; the divisor is wrapped in a CASE that calls DuckDB's `error()`.
- `postgres_column_names`: Postgres names an unaliased output column after the
  column or function (`count`, `upper`), the cast's type (`int4`) or `?column?`;
  DuckDB uses the expression's text. The names are made explicit aliases.
- `strip_foreign_keys`: DuckDB refuses any UPDATE of a row that a foreign key
  references (its updates are delete + insert), which breaks ordinary app writes.
- `timestamptz_without_icu`: timestamptz held as UTC wall time in TIMESTAMP_NS,
  since DuckDB's own TIMESTAMPTZ needs the icu extension.
- `array_text_literals`: Postgres' `'{a,b}'` array text, cast or written into an
  array column, becomes a DuckDB list (DuckDB reads only `[a, b]`).
- `postgres_result_types`: casts where Postgres' result type differs from DuckDB's
  (int4 functions, numeric extract, int4 generate_series) and session values.
- `postgres_functions`: format/LIKE/SIMILAR TO/round/to_char as Postgres means
  them, and a clear error for functions whose DuckDB namesake differs.
- `jsonb_literals`: jsonb literals in jsonb's normal text form (key order, spacing).
  (JSON operators and functions are `json_rewrite.py`'s.)
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from .session_names import DEFAULT_NAMES, SessionNames

__all__ = [
    "integer_division",
    "division_by_zero_errors",
    "output_targets",
    "postgres_column_names",
    "strip_foreign_keys",
    "array_text_literals",
    "parse_array_text",
    "jsonb_literals",
    "postgres_functions",
    "postgres_result_types",
    "timestamptz_without_icu",
    "utc_text",
]


_INTEGER_TYPES = {"TINYINT", "SMALLINT", "INTEGER", "BIGINT", "INT", "INT2", "INT4", "INT8"}
_INTEGER_FUNCTIONS = ("Count", "Length", "Sign")


def _is_integer(node: Any, column_types: dict[str, str]) -> bool:
    from sqlglot import exp

    if isinstance(node, exp.Paren):
        return _is_integer(node.this, column_types)
    if isinstance(node, exp.Literal):
        return node.is_int
    if isinstance(node, exp.Neg):
        return _is_integer(node.this, column_types)
    if isinstance(node, exp.Cast):
        return node.to.is_type(*exp.DataType.INTEGER_TYPES)
    if isinstance(node, exp.Column):
        return column_types.get(node.name.lower(), "").upper() in _INTEGER_TYPES
    if isinstance(node, exp.Add | exp.Sub | exp.Mul | exp.Mod | exp.IntDiv):
        return _is_integer(node.left, column_types) and _is_integer(node.right, column_types)
    if isinstance(node, exp.Div):
        return (
            bool(node.args.get("typed"))
            and _is_integer(node.left, column_types)
            and (_is_integer(node.right, column_types))
        )
    if isinstance(node, exp.Sum):
        # sum(int2/int4) is int8; sum(int8) is numeric.
        return _is_integer(node.this, column_types) and not _is_bigint(node.this, column_types)
    return type(node).__name__ in _INTEGER_FUNCTIONS


def integer_division(tree: Any, column_types: dict[str, str]) -> None:
    """`int / int` truncates in Postgres; DuckDB's `/` gives a double, its `//` truncates.

    `column_types` maps the column names of the tables in play to their DuckDB types
    (names that are ambiguous between tables are left out by the caller).
    """
    from sqlglot import exp

    for node in list(tree.find_all(exp.Div)):
        if (
            node.args.get("typed")
            and _is_integer(node.left, column_types)
            and _is_integer(node.right, column_types)
        ):
            quotient = exp.IntDiv(this=node.left.copy(), expression=node.right.copy())
            width = max(
                _integer_width(node.left, column_types), _integer_width(node.right, column_types)
            )
            # DuckDB keeps the narrower operand's type (smallint / int is smallint).
            node.replace(exp.cast(quotient, _WIDTH_TYPES[width]) if width else quotient)


_WIDTH_TYPES = {2: "SMALLINT", 4: "INT", 8: "BIGINT"}
_TYPE_WIDTHS = {"TINYINT": 2, "SMALLINT": 2, "INT2": 2, "INTEGER": 4, "INT": 4, "INT4": 4,
                "BIGINT": 8, "INT8": 8}  # fmt: skip


def _integer_width(node: Any, column_types: dict[str, str]) -> int:
    """Byte width of Postgres' integer type for `node` (2, 4 or 8), 0 when unknown."""
    from sqlglot import exp

    if isinstance(node, exp.Paren | exp.Neg):
        return _integer_width(node.this, column_types)
    if isinstance(node, exp.Literal):
        return 4 if abs(int(node.this)) <= 2**31 - 1 else 8
    if isinstance(node, exp.Cast):
        return _TYPE_WIDTHS.get(node.to.this.name, 0)
    if isinstance(node, exp.Column):
        return _TYPE_WIDTHS.get(column_types.get(node.name.lower(), "").upper(), 0)
    if isinstance(node, exp.Count | exp.Sum):
        return 8
    if isinstance(node, exp.Add | exp.Sub | exp.Mul | exp.Mod | exp.IntDiv | exp.Div):
        left, right = (
            _integer_width(node.left, column_types),
            _integer_width(node.right, column_types),
        )
        return max(left, right) if left and right else 0
    return 0


def division_by_zero_errors(tree: Any) -> None:
    """`a / b`, `a % b`: raise "division by zero" when b is 0, as Postgres does."""
    from sqlglot import exp

    for node in list(tree.find_all(exp.Div, exp.Mod, exp.IntDiv)):
        divisor = node.expression
        if isinstance(divisor, exp.Literal) and divisor.is_number and float(divisor.this) != 0:
            continue
        guarded = exp.Case(
            ifs=[
                exp.If(
                    this=exp.EQ(this=divisor.copy(), expression=exp.Literal.number(0)),
                    true=exp.func("error", exp.Literal.string("division by zero")),
                )
            ],
            default=divisor.copy(),
        )
        guarded.type = divisor.type
        divisor.replace(exp.Paren(this=guarded))


# sqlglot class -> the name Postgres gives the output column of that function.
_FUNCTION_NAMES = {
    "CurrentTimestamp": "now",
    "CurrentDate": "current_date",
    "TimestampTrunc": "date_trunc",
    "DateTrunc": "date_trunc",
    "ArraySize": "array_length",
    "ExplodingGenerateSeries": "generate_series",
    "CurrentDatabase": "current_database",
    "CurrentUser": "current_user",
    "SessionUser": "session_user",
    "CurrentCatalog": "current_catalog",
    "CurrentVersion": "version",
    "CurrentSchema": "current_schema",
    "UnixToTime": "to_timestamp",
    "Substring": "substring",
    "Trim": "btrim",
    "StrPosition": "position",
    "Extract": "extract",
    "Count": "count",
    "Avg": "avg",
    "Length": "length",
    "Array": "array",
    "ArrayAgg": "array_agg",
    "JSONArrayAgg": "json_agg",
    "GroupConcat": "string_agg",
    "Round": "round",
    "Exists": "exists",
    "Case": "case",
    "Coalesce": "coalesce",
    "Greatest": "greatest",
    "Least": "least",
    "Nullif": "nullif",
    "Lower": "lower",
    "Upper": "upper",
}

_TYPE_NAMES = {
    "INT": "int4",
    "BIGINT": "int8",
    "SMALLINT": "int2",
    "BOOLEAN": "bool",
    "DOUBLE": "float8",
    "FLOAT": "float4",
    "DECIMAL": "numeric",
    "VARCHAR": "varchar",
    "TIMESTAMPTZ": "timestamptz",
    "TIMESTAMP": "timestamp",
    "TEXT": "text",
    "VARBINARY": "bytea",
    "CHAR": "bpchar",
    "JSONB": "jsonb",
    "JSON": "json",
}


def _postgres_name(node: Any) -> str:
    from sqlglot import exp

    from .dialect import WRITTEN_NAME

    if isinstance(node, exp.Column):
        return node.name
    if node.meta.get("pg_name"):
        return str(node.meta["pg_name"])  # see dialect.py
    if isinstance(node, exp.Cast):
        inner = _postgres_name(node.this)
        if inner != "?column?":
            return inner
        kind = getattr(node.to.this, "name", str(node.to.this))  # str: a user-defined type
        return _TYPE_NAMES.get(kind, kind.lower())
    if isinstance(node, exp.Paren | exp.Window | exp.Filter):
        return _postgres_name(node.this)  # a window or FILTER call: the function's name
    written = node.meta.get(WRITTEN_NAME)
    if isinstance(node, exp.Func) and isinstance(written, str) and written.isidentifier():
        return written.lower()
    if isinstance(node, exp.Subquery):  # a scalar subquery: its one column's name
        selects = node.this.selects if isinstance(node.this, exp.Query) else []
        if len(selects) != 1:
            return "?column?"
        return selects[0].alias or _postgres_name(selects[0])
    if isinstance(node, exp.Bracket):  # `(...)[1]` is named after what it subscripts
        return _postgres_name(node.this)
    if isinstance(node, exp.Anonymous):
        return str(node.this).lower()
    name = _FUNCTION_NAMES.get(type(node).__name__)
    if name:
        return name
    if isinstance(node, exp.Func) and not isinstance(node, exp.Binary | exp.Unary):
        return node.sql_names()[0].lower() if node.sql_names() else "?column?"
    return "?column?"


def values_lists(tree: Any) -> Any:
    """VALUES as Postgres reads it: a query of its own, columns named column1, column2...

    DuckDB names them col0, col1, and a statement that is only VALUES would otherwise
    run as a command with no rows. A VALUES list an INSERT reads is left alone.
    """
    from sqlglot import exp

    # `(SELECT ...)` on its own is the query (else DuckDB's answer has no rows); with
    # ORDER BY/LIMIT/OFFSET after the parentheses, a query over it.
    while isinstance(tree, exp.Subquery) and not tree.alias:
        extra = {k: v for k, v in tree.args.items() if v and k != "this"}
        if not extra:
            tree = tree.this
            continue
        if set(extra) <= {"order", "limit", "offset"}:
            alias = exp.TableAlias(this=exp.to_identifier("q"))
            outer = exp.select("*").from_(exp.Subquery(this=tree.this, alias=alias))
            for key, value in extra.items():
                outer.set(key, value)
            tree = outer
        break
    if isinstance(tree, exp.Values):
        tree = exp.select("*").from_(exp.Subquery(this=tree.copy()))
        inner = tree.find(exp.Values)
        tree.args["from_"].set("this", inner)
    for values in list(tree.find_all(exp.Values)):
        if isinstance(values.parent, exp.Insert) or not values.expressions:
            continue
        first = values.expressions[0]
        width = len(first.expressions) if isinstance(first, exp.Tuple) else 1
        alias = values.args.get("alias")
        if alias is None:
            alias = exp.TableAlias(this=exp.to_identifier("*VALUES*", quoted=True))
            values.set("alias", alias)
        if not alias.columns:
            names = [exp.to_identifier(f"column{i}") for i in range(1, width + 1)]
            alias.set("columns", names)
    return tree


def output_targets(tree: Any) -> list[Any]:
    """The expressions that name a statement's result columns: select list or RETURNING."""
    from sqlglot import exp

    query = tree
    while isinstance(query, exp.SetOperation | exp.Subquery):  # `(SELECT 2) UNION ...`
        query = query.this
    if isinstance(tree, exp.Insert | exp.Update | exp.Delete):
        returning = tree.args.get("returning")
        return list(returning.expressions) if returning else []
    return list(query.expressions) if isinstance(query, exp.Select) else []


def postgres_column_names(tree: Any) -> None:
    """Give every unaliased output column of the statement its Postgres name."""
    from sqlglot import exp

    targets = output_targets(tree)
    for i, node in enumerate(targets):
        if isinstance(node, exp.Alias | exp.Star) or (
            isinstance(node, exp.Column) and isinstance(node.this, exp.Star)
        ):
            continue
        if isinstance(node, exp.Column):
            continue  # DuckDB names a column reference after the column, as Postgres does
        targets[i].replace(exp.alias_(node.copy(), _postgres_name(node), quoted=True))


def strip_foreign_keys(tree: Any) -> list[str]:
    """Drop REFERENCES / FOREIGN KEY from a CREATE TABLE; return what was dropped."""
    from sqlglot import exp

    dropped = []
    for node in list(tree.find_all(exp.Reference, exp.ForeignKey)):
        dropped.append(node.sql("postgres"))
        parent = node.parent
        if (
            isinstance(parent, exp.ColumnConstraint | exp.Constraint)
            and len([c for c in parent.args.values() if c]) <= 2
        ):
            parent.pop()
        else:
            node.pop()
    return dropped


# -- timestamptz without DuckDB's icu extension -------------------------------------

_ZONED = re.compile(
    r"^\s*(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d(?::\d\d(?:\.\d+)?)?)\s*(Z|[+-]\d\d(?::?\d\d)?)?\s*$", re.I
)
TIMESTAMPTZ_STORAGE = "TIMESTAMP_NS"


def utc_text(text: str) -> str:
    """A Postgres timestamptz literal as UTC wall time ("+02" applied); unchanged if unparsable."""
    m = _ZONED.match(text)
    if m is None:
        return text
    day, clock, zone = m.groups()
    if not zone or zone.upper() == "Z" or not zone.strip("+-0:"):
        return f"{day} {clock}"
    moment = dt.datetime.fromisoformat(f"{day} {clock}")
    digits = zone[1:].replace(":", "")
    offset = dt.timedelta(hours=int(digits[:2]), minutes=int(digits[2:4] or 0))
    moment = moment - offset if zone[0] == "+" else moment + offset
    return moment.isoformat(sep=" ")


def _storage(node: Any) -> Any:
    """`node` (a TIMESTAMP WITH TIME ZONE in DuckDB) as the TIMESTAMP_NS that stands for it."""
    from sqlglot import exp

    return exp.cast(exp.cast(node, exp.DataType.build("timestamp")), _storage_type())


def _storage_type() -> Any:
    from sqlglot import exp

    return exp.DataType(this=exp.DataType.Type.TIMESTAMP_NS)


def _is_zoned(node: Any, column_types: dict[str, str]) -> bool:
    from sqlglot import exp

    if isinstance(node, exp.Column):
        return column_types.get(node.name.lower(), "").upper() == TIMESTAMPTZ_STORAGE
    if isinstance(node, exp.Cast):
        return node.to.is_type("timestamptz", "timestamp_ns")
    return isinstance(node, exp.CurrentTimestamp)


def timestamptz_without_icu(tree: Any, table_types: dict[str, dict[str, str]]) -> None:
    """Postgres' timestamptz, held as UTC wall time in a TIMESTAMP_NS.

    DuckDB's TIMESTAMP WITH TIME ZONE needs the icu extension for most operations
    (duckdb-wasm, offline, has none and can even hang). Postgres sessions here run in
    UTC, so a timestamptz is its UTC wall time; TIMESTAMP_NS is the stand-in type
    because it reports itself distinctly, so results still say `timestamptz`.
    Literals with offsets are converted to UTC here; DuckDB would drop the offset.
    """
    from sqlglot import exp

    flat = {c: t for cols in table_types.values() for c, t in cols.items()}
    for node in list(tree.find_all(exp.CurrentTimestamp, exp.UnixToTime)):
        node.replace(_storage(node.copy()))
    for node in list(tree.find_all(exp.TimestampTrunc, exp.DateTrunc)):
        zoned = _is_zoned(node.this, flat) or (
            isinstance(node.this, exp.Column)
            and flat.get(node.this.name.lower(), "").upper() == "DATE"
        )
        if zoned:
            node.set("this", exp.cast(node.this.copy(), "TIMESTAMP"))
        node.replace(exp.cast(node.copy(), _storage_type() if zoned else "TIMESTAMP"))
    for cast in list(tree.find_all(exp.Cast)):
        if cast.to.is_type("timestamptz"):
            value = cast.this
            if isinstance(value, exp.Literal) and value.is_string:
                value.replace(exp.Literal.string(utc_text(value.this)))
    for node in list(tree.find_all(exp.DataType)):
        if node.is_type("timestamptz"):
            node.replace(_storage_type())
    _zoned_literals_written(tree, table_types)


def _zoned_literals_written(tree: Any, table_types: dict[str, dict[str, str]]) -> None:
    """String literals INSERTed or SET into timestamptz columns, converted to UTC."""
    from sqlglot import exp

    for value, duck_type in written_literals(tree, table_types):
        if duck_type.upper() == TIMESTAMPTZ_STORAGE:
            value.replace(exp.Literal.string(utc_text(value.this)))


def written_literals(tree: Any, table_types: dict[str, dict[str, str]]) -> list[tuple[Any, str]]:
    """(string literal, DuckDB type of its column) for INSERT ... VALUES and UPDATE ... SET."""
    from sqlglot import exp

    found = []
    if isinstance(tree, exp.Insert):
        target = tree.this
        table = target.this if isinstance(target, exp.Schema) else target
        types = table_types.get(table.name.lower(), {}) if isinstance(table, exp.Table) else {}
        names = (
            [c.name.lower() for c in target.expressions]
            if isinstance(target, exp.Schema)
            else list(types)
        )
        values = tree.expression
        if isinstance(values, exp.Values):
            for row in values.expressions:
                for name, value in zip(names, row.expressions, strict=False):
                    if isinstance(value, exp.Literal) and value.is_string and name in types:
                        found.append((value, types[name]))
    elif isinstance(tree, exp.Update) and isinstance(tree.this, exp.Table):
        types = table_types.get(tree.this.name.lower(), {})
        for assignment in tree.expressions:
            if isinstance(assignment, exp.EQ) and isinstance(assignment.this, exp.Column):
                value = assignment.expression
                name = assignment.this.name.lower()
                if isinstance(value, exp.Literal) and value.is_string and name in types:
                    found.append((value, types[name]))
    return found


# -- array literals in Postgres' text form ------------------------------------------

_ARRAY_ITEM = re.compile(r'\s*("(?:[^"\\]|\\.)*"|[^,{}"]*)\s*(,|$)')


def parse_array_text(text: str) -> list[str | None] | None:
    """`{a,"b c",NULL}` -> ["a", "b c", None]; None when not a one-level array literal."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        return None
    body = body[1:-1]
    if not body.strip():
        return []
    items: list[str | None] = []
    pos = 0
    while pos < len(body):
        m = _ARRAY_ITEM.match(body, pos)
        if m is None or m.end() == pos:
            return None
        raw = m.group(1)
        if raw.startswith('"'):
            items.append(re.sub(r"\\(.)", r"\1", raw[1:-1]))
        else:
            items.append(None if raw.upper() == "NULL" else raw)
        pos = m.end()
    return items


def _array_value(literal: Any, array_type: Any) -> Any | None:
    from sqlglot import exp

    items = parse_array_text(literal.this)
    if items is None:
        return None
    values = [exp.Null() if v is None else exp.Literal.string(v) for v in items]
    return exp.cast(exp.Array(expressions=values), array_type)


def array_text_literals(tree: Any, table_types: dict[str, dict[str, str]]) -> None:
    """`'{a,b}'::text[]` and `'{a,b}'` written into array columns become DuckDB lists."""
    from sqlglot import exp

    for cast in list(tree.find_all(exp.Cast)):
        if cast.to.is_type(*exp.DataType.NESTED_TYPES) and cast.to.args.get("nested"):
            value = cast.this
            if isinstance(value, exp.Literal) and value.is_string:
                replacement = _array_value(value, cast.to.copy())
                if replacement is not None:
                    cast.replace(replacement)
    for value, duck_type in written_literals(tree, table_types):
        if duck_type.endswith("[]"):
            replacement = _array_value(value, exp.DataType.build(duck_type, dialect="duckdb"))
            if replacement is not None:
                value.replace(replacement)


# -- result types and session functions ----------------------------------------------

_INT4_RESULTS = ("Length", "StrPosition", "Ascii", "Ntile", "ArrayPosition")
_EXTRACT_SCALE = {"EPOCH": 6, "SECOND": 6, "MILLISECONDS": 3, "MILLISECOND": 3}


def _is_date(node: Any, column_types: dict[str, str]) -> bool:
    from sqlglot import exp

    if isinstance(node, exp.Column):
        return column_types.get(node.name.lower(), "").upper() == "DATE"
    if isinstance(node, exp.Cast):
        return node.to.is_type("date")
    return isinstance(node, exp.CurrentDate)


def _is_bigint(node: Any, column_types: dict[str, str]) -> bool:
    from sqlglot import exp

    if isinstance(node, exp.Column):
        return column_types.get(node.name.lower(), "").upper() in ("BIGINT", "INT8")
    if isinstance(node, exp.Cast):
        return node.to.is_type("bigint")
    if isinstance(node, exp.Binary):
        return _is_bigint(node.left, column_types) or _is_bigint(node.right, column_types)
    if isinstance(node, exp.Paren):
        return _is_bigint(node.this, column_types)
    return isinstance(node, exp.Count)


def postgres_result_types(
    tree: Any, column_types: dict[str, str], names: SessionNames = DEFAULT_NAMES
) -> None:
    """Casts so results carry Postgres' types where DuckDB's differ.

    length/position/ascii/ntile/array_position and date - date are int4 in Postgres
    (BIGINT in DuckDB); array_length is int4 and NULL for an empty array (DuckDB: 0);
    extract is numeric (DuckDB: BIGINT or DOUBLE); integer generate_series is int4;
    current_database/current_catalog/current_user/session_user/version answer as
    Postgres would, with the service's names (`names`).
    """
    from sqlglot import exp

    # Columns of `FROM generate_series(int, int) AS g` are int4 (see _int4_series).
    column_types = {**column_types, **_int4_series_columns(tree, column_types)}
    session_values = names.values()

    def as_int(node: Any) -> None:
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
        elif (
            isinstance(node, exp.Anonymous)
            and str(node.this).lower() == "current_setting"
            and node.expressions
            and node.expressions[0].name.lower() == "search_path"
        ):
            node.replace(exp.Literal.string("public"))
        elif name in _INT4_RESULTS:
            as_int(node)
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
        elif isinstance(node, exp.Sum) and _is_integer(node.this, column_types):
            # sum(int2/int4) is int8 and sum(int8) numeric; DuckDB's is HUGEINT
            # (which duckdb-wasm's Arrow output turns into a decimal).
            wide = _is_bigint(node.this, column_types)
            target = node.parent if isinstance(node.parent, exp.Window) else node
            target.replace(exp.cast(target.copy(), "DECIMAL(38, 0)" if wide else "BIGINT"))
        elif isinstance(node, exp.Extract):
            scale = _EXTRACT_SCALE.get(node.this.name.upper(), 0)
            node.replace(exp.cast(node.copy(), f"DECIMAL(18, {scale})"))
        elif isinstance(node, exp.ExplodingGenerateSeries) and not all(
            _is_integer(a, column_types)
            for a in (node.args.get("start"), node.args.get("end"), node.args.get("step"))
            if a is not None
        ):
            # FROM generate_series(...) AS d: Postgres' column d, not a row named d
            # (DuckDB 1.4 reads `d` as the whole row).
            table = node.parent
            alias = table.args.get("alias") if isinstance(table, exp.Table) else None
            if alias is not None and alias.name and not alias.columns:
                alias.set("columns", [exp.to_identifier(alias.name)])
        elif isinstance(node, exp.ExplodingGenerateSeries) and all(
            _is_integer(a, column_types)
            for a in (node.args.get("start"), node.args.get("end"), node.args.get("step"))
            if a is not None
        ):
            _int4_series(node)


def _int4_series_columns(tree: Any, column_types: dict[str, str]) -> dict[str, str]:
    """Column name -> INTEGER for each integer `generate_series` in a FROM clause."""
    from sqlglot import exp

    found = {}
    for node in tree.find_all(exp.ExplodingGenerateSeries):
        bounds = (node.args.get("start"), node.args.get("end"), node.args.get("step"))
        if not isinstance(node.parent, exp.Table) or not all(
            _is_integer(a, column_types) for a in bounds if a is not None
        ):
            continue
        alias = node.parent.args.get("alias")
        columns = alias.columns if alias else []
        name = columns[0].name if columns else (alias.name if alias and alias.name else "")
        found[(name or "generate_series").lower()] = "INTEGER"
    return found


def _int4_series(node: Any) -> None:
    from sqlglot import exp

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
    inner = exp.select(
        exp.alias_(exp.cast(exp.column("generate_series"), "INT"), column, quoted=True)
    ).from_(exp.Table(this=node.copy()))
    table.replace(
        exp.Subquery(
            this=inner,
            alias=exp.TableAlias(
                this=exp.to_identifier(table_name), columns=[exp.to_identifier(column)]
            ),
        )
    )


# -- functions and operators whose DuckDB namesakes mean something else -------------

# Name -> why, for a function whose DuckDB namesake means something else and that no
# transform maps yet (none at present): it fails with a message instead of answering.
_UNSUPPORTED_FUNCTIONS: dict[str, str] = {}


def _similar_regex(pattern: str) -> str:
    out = []
    for ch in pattern:
        out.append({"%": ".*", "_": "."}.get(ch, ch))
    return "".join(out)


def postgres_functions(tree: Any) -> str | None:
    """Rewrite what has a DuckDB equivalent; return a message for what has none.

    - `format('%s ...', ...)` is DuckDB's `printf` (DuckDB's `format` uses `{}`).
    - LIKE patterns escape with a backslash by default in Postgres.
    - SIMILAR TO takes SQL patterns (`%`, `_`) in Postgres, regexes in DuckDB.
    - `round(float8)` rounds half to even in Postgres.
    - `to_char(..., 'Mon')`: the month's short name.
    """
    from sqlglot import exp

    for node in list(tree.walk()):
        if isinstance(node, exp.Anonymous):
            why = _UNSUPPORTED_FUNCTIONS.get(str(node.this).lower())
            if why:
                return f"{str(node.this).lower()}() is not supported by this demo: {why}"
        elif isinstance(node, exp.Format):
            pattern = node.this
            if not (isinstance(pattern, exp.Literal) and pattern.is_string):
                return "format() with a computed format string is not supported by this demo"
            if re.search(r"%[^s%]", pattern.this.replace("%%", "")):
                return "format() supports only %s and %% in this demo"
            # %s takes any type, NULL printing as nothing.
            args = [
                exp.func("coalesce", exp.cast(e.copy(), "VARCHAR"), exp.Literal.string(""))
                for e in node.expressions
            ]
            node.replace(exp.func("printf", pattern.copy(), *args))
        elif isinstance(node, exp.Like | exp.ILike) and not isinstance(node.parent, exp.Escape):
            pattern = node.expression
            if isinstance(pattern, exp.Literal) and pattern.is_string and "\\" in pattern.this:
                node.replace(exp.Escape(this=node.copy(), expression=exp.Literal.string("\\")))
        elif isinstance(node, exp.SimilarTo):
            pattern = node.expression
            if not (isinstance(pattern, exp.Literal) and pattern.is_string):
                return "SIMILAR TO with a computed pattern is not supported by this demo"
            node.replace(
                exp.func(
                    "regexp_full_match",
                    node.this.copy(),
                    exp.Literal.string(_similar_regex(pattern.this)),
                )
            )
        elif isinstance(node, exp.Round) and isinstance(node.this, exp.Cast):
            if node.this.to.is_type("double", "float") and node.args.get("decimals") is None:
                node.replace(exp.func("round_even", node.this.copy(), exp.Literal.number(0)))
        elif isinstance(node, exp.TimeToStr):
            fmt = node.args.get("format")
            if isinstance(fmt, exp.Literal) and "Mon" in fmt.this:
                fmt.replace(exp.Literal.string(fmt.this.replace("Mon", "%b")))
        elif isinstance(node, exp.Sign):
            node.replace(exp.cast(node.copy(), "DECIMAL(18, 0)"))
    return None


# -- jsonb text ------------------------------------------------------------------------


def jsonb_literals(
    tree: Any, table_types: dict[str, dict[str, str]], declared: dict[str, dict[str, str]]
) -> None:
    """jsonb literals (cast, or written into a jsonb column) stored in jsonb's text form.

    jsonb is held as text here, so equality and `::text` need the one normal form
    Postgres gives a jsonb value.
    """
    from sqlglot import exp

    from .json_functions import JsonError, jsonb_text

    def normalise(literal: Any) -> None:
        try:
            literal.replace(exp.Literal.string(jsonb_text(literal.this)))
        except JsonError:  # Postgres' error, when the statement runs
            literal.replace(exp.func("pg_jsonb", literal.copy()))

    for cast in list(tree.find_all(exp.Cast)):
        if cast.to.is_type("jsonb") and isinstance(cast.this, exp.Literal) and cast.this.is_string:
            normalise(cast.this)
    as_types = {
        t: {c: "pg:" + declared[t][c] if c in declared.get(t, {}) else k for c, k in cols.items()}
        for t, cols in table_types.items()
    }
    for value, kind in written_literals(tree, as_types):
        if kind == "pg:jsonb":
            normalise(value)
