"""A logical dump of a DuckDB database, made and restored through `DuckConnection`.

duckdb-wasm only offers in-memory databases inside the service worker, so the
`postgres` adapter persists a *logical* image: the statements that rebuild the
catalog and its data, as JSON::

    {"format": "helio-duckdump", "version": 1, "statements": ["CREATE ...", ...]}

Order: schemas, enum types, sequences (at their current value), tables (each after
the tables its foreign keys reference), rows, views, indexes. Every value is read
as `CAST(column AS VARCHAR)` and written back as text that DuckDB casts to the
column's type on insert (see `_insert` for the column-wise form); DuckDB's text forms round-trip exactly for the
numeric, temporal, BLOB, UUID, JSON, LIST and STRUCT types (tests cover each), and
the dump never depends on how an adapter converts values. The same format is the
prepared seed that `demo.build.prepare` writes for postgres services. An engine dumps
after every write: with `KeptRows`, a table unchanged since its last dump reuses the
rows read then (its state checked in DuckDB, `_table_states`).

Why SQL and not Arrow: restoring each table as an Arrow IPC stream
(`insertArrowFromIPCStream` into tables made from the DDL) was measured on the
Chinook seed under duckdb-wasm (Node, warm code, 3 rounds): 396-561 ms against
278-489 ms for these statements, so no faster; and native DuckDB cannot write
Arrow IPC without pyarrow, which the lock does not carry.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...ports import DuckConnection

__all__ = [
    "DUMP_FORMAT",
    "KeptRows",
    "Restored",
    "dump_database",
    "dump_statements",
    "insert_statement",
    "parse_dump",
    "quote_ident",
    "restore_database",
    "run_script",
]

DUMP_FORMAT = "helio-duckdump"
_VERSION = 1
# Rows per INSERT: bounds one statement's size for large tables.
_ROWS_PER_INSERT = 20_000
_SEP = "\x1f"  # unit separator between values of a column
_NULL = "\x1e"  # record separator alone stands for NULL

# A dump's row statement and its table's name (`insert_statement`'s quoted target).
_ROWS_OF = re.compile(r'INSERT INTO "(?:[^"]|"")*"\."((?:[^"]|"")*)" ')

_CURRENT = "database_name = current_database() AND NOT internal"


def quote_ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _literal(value: Any) -> str:
    if value is None:
        return "NULL"
    return "'" + str(value).replace("'", "''") + "'"


def _rows(conn: DuckConnection, sql: str) -> Sequence[Sequence[Any]]:
    return conn.execute(sql).rows


def _qualified(schema: str, name: str) -> str:
    return name if schema == "main" else f"{quote_ident(schema)}.{quote_ident(name)}"


# (schema, table) -> (the table's state when its rows were dumped, those row statements):
# a database's earlier dump, kept by its engine so a table no statement changed since is
# not read again (reading every row into Python is most of a dump's time).
KeptRows = dict[tuple[str, str], tuple[tuple[Any, ...], list[str]]]


def _table_states(
    conn: DuckConnection, tables: list[tuple[str, str, str]]
) -> dict[tuple[str, str], tuple[Any, ...]]:
    """Each table's definition, row count and a sum of its rows' hashes (with their row
    ids, so rows trading places count too): what a change to the table changes. The
    columns are unpacked by name (`*COLUMNS(*)`), not read as the row of a table alias,
    which a column of the same name would stand for."""
    states = {}
    for schema, name, sql in tables:
        table = f"{quote_ident(schema)}.{quote_ident(name)}"
        ((count, hashes),) = _rows(
            conn, f"SELECT count(*), sum(hash(rowid, *COLUMNS(*))) FROM {table}"
        )
        states[(schema, name)] = (sql, int(count), str(hashes))
    return states


def dump_statements(conn: DuckConnection, kept: KeptRows | None = None) -> list[str]:
    """The statements that rebuild this database from empty. With `kept` (the caller's,
    empty at first), a table whose state is the one kept there reuses its kept rows, and
    `kept` is brought up to date: the statements are the same either way."""
    out: list[str] = []
    for (schema,) in _rows(
        conn, f"SELECT schema_name FROM duckdb_schemas() WHERE {_CURRENT} ORDER BY oid"
    ):
        if schema != "main":
            out.append(f"CREATE SCHEMA IF NOT EXISTS {quote_ident(schema)}")
    for schema, name, labels in _rows(
        conn,
        f"SELECT schema_name, type_name, labels FROM duckdb_types() WHERE {_CURRENT} "
        "AND logical_type = 'ENUM' ORDER BY type_oid",
    ):
        values = ", ".join(_literal(label) for label in labels or [])
        out.append(f"CREATE TYPE {_qualified(schema, name)} AS ENUM ({values})")
    for schema, name, start, low, high, step, cycle, last in _rows(
        conn,
        "SELECT schema_name, sequence_name, start_value, min_value, max_value, increment_by, cycle, "
        "last_value FROM duckdb_sequences() WHERE database_name = current_database() AND NOT temporary "
        "ORDER BY sequence_oid",
    ):
        # Resume where the sequence stopped, so restored SERIAL columns keep counting.
        resume = start if last is None else int(last) + int(step)
        out.append(
            f"CREATE SEQUENCE {_qualified(schema, name)} INCREMENT BY {step} MINVALUE {low} "
            f"MAXVALUE {high} START {resume}{' CYCLE' if cycle else ''}"
        )
    tables = _ordered_tables(conn)
    for _, _, sql in tables:
        out.append(str(sql).rstrip().rstrip(";"))
    states = _table_states(conn, tables) if kept is not None else {}
    for schema, name, _ in tables:
        key = (schema, name)
        earlier = kept.get(key) if kept is not None else None
        if earlier is not None and earlier[0] == states[key]:
            out.extend(earlier[1])
            continue
        rows = _table_rows(conn, schema, name)
        out.extend(rows)
        if kept is not None:
            kept[key] = (states[key], rows)
    if kept is not None:
        for gone in set(kept) - set(states):
            del kept[gone]
    for schema, name, column, comment in _rows(
        conn,
        "SELECT schema_name, table_name, column_name, comment FROM duckdb_columns() "
        f"WHERE {_CURRENT} AND comment IS NOT NULL AND comment <> '' ORDER BY table_oid, column_index",
    ):
        text = str(comment).replace("'", "''")
        target = f"{_qualified(str(schema), str(name))}.{quote_ident(str(column))}"
        out.append(f"COMMENT ON COLUMN {target} IS '{text}'")
    for schema, name, comment in _rows(
        conn,
        "SELECT schema_name, table_name, comment FROM duckdb_tables() "
        f"WHERE {_CURRENT} AND comment IS NOT NULL AND comment <> '' ORDER BY table_oid",
    ):
        # The table's comment holds its foreign keys (foreign_keys.py).
        text = str(comment).replace("'", "''")
        out.append(f"COMMENT ON TABLE {_qualified(str(schema), str(name))} IS '{text}'")
    for (sql,) in _rows(
        conn, f"SELECT sql FROM duckdb_views() WHERE {_CURRENT} AND NOT temporary ORDER BY view_oid"
    ):
        out.append(str(sql).rstrip().rstrip(";"))
    for (sql,) in _rows(
        conn,
        "SELECT sql FROM duckdb_indexes() WHERE database_name = current_database() "
        "AND sql IS NOT NULL ORDER BY index_oid",
    ):
        out.append(str(sql).rstrip().rstrip(";"))
    return out


def _ordered_tables(conn: DuckConnection) -> list[tuple[str, str, str]]:
    """Tables with each one after the tables its foreign keys reference.

    Object ids are not creation order in every DuckDB build (duckdb-wasm 1.4 numbers
    them differently), so the order comes from `duckdb_constraints()`.
    """
    tables = [
        (str(schema), str(name), str(sql))
        for schema, name, sql in _rows(
            conn,
            f"SELECT schema_name, table_name, sql FROM duckdb_tables() WHERE {_CURRENT} AND NOT temporary "
            "ORDER BY schema_name, table_name",
        )
    ]
    needs: dict[tuple[str, str], set[tuple[str, str]]] = {(s, n): set() for s, n, _ in tables}
    for schema, name, target in _rows(
        conn,
        "SELECT schema_name, table_name, referenced_table FROM duckdb_constraints() "
        "WHERE database_name = current_database() AND constraint_type = 'FOREIGN KEY'",
    ):
        key, ref = (str(schema), str(name)), (str(schema), str(target))
        if key in needs and ref in needs and ref != key:
            needs[key].add(ref)
    ordered: list[tuple[str, str, str]] = []
    done: set[tuple[str, str]] = set()
    pending = list(tables)
    while pending:
        ready = [t for t in pending if needs[(t[0], t[1])] <= done] or pending[
            :1
        ]  # a cycle: keep going
        for table in ready:
            ordered.append(table)
            done.add((table[0], table[1]))
        pending = [t for t in pending if (t[0], t[1]) not in done]
    return ordered


def _table_rows(conn: DuckConnection, schema: str, name: str) -> list[str]:
    columns = [
        str(c)
        for (c,) in _rows(
            conn,
            "SELECT column_name FROM duckdb_columns() WHERE database_name = current_database() "
            f"AND schema_name = {_literal(schema)} AND table_name = {_literal(name)} ORDER BY column_index",
        )
    ]
    table = f"{quote_ident(schema)}.{quote_ident(name)}"
    select = ", ".join(f"CAST({quote_ident(c)} AS VARCHAR)" for c in columns)
    rows = _rows(conn, f"SELECT {select} FROM {table}")
    target = f"{table} ({', '.join(quote_ident(c) for c in columns)})"
    out = []
    for i in range(0, len(rows), _ROWS_PER_INSERT):
        out.append(insert_statement(target, rows[i : i + _ROWS_PER_INSERT]))
    return out


def insert_statement(target: str, rows: Sequence[Sequence[Any]]) -> str:
    """One INSERT for `rows`, column-wise when possible.

    Column-wise: each column is one string literal of its values joined by U+001F
    (U+001E marks NULL), unnested with `string_split`. DuckDB parses and binds
    that ~20x faster than a VALUES list of the same rows (one literal per column
    instead of one per value), which is what keeps a restored seed's first query
    fast. Rows holding those control characters fall back to VALUES.
    """
    if any(v is not None and (_SEP in str(v) or _NULL in str(v)) for row in rows for v in row):
        values = ",\n".join("(" + ", ".join(_literal(v) for v in row) + ")" for row in rows)
        return f"INSERT INTO {target} VALUES\n{values}"
    texts = [[_NULL if v is None else str(v) for v in row] for row in rows]
    columns = zip(*texts, strict=True)
    select = ", ".join(
        f"NULLIF(unnest(string_split({_literal(_SEP.join(col))}, chr(31))), chr(30))"
        for col in columns
    )
    return f"INSERT INTO {target} SELECT {select}"


def dump_database(conn: DuckConnection, catalog: Any = None, kept: KeptRows | None = None) -> bytes:
    """The database as a dump document (UTF-8 JSON bytes).

    `catalog`: what the adapter read of the schema (JSON-able), kept beside the
    statements so a restore need not read it again; `restore_database` returns it.
    `kept`: as for `dump_statements`."""
    document: dict[str, Any] = {
        "format": DUMP_FORMAT,
        "version": _VERSION,
        "statements": dump_statements(conn, kept),
    }
    if catalog is not None:
        document["catalog"] = catalog
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def _document(image: bytes) -> dict[str, Any]:
    try:
        document = json.loads(image)
    except ValueError as exc:
        raise ValueError(f"not a {DUMP_FORMAT} document: {exc}") from exc
    if not isinstance(document, dict) or document.get("format") != DUMP_FORMAT:
        raise ValueError(f"not a {DUMP_FORMAT} document")
    if document.get("version") != _VERSION:
        raise ValueError(f"unsupported {DUMP_FORMAT} version {document.get('version')!r}")
    statements = document.get("statements")
    if not isinstance(statements, list) or not all(isinstance(s, str) for s in statements):
        raise ValueError(f"{DUMP_FORMAT}: `statements` must be a list of strings")
    return document


def parse_dump(image: bytes) -> list[str]:
    """The statements of a dump document; ValueError when it is not one."""
    statements: list[str] = _document(image)["statements"]
    return statements


@dataclass(frozen=True)
class Restored:
    """What `restore_database` leaves to its caller."""

    catalog: Any  # the catalog the dump carries (None without one)
    # With `defer_rows`: each table's row statements, by lowercase table name, not run.
    rows: dict[str, list[str]]


def run_script(conn: DuckConnection, statements: Sequence[str]) -> None:
    """Run statements in one transaction, as one script: one call instead of one per
    statement saves each statement's trip through the adapter and back (in the browser,
    JavaScript and an Arrow result each); DuckDB stops at the first failing statement."""
    conn.execute("BEGIN TRANSACTION")
    try:
        if statements:
            conn.execute(";\n".join(statements))
        conn.execute("COMMIT")
    except Exception:
        conn.execute("ROLLBACK")
        raise


def restore_database(
    conn: DuckConnection,
    image: bytes,
    *,
    defer_rows: bool = False,
    before: Callable[[Sequence[str]], None] | None = None,
) -> Restored:
    """Run a dump's statements on an empty database, in one transaction.

    `defer_rows`: run all but the tables' rows (`insert_statement`s), which come back
    by table for the caller to insert when they are needed (deferred_rows.py).
    `before`: called with the statements about to run (without deferred rows)."""
    document = _document(image)
    statements: list[str] = document["statements"]
    rows: dict[str, list[str]] = {}
    if defer_rows:
        schema: list[str] = []
        for statement in statements:
            target = _ROWS_OF.match(statement)
            if target is None:
                schema.append(statement)
            else:
                rows.setdefault(target[1].replace('""', '"').lower(), []).append(statement)
        statements = schema
    if before is not None:
        before(statements)
    run_script(conn, statements)
    return Restored(document.get("catalog"), rows)
