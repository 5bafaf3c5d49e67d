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

from .datetime_input import NotJudged

__all__ = ["interval_input_error"]

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
