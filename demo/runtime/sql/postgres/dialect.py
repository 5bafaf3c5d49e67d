"""sqlglot's Postgres dialect, reading the few functions it folds into others.

sqlglot parses `date_part('month', d)` as `extract(month FROM d)`, but the two
differ in Postgres: date_part answers float8, extract numeric. Here date_part is
read as `extract(...)::float8`, remembered as date_part for the column name.

sqlglot also reads `INTERVAL '-1 days +02:03'` as `INTERVAL '-1' DAYS`: it takes the
first number and unit of the string and drops the rest. An interval string that is
not one number and unit stays whole (DuckDB reads `1 day 02:03` as Postgres does),
its `+` signs dropped: Postgres allows them on any field, DuckDB refuses them; and a
leading number before a time of day (`-1 +02:03`) gets the unit Postgres reads it in,
days.
"""

from __future__ import annotations

import re

from sqlglot import exp
from sqlglot.dialects.postgres import Postgres
from sqlglot.parsers.postgres import PostgresParser

__all__ = [
    "PG_NAME",
    "WRITTEN_FORMAT",
    "WRITTEN_NAME",
    "PostgresForDuck",
    "duck_interval_text",
]

# Expression.meta key: the name Postgres gives an output column of this expression.
PG_NAME = "pg_name"
# Expression.meta key: a function call's name as written (`char_length`, `var_pop`),
# which Postgres names its column after, where sqlglot folds it into another function.
WRITTEN_NAME = "pg_written_name"
# Expression.meta key: to_char's format as written. sqlglot keeps it as strftime's,
# which loses the patterns of a number's format (`MI`, `D`).
WRITTEN_FORMAT = "pg_written_format"


def _parse_date_part(self: PostgresParser) -> exp.Expr:
    extract = PostgresParser.FUNCTION_PARSERS["DATE_PART"](self)
    cast = exp.cast(extract, exp.DataType.build("double"))
    cast.meta[PG_NAME] = "date_part"
    return cast


_SIGN = re.compile(r"(?<![\w.:])\+(?=\d)")
# A sign apart from its number (`1 month - 1 day`), which Postgres reads as the number's
# and DuckDB refuses: joined to it.
_LONE_SIGN = re.compile(r"(?:^|(?<=\s))([+-])\s+(?=\d)")
# A leading number without a unit right before a time of day: Postgres' days
# (`-1 +02:03` is -1 days +02:03:00), which DuckDB reads only with the unit written.
_DAYS_BEFORE_TIME = re.compile(r"^(\s*[+-]?\d+)(\s+)(?=[+-]?\d{1,2}:\d\d)")


# The units DuckDB's grammar reads after `INTERVAL '1'`. Postgres' abbreviations
# (`mon`, `mons`, `yrs`, `hrs`, `mins`, `secs`: what Postgres itself writes) are not
# among them: DuckDB failed on `INTERVAL '1' MON AS x`, and without what follows it
# reads the word as an alias of one second. Its reading of the whole string knows them.
_DUCK_UNITS = frozenset(
    f"{unit}{plural}"
    for unit in ("YEAR", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE", "SECOND")
    for plural in ("", "S")
)


def duck_interval_text(text: str) -> str:
    """Postgres' interval text as DuckDB reads it alike: a sign joined to its number, a
    `+` dropped, a day count before a time of day given its unit."""
    joined = _LONE_SIGN.sub(r"\1", text)
    return _DAYS_BEFORE_TIME.sub(r"\1 day\2", _SIGN.sub("", joined), count=1)


def _whole_interval(text: str, interval: exp.Interval) -> exp.Interval:
    """`interval`, or `INTERVAL 'text'` where sqlglot kept only part of `text`, or DuckDB
    would refuse it for a `+` sign, a sign apart from its number, a day count without its
    unit or a unit's abbreviation."""
    pieces = exp.INTERVAL_STRING_RE.findall(text)
    unit = interval.args.get("unit")
    abbreviated = unit is not None and unit.name.upper() not in _DUCK_UNITS
    if exp.INTERVAL_STRING_RE.fullmatch(text) and not abbreviated:
        return interval
    duck_text = duck_interval_text(text)
    if len(pieces) == 1 or abbreviated or duck_text != text:
        interval.set("this", exp.Literal.string(duck_text))
        interval.set("unit", None)
        interval.set("fraction_in_string", None)
    return interval


_TO_CHAR = PostgresParser.FUNCTIONS["TO_CHAR"]


def _to_char(args: list[exp.Expr], dialect: Postgres) -> exp.Expr:
    node = _TO_CHAR(args, dialect)
    written = args[1] if len(args) > 1 else None
    if isinstance(written, exp.Literal) and written.is_string:
        node.meta[WRITTEN_FORMAT] = written.this
    return node


class PostgresForDuck(Postgres):
    ORIGINAL_NAME_META_KEY = WRITTEN_NAME

    class Parser(PostgresParser):
        FUNCTION_PARSERS = {**PostgresParser.FUNCTION_PARSERS, "DATE_PART": _parse_date_part}
        FUNCTIONS = {**PostgresParser.FUNCTIONS, "TO_CHAR": _to_char}

        def _parse_interval_span(
            self, this: exp.Expr, parse_function_unit: bool = True
        ) -> exp.Interval:
            interval = super()._parse_interval_span(this, parse_function_unit)
            if this is not None and this.is_string:
                return _whole_interval(this.name, interval)
            return interval
