"""timestamptz without DuckDB's icu extension.

`timestamptz_without_icu`: timestamptz held as UTC wall time in TIMESTAMP_NS,
since DuckDB's own TIMESTAMPTZ needs the icu extension (which duckdb-wasm cannot
fetch offline).
"""

from __future__ import annotations

import datetime as dt
import re

from sqlglot import exp

from ..derived_columns import plain_type
from ..type_match import is_type, of_type
from .statement import written_literals

__all__ = ["TIMESTAMPTZ_STORAGE", "timestamptz_without_icu", "utc_text", "zoned_string_literals"]


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


def _storage(node: exp.Expr) -> exp.Expr:
    """`node` (a TIMESTAMP WITH TIME ZONE in DuckDB) as the TIMESTAMP_NS that stands for it."""
    return exp.cast(exp.cast(node, exp.DataType.build("timestamp")), _storage_type())


def _storage_type() -> exp.DataType:
    return exp.DataType(this=exp.DataType.Type.TIMESTAMP_NS)


def _is_zoned(node: exp.Expr, column_types: dict[str, str]) -> bool:
    stand_in = exp.DataType.Type.TIMESTAMP_NS  # a name would parse as a type of its own
    zoned = ("timestamptz", stand_in)
    return of_type(node, column_types, TIMESTAMPTZ_STORAGE, *zoned, nodes=(exp.CurrentTimestamp,))


# Zone names that are UTC itself (Postgres reads zone names without regard to case).
_UTC_NAMES = {"utc", "etc/utc", "gmt", "etc/gmt", "uct", "zulu", "universal"}


def _zone_operands(tree: exp.Expr) -> list[tuple[exp.Expr, exp.Expr | None]]:
    """(value, zone) of each `value AT TIME ZONE zone` and `timezone(zone, value)`."""
    found = []
    for node in tree.find_all(exp.AtTimeZone, exp.Anonymous):
        if isinstance(node, exp.AtTimeZone):
            found.append((node.this, node.args.get("zone")))
        elif str(node.this).lower() == "timezone" and len(node.expressions) == 2:
            found.append((node.expressions[1], node.expressions[0]))
    return found


def zoned_string_literals(tree: exp.Expr) -> None:
    """A string literal converted to a time zone is a timestamptz, as Postgres reads it
    (`'1997-02-10 17:32:01' AT TIME ZONE 'UTC'`); DuckDB could not choose a type."""
    for value, _ in _zone_operands(tree):
        if isinstance(value, exp.Literal) and value.is_string:
            value.replace(exp.cast(value.copy(), exp.DataType.build("timestamptz")))


def _in_zone(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    """`timestamptz AT TIME ZONE zone` (or `timezone(zone, timestamptz)`): the wall time
    in that zone, a timestamp. In UTC that is the stored wall time itself; another zone
    is refused. DuckDB reads the stand-in TIMESTAMP_NS as a local time and shifts it the
    other way: `AT TIME ZONE 'America/New_York'` answered 15:00 for Postgres' 05:00."""
    for value, zone in _zone_operands(tree):
        node = value.parent
        if node is None or not _is_zoned(value, column_types):
            continue
        if not (
            isinstance(zone, exp.Literal) and zone.is_string and zone.this.lower() in _UTC_NAMES
        ):
            shown = zone.sql("postgres") if zone is not None else "?"
            return (
                f"timestamptz AT TIME ZONE {shown} is not supported by this demo: only 'UTC',"
                " the zone its sessions run in"
            )
        node.replace(exp.cast(value.copy(), "TIMESTAMP"))
    return None


def timestamptz_without_icu(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> str | None:
    """Postgres' timestamptz, held as UTC wall time in a TIMESTAMP_NS.

    DuckDB's TIMESTAMP WITH TIME ZONE needs the icu extension for most operations
    (duckdb-wasm, offline, has none and can even hang). Postgres sessions here run in
    UTC, so a timestamptz is its UTC wall time; TIMESTAMP_NS is the stand-in type
    because it reports itself distinctly, so results still say `timestamptz`.
    Literals with offsets are converted to UTC here; DuckDB would drop the offset.
    Returns the refusal of a zone conversion it cannot answer (`_in_zone`), else None.
    """
    flat = {c: t for cols in table_types.values() for c, t in cols.items()}
    refusal = _in_zone(tree, flat)
    if refusal:
        return refusal
    for node in list(tree.find_all(exp.CurrentTimestamp, exp.UnixToTime)):
        node.replace(_storage(node.copy()))
    for node in list(tree.find_all(exp.TimestampTrunc, exp.DateTrunc)):
        # date_trunc() has no date form: Postgres reads a date as a timestamptz.
        zoned = (
            _is_zoned(node.this, flat)
            or of_type(node.this, flat, "DATE", nodes=(exp.CurrentDate,))
            or plain_type(node.this, flat) == "DATE"
        )
        if zoned:
            node.set("this", exp.cast(node.this.copy(), "TIMESTAMP"))
        node.replace(exp.cast(node.copy(), _storage_type() if zoned else "TIMESTAMP"))
    for cast in list(tree.find_all(exp.Cast)):
        if is_type(cast.to, "timestamptz"):
            value = cast.this
            if isinstance(value, exp.Literal) and value.is_string:
                value.replace(exp.Literal.string(utc_text(value.this)))
    for data_type in list(tree.find_all(exp.DataType)):
        if is_type(data_type, "timestamptz"):
            data_type.replace(_storage_type())
    # timestamptz ± interval is timestamptz; DuckDB's TIMESTAMP_NS + INTERVAL is a
    # TIMESTAMP. Innermost first, so that `now() + a + b` stays zoned throughout.
    for shifted in reversed(list(tree.find_all(exp.Add, exp.Sub))):
        sides = (shifted.this, shifted.expression)
        if any(_is_zoned(s, flat) for s in sides) and any(_is_interval(s, flat) for s in sides):
            shifted.replace(exp.cast(shifted.copy(), _storage_type()))
    _zoned_literals_written(tree, table_types)
    return None


def _is_interval(node: exp.Expr, column_types: dict[str, str]) -> bool:
    return of_type(node, column_types, "INTERVAL", "interval", nodes=(exp.Interval,))


def _zoned_literals_written(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> None:
    """String literals INSERTed or SET into timestamptz columns, converted to UTC."""
    for value, duck_type in written_literals(tree, table_types):
        if duck_type.upper() == TIMESTAMPTZ_STORAGE:
            value.replace(exp.Literal.string(utc_text(value.this)))
