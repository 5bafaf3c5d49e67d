"""DuckDB column types as Postgres type OIDs, and DuckDB values as PGlite-like JSON.

The `postgres` adapter answers in PGlite's `exec` shape, so each field carries the
OID Postgres would report (`pg_type.oid`). DuckDB keeps no difference between
`text` and `varchar(n)`, so every string column reports `text` (25). Types with
no Postgres twin (STRUCT, MAP, UNION) report `json` (114) because they are sent as
JSON; unsigned integers report the next wider signed type.

Values take the JSON form a PGlite-written panel sees after `JSON.stringify` of
PGlite's result: `date`, `timestamp` and `timestamptz` are PGlite's JS `Date`s
serialised (`"2024-01-05T09:30:00.000Z"`, milliseconds, UTC; a date is its UTC
midnight); numeric, times, intervals and UUIDs are Postgres' text; `int8` is a
number when exact in a double and a string otherwise; `bytea` is the list of byte
values (PGlite's Uint8Array); `json` columns are parsed; NaN/Infinity become null.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
import struct
from functools import lru_cache
from typing import Any

from .numeric import QUOTIENT_TAG, SCALED_TAG, quotient_text

_FLOAT4 = struct.Struct("<f")

__all__ = [
    "ARRAY_OIDS",
    "TYPE_OIDS",
    "JsonTooDeep",
    "UnsendableValue",
    "check_json_depth",
    "enum_array_text",
    "float4_value",
    "interval_text",
    "json_value",
    "type_oid",
]

TYPE_OIDS: dict[str, int] = {
    "BOOLEAN": 16,
    "BLOB": 17,
    "TINYINT": 21,
    "SMALLINT": 21,
    "INTEGER": 23,
    "BIGINT": 20,
    # DuckDB sums integers into HUGEINT; Postgres' sum(int2/int4) is int8.
    "HUGEINT": 20,
    "UTINYINT": 21,
    "USMALLINT": 23,
    "UINTEGER": 20,
    "UBIGINT": 1700,
    "UHUGEINT": 1700,
    "FLOAT": 700,
    "DOUBLE": 701,
    "DECIMAL": 1700,
    "VARCHAR": 25,
    "DATE": 1082,
    "TIME": 1083,
    "TIME WITH TIME ZONE": 1266,
    "TIMESTAMP": 1114,
    "TIMESTAMP_S": 1114,
    "TIMESTAMP_MS": 1114,
    # timestamptz is held as TIMESTAMP_NS (transpile: DuckDB's own needs icu).
    "TIMESTAMP_NS": 1184,
    "TIMESTAMP WITH TIME ZONE": 1184,
    "INTERVAL": 1186,
    "UUID": 2950,
    "JSON": 114,
    "BIT": 1560,
    "STRUCT": 114,
    "MAP": 114,
    "UNION": 114,
    "ENUM": 25,
    "NULL": 25,
    '"NULL"': 25,
}

# Postgres array types (`_int4` and friends) for DuckDB LIST/ARRAY columns.
ARRAY_OIDS: dict[int, int] = {
    16: 1000,
    17: 1001,
    21: 1005,
    23: 1007,
    20: 1016,
    25: 1009,
    700: 1021,
    701: 1022,
    1700: 1231,
    1082: 1182,
    1083: 1183,
    1114: 1115,
    1184: 1185,
    1186: 1187,
    2950: 2951,
    114: 199,
    1560: 1561,
    1266: 1270,
}

TEXT_OID = 25
NUMERIC_OID = 1700

# Postgres types remembered by declared.py (DuckDB holds them as VARCHAR), named
# "pg:<type>" where a result column carries one.
DECLARED_OIDS = {
    "pg:varchar": 1043,
    "pg:bpchar": 1042,
    "pg:json": 114,
    "pg:jsonb": 3802,
    "pg:name": 19,
    'pg:"char"': 18,  # pg_class.relkind's one-byte type
    "pg:name[]": 1003,  # current_schemas()
    "pg:uuid": 2950,
    "pg:numeric[]": 1231,
    "pg:varchar[]": 1015,  # array_agg() of a varchar column
    "pg:" + SCALED_TAG: NUMERIC_OID,
    "pg:regtype": 2206,
    "pg:void": 2278,
}
# `pg:bpchar(4)`: a char(4) column's values, padded to its width on the way out.
CHARACTER_TAG = "pg:bpchar("
# DuckDB types a declared type may stand in for (what the result mapping overrides).
DECLARED_CARRIERS = (25, 1009)

_ALIASES = {
    "TIMESTAMPTZ": "TIMESTAMP WITH TIME ZONE",
    "TIMETZ": "TIME WITH TIME ZONE",
    "TEXT": "VARCHAR",
    "INT": "INTEGER",
    "FLOAT8": "DOUBLE",
    "REAL": "FLOAT",
    "BOOL": "BOOLEAN",
    "BYTEA": "BLOB",
}
_ARRAY_SUFFIX = re.compile(r"\[\d*\]$")


# Type names repeat on every value and every query: remember what each one maps to.
@lru_cache(maxsize=1024)
def _base(type_name: str) -> str:
    name = type_name.strip().upper()
    name = re.sub(r"\(.*\)$", "", name) if not name.startswith(("STRUCT", "MAP", "UNION")) else name
    head = re.split(r"[(\s]", name, maxsplit=1)[0] if "WITH TIME ZONE" not in name else name
    return _ALIASES.get(head, head)


@lru_cache(maxsize=1024)
def type_oid(type_name: str) -> int:
    """OID for a DuckDB type name (`INTEGER`, `DECIMAL(10,2)`, `VARCHAR[]`, `STRUCT(a INT)`)."""
    name = type_name.strip()
    if name in DECLARED_OIDS:
        return DECLARED_OIDS[name]
    if name.startswith(CHARACTER_TAG):
        return DECLARED_OIDS["pg:bpchar"]
    if name.startswith("pg:varchar("):  # varchar(n): its length is checked on write
        return DECLARED_OIDS["pg:varchar"]
    if name.startswith("pg:" + QUOTIENT_TAG):
        return NUMERIC_OID
    if _ARRAY_SUFFIX.search(name):
        if _is_enum_array(name):
            return TEXT_OID  # Postgres' own type number for it is the database's (enum_array_text)
        element = type_oid(_ARRAY_SUFFIX.sub("", name))
        return ARRAY_OIDS.get(element, 114)
    if name.upper().startswith("ENUM("):
        return 25
    return TYPE_OIDS.get(_base(name), 25)


def _is_enum_array(type_name: str) -> bool:
    """`ENUM('a', 'b')[]` (the duckdb package's name), `ENUM[]` (duck.py's, duckdb-wasm)."""
    element, arrays = _ARRAY_SUFFIX.subn("", type_name)
    return bool(arrays) and _base(element) == "ENUM"


# An array element Postgres' text form quotes: empty, NULL's word, or holding a character
# the form itself uses, or space.
_QUOTED_ELEMENT = re.compile(r'^$|^null$|[{},"\\\s]', re.I)


def enum_array_text(values: list[Any] | tuple[Any, ...]) -> str:
    """An array of enum labels as Postgres' text form (`{sad,"so so",NULL}`): the value
    node-postgres gives for an array of a type the database created, which it does not
    know (PGlite's answer too), where a list of its labels would be parsed."""

    def element(label: Any) -> str:
        if label is None:
            return "NULL"
        text = str(label)
        if not _QUOTED_ELEMENT.search(text):
            return text
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    return "{" + ",".join(element(v) for v in values) + "}"


_MOMENT = re.compile(
    r"^(\d{4,})-(\d\d)-(\d\d)(?: (\d\d):(\d\d):(\d\d)(?:\.(\d+))?)?([+-]\d\d(?::?\d\d)?)?$"
)
_MAX_SAFE = 2**53 - 1


def _js_date(text: str) -> str | None:
    """DuckDB's text for a date/timestamp[tz] as JS `Date.toJSON()` (ms, UTC), else None."""
    m = _MOMENT.match(text)
    if m is None:
        return None  # infinity, BC dates: an invalid JS Date serialises as null
    year, month, day, hour, minute, second, fraction, zone = m.groups()
    if hour is not None and int(year) < 100:
        # PGlite reads a timestamp's text with JS `new Date(text)`, whose legacy parser
        # takes a year below 100 for another one ("0097-02-16 17:32:01" is 1997).
        raise UnsendableValue(
            f"this demo cannot send the timestamp {text} as PGlite would: its client reads"
            " years before 100 as other years"
        )
    moment = dt.datetime(
        int(year), int(month), int(day), int(hour or 0), int(minute or 0), int(second or 0),
        int((fraction or "0")[:6].ljust(6, "0")),
    )  # fmt: skip
    if zone:
        sign = -1 if zone[0] == "-" else 1
        digits = zone[1:].replace(":", "")
        offset = dt.timedelta(hours=int(digits[:2]), minutes=int(digits[2:4] or 0))
        moment -= sign * offset
    # JS pads the year to four digits (0597-02-16); strftime's %Y does not on glibc.
    return (
        f"{moment.year:04d}"
        + moment.strftime("-%m-%dT%H:%M:%S.")
        + (f"{moment.microsecond // 1000:03d}Z")
    )


def _jsonb_order(value: Any) -> Any:
    """Keys in jsonb's order (shorter first, then bytewise), as Postgres stores them."""
    if isinstance(value, dict):
        keys = sorted(value, key=lambda k: (len(k.encode()), k.encode()))
        return {k: _jsonb_order(value[k]) for k in keys}
    if isinstance(value, list):
        return [_jsonb_order(v) for v in value]
    return value


# Deeper JSON would exhaust Python's stack (json.loads recurses): natively a
# RecursionError, in Pyodide a stack overflow that kills the worker.
MAX_JSON_DEPTH = 200


class UnsendableValue(ValueError):
    """A value the answer cannot carry as the page would read it; the message says why."""


class JsonTooDeep(UnsendableValue):
    """JSON nested deeper than MAX_JSON_DEPTH; the message is Postgres' for a deep stack."""

    def __init__(self) -> None:
        super().__init__("stack depth limit exceeded")


def check_json_depth(text: str) -> None:
    """Raise JsonTooDeep before parsing JSON text nested deeper than MAX_JSON_DEPTH."""
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise JsonTooDeep
        elif char in "]}":
            depth -= 1


def json_value(value: Any, type_name: str) -> Any:
    """A value from `DuckConnection` as JSON-ready data for a column of `type_name`."""
    if value is None:
        return None
    if isinstance(value, bytes | bytearray | memoryview):
        return list(bytes(value))
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        return float4_value(value) if _base(type_name) == "FLOAT" else value
    if isinstance(value, str) and type_name.startswith("pg:" + QUOTIENT_TAG):
        try:
            return quotient_text(value, type_name[3:])
        except ZeroDivisionError as exc:  # a divisor the expression computed
            raise UnsendableValue(str(exc)) from None
    if isinstance(value, str) and type_name.startswith(CHARACTER_TAG):
        # char(n) is stored without its padding (characters.py): shown padded to n.
        return value.ljust(int(type_name[len(CHARACTER_TAG) : -1]))
    base = _base(type_name)
    if (
        isinstance(value, str)
        and base in ("DATE", "TIMESTAMP WITH TIME ZONE")
        or (isinstance(value, str) and base.startswith("TIMESTAMP"))
    ):
        return _js_date(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > _MAX_SAFE:
        return str(value)
    if isinstance(value, str) and (base == "JSON" or type_name in ("pg:json", "pg:jsonb")):
        check_json_depth(value)
        try:
            parsed = json.loads(value)
        except ValueError:
            return value
        return _jsonb_order(parsed) if type_name == "pg:jsonb" else parsed
    if isinstance(value, list | tuple) and _is_enum_array(type_name.strip()):
        return enum_array_text(value)
    if isinstance(value, list | tuple):
        element = _ARRAY_SUFFIX.sub("", type_name.strip())
        return [json_value(v, element) for v in value]
    if isinstance(value, dict):
        return {str(k): json_value(v, "") for k, v in value.items()}
    if isinstance(value, bool | int | str):
        return value
    return str(value)


def float4_value(value: float) -> float:
    """A real (float4) value as Postgres prints it and a client reads it back: the
    shortest decimal that rounds to the same float4 (1.1, not the 1.100000023841858 its
    bits hold as a double)."""
    single = _FLOAT4.unpack(_FLOAT4.pack(value))[0]
    for digits in range(1, 10):  # 9 significant digits always round-trip a float4
        shortest = float(f"{single:.{digits}g}")
        if _FLOAT4.unpack(_FLOAT4.pack(shortest))[0] == single:
            return shortest
    return single


_INTERVAL_PART = re.compile(r"(-?\d+) (year|month|day)s?")
_INTERVAL_CLOCK = re.compile(r"(-?)(\d+):(\d\d):(\d\d)(\.\d+)?")


def interval_text(duck_text: str) -> str:
    """DuckDB's interval text (`-1 year -2 months 3 days 04:05:06.5`) in Postgres' style.

    Both keep months, days and microseconds apart; Postgres writes `mon`, makes every
    value but 1 plural (`-1 days`), and marks a positive part after a negative one `+`.
    """
    fields = {unit: int(n) for n, unit in _INTERVAL_PART.findall(duck_text)}
    clock = _INTERVAL_CLOCK.search(duck_text)
    parts: list[str] = []
    before_negative = False
    for unit, name in (("year", "year"), ("month", "mon"), ("day", "day")):
        value = fields.get(unit, 0)
        if value:
            sign = "+" if before_negative and value > 0 else ""
            parts.append(f"{sign}{value} {name}{'s' if value != 1 else ''}")
            before_negative = value < 0
    if clock is not None or not parts:
        negative, hours, minutes, seconds, fraction = (
            clock.groups() if clock else ("", "0", "00", "00", None)
        )
        if (
            not parts
            or int(hours)
            or int(minutes)
            or int(seconds)
            or (fraction and fraction.strip(".0"))
        ):
            sign = "-" if negative else ("+" if before_negative else "")
            parts.append(
                f"{sign}{int(hours):02d}:{minutes}:{seconds}{(fraction or '').rstrip('0').rstrip('.')}"
            )
    return " ".join(parts)
