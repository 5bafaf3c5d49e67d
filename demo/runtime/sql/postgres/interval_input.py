"""Postgres' verdict on a text read as an interval, where it follows from its words.

Only two shapes are judged (anything else raises NotJudged):

- one number of a unit (`1.5 weeks`, `@ 3 days ago`), small enough that no field
  overflows: valid;
- a text whose last field before an optional `ago` is a word Postgres knows neither as
  a unit nor as a date word (`garbage`, `@ 30 eons ago`): interval_in reads the fields
  from the last (datetime.c, DecodeInterval), fails on that word first, and, the text
  not starting with ISO 8601's `P`, answers "invalid input syntax".
"""

from __future__ import annotations

import re

from sqlglot import exp

from .datetime_input import NotJudged
from .dialect import duck_interval_text
from .transforms.statement import written_literals
from .type_match import is_type

__all__ = ["interval_input_error", "interval_literals"]

# The unit words of datetime.c's deltatktbl (a value's unit).
# fmt: off
_UNITS = frozenset({
    "c", "cent", "centuries", "century", "d", "day", "days", "dec", "decade", "decades", "decs",
    "h", "hour", "hours", "hr", "hrs", "m", "microsecon", "microsecond", "microseconds", "mil",
    "millennia", "millennium", "millisecon", "millisecond", "milliseconds", "mils", "min",
    "mins", "minute", "minutes", "mon", "mons", "month", "months", "ms", "msec", "msecond",
    "mseconds", "msecs", "qtr", "quarter", "s", "sec", "second", "seconds", "secs", "us",
    "usec", "usecond", "useconds", "usecs", "w", "week", "weeks", "y", "year", "years", "yr",
    "yrs",
})
# Every other word of deltatktbl and datetktbl, past and present versions together:
# a word in neither set is unknown to Postgres' interval reader.
_OTHER_WORDS = frozenset({
    "ago", "timezone", "timezone_h", "timezone_m", "invalid", "undefined", "ad", "allballs",
    "am", "apr", "april", "at", "aug", "august", "bc", "current", "dow", "doy", "dst", "epoch",
    "feb", "february", "fri", "friday", "infinity", "isodow", "isoyear", "j", "jan", "january",
    "jd", "jul", "julian", "july", "jun", "june", "mar", "march", "may", "mm", "monday", "nov",
    "november", "now", "oct", "october", "on", "pm", "sat", "saturday", "sep", "sept",
    "september", "sun", "sunday", "t", "thu", "thur", "thurs", "thursday", "today", "tomorrow",
    "tue", "tues", "tuesday", "wed", "wednesday", "weds", "yesterday", "z", "zulu",
})
# fmt: on
# Postgres compares a word's first TOKMAXLEN (10) letters with its tables' entries.
_KNOWN = frozenset(word[:10] for word in _UNITS | _OTHER_WORDS)
_ONE_QUANTITY = re.compile(r"(?:@\s*)?[+-]?\d{1,4}(?:\.\d{1,6})?\s*([a-z]+)(?:\s+ago)?")


def interval_input_error(text: str) -> tuple[str, str] | None:
    """(message, SQLSTATE) of Postgres' error reading `text` as an interval; None where
    it reads it. Raises NotJudged where the verdict is not known here."""
    lowered = text.strip(" \t\n\r\v\f").lower()
    quantity = _ONE_QUANTITY.fullmatch(lowered)
    if quantity is not None and quantity.group(1) in _UNITS:
        return None
    fields = lowered.split()
    while fields and fields[-1] == "ago":
        fields.pop()
    if (
        fields
        and not text.startswith("P")
        and re.fullmatch(r"[a-z]+", fields[-1])
        and fields[-1][:10] not in _KNOWN
    ):
        return f'invalid input syntax for type interval: "{text}"', "22007"
    raise NotJudged


# One whole number of a unit, any size (`2147483648 days`, `-2147483648 years ago`).
_WHOLE_QUANTITY = re.compile(r"(?:@\s*)?([+-]?\d+)\s*([a-z]+)(?:\s+(ago))?")
_INT4_MIN, _INT4_MAX, _INT8_MAX = -(2**31), 2**31 - 1, 2**63 - 1
# Each unit as a count of the interval's field it adds to: months and days are int32,
# the time int64 microseconds (Postgres' Interval, datetime.c's DecodeInterval).
_IN_MONTHS = {
    **dict.fromkeys(("mon", "mons", "month", "months"), 1),
    **dict.fromkeys(("qtr", "quarter"), 3),
    **dict.fromkeys(("y", "yr", "yrs", "year", "years"), 12),
    **dict.fromkeys(("dec", "decs", "decade", "decades"), 120),
    **dict.fromkeys(("c", "cent", "century", "centuries"), 1200),
    **dict.fromkeys(("mil", "mils", "millennium", "millennia"), 12000),
}
_IN_DAYS = {**dict.fromkeys(("d", "day", "days"), 1), **dict.fromkeys(("w", "week", "weeks"), 7)}
_IN_MICROSECONDS = {
    **dict.fromkeys(("h", "hr", "hrs", "hour", "hours"), 3_600_000_000),
    **dict.fromkeys(("m", "min", "mins", "minute", "minutes"), 60_000_000),
    **dict.fromkeys(("s", "sec", "secs", "second", "seconds"), 1_000_000),
}


def _overflow(text: str) -> str | None:
    """Postgres' error for one whole number of a unit that does not fit its field, as
    PGlite words it: a month count past int32 is "interval out of range"; a day count
    or a time past theirs, or a number past int32 at all (but hours and smaller, read
    as int64), is a field out of range."""
    found = _WHOLE_QUANTITY.fullmatch(text.strip().lower())
    if found is None:
        return None
    number, unit = int(found[1]), found[2]
    value = -number if found[3] else number
    field_error = f'interval field value out of range: "{text}"'
    if unit in _IN_MICROSECONDS:
        fits = -_INT8_MAX - 1 <= value * _IN_MICROSECONDS[unit] <= _INT8_MAX
        return None if fits else field_error
    if not _INT4_MIN <= number <= _INT4_MAX:
        return field_error
    if unit in _IN_DAYS and not _INT4_MIN <= value * _IN_DAYS[unit] <= _INT4_MAX:
        return field_error
    if unit in _IN_MONTHS and not _INT4_MIN <= value * _IN_MONTHS[unit] <= _INT4_MAX:
        return "interval out of range"
    return None


def interval_literals(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> str | None:
    """Postgres' refusal of an interval literal (a cast, or a value written into an
    interval column) it does not read, or None: a word it knows as no unit, or a
    number too large for its field. DuckDB failed on those in its own words. The
    literals Postgres reads are written as DuckDB reads them alike."""
    literals = [
        cast.this
        for cast in tree.find_all(exp.Cast)
        if is_type(cast.to, "interval")
        and isinstance(cast.this, exp.Literal)
        and cast.this.is_string
    ]
    literals += [
        literal
        for literal, duck_type in written_literals(tree, table_types)
        if duck_type.upper() == "INTERVAL"
    ]
    for literal in literals:
        text = literal.this
        try:
            judged = interval_input_error(text)
        except NotJudged:
            judged = None
        if judged is not None:
            return judged[0]
        overflow = _overflow(text)
        if overflow is not None:
            return overflow
        # Read by DuckDB as Postgres reads it (`'1 month - 1 day'`, `'+1 day'`), as an
        # `interval '...'` literal is (dialect.py).
        literal.set("this", duck_interval_text(text))
    return None
