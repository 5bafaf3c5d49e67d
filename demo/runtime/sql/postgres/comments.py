"""`COMMENT ON ...`: checked, then not kept.

DuckDB keeps one comment per table and per column, and this adapter writes its own
records there: a column's declared type (declared.py), an identity column's kind
(identity_columns.py), a table's foreign keys (foreign_keys.py). Passed through, a
user's comment (pg_dump writes one for every documented table and column) replaced
the record, and the column's `varchar(n)` limit, the table's foreign keys or the
identity rule silently stopped holding. No query of the demo reads a comment back
(`comment_reads` refuses `obj_description` and `col_description`, which DuckDB would
answer from those records, or NULL), so a comment is answered as Postgres answers it,
where its target exists, and dropped; its target is checked as Postgres checks it where
the schema says (tables, views, columns).
"""

from __future__ import annotations

import re

from sqlglot import exp

from ..statements import SqlError, strip_leading_comments
from .copy_text import DUMP_NAME, DUMP_QUALIFIED_NAME, dump_name

__all__ = ["NOT_KEPT", "comment_reads", "comment_statement"]

_READERS = frozenset({"obj_description", "col_description", "shobj_description"})

_COMMENT = re.compile(r"COMMENT\s+ON\s+", re.I)
_RELATION = re.compile(
    rf"COMMENT\s+ON\s+(?:TABLE|VIEW|MATERIALIZED\s+VIEW)\s+(?P<table>{DUMP_QUALIFIED_NAME})\s+IS\b",
    re.I,
)
_COLUMN = re.compile(
    rf"COMMENT\s+ON\s+COLUMN\s+(?P<table>{DUMP_QUALIFIED_NAME})\s*\.\s*(?P<column>{DUMP_NAME})\s+IS\b",
    re.I,
)
# Targets every database has (pg_dump before Postgres 15 comments on both).
_ALWAYS_THERE = re.compile(
    r'COMMENT\s+ON\s+(?:SCHEMA\s+(?:public|"public")|EXTENSION\s+(?:plpgsql|"plpgsql"))\s+IS\b',
    re.I,
)
NOT_KEPT = "the demo keeps no comments (none of its queries reads one)"


def comment_statement(
    statement: str, table_types: dict[str, dict[str, str]], *, seed: bool = False
) -> list[str] | None:
    """For a `COMMENT ON` statement, the DuckDB statements that check its target exists
    (a read of nothing from it: a table made earlier in the same request is there by
    then); None for any other statement. Raises SqlError, in Postgres' words, for a
    column the schema already shows missing, and for a target the demo cannot check
    (a function, a constraint, a type...) unless it is a seed's: pg_dump wrote it of
    objects that existed."""
    text = strip_leading_comments(statement).strip()
    if not _COMMENT.match(text):
        return None
    if _ALWAYS_THERE.match(text):
        return []
    relation, column = _RELATION.match(text), _COLUMN.match(text)
    if relation:
        return [f"SELECT 1 FROM {relation['table']} LIMIT 0"]
    if column:
        # Lower case, as the schema lists names (DuckDB's names are case-insensitive).
        table = dump_name(column["table"])[1].lower()
        name = dump_name(column["column"])[1].lower()
        if table in table_types and name not in table_types[table]:
            raise SqlError(f'column "{name}" of relation "{table}" does not exist', statement)
        return [f"SELECT {column['column']} FROM {column['table']} LIMIT 0"]
    if seed:
        return []
    raise SqlError(
        "COMMENT ON this kind of object is not supported by this demo (it keeps no comments"
        " and cannot check that the object exists; tables, views and columns can be"
        " commented)",
        statement,
    )


def comment_reads(tree: exp.Expr) -> str | None:
    """The refusal of a call that reads comments back, or None."""
    for call in tree.find_all(exp.Anonymous):
        if call.name.lower() in _READERS:
            return (
                f"function {call.name.lower()} is not supported by this demo (it keeps no comments)"
            )
    return None
