"""Literals and types that DuckDB's core reads differently from Postgres, or lacks.

duckdb-wasm has only DuckDB's core (the json and icu extensions cannot be fetched
offline), and the same SQL must run natively and in the browser:

- `bytea_literals`: `'\\xdead'::bytea` is hex in Postgres but escaped text in DuckDB,
  so it becomes `unhex('dead')`.
- `national_strings`: `N'...'` literals become plain strings.
- `core_only`: `json`/`jsonb` become text (json extension) and `CURRENT_DATE` the date
  of `current_timestamp` (icu extension).
- `types_kept_otherwise`: refused. Postgres' `bit(n)` keeps its length (`B'10'` into a
  `bit(11)` fails, `B'001' & B'10'` fails, `B'101'` is the bit string 101); DuckDB's BIT
  keeps none and reads `B'101'` and `X'1F'` as the integers 5 and 31. Postgres' `time
  with time zone` keeps the offset written (`'13:30-04'::timetz` is `13:30:00-04`);
  here it was lost or the time moved to UTC (`EXTRACT(HOUR ...)` 17 for 13).
"""

from __future__ import annotations

import re

from sqlglot import exp

from ..character_writes import national_text
from ..type_match import is_type
from .statement import written_literals, written_types

__all__ = ["bytea_literals", "core_only", "national_strings", "types_kept_otherwise"]

_HEX_BYTEA = re.compile(r"^\\x([0-9A-Fa-f]{2})*$")


def _hex_bytes(digits: str) -> exp.Expr | str:
    """`unhex()` of Postgres' hex bytea input (whitespace between pairs), or its error."""
    digits = re.sub(r"\s", "", digits)
    bad = re.search(r"[^0-9A-Fa-f]", digits)
    if bad:
        return f'invalid hexadecimal digit: "{bad.group()}"'
    if len(digits) % 2:
        return "invalid hexadecimal data: odd number of digits"
    return exp.func("unhex", exp.Literal.string(digits))


def bytea_literals(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> str | None:
    """`'\\xdead'::bytea` is hex in Postgres but escaped text in DuckDB: use unhex().

    The same for `E'\\\\xdead'::bytea` (the escape-string spelling), refused as Postgres
    does when the digits are not whole hex pairs, and for a
    hex string written into a bytea (BLOB) column without a cast, as pg_dump writes them
    (`INSERT INTO t VALUES (1, '\\x')`).
    """
    for cast in list(tree.find_all(exp.Cast)):
        value = cast.this
        if (
            is_type(cast.to, "varbinary", "binary", "blob")
            and isinstance(value, exp.Literal | exp.ByteString)
            and (value.is_string or isinstance(value, exp.ByteString))
            and value.this.startswith("\\x")
        ):
            hex_bytes = _hex_bytes(value.this[2:])
            if isinstance(hex_bytes, str):
                return hex_bytes
            cast.replace(hex_bytes)
    for value, duck_type in written_literals(tree, table_types):
        if duck_type.upper() == "BLOB" and _HEX_BYTEA.match(value.this):
            value.replace(exp.func("unhex", exp.Literal.string(value.this[2:])))
    return None


def national_strings(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> str | None:
    """`N'...'` is a constant of type character to Postgres: written into a text column
    it loses its trailing spaces, as character values do when they become text. Read
    anywhere else it keeps them in its output and its type but not in comparisons,
    lengths or concatenations, and no other column type takes it: no DuckDB value
    behaves so, so there it is refused. (Written char(n) and varchar(n) values are
    already stored by `character_writes`.)"""
    nationals = list(tree.find_all(exp.National))
    if not nationals:  # most statements: no need to list what they write
        return None
    # Values written into a column of another known type (Postgres: no assignment cast).
    not_text = {
        id(value)
        for value, duck_type in written_types(tree, table_types)
        if not duck_type.upper().startswith("VARCHAR")
    }
    for national in nationals:
        if not _written(national) or id(national) in not_text:
            text = national.this.replace("'", "''")
            return (
                f"this demo reads N'{text}' only as a value written into a text column;"
                f" write '{text}' instead"
            )
        national.replace(exp.Literal.string(national_text(national)))
    return None


def _written(value: exp.Expr) -> bool:
    """A value of INSERT ... VALUES, or the right side of an UPDATE's SET, whatever its
    column (a table created earlier in the request is typed when it is transpiled again)."""
    parent = value.parent
    if isinstance(parent, exp.Tuple) and isinstance(parent.parent, exp.Values):
        return isinstance(parent.parent.parent, exp.Insert)
    return (
        isinstance(parent, exp.EQ)
        and value is parent.expression
        and isinstance(parent.parent, exp.Update)
    )


def core_only(tree: exp.Expr) -> None:
    """Keep to what DuckDB's core has: duckdb-wasm cannot fetch extensions offline.

    `json`/`jsonb` (json extension) are stored as text; `CURRENT_DATE`, `LOCALTIME` and
    `LOCALTIMESTAMP` (icu extension; DuckDB answered the last two with a binder error)
    become parts of the core `current_timestamp`, in the session's zone, UTC.
    """
    for node in list(tree.find_all(exp.DataType)):
        if is_type(node, "json", "jsonb"):
            node.replace(exp.DataType.build("text"))
    for part, kind in (
        (exp.CurrentDate, "date"),
        (exp.Localtime, "time"),
        (exp.Localtimestamp, "timestamp"),
    ):
        for moment in list(tree.find_all(part)):
            timestamp = exp.cast(exp.CurrentTimestamp(), exp.DataType.build("timestamp"))
            moment.replace(exp.cast(timestamp, exp.DataType.build(kind)))


def types_kept_otherwise(tree: exp.Expr) -> str | None:
    """The refusal of a bit string type or literal, of `time with time zone` (and of
    `current_time`, which is one), of `localtime(p)`/`localtimestamp(p)`, of the object
    identifier types (DuckDB read `1::oid` as a bigint), or None."""
    if tree.find(exp.CurrentTime) is not None:
        return "current_time (a time with time zone) is not supported by this demo: use localtime"
    for moment in tree.find_all(exp.Localtime, exp.Localtimestamp):
        if moment.this is not None:
            name = "localtime" if isinstance(moment, exp.Localtime) else "localtimestamp"
            return f"{name}(precision) is not supported by this demo: write {name}"
    for node in tree.find_all(exp.DataType):
        if node.this is exp.DataType.Type.BIT:
            return (
                'type "bit" is not supported by this demo: DuckDB, its engine, keeps no bit length'
            )
        if node.this is exp.DataType.Type.TIMETZ:
            return (
                'type "time with time zone" is not supported by this demo: DuckDB, its engine,'
                " does not keep the offset as Postgres does (use timestamptz, or time)"
            )
    for identifier in tree.find_all(exp.ObjectIdentifier):  # oid, regclass, regproc, ...
        return (
            f'type "{identifier.name.lower()}" is not supported by this demo (DuckDB, its'
            " engine, has no such type)"
        )
    if tree.find(exp.BitString, exp.HexString) is not None:
        return "bit string literals (B'0101', X'1F') are not supported by this demo"
    return None
