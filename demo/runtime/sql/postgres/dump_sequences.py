"""pg_dump's sequences on DuckDB: `CREATE SEQUENCE` options and `setval`.

pg_dump writes every sequence as `CREATE SEQUENCE s AS integer START WITH 1
INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1` and sets where it stands with
`SELECT pg_catalog.setval('s', N, true)`. DuckDB takes neither `AS type` nor `CACHE`,
and has no setval. Dropped where the meaning is kept: `CACHE 1` (no cache), and
`AS type` of an ascending sequence with no MAXVALUE (the type's bound is never
reached by a demo). Anything else that changes meaning is refused. setval moves
the sequence forward by drawing values (DuckDB's sequences only move forward; a
sequence set backwards is refused), so the next nextval() is what Postgres gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..statements import SqlError, strip_leading_comments
from .copy_text import dump_name
from .duckdump import quote_ident

__all__ = ["create_sequence_for_duck", "plain_nextval", "setval_statements"]

_CREATE = re.compile(r"^CREATE\s+SEQUENCE\s", re.I)
_AS_TYPE = re.compile(r"\s+AS\s+(smallint|integer|int|bigint)\b", re.I)
_CACHE = re.compile(r"\s+CACHE\s+(\d+)\b", re.I)
_INCREMENT = re.compile(r"\bINCREMENT\s+(?:BY\s+)?(-?\d+)", re.I)
_MAXVALUE = re.compile(r"(?<!NO\s)\bMAXVALUE\s+-?\d+", re.I)
# pg_dump's serial defaults: nextval('s'::regclass). DuckDB's nextval takes the name.
_NEXTVAL_REGCLASS = re.compile(r"\b(nextval\s*\(\s*'(?:[^']|'')+')\s*::\s*regclass\s*\)", re.I)
_SETVAL = re.compile(
    r"^SELECT\s+(?:pg_catalog\s*\.\s*)?setval\s*\(\s*'((?:[^']|'')+)'(?:\s*::\s*regclass)?"
    r"\s*,\s*(-?\d+)\s*(?:,\s*(true|false)\s*)?\)\s*;?\s*$",
    re.I | re.S,
)


def create_sequence_for_duck(statement: str) -> str | None:
    """A `CREATE SEQUENCE` in the form DuckDB takes, or None for other statements.

    Raises SqlError for an option whose meaning DuckDB would change.
    """
    text = strip_leading_comments(statement).strip()
    if not _CREATE.match(text):
        return None
    cache = _CACHE.search(text)
    if cache and int(cache.group(1)) != 1:
        raise SqlError("CACHE other than 1 is not supported (the demo has no cache)", statement)
    text = _CACHE.sub("", text)
    as_type = _AS_TYPE.search(text)
    if as_type:
        increment = _INCREMENT.search(text)
        if (increment and int(increment.group(1)) < 0) or _MAXVALUE.search(text):
            raise SqlError(
                f"AS {as_type.group(1)} is supported only for an ascending sequence "
                "with no MAXVALUE",
                statement,
            )
        text = _AS_TYPE.sub("", text, count=1)
    return text


def plain_nextval(statement: str) -> str:
    """The statement with `nextval('s'::regclass)` written `nextval('s')`."""
    return _NEXTVAL_REGCLASS.sub(r"\1)", statement)


def setval_statements(
    statement: str, sequences: Callable[[], list[list[object]]]
) -> list[str] | None:
    """DuckDB statements doing a seed's `SELECT setval('s', N, is_called)`, or None.

    `sequences()`: rows of (schema, name, start, increment, last value) from
    duckdb_sequences(), asked for only when the statement is a setval (a seed has
    thousands of other statements). Raises SqlError for an unknown sequence or one set
    backwards.
    """
    match = _SETVAL.match(strip_leading_comments(statement).strip())
    if match is None:
        return None
    name = match.group(1).replace("''", "'")
    value, called = int(match.group(2)), (match.group(3) or "true").lower() == "true"
    schema, bare = dump_name(name)
    found = [s for s in sequences() if s[1] == bare and (schema is None or s[0] == schema)]
    if not found:
        raise SqlError(f'relation "{name}" does not exist', statement)
    seq_schema, seq_name, start, step, last = found[0]
    step_n = int(str(step))
    now = int(str(start)) if last is None else int(str(last)) + step_n
    wanted = value + step_n if called else value
    draws, left = divmod(wanted - now, step_n)
    if draws < 0 or left:
        raise SqlError(
            "setval can only move this sequence forward in the in-browser engine", statement
        )
    if draws == 0:
        return []
    qualified = f"{quote_ident(str(seq_schema))}.{quote_ident(str(seq_name))}"
    literal = "'" + qualified.replace("'", "''") + "'"
    return [f"SELECT max(nextval({literal})) FROM range({draws})"]
