"""pg_dump's table data: `COPY table (columns) FROM stdin;` and its text-format rows.

pg_dump writes each table's rows as a COPY statement followed by the data itself,
one row a line, tab-separated, ended by a line `\\.` (psql sends that block to the
server). The engine has no COPY, so the build reads the block here and inserts its
rows. Text format: `\\N` is NULL; a backslash escapes `\\b \\f \\n \\r \\t \\v`, a
backslash itself, one to three octal digits or `x` and one or two hex digits (a
byte), and any other character stands for itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..statements import SqlError
from .character_writes import stored_text, too_long
from .duckdump import insert_statement, quote_ident
from .transforms.arrays import parse_array_text

__all__ = [
    "CopyBlock",
    "copy_insert_statements",
    "decode_copy_row",
    "DUMP_NAME",
    "DUMP_QUALIFIED_NAME",
    "dump_name",
    "split_copy_blocks",
]

# A name as pg_dump writes it (quoted, or plain), and one with its schema: patterns for
# the statements read as text (comments.py, identity_columns.py); `dump_name` reads one.
DUMP_NAME = r'(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)'
DUMP_QUALIFIED_NAME = rf"(?:{DUMP_NAME}\s*\.\s*)?{DUMP_NAME}"

# pg_dump's own form: a line of its own, default text format, data from the client.
_COPY_HEADER = re.compile(
    r"^COPY\s+(?P<table>.+?)\s*\((?P<columns>[^()]*)\)\s+FROM\s+stdin\s*;\s*$", re.I
)
_COPY_START = re.compile(r"^COPY\s.*\bFROM\s+stdin\b", re.I)
_END = "\\."
_SIMPLE = {"b": b"\b", "f": b"\f", "n": b"\n", "r": b"\r", "t": b"\t", "v": b"\v"}
_OCTAL = re.compile(r"[0-7]{1,3}")
_HEX = re.compile(r"x([0-9a-fA-F]{1,2})")


@dataclass(frozen=True)
class CopyBlock:
    """One COPY statement with its data lines (without the ending `\\.`)."""

    header: str
    table: str  # as written (Postgres identifiers, e.g. public."2019")
    columns: tuple[str, ...]  # as written
    lines: tuple[str, ...]


def split_copy_blocks(text: str) -> list[str | CopyBlock]:
    """The seed as SQL text pieces and COPY blocks, in order.

    Raises SqlError for a COPY from stdin in another form than pg_dump's (options,
    no column list) or without its ending `\\.`.
    """
    parts: list[str | CopyBlock] = []
    sql: list[str] = []
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        line = lines[i]
        if not _COPY_START.match(line):
            sql.append(line)
            i += 1
            continue
        header = line.strip()
        match = _COPY_HEADER.match(header)
        if match is None:
            raise SqlError(
                "only pg_dump's COPY form is supported: COPY table (columns) FROM stdin;",
                header,
            )
        data: list[str] = []
        i += 1
        while i < len(lines) and lines[i].rstrip("\r\n") != _END:
            data.append(lines[i].rstrip("\r\n"))
            i += 1
        if i == len(lines):
            raise SqlError("COPY data not ended by a line \\.", header)
        i += 1
        if sql:
            parts.append("".join(sql))
            sql = []
        columns = tuple(c.strip() for c in match.group("columns").split(","))
        parts.append(CopyBlock(header, match.group("table"), columns, tuple(data)))
    if sql:
        parts.append("".join(sql))
    return parts


def decode_copy_row(line: str, width: int) -> list[str | None]:
    """One data line as its `width` values (None for NULL).

    Raises SqlError when the line does not hold `width` values or its escapes do not
    make UTF-8 text.
    """
    fields = line.split("\t")
    if len(fields) != width:
        raise SqlError(f"COPY row has {len(fields)} values, expected {width}", line[:200])
    return [None if f == "\\N" else _unescape(f, line) for f in fields]


def _unescape(field: str, line: str) -> str:
    if "\\" not in field:
        return field
    out = bytearray()
    i = 0
    while i < len(field):
        char = field[i]
        if char != "\\" or i + 1 == len(field):
            out += char.encode()
            i += 1
            continue
        after = field[i + 1]
        octal = _OCTAL.match(field, i + 1)
        hexa = _HEX.match(field, i + 1)
        if after in _SIMPLE:
            out += _SIMPLE[after]
            i += 2
        elif octal:
            out.append(int(octal.group(), 8) & 0xFF)
            i = octal.end()
        elif hexa:
            out.append(int(hexa.group(1), 16))
            i = hexa.end()
        else:
            out += after.encode()
            i += 2
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SqlError(f"COPY value is not UTF-8: {exc.reason}", line[:200]) from exc


# DuckDB reads Postgres' text output of these types differently (bytea's \\x hex,
# interval units, arrays of arrays): refused rather than loaded wrong. A one-level
# array (`{a,"b c",NULL}`) is rewritten in DuckDB's list text (`_list_text`).
_UNREAD_TYPES = re.compile(r"BLOB|INTERVAL|\[\]\[|STRUCT|MAP|UNION|BIT", re.I)
_ROWS_PER_INSERT = 2000


def _limited_value(value: str | None, limit: tuple[str, int], header: str) -> str | None:
    """A char(n)/varchar(n) value as stored (`character_writes.py`); too long an error."""
    if value is None:
        return None
    kind, width = limit
    stored = stored_text(value, width, kind)
    if stored is None:
        raise SqlError(too_long(width, kind), header)
    return stored


def _list_text(value: str | None, header: str) -> str | None:
    """A COPY array value (`{a,"b c",NULL}`) as DuckDB's list text (`['a', 'b c', NULL]`),
    which DuckDB casts to the column's list type as it inserts."""
    if value is None:
        return None
    items = parse_array_text(value)
    if items is None:
        raise SqlError(f"COPY value is not a one-dimensional array: {value[:60]}", header)
    quoted = (
        "NULL" if item is None else "'" + item.replace("\\", "\\\\").replace("'", "\\'") + "'"
        for item in items
    )
    return "[" + ", ".join(quoted) + "]"


def dump_name(name: str) -> tuple[str | None, str]:
    """`public."Name"` -> ("public", "Name"): unquoted parts fold to lower case."""
    parts = re.findall(r'"((?:[^"]|"")*)"|([^."\s]+)', name)
    names = [q.replace('""', '"') if q else p.lower() for q, p in parts]
    return (None, names[-1]) if len(names) == 1 else (names[-2], names[-1])


def copy_insert_statements(
    block: CopyBlock,
    table_columns: dict[str, str],
    limits: dict[str, tuple[str, int]] | None = None,
) -> list[str]:
    """DuckDB INSERTs loading the block's rows. `table_columns`: column -> DuckDB type
    of the target table (empty when there is no such table); `limits`: its char(n) and
    varchar(n) columns (`character_writes.column_limits`), whose values are checked.

    Raises SqlError for a missing table or column, a row of the wrong width, or a
    column whose type DuckDB would read differently from Postgres' text.
    """
    schema, table = dump_name(block.table)
    if not table_columns:
        raise SqlError(f'relation "{block.table}" does not exist', block.header)
    columns = [dump_name(c)[1] for c in block.columns]
    for column in columns:
        if column not in table_columns:
            raise SqlError(f'column "{column}" of relation "{table}" does not exist', block.header)
        if _UNREAD_TYPES.search(table_columns[column]):
            raise SqlError(
                f"COPY into a {table_columns[column]} column is not supported", block.header
            )
    rows = [decode_copy_row(line, len(columns)) for line in block.lines]
    for i, column in enumerate(columns):
        limit = (limits or {}).get(column)
        if limit is not None:
            for row in rows:
                row[i] = _limited_value(row[i], limit, block.header)
        if table_columns[column].endswith("[]"):
            for row in rows:
                row[i] = _list_text(row[i], block.header)
    qualified = (
        quote_ident(table) if schema is None else f"{quote_ident(schema)}.{quote_ident(table)}"
    )
    target = f"{qualified} ({', '.join(quote_ident(c) for c in columns)})"
    return [
        insert_statement(target, rows[i : i + _ROWS_PER_INSERT])
        for i in range(0, len(rows), _ROWS_PER_INSERT)
    ]
