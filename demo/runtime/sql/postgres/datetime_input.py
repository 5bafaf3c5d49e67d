"""Date and time literals written as text, read as Postgres reads them.

DuckDB reads dates and timestamps in ISO form only, and some other forms it reads
differently (`'01/02/03'` is the year 1 to DuckDB, 2003-01-02 to Postgres; a trailing
`BC` is a zone name to it, the year AD). Where the text is a literal of the statement
(a cast such as `date '...'`, or a value an INSERT or UPDATE writes into a column of
known type), this module reads it as Postgres would and hands DuckDB the same moment in
a form DuckDB reads alike:

- the special words `epoch`, `infinity`, `+infinity`, `-infinity`, and `now`, `today`,
  `yesterday`, `tomorrow`, which become DuckDB's transaction time (`CURRENT_TIMESTAMP`,
  `CURRENT_DATE`: Postgres' `now` is the transaction's start too, and sessions here run
  in UTC);
- years before Christ (`2040-04-10 BC`: DuckDB's `(BC)`, the same proleptic calendar);
- Postgres' other input forms the regression suite writes: `Mon Feb 10 17:32:01 1997 PST`,
  `Feb 10 5:32PM 1997`, `Feb-10-1997`, `02-10-1997` (month first: DateStyle MDY),
  `19970210 173201`, `1997.041` (day of the year), `January 8, 1999`; and the dates
  `01/02/03` and `990108` (a year of two digits is 1970-2069), `J2451187` (a Julian
  day), and three fields one of which names the month (`08-Jan-99`, `1999 Jan 08`),
  each number taken as the year, month or day by Postgres' rules (DecodeNumber).

A zone given to a `timestamp without time zone` is ignored, as Postgres ignores it
(but it must name a zone). A `timestamp with time zone` is stored as UTC wall time
(`transforms/timestamptz.py`): its zone is a numeric offset, an abbreviation of fixed
offset, or a zone name (`America/New_York`) read with the zone database's offset at that
local time; Pyodide ships no zone database, so there a zone name is refused. Any other
text is refused, never guessed.
"""

from __future__ import annotations

import calendar
import datetime as dt
import functools
import re
from dataclasses import dataclass

import sqlglot
from sqlglot import exp

from .transforms.statement import written_literals
from .type_match import is_type
from .zone_names import ZONE_NAMES

__all__ = ["temporal_input_error", "temporal_literals"]

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_abbr) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_name) if name})
_MONTHS["sept"] = 9
_WEEKDAYS = {d.lower() for d in (*calendar.day_abbr, *calendar.day_name)}
# Postgres' default abbreviations (timezonesets/Default) of a fixed offset, in minutes.
_ABBREVIATIONS = {
    "utc": 0, "ut": 0, "gmt": 0, "z": 0, "zulu": 0,
    "est": -300, "edt": -240, "cst": -360, "cdt": -300,
    "mst": -420, "mdt": -360, "pst": -480, "pdt": -420,
}  # fmt: skip
_WORDS = {"epoch", "infinity", "+infinity", "-infinity", "now", "today", "yesterday", "tomorrow"}
_DAY_SHIFT = {"today": 0, "yesterday": -1, "tomorrow": 1}

_TIME = r"(\d{1,2}):(\d\d)(?::(\d\d)(\.\d+)?)?(?:\s*([ap]m)(?![a-z]))?"
_OFFSET = re.compile(r"([+-])(\d\d?)(?::?(\d\d))?")
_POSIX = re.compile(r"([a-z]+)([+-]\d\d?(?::?\d\d)?)")
# A zone after the date and time: an offset, an abbreviation (`PST`, `GMT+8`), a name.
_ZONE = r"(?:\s*([+-]\d\d?(?::?\d\d)?|[a-z][a-z0-9_/+-]*(?::\d\d)?))?"
_MONTH_FIRST = re.compile(  # Mon Feb 10 17:32:01 1997 PST, Feb-10-1997 17:32:01, January 8, 1999
    rf"(?:([a-z]+),?\s+)?([a-z]+)[\s-]+(\d{{1,2}})(?:,?\s+|-)(?:{_TIME}\s+)?(\d{{4,}})"
    rf"(?:\s+{_TIME})?{_ZONE}"
)
_NUMERIC_MDY = re.compile(
    rf"(\d{{1,2}})([-/])(\d{{1,2}})\2(\d{{1,2}}|\d{{4,}})(?:\s+{_TIME})?{_ZONE}"
)
# A date alone of three fields, one a month's name: 08-Jan-99, 1999 Jan 08, Jan-08-99.
_NAMED_MONTH_FIELDS = re.compile(r"([a-z]+|\d+)([-\s])([a-z]+|\d+)\2([a-z]+|\d+)")
_YYMMDD = re.compile(r"(\d\d)(\d\d)(\d\d)")
_JULIAN = re.compile(r"j(\d{1,7})")
_JULIAN_1970 = 2440588  # the Julian day of 1970-01-01
_COMPACT = re.compile(rf"(\d{{4}})(\d\d)(\d\d)(?:[\st]+(\d\d)(\d\d)(\d\d)(\.\d+)?)?{_ZONE}")
_DAY_OF_YEAR = re.compile(rf"(\d{{4}})\.(\d{{3}})(?:\s+{_TIME})?{_ZONE}")
_ISO = re.compile(rf"(\d{{4,}})([-/])(\d{{1,2}})\2(\d{{1,2}})(?:(?:\s+|t){_TIME})?{_ZONE}")
_ISO_START = re.compile(r"\s*\d{4,}([-/])\d{1,2}\1\d{1,2}(?![\d/-])")
_ERA = re.compile(r"\s+(bc|ad)\b")
_OFFSET_AFTER_TIME = re.compile(r":\d\d(?:\.\d+)?\s*[+-]\d")


class _Refused(Exception):
    """The text is not read here; the message says why."""


@dataclass
class _Moment:
    year: int  # astronomical: 0 is 1 BC
    month: int
    day: int
    clock: tuple[int, int, int, int] | None  # hour, minute, second, microsecond
    zone: str | None


def _kind(type_name: str) -> str | None:
    """ "date", "time", "timestamp" or "timestamptz" for a DuckDB/sqlglot type name, else
    None."""
    name = type_name.upper()
    if name in ("DATE", "TIME"):
        return name.lower()
    if name in ("TIMESTAMPTZ", "TIMESTAMP_NS", "TIMESTAMP WITH TIME ZONE", "TIMESTAMPLTZ"):
        return "timestamptz"
    if name.startswith(("TIMESTAMP", "DATETIME")) and "TIME ZONE" not in name:
        return "timestamp"
    return None


def _cast_kind(data_type: exp.DataType) -> str | None:
    if is_type(data_type, "timestamptz", "timestampltz"):
        return "timestamptz"
    return _kind(data_type.this.name if isinstance(data_type.this, exp.DataType.Type) else "")


def _clock(
    hour: str, minute: str, second: str | None, fraction: str | None, half: str | None
) -> tuple[int, int, int, int]:
    h, m, s = int(hour), int(minute), int(second or 0)
    if half:
        if not 1 <= h <= 12:
            raise ValueError
        h = h % 12 + (12 if half == "pm" else 0)
    digits = (fraction or ".")[1:]
    if len(digits) > 6 or (h, m, s) == (24, 0, 0) or s == 60:
        # Postgres rounds to microseconds, takes 24:00:00 and leap seconds: not read here.
        raise _Refused(
            "this demo does not read more than six decimals of a second, 24:00 or 60 seconds"
        )
    if h > 23 or m > 59 or s > 59:
        raise ValueError
    return h, m, s, int(digits.ljust(6, "0") or 0)


def _parse(text: str) -> _Moment | None:
    """The fields of `text` (lower case, era removed), or None if no form matches."""
    if m := _MONTH_FIRST.fullmatch(text):
        groups = m.groups()
        weekday, month, day, year, zone = *groups[0:3], groups[8], groups[14]
        first, later = groups[3:8], groups[9:14]
        if weekday is not None and weekday not in _WEEKDAYS or month not in _MONTHS:
            return None
        times = [t for t in (first, later) if t[0] is not None]
        clock = _clock(*times[0]) if times else None
        return _Moment(int(year), _MONTHS[month], int(day), clock, zone)
    if m := _NUMERIC_MDY.fullmatch(text):
        month, _, day, year, *time, zone = m.groups()
        clock = _clock(*time) if time[0] is not None else None
        return _Moment(_two_digit_year(year), int(month), int(day), clock, zone)
    if m := _COMPACT.fullmatch(text):
        year, month, day, hh, mm, ss, fraction, zone = m.groups()
        clock = _clock(hh, mm, ss, fraction, None) if hh is not None else None
        return _Moment(int(year), int(month), int(day), clock, zone)
    if m := _DAY_OF_YEAR.fullmatch(text):
        year, ordinal, *time, zone = m.groups()
        start = dt.date(int(year), 1, 1)
        days = int(ordinal) - 1
        if not 0 <= days < (366 if calendar.isleap(int(year)) else 365):
            raise ValueError
        day = start + dt.timedelta(days=days)
        clock = _clock(*time) if time[0] is not None else None
        return _Moment(day.year, day.month, day.day, clock, zone)
    if m := _ISO.fullmatch(text):
        year, _, month, day, *time, zone = m.groups()
        clock = _clock(*time) if time[0] is not None else None
        return _Moment(int(year), int(month), int(day), clock, zone)
    if m := _NAMED_MONTH_FIELDS.fullmatch(text):
        fields = (m.group(1), m.group(3), m.group(4))
        return _named_month_date(fields, joined=m.group(2) == "-")
    if m := _YYMMDD.fullmatch(text):  # six digits: YYMMDD (DecodeNumberField)
        year, month, day = m.groups()
        return _Moment(_two_digit_year(year), int(month), int(day), None, None)
    if m := _JULIAN.fullmatch(text):
        day = dt.date(1970, 1, 1) + dt.timedelta(days=int(m.group(1)) - _JULIAN_1970)
        return _Moment(day.year, day.month, day.day, None, None)
    return None


def _two_digit_year(year: str) -> int:
    """A year of one or two digits is 1970-2069 to Postgres (ValidateDate)."""
    value = int(year)
    if len(year) > 2:
        return value
    return value + (2000 if value < 70 else 1900)


def _named_month_date(fields: tuple[str, str, str], *, joined: bool) -> _Moment | None:
    """Postgres' reading (DecodeDate/DecodeNumber, DateStyle MDY) of three date fields,
    one a month's name: each number is the year, month or day by what is known so far.
    Joined by dashes, the name is read first; between spaces, in its place."""
    names = [f for f in fields if f.isalpha()]
    if len(names) != 1 or names[0] not in _MONTHS:
        return None
    if joined and fields[2].isalpha():
        return None  # `1999-08-Jan`: Postgres splits it after the second dash (ParseDateTime)
    got: dict[str, int] = {}
    text_month, short_year = False, False
    for field in sorted(fields, key=str.isdigit) if joined else fields:
        if field.isalpha():
            if "month" in got and "day" not in got and 1 <= got["month"] <= 31:
                got["day"] = got["month"]  # a number read as the month was the day
            got["month"], text_month = _MONTHS[field], True
            continue
        known = frozenset(got)
        if not known:
            slot = "year" if len(field) >= 3 else "month"
        elif known == {"month"}:
            slot = "year" if text_month and len(field) >= 3 else "day"
        elif known == {"year", "month"}:
            if text_month and len(field) >= 3 and short_year:
                got["day"], got["year"], short_year = got["year"], int(field), False
                continue  # DD-MON-YYYY: the first number was the day
            slot = "day"
        elif known == {"year"} or known == {"year", "day"}:
            slot = "month"
        elif known == {"month", "day"}:
            slot = "year"
        else:
            return None
        got[slot] = int(field)
        if slot == "year":
            short_year = len(field) <= 2
    if len(got) != 3:
        return None
    year = got["year"] + ((2000 if got["year"] < 70 else 1900) if short_year else 0)
    return _Moment(year, got["month"], got["day"], None, None)


def _zone_offset(zone: str) -> int | None:
    """Minutes east of UTC for `zone`; None for a zone name (valid, of changing offset)."""
    if found := _OFFSET.fullmatch(zone):
        sign, hours, minutes = found.groups()
        return (-1 if sign == "-" else 1) * (int(hours) * 60 + int(minutes or 0))
    if zone in _ABBREVIATIONS:
        return _ABBREVIATIONS[zone]
    if found := _POSIX.fullmatch(zone):
        # `PST+8`, `GMT-1`: a POSIX zone, whose offset counts hours west of Greenwich.
        offset = _zone_offset(found.group(2))
        return None if offset is None else -offset
    names = _zone_names()
    if zone in names:
        return None
    if "/" in zone:
        raise _Refused(f'time zone "{zone}" not recognized')
    raise _Refused(f'this demo does not know the time zone "{zone}"')


@functools.cache
def _zone_names() -> dict[str, str]:
    """The zone names by their lower case, the same on both paths (zone_names.py: Pyodide
    has no zone database to list them)."""
    return {name.lower(): name for name in ZONE_NAMES}


def _named_zone_offset(moment: _Moment, zone: str) -> int:
    """Minutes east of UTC that the zone database gives `zone` at the local `moment`.

    Refused where this runtime has no zone rules (Pyodide ships none), where the local
    time is skipped or repeated by a change of offset (Postgres then picks by its own
    rule), or where the offset is not whole minutes (local mean time).
    """
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    name = _zone_names()[zone]
    try:
        rules = ZoneInfo(name)
    except ZoneInfoNotFoundError:  # Pyodide: names, no rules
        raise _Refused(f'this demo has no rules for the time zone "{name}"') from None
    h, m, s, us = moment.clock or (0, 0, 0, 0)
    local = dt.datetime(moment.year, moment.month, moment.day, h, m, s, us)
    offsets = {local.replace(tzinfo=rules, fold=fold).utcoffset() for fold in (0, 1)}
    offset = offsets.pop() if len(offsets) == 1 else None
    if offset is None or offset.total_seconds() % 60:
        raise _Refused(f'this demo does not read this local time in the time zone "{zone}"')
    return int(offset.total_seconds()) // 60


def _date_text(year: int, month: int, day: int) -> str:
    if year <= 0:
        return f"{1 - year:04d}-{month:02d}-{day:02d} (BC)"
    return f"{year:04d}-{month:02d}-{day:02d}"


def _shift(moment: _Moment, minutes: int) -> _Moment:
    """`moment` moved by `minutes`, in the proleptic calendar also before the year 1.

    Python's dates hold the years 1-9999: the year is moved by whole 400-year cycles
    (which repeat the calendar exactly) into that range and back.
    """
    cycles = (2000 - moment.year) // 400
    h, m, s, us = moment.clock or (0, 0, 0, 0)
    local = dt.datetime(moment.year + 400 * cycles, moment.month, moment.day, h, m, s, us)
    utc = local - dt.timedelta(minutes=minutes)
    clock = (utc.hour, utc.minute, utc.second, utc.microsecond)
    return _Moment(utc.year - 400 * cycles, utc.month, utc.day, clock, None)


# Postgres' first day (Julian day 0): 4714-11-24 BC, the year -4713 counted astronomically.
_FIRST_DAY = (-4713, 11, 24)


def _moment_text(moment: _Moment, kind: str, text: str) -> str:
    if (moment.year, moment.month, moment.day) < _FIRST_DAY:
        raise _Refused(f'{"date" if kind == "date" else "timestamp"} out of range: "{text}"')
    last = calendar.monthrange(2000 if moment.year <= 0 else moment.year, moment.month)[1]
    if moment.year <= 0 and moment.month == 2:
        last = 29 if calendar.isleap(moment.year) else 28
    if not (1 <= moment.month <= 12 and 1 <= moment.day <= last):
        raise ValueError
    offset = _zone_offset(moment.zone) if moment.zone else 0
    if kind == "date":
        return _date_text(moment.year, moment.month, moment.day)
    if kind == "timestamptz":
        if not 1678 <= moment.year <= 2261:  # TIMESTAMP_NS, timestamptz's stand-in
            raise _Refused(f'this demo holds timestamptz from 1678 to 2261 only: "{text}"')
        if offset is None:
            assert moment.zone is not None  # a zone name of the zone database
            offset = _named_zone_offset(moment, moment.zone)
        moment = _shift(moment, offset)
    h, m, s, us = moment.clock or (0, 0, 0, 0)
    fraction = f".{us:06d}" if us else ""
    day = _date_text(moment.year, moment.month, moment.day)
    return f"{day} {h:02d}:{m:02d}:{s:02d}{fraction}"


def _word(word: str, zone: str | None, kind: str) -> exp.Expr:
    """The special word as DuckDB text or an expression of the transaction's time."""
    if word in ("infinity", "+infinity", "-infinity", "epoch"):
        if zone:
            raise ValueError
        if word == "epoch":
            return exp.Literal.string("1970-01-01" if kind == "date" else "1970-01-01 00:00:00")
        return exp.Literal.string(word.lstrip("+"))
    offset = _zone_offset(zone) if zone else 0
    if word == "now":
        if zone:
            raise _Refused(f'this demo does not read "now" with a time zone ("{zone}")')
        sql = "CURRENT_DATE" if kind == "date" else "CURRENT_TIMESTAMP"
        if kind == "timestamp":
            sql = "CAST(CURRENT_TIMESTAMP AS TIMESTAMP)"
        return sqlglot.parse_one(sql, read="postgres")
    shift = _DAY_SHIFT[word]
    day = "CURRENT_DATE" + (f" + {shift}" if shift > 0 else f" - {-shift}" if shift else "")
    if kind == "date":
        return sqlglot.parse_one(f"CAST({day} AS DATE)", read="postgres")
    if kind == "timestamptz" and offset is None:
        raise _Refused(f'this demo has no rules of the time zone "{zone}"')
    moved = f" - INTERVAL '{offset} minutes'" if kind == "timestamptz" and offset else ""
    return sqlglot.parse_one(f"CAST({day} AS TIMESTAMP){moved}", read="postgres")


def _read(text: str, kind: str) -> exp.Expr | None:
    """The literal DuckDB reads as Postgres reads `text`; None: DuckDB reads it alike."""
    if kind == "time":
        return _time_of_day(text)
    lowered = " ".join(text.lower().split())
    word, _, zone = lowered.partition(" ")
    if word in _WORDS:
        return _word(word, zone or None, kind)
    era = _ERA.search(lowered)
    # ISO text without a zone word DuckDB reads alike (a timestamptz's offset is applied
    # by transforms/timestamptz.py); a zone word is read here, if only to check it.
    zone_word = re.search(r"[a-z]", re.sub(r"(?<=\d)t(?=\d)", " ", lowered))
    # An offset a timestamp without time zone ignores is dropped here too: duckdb-wasm
    # refuses some forms of it (`17:32:01 -08:00`) that the native package reads, drops.
    ignored_offset = kind == "timestamp" and _OFFSET_AFTER_TIME.search(lowered)
    # transforms/timestamptz.py applies the offset of dashed dates only (`1997/02/10 ...-08`).
    slashed_zoned = kind == "timestamptz" and "/" in text
    if (
        era is None
        and _ISO_START.match(text)
        and not zone_word
        and not ignored_offset
        and not slashed_zoned
    ):
        return None
    bare = _ERA.sub("", lowered, count=1).strip() if era else lowered
    moment = _parse(bare)
    if moment is None:
        raise _Refused(f'this demo does not read the {_NAMES[kind]} form "{text}"')
    if era is not None and era.group(1) == "bc":
        if moment.year < 1:
            raise ValueError
        moment.year = 1 - moment.year
    elif moment.year < 1:
        raise ValueError
    return exp.Literal.string(_moment_text(moment, kind, text))


_NAMES = {"date": "date", "timestamp": "timestamp", "timestamptz": "timestamp with time zone"}


_ISO_DATE_BEFORE_TIME = re.compile(r"\d{4}-\d\d-\d\d[ t]")


def _time_of_day(text: str) -> exp.Expr | None:
    """A `time` literal: `H:MM[:SS[.ffffff]]` as it is, with AM or PM or after an ISO date
    in 24-hour form; any other form (a zone, a word, 24:00) is refused. DuckDB ignores AM/PM
    (`11:59 PM` is 11:59 to it) and a zone name, which Postgres refuses without a date."""
    lowered = " ".join(text.lower().split())
    dated = _ISO_DATE_BEFORE_TIME.match(lowered)  # a date Postgres reads and drops
    found = re.fullmatch(_TIME, lowered[dated.end() :] if dated else lowered)
    if found is None:
        raise _Refused(f'this demo does not read the time form "{text}"')
    h, m, s, micro = _clock(*found.groups())  # refuses 24:00 (duckdb-wasm reads 00:00)
    if found.group(5) is None and text == lowered and not dated:
        return None
    return exp.Literal.string(f"{h:02d}:{m:02d}:{s:02d}.{micro:06d}")


def _read_or_message(text: str, kind: str) -> exp.Expr | str | None:
    try:
        return _read(text, kind)
    except _Refused as refused:
        return str(refused)
    except ValueError:
        return f'date/time field value out of range: "{text}"'


def temporal_literals(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> str | None:
    """Rewrite each date/time literal to what DuckDB reads as Postgres reads it.

    Returns the refusal of the first literal this module does not read, or None.
    """
    found: list[tuple[exp.Literal, str]] = []
    for cast in tree.find_all(exp.Cast):
        kind = _cast_kind(cast.to)
        if kind and isinstance(cast.this, exp.Literal) and cast.this.is_string:
            found.append((cast.this, kind))
    for literal, duck_type in written_literals(tree, table_types):
        kind = _kind(duck_type)
        if kind:
            found.append((literal, kind))
    for literal, kind in found:
        reading = _read_or_message(literal.this, kind)
        if isinstance(reading, str):
            return reading
        if not isinstance(reading, exp.Literal | type(None)) and literal.find_ancestor(
            exp.ColumnDef, exp.AlterColumn
        ):
            # Postgres reads `DEFAULT 'now'::timestamp` once, at CREATE TABLE.
            return f"this demo does not take '{literal.this}' in a column definition"
        if reading is not None:
            literal.replace(reading)
    return None


# The SQLSTATE of each Postgres message `_read` gives as its own (not "this demo ...").
_CODES = (("not recognized", "22023"), ("out of range", "22008"))
_TYPE_KINDS = {
    "date": "date",
    "timestamp": "timestamp", "timestamp without time zone": "timestamp",
    "timestamptz": "timestamptz", "timestamp with time zone": "timestamptz",
}  # fmt: skip


class NotJudged(Exception):
    """Postgres' verdict on the text is not known here."""


def temporal_input_error(text: str, type_name: str) -> tuple[str, str] | None:
    """Postgres' input error (message, SQLSTATE) for `text` read as the date/time type
    `type_name`; None where Postgres reads it. Raises NotJudged where unknown.

    A lone word other than the special ones never is a date: Postgres then lacks the
    date's fields and answers "invalid input syntax" (datetime.c, DecodeDateTime).
    """
    kind = _TYPE_KINDS.get(" ".join(type_name.lower().split()))
    if kind is None:
        raise NotJudged
    lowered = text.strip(" \t\n\r\v\f").lower()
    if re.fullmatch(r"[a-z]+", lowered) and lowered not in _WORDS:
        return f'invalid input syntax for type {_NAMES[kind]}: "{text}"', "22007"
    try:
        if _read(text, kind) is None:  # ISO text DuckDB reads alike: its fields checked here
            moment = _parse(" ".join(lowered.split()))
            if moment is None:
                raise NotJudged
            _moment_text(moment, kind, text)
    except _Refused as refused:
        message = str(refused)
        code = next((c for words, c in _CODES if words in message), None)
        if message.startswith("this demo") or code is None:
            raise NotJudged from None
        return message, code
    except ValueError:  # "field value out of range", whose hint Postgres may add
        raise NotJudged from None
    return None
