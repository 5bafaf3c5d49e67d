"""Identity columns (`GENERATED ALWAYS` / `BY DEFAULT AS IDENTITY`), which DuckDB lacks.

An identity column becomes a column whose default is its own sequence's next value, as
SERIAL does (transpile.py `_serial_columns`). What that alone would lose:
- ALWAYS' rule. Postgres refuses an explicit value for such a column (`cannot insert a
  non-DEFAULT value into column "id"`) unless the INSERT says OVERRIDING SYSTEM VALUE,
  and an UPDATE may set it only to DEFAULT. A DuckDB default takes any value, so
  `identity_writes` refuses what Postgres refuses, before anything runs.
- OVERRIDING SYSTEM VALUE (which pg_dump --inserts writes for ALWAYS columns) and
  OVERRIDING USER VALUE (the given identity values are dropped for the defaults), which
  sqlglot cannot parse: `without_overriding` takes them off the statement's tokens.
- pg_dump's way of declaring one, after the table:
  `ALTER TABLE t ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (SEQUENCE NAME s ...)`,
  which sqlglot cannot parse either: `added_identity` reads it into DuckDB statements.

Each identity column's kind is its column comment (`pg-identity:always`,
`pg-identity:by default`; the image keeps comments, declared.py keeps `pg:` ones beside
them on other columns: an identity column is an integer, never a declared type), read
back with the schema (`load_identities`).
"""

from __future__ import annotations

import re
from typing import Any

from sqlglot import exp
from sqlglot.dialects.dialect import Dialect

from ..statements import SqlError, strip_leading_comments
from .copy_text import DUMP_NAME, DUMP_QUALIFIED_NAME, dump_name
from .declared import quote_literal
from .dialect import PostgresForDuck
from .duckdump import quote_ident
from .dump_sequences import create_sequence_for_duck
from .transforms.statement import insert_columns, is_default_keyword, target_table, written_values

__all__ = [
    "IDENTITY_COMMENT_PREFIX",
    "Identities",
    "added_identity",
    "identity_record",
    "identity_writes",
    "load_identities",
    "without_overriding",
]

# table -> column -> "always" | "by default" (lower-case names, as table_types).
Identities = dict[str, dict[str, str]]

IDENTITY_COMMENT_PREFIX = "pg-identity:"
ALWAYS, BY_DEFAULT = "always", "by default"


def load_identities(rows: list[list[Any]]) -> Identities:
    """Identity columns' kinds, from (table, column, comment) rows of the commented columns."""
    identities: Identities = {}
    for table, column, comment in rows:
        if str(comment).startswith(IDENTITY_COMMENT_PREFIX):
            kind = str(comment)[len(IDENTITY_COMMENT_PREFIX) :]
            identities.setdefault(str(table).lower(), {})[str(column).lower()] = kind
    return identities


def _quoted(name: str) -> str:
    return ".".join(quote_ident(part) for part in name.split("."))


def identity_record(table: str, column: str, always: bool) -> str:
    """The DuckDB statement that records `table.column` as an identity column."""
    kind = ALWAYS if always else BY_DEFAULT
    return f"COMMENT ON COLUMN {_quoted(table)}.{_quoted(column)} IS {quote_literal(IDENTITY_COMMENT_PREFIX + kind)}"


# --- pg_dump's ALTER TABLE ... ADD GENERATED ... AS IDENTITY -------------------------

_ADD_IDENTITY = re.compile(
    rf"^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?(?P<table>{DUMP_QUALIFIED_NAME})\s+"
    rf"ALTER\s+(?:COLUMN\s+)?(?P<column>{DUMP_NAME})\s+ADD\s+GENERATED\s+"
    r"(?P<kind>ALWAYS|BY\s+DEFAULT)\s+AS\s+IDENTITY\s*(?:\((?P<options>[^()]*)\))?\s*;?\s*$",
    re.I | re.S,
)
_SEQUENCE_NAME = re.compile(rf"\bSEQUENCE\s+NAME\s+(?P<name>{DUMP_QUALIFIED_NAME})", re.I)
# The other sequence options Postgres takes there (dump_sequences.py decides each one).
_SEQUENCE_OPTIONS = re.compile(
    r"(?:\s*(?:START\s+(?:WITH\s+)?|INCREMENT\s+(?:BY\s+)?|MINVALUE\s+|MAXVALUE\s+|CACHE\s+)"
    r"[-+]?\d+|\s*NO\s+(?:MINVALUE|MAXVALUE|CYCLE)|\s*CYCLE"
    r"|\s*AS\s+(?:smallint|integer|int|bigint))*\s*",
    re.I,
)


def _parts(qualified: str) -> list[str]:
    """`public."T"` -> ["public", "T"], as pg_dump's names are read (copy_text.py)."""
    schema, name = dump_name(qualified)
    return [name] if schema is None else [schema, name]


def added_identity(statement: str) -> list[str] | None:
    """DuckDB statements for pg_dump's `ALTER TABLE t ALTER COLUMN c ADD GENERATED ...
    AS IDENTITY (...)`, or None for any other statement. The sequence options are read
    as pg_dump's CREATE SEQUENCE's are (dump_sequences.py, which raises SqlError for one
    whose meaning DuckDB would change)."""
    match = _ADD_IDENTITY.match(strip_leading_comments(statement).strip())
    if match is None:
        return None
    table, column = _parts(match["table"]), dump_name(match["column"])[1]
    options = match["options"] or ""
    named = _SEQUENCE_NAME.search(options)
    sequence = _parts(named["name"]) if named else [*table[:-1], f"{table[-1]}_{column}_seq"]
    if named:
        options = options[: named.start()] + options[named.end() :]
    if not _SEQUENCE_OPTIONS.fullmatch(options):
        raise SqlError(
            f"this identity option is not supported by this demo: {' '.join(options.split())}",
            statement,
        )
    qualified_sequence = ".".join(quote_ident(p) for p in sequence)
    try:
        create = create_sequence_for_duck(f"CREATE SEQUENCE {qualified_sequence} {options.strip()}")
    except SqlError as exc:
        raise SqlError(exc.message, statement) from None
    qualified_table = ".".join(quote_ident(p) for p in table)
    always = match["kind"].upper() == "ALWAYS"
    return [
        str(create),
        f"ALTER TABLE {qualified_table} ALTER COLUMN {quote_ident(column)}"
        f" SET DEFAULT nextval({quote_literal(qualified_sequence)})",
        identity_record(".".join(table), column, always),
    ]


# --- OVERRIDING SYSTEM VALUE / OVERRIDING USER VALUE ---------------------------------


def without_overriding(statement: str) -> tuple[str, str | None]:
    """An INSERT's text without its `OVERRIDING SYSTEM|USER VALUE`, and which one it
    said ("system", "user", or None)."""
    if "overriding" not in statement.lower():
        return statement, None
    if not re.match(r"\s*(?:WITH\b.*?)?INSERT\b", strip_leading_comments(statement), re.I | re.S):
        return statement, None
    tokens = Dialect.get_or_raise(PostgresForDuck).tokenize(statement)
    words = [t.text.upper() for t in tokens]
    for i in range(len(tokens) - 2):
        if (
            words[i] == "OVERRIDING"
            and words[i + 1] in ("SYSTEM", "USER")
            and words[i + 2] == "VALUE"
        ):
            start, end = tokens[i].start, tokens[i + 2].end + 1
            return statement[:start] + statement[end:], words[i + 1].lower()
    return statement, None


# --- the writes Postgres refuses -----------------------------------------------------


def _insert(
    tree: exp.Insert,
    kinds: dict[str, str],
    table_types: dict[str, dict[str, str]],
    overriding: str | None,
) -> str | None:
    if overriding == "system" or tree.args.get("default"):
        return None
    given = [(v, c) for v, c in written_values(tree, table_types) if c in kinds]
    if overriding == "user":
        if not isinstance(tree.expression, exp.Values):
            return "OVERRIDING USER VALUE with a query is not supported by this demo"
        for value, _ in given:  # the given identity values give way to defaults
            value.replace(exp.var("DEFAULT"))
        return None
    always = [c for c in insert_columns(tree, table_types) if kinds.get(c) == ALWAYS]
    if always and not isinstance(tree.expression, exp.Values):
        # A query: every row it gives has a value for each column.
        return f'cannot insert a non-DEFAULT value into column "{always[0]}"'
    for value, column in given:
        if kinds[column] == ALWAYS and not is_default_keyword(value):
            return f'cannot insert a non-DEFAULT value into column "{column}"'
    return None


def _assigned(assignment: exp.EQ) -> list[tuple[exp.Expr, exp.Expr | None]]:
    """(target, value) pairs of `x = v` and of `(x, y) = (v, w)`; a row set from a
    subquery gives its targets no value (None: not DEFAULT)."""
    target, value = assignment.this, assignment.expression
    if not isinstance(target, exp.Tuple):
        return [(target, value)]
    values = value.expressions if isinstance(value, exp.Tuple) else []
    if len(values) != len(target.expressions):
        return [(t, None) for t in target.expressions]
    return list(zip(target.expressions, values, strict=True))


def _assignments(assignments: list[exp.Expr], kinds: dict[str, str]) -> str | None:
    for assignment in assignments:
        if not isinstance(assignment, exp.EQ):
            continue
        for target, value in _assigned(assignment):
            column = target.name.lower() if isinstance(target, exp.Column) else ""
            if kinds.get(column) == ALWAYS and not (value and is_default_keyword(value)):
                return f'column "{column}" can only be updated to DEFAULT'
    return None


def identity_writes(
    tree: exp.Expr,
    identities: Identities,
    table_types: dict[str, dict[str, str]],
    overriding: str | None,
) -> str | None:
    """Postgres' refusal of a write to a GENERATED ALWAYS identity column, or None; an
    OVERRIDING USER VALUE insert's identity values become DEFAULT."""
    if not identities or not isinstance(tree, (exp.Insert, exp.Update, exp.Merge)):
        return None
    target = target_table(tree)
    kinds = identities.get(target.name.lower(), {}) if isinstance(target, exp.Table) else {}
    if not kinds:
        return None
    if isinstance(tree, exp.Merge):
        if ALWAYS in kinds.values():
            return "MERGE into a table with a GENERATED ALWAYS identity column is not supported by this demo"
        return None
    if isinstance(tree, exp.Update):
        return _assignments(tree.expressions, kinds)
    refused = _insert(tree, kinds, table_types, overriding)
    conflict = tree.args.get("conflict")
    if refused is None and isinstance(conflict, exp.OnConflict):
        refused = _assignments(conflict.expressions, kinds)
    return refused
