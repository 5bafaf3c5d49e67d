"""Functions and operators whose DuckDB namesakes mean something else.

`postgres_functions`: format/LIKE/SIMILAR TO/to_char as Postgres means them,
and a clear error for functions whose DuckDB namesake differs.
"""

from __future__ import annotations

import re

from sqlglot import exp

from ..dialect import WRITTEN_FORMAT
from ..number_format import NUMBER_FORMAT_FUNCTION, number_format_letters, number_format_refusal
from ..session_settings import PATH_VARIABLE, SettingRefused, held_value, set_value
from ..type_match import is_type, of_type
from .date_format import NAME_PATTERNS, named_date_format
from .operand_types import number_literal_type
from .runtime_types import duck_type_in, failing_where
from .volatility import draws_anew

__all__ = ["postgres_functions"]


# Name -> why, for a function whose DuckDB namesake means something else and that no
# transform maps yet (none at present): it fails with a message instead of answering.
_UNSUPPORTED_FUNCTIONS: dict[str, str] = {}

# Arity Postgres gives each: another count is left to DuckDB's "does not exist" error.
_SETTING_FUNCTIONS = {"current_setting": (1, 2), "set_config": (3,)}


# pg_size_pretty(bigint) as Postgres computes it (dbsize.c): a size under 10240 in bytes;
# else divided down unit by unit (by 512 into kB, then by 1024), and shown half-rounded
# in the first unit where it is under 20479 (PB at the latest). DuckDB's namesake writes
# binary units with a decimal: "10.6 MiB" where Postgres says "11 MB".
_SIZE_UNITS = ("kB", "MB", "GB", "TB", "PB")
_SIZE_OF_A_FRACTION = (
    "pg_size_pretty() of a value with a fraction is not supported by this demo (only of a"
    " whole number of bytes); cast the size to bigint"
)
_SIZE_NOT_UNIQUE = "function pg_size_pretty({}) is not unique"
_SIZE_OF_A_VOLATILE = (
    "pg_size_pretty() of a volatile value is not supported by this demo; compute the size"
    " in a subquery first"
)


def _size_pretty(value: exp.Expr) -> exp.Expr:
    """Postgres' pg_size_pretty(value) for an integer `value` (a float, or a numeric with a
    scale, fails as it runs: Postgres' numeric form shows its digits, this one does not)."""
    size = exp.cast(value.copy(), "BIGINT")
    magnitude = exp.Abs(this=size.copy())
    sign = exp.Case(
        ifs=[exp.If(this=exp.LT(this=size.copy(), expression=exp.Literal.number(0)),
                    true=exp.Literal.string("-"))],
        default=exp.Literal.string(""),
    )  # fmt: skip

    def scaled(divisor: int) -> exp.Expr:
        return exp.IntDiv(this=magnitude.copy(), expression=exp.Literal.number(divisor))

    def shown(divisor: int, unit: str) -> exp.Expr:
        half = exp.IntDiv(
            this=exp.paren(exp.Add(this=scaled(divisor), expression=exp.Literal.number(1))),
            expression=exp.Literal.number(2),
        )
        as_text = exp.cast(half, "VARCHAR")
        return exp.func("concat", sign.copy(), as_text, exp.Literal.string(f" {unit}"))

    ifs = [
        exp.If(this=size.copy().is_(exp.null()), true=exp.cast(exp.null(), "VARCHAR")),
        exp.If(
            this=exp.LT(this=magnitude.copy(), expression=exp.Literal.number(10 * 1024)),
            true=exp.func("concat", exp.cast(size.copy(), "VARCHAR"), exp.Literal.string(" bytes")),
        ),
    ]
    divisor = 512
    for unit in _SIZE_UNITS[:-1]:
        under = exp.LT(this=scaled(divisor), expression=exp.Literal.number(20 * 1024 - 1))
        ifs.append(exp.If(this=under, true=shown(divisor, unit)))
        divisor *= 1024
    pretty = exp.Case(ifs=ifs, default=shown(divisor, _SIZE_UNITS[-1]))
    # A float, or a numeric written with a scale (`123.00 bytes` in Postgres' numeric
    # form); an integral numeric such as sum() of a bigint answers alike in both forms.
    scaled_numeric = exp.and_(
        duck_type_in(value.copy(), ("numeric",)),
        exp.Like(this=exp.cast(value.copy(), "VARCHAR"), expression=exp.Literal.string("%.%")),
    )
    fraction = exp.or_(duck_type_in(value.copy(), ("float",)), scaled_numeric)
    checked = failing_where(fraction, _SIZE_OF_A_FRACTION, pretty)
    # Postgres has a bigint and a numeric form, and no choice between them for an int4 or
    # int2 value.
    for duck_type, postgres_type in (("INTEGER", "integer"), ("SMALLINT", "smallint")):
        narrow = exp.EQ(
            this=exp.func("typeof", value.copy()), expression=exp.Literal.string(duck_type)
        )
        checked = failing_where(narrow, _SIZE_NOT_UNIQUE.format(postgres_type), checked)
    return checked


def _similar_regex(pattern: str) -> str:
    out = []
    for ch in pattern:
        out.append({"%": ".*", "_": "."}.get(ch, ch))
    return "".join(out)


def _number_literal_type(node: exp.Expr) -> str | None:
    """The Postgres type of a number constant (`3`, `-4.0`), None for anything else."""
    if isinstance(node, exp.Neg):
        node = node.this
    if not (isinstance(node, exp.Literal) and node.is_number):
        return None
    return number_literal_type(node)


# Postgres' functions DuckDB has under another name (the result column keeps Postgres'
# name: column_names.py has aliased it already).
_DUCKDB_NAMES = {"every": "bool_and"}

# Postgres' functions named after a number type are its casts (`float8(count(*))`).
_CAST_FUNCTIONS = {
    "int2": "SMALLINT", "int4": "INT", "int8": "BIGINT", "float4": "REAL", "float8": "DOUBLE"
}  # fmt: skip


# to_char's patterns as sqlglot writes them for strftime, those that mean what Postgres
# means: YYYY YY IYYY MM DD DDD HH24 HH12 MI SS US, their FM forms, and Mon. Anything
# else left in the format is a pattern written wrong (`Day` became `%uay`, `Month`
# `%bth`, `D` is Monday-first in strftime and Sunday-first in Postgres) or one not
# translated at all (`HH`, `AM`, `Q`), so it is refused.
_TO_CHAR_DIRECTIVES = re.compile(r"%-?[YymdHIMSjfbG]")
_TO_CHAR_LITERALS = str.maketrans("", "", " -/:.,;_()[]0123456789")
_PARSE_REFUSAL = (
    "{name}() supports only the patterns YYYY, YY, IYYY, MM, DD, DDD, HH24, HH12, MI, SS,"
    " US and Mon (and their FM forms) in this demo"
)
_TO_CHAR_REFUSAL = (
    "to_char() supports only the patterns YYYY, YY, IYYY, MM, DD, DDD, HH24, HH12, MI, SS,"
    " US, Mon, Month, Day, Dy and AM/PM (and their FM, upper- and lower-case forms) in"
    " this demo"
)
_TO_CHAR_OF_A_FLOAT = (
    "to_char() of a double precision or real value is not supported by this demo (of"
    " integers and numerics); cast the value to numeric"
)


def _number_to_char(node: exp.TimeToStr, written: str) -> bool:
    """to_char of a number: a number argument, or a format of digit places (`999`,
    `FM9,990.00`) whose letters are all a number format's (`FM`, `D`, `MI`, ...)."""
    value = node.this
    number = _number_literal_type(value) is not None or (
        isinstance(value, exp.Cast) and is_type(value.to, *exp.DataType.NUMERIC_TYPES)
    )
    return number or (re.search(r"[09]", written) is not None and number_format_letters(written))


_TIME_PATTERNS = re.compile(r"FM|fm|HH24|HH12|HH|MI|SS|US|MS|AM|PM|am|pm")
_TO_CHAR_OF_A_TIME = (
    "to_char() of a time with a date's patterns is not supported by this demo (a time of"
    " day's are: HH, HH12, HH24, MI, SS, MS, US, AM, PM, FM)"
)


def _formatted_number(node: exp.TimeToStr, written: str) -> exp.Expr:
    """The call of number_format.py's function that writes the number, failing as the
    statement runs where DuckDB's type of the value is a float."""
    value = node.this
    call = exp.Anonymous(
        this=NUMBER_FORMAT_FUNCTION,
        expressions=[exp.cast(value.copy(), "VARCHAR"), exp.Literal.string(written)],
    )
    return failing_where(duck_type_in(value.copy(), ("float",)), _TO_CHAR_OF_A_FLOAT, call)


def _refused_before_christ(value: exp.Expr, to_char: exp.Expr) -> exp.Expr:
    """`to_char` of `value` failing, as the statement runs, on a date before Christ:
    DuckDB's strftime writes its year astronomically and signed (`-96` for `0097`)."""
    message = "this demo does not write a date before Christ with to_char()"
    year = exp.func("year", value.copy())
    before = exp.LT(this=year, expression=exp.Literal.number(1))
    fail = exp.cast(exp.func("error", exp.Literal.string(message)), "VARCHAR")
    return exp.Case(ifs=[exp.If(this=before, true=fail)], default=to_char)


def _setting_call(node: exp.Anonymous) -> str | None:
    """`current_setting(name [, missing_ok])` and `set_config(name, value, is_local)` as
    the value of a setting the demo holds (session_settings.py); a message for the rest.
    `search_path` reads the path as the last SET of it wrote it (`public` before one)."""
    function = str(node.this).lower()
    literals = node.expressions[: 1 if function == "current_setting" else 2]
    if not all(isinstance(a, exp.Literal) and a.is_string for a in literals):
        return f"{function}() of a computed setting name or value is not supported by this demo"
    name = literals[0].this
    try:
        if function == "set_config":
            value = set_value(name, literals[1].this, from_set=False)
        elif name.lower() == "search_path":
            shown = exp.func("getvariable", exp.Literal.string(PATH_VARIABLE))
            node.replace(
                exp.cast(exp.func("coalesce", shown, exp.Literal.string("public")), "TEXT")
            )
            return None
        else:
            value = held_value(name)
    except SettingRefused as refused:
        return str(refused)
    node.replace(exp.cast(exp.Literal.string(value), "TEXT"))
    return None


def _current_schemas(implicit: exp.Expr) -> exp.Expr:
    """`current_schemas(implicit)`: the search path's schemas, with pg_catalog first when
    `implicit` and the path does not name it (DuckDB's listed its own `main` schemas)."""
    path = exp.func("current_schemas", exp.false())
    missing = exp.not_(exp.func("list_contains", path.copy(), exp.Literal.string("pg_catalog")))
    return (
        exp.case()
        .when(exp.Is(this=implicit.copy(), expression=exp.null()), exp.null())
        .when(
            exp.and_(implicit.copy(), missing),
            exp.func("list_prepend", exp.Literal.string("pg_catalog"), path.copy()),
        )
        .else_(path)
    )


def _enum_range_of_a_type(node: exp.Expr) -> bool:
    """`enum_range(NULL::mood)`: every label of the enum the cast names."""
    return (
        isinstance(node, exp.Anonymous)
        and str(node.this).lower() == "enum_range"
        and len(node.expressions) == 1
        and isinstance(node.expressions[0], exp.Cast)
    )


def postgres_functions(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    """Rewrite what has a DuckDB equivalent; return a message for what has none.

    - `format('%s ...', ...)` is DuckDB's `printf` (DuckDB's `format` uses `{}`);
      `format(NULL, ...)` is NULL.
    - LIKE patterns escape with a backslash by default in Postgres.
    - SIMILAR TO takes SQL patterns (`%`, `_`) in Postgres, regexes in DuckDB.
    - `to_char(..., 'Mon')`: the month's short name; a date before Christ fails; of a
      time (`column_types` tells a time column), a time of day's patterns only.
    - `float8(x)`, `int4(x)` ...: casts, as in Postgres.
    - `every(x)` is DuckDB's `bool_and`.
    - `3 || 4.0`: Postgres has no `||` between two numbers (DuckDB joins their text).
    - `current_schemas(true)`: pg_catalog and the path, not DuckDB's system schemas.
    - `pg_size_pretty(n)`: Postgres' decimal units, half-rounded (`_size_pretty`).
    - `enum_range(NULL::mood)`: an array of the enum's type, not DuckDB's text[].
    """
    for node in list(tree.walk()):
        if isinstance(node, exp.DPipe):
            left, right = _number_literal_type(node.this), _number_literal_type(node.expression)
            if left and right:
                return f"operator does not exist: {left} || {right}"
        if isinstance(node, exp.Anonymous) and str(node.this).lower() in _DUCKDB_NAMES:
            node.set("this", _DUCKDB_NAMES[str(node.this).lower()])
            continue
        if (
            isinstance(node, exp.Anonymous)
            and str(node.this).lower() == "pg_size_pretty"
            and len(node.expressions) == 1
        ):
            size = node.expressions[0]
            if draws_anew(size):
                return _SIZE_OF_A_VOLATILE
            if _number_literal_type(size) == "integer":  # DuckDB may type it smallint
                return _SIZE_NOT_UNIQUE.format("integer")
            node.replace(_size_pretty(size))
            continue
        if isinstance(node, exp.Anonymous) and len(node.expressions) == 1:
            to = _CAST_FUNCTIONS.get(str(node.this).lower())
            if to:
                node.replace(exp.cast(node.expressions[0].copy(), to))
                continue
        if isinstance(node, exp.Anonymous) and len(node.expressions) in _SETTING_FUNCTIONS.get(
            str(node.this).lower(), ()
        ):
            refused = _setting_call(node)
            if refused:
                return refused
            continue
        if _enum_range_of_a_type(node):
            # DuckDB's answers text[], Postgres' the enum's own array type (whose values
            # node-postgres reads as the array's text, as engine.py gives enum arrays).
            to = node.expressions[0].to
            array = exp.DataType(this=exp.DataType.Type.ARRAY, expressions=[to.copy()], nested=True)
            node.replace(exp.cast(node.copy(), array))
            continue
        if isinstance(node, exp.CurrentSchemas) and node.this is not None:
            node.replace(_current_schemas(node.this))
            continue
        if isinstance(node, exp.Anonymous):
            why = _UNSUPPORTED_FUNCTIONS.get(str(node.this).lower())
            if why:
                return f"{str(node.this).lower()}() is not supported by this demo: {why}"
        elif isinstance(node, exp.Format):
            pattern = node.this
            if isinstance(pattern, exp.Null):  # a NULL format string formats to NULL
                node.replace(exp.cast(exp.null(), "TEXT"))
                continue
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
        elif isinstance(node, exp.TimeToStr):
            fmt = node.args.get("format")
            if not (isinstance(fmt, exp.Literal) and fmt.is_string):
                return "to_char() with a computed format is not supported by this demo"
            written = node.meta.get(WRITTEN_FORMAT, fmt.this)
            if of_type(node.this, column_types, "TIME", "time"):  # a time of day
                if _TIME_PATTERNS.sub("", written).translate(_TO_CHAR_LITERALS):
                    return _TO_CHAR_OF_A_TIME
                # A time of day on any day writes the same hours, minutes and seconds
                # (Postgres writes a time through an interval; DuckDB's strftime takes none).
                day = exp.cast(exp.Literal.string("2000-01-01"), "DATE")
                node.set("this", exp.Add(this=day, expression=node.this.copy()))
            if _number_to_char(node, written):
                refused = number_format_refusal(written)
                if refused:
                    return refused
                node.replace(_formatted_number(node, written))
                continue
            if NAME_PATTERNS.search(written):
                named = named_date_format(node.this, written)
                if named is None:
                    return _TO_CHAR_REFUSAL
                node.replace(_refused_before_christ(node.this, named))
                continue
            if "Mon" in fmt.this:
                fmt.replace(exp.Literal.string(fmt.this.replace("Mon", "%b")))
                fmt = node.args["format"]
            if _TO_CHAR_DIRECTIVES.sub("", fmt.this).translate(_TO_CHAR_LITERALS):
                return _TO_CHAR_REFUSAL
            node.replace(_refused_before_christ(node.this, node.copy()))
        elif isinstance(node, exp.StrToDate | exp.StrToTime):
            refused = _parsed_format(node)
            if refused:
                return refused
            if isinstance(node, exp.StrToTime):  # Postgres' to_timestamp() has a time zone
                node.replace(exp.cast(node.copy(), "TIMESTAMPTZ"))
    return None


def _parsed_format(node: exp.StrToDate | exp.StrToTime) -> str | None:
    """to_date()/to_timestamp(text, format): `Mon` is strptime's `%b`; a pattern sqlglot
    left untranslated (`Month`, `Dy`, `AM`) is refused, as to_char's are."""
    name = "to_date" if isinstance(node, exp.StrToDate) else "to_timestamp"
    fmt = node.args.get("format")
    if not (isinstance(fmt, exp.Literal) and fmt.is_string):
        return f"{name}() with a computed format is not supported by this demo"
    if "Mon" in fmt.this:
        fmt.replace(exp.Literal.string(fmt.this.replace("Mon", "%b")))
        fmt = node.args["format"]
    if _TO_CHAR_DIRECTIVES.sub("", fmt.this).translate(_TO_CHAR_LITERALS):
        return _PARSE_REFUSAL.format(name=name)
    return None
