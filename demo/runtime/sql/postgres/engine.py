"""The `postgres` adapter: Postgres-dialect SQL run on DuckDB, answering like PGlite.

Each statement of a request is transpiled with sqlglot (`transpile.py`) and run
through the platform's `DuckConnection`. The request runs as Postgres runs a query
string of several statements: in an implicit transaction, which the SQL's own BEGIN
turns into a block and its COMMIT or ROLLBACK ends (the statements after it start
another); the first failing statement rolls its transaction back and raises
`SqlError` naming the user's statement. A block the SQL leaves open is rolled back at
the end of the request (every request is a session of its own).

Result: one `{"rows", "fields", "affectedRows"}` per statement, as PGlite's `exec`:
rows are objects keyed by column name; INSERT/UPDATE/DELETE without RETURNING have
no rows and report the count in `affectedRows`; transaction control and DDL report
an empty result.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Sequence
from typing import Any

from ...ports import DuckConnection, DuckResult
from ..results import PgliteField, PgliteResult
from ..statements import SqlError
from .declared import load_declared
from .deferred_rows import DeferredRows
from .duck_messages import enum_input_message, postgres_message
from .duckdump import KeptRows, dump_database, restore_database
from .foreign_keys import ForeignKeyGuard
from .group_by_key import KEYS_QUERY, load_keys
from .identity_columns import Identities, load_identities
from .json_functions import register_json_functions, uses_json_functions
from .number_format import NUMBER_FORMAT_FUNCTION, number_to_char
from .numeric import QUOTIENT_FUNCTION
from .savepoints import Savepoints
from .session_names import DEFAULT_NAMES, SessionNames
from .session_settings import CURRENT_PATH_QUERY, restore_path
from .transforms.exact_quotients import numeric_quotient_value
from .transforms.float_numeric import FLOAT_NUMERIC_FUNCTION, float_numeric_text
from .transforms.width_bucket import WIDTH_BUCKET_FUNCTION, width_bucket_value
from .transpile import Transpiled
from .transpile_cache import Schema, TranspileCache
from .values import DECLARED_CARRIERS, UnsendableValue, interval_text, json_value, type_oid

__all__ = [
    "DuckEngine",
    "column_schema",
    "read_schema",
    "start_postgres_session",
]


def start_postgres_session(conn: DuckConnection) -> None:
    """Set a DuckDB session up the way Postgres works, before any statement runs.

    - Work in a schema named `public`: front ends and ORMs look tables up in
      information_schema/pg_catalog under that name and qualify with it.
    - `/` of two integers truncates, as Postgres' does, decided by DuckDB from the
      operands' real types: the transpiler cannot see every column's type (a WITH
      query's, a VALUES list's, a subquery's), and there DuckDB's default float
      division answered `3.5` for Postgres' `3`.

    Build-time seeding does the same, so images agree.
    """
    conn.execute("CREATE SCHEMA IF NOT EXISTS public")
    conn.execute("SET schema = 'public'")
    conn.execute("SET integer_division = true")


# Every column of the database's tables and views once, with its comment: DuckDB's
# types, and the declared types and identity kinds the comments record (declared.py,
# identity_columns.py). One catalog read where there were three: after each DDL, the
# next statement's transpile waits for it.
_COLUMNS_QUERY = (
    "SELECT table_name, column_name, data_type, comment FROM duckdb_columns() "
    "WHERE database_name = current_database() ORDER BY table_name, column_index"
)


def column_schema(
    conn: DuckConnection,
) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]], Identities]:
    """Table -> column -> DuckDB type; the declared types; the identity columns (lower-case
    names)."""
    rows = conn.execute(_COLUMNS_QUERY).rows
    tables: dict[str, dict[str, str]] = {}
    for table, column, data_type, _comment in rows:
        tables.setdefault(str(table).lower(), {})[str(column).lower()] = str(data_type)
    commented = [[table, column, comment] for table, column, _, comment in rows if comment]
    return tables, load_declared(commented), load_identities(commented)


_TEMPORAL_OIDS = {1082, 1114, 1184}  # date, timestamp, timestamptz


def _extreme_day(value: object) -> bool:
    """A date/timestamp text on the first or last day the duckdb package can give."""
    return isinstance(value, str) and value.startswith(("0001-01-01", "9999-12-31"))


# What DuckDB puts before the message of `error()`.
_RAISED = "Invalid Input Error: "
# What precedes the message of an error the runtime's SQL functions (_SQL_FUNCTIONS and
# the JSON ones) raised: natively (the duckdb package's Python functions, with the
# exception's class) and in the browser (duckdb-wasm's JavaScript functions, which pass on
# the Python function's message).
_FUNCTION_RAISED = re.compile(
    r"Invalid Input Error: Python exception occurred while executing the UDF: \w+: "
    r"|Invalid Error: Error: "
)


# The runtime's SQL functions beside the JSON ones: (name, implementation, arity), registered
# on the connection before the first statement that calls one.
_SQL_FUNCTIONS: tuple[tuple[str, Callable[..., str | None], int], ...] = (
    (QUOTIENT_FUNCTION, numeric_quotient_value, 3),
    (WIDTH_BUCKET_FUNCTION, width_bucket_value, 5),
    (NUMBER_FORMAT_FUNCTION, number_to_char, 2),
    (FLOAT_NUMERIC_FUNCTION, float_numeric_text, 2),
)
# A call of one in DuckDB SQL or a database image (a view may call one); sqlglot writes
# the names in upper case.
_CALLS = re.compile(
    rb"\b(?:" + b"|".join(re.escape(name.encode()) for name, *_ in _SQL_FUNCTIONS) + rb")\s*\(",
    re.I,
)


def _calls_functions(sql: str | bytes) -> bool:
    """Whether DuckDB SQL (or a database image) calls the runtime's SQL functions."""
    text = sql.encode() if isinstance(sql, str) else sql
    return uses_json_functions(text) or _CALLS.search(text) is not None


def _own_message(text: str, duck_sql: str, source: str) -> str:
    """A failed statement's message, as Postgres words it. The translation's own
    messages (the texts of the `error()` calls in `duck_sql`: division by zero,
    transforms/window_ties.py's; the "this demo" refusals; the JSON functions' errors)
    lose the name DuckDB puts before them; DuckDB's own are reworded by duck_messages.py."""
    raised = _FUNCTION_RAISED.match(text)
    if raised:
        return text[raised.end() :]
    if text.startswith(_RAISED):
        message = text[len(_RAISED) :]
        quoted = "ERROR('" + message.replace("'", "''") + "')"
        if message.startswith("this demo ") or quoted in duck_sql:
            return message
    return postgres_message(text, source)


_ENUM_TYPES_QUERY = (
    "SELECT type_name, labels FROM duckdb_types() WHERE logical_type = 'ENUM' "
    "AND labels IS NOT NULL AND database_name = current_database() ORDER BY type_oid"
)


def _plain_read(item: Transpiled) -> bool:
    """A read of one DuckDB statement: nothing to roll back, no savepoint or key to keep."""
    return (
        item.kind == "read"
        and len(item.statements) == 1
        and item.savepoint is None
        and not item.written
        and not item.foreign_keys
    )


def read_schema(conn: DuckConnection) -> Schema:
    """What the transpiler needs of the schema: column types, declared types, primary
    keys, identity columns, UNIQUE constraints."""
    types, declared, identities = column_schema(conn)
    keys, unique = load_keys([list(r) for r in conn.execute(KEYS_QUERY).rows])
    return types, declared, keys, identities, unique


def _schema_from_image(catalog: Any) -> Schema | None:
    """The schema an image carries (`read_schema` at dump time, as JSON), if well-formed."""
    # An image dumped before UNIQUE constraints were recorded has four parts (before
    # identity columns, three): its schema is read from the database instead.
    if not isinstance(catalog, list) or len(catalog) != 5:
        return None
    types, declared, keys, identities, unique = catalog
    columns_ok = all(
        isinstance(part, dict)
        and all(
            isinstance(cols, dict) and all(isinstance(v, str) for v in cols.values())
            for cols in part.values()
        )
        for part in (types, declared, identities)
    )
    keys_ok = isinstance(keys, dict) and all(_names(cols) for cols in keys.values())
    unique_ok = isinstance(unique, dict) and all(
        isinstance(sets, list) and all(_names(cols) for cols in sets) for sets in unique.values()
    )
    if not (columns_ok and keys_ok and unique_ok):
        return None
    return types, declared, keys, identities, unique


def _names(value: Any) -> bool:
    """Whether `value` is a list of column names."""
    return isinstance(value, list) and all(isinstance(c, str) for c in value)


# Postgres samples stored rows only; DuckDB samples a view's rows as well.
_SAMPLED_VIEW = "TABLESAMPLE clause can only be applied to tables and materialized views"
_VIEWS_QUERY = (
    "SELECT lower(schema_name), lower(view_name), lower(current_schema()) FROM duckdb_views() "
    "WHERE NOT internal AND database_name = current_database()"
)


def _samples_a_view(conn: DuckConnection, sampled: tuple[tuple[str, str], ...]) -> bool:
    """Whether a relation a statement samples, (schema or "", name), is a view (an
    unqualified name is looked up in the current schema)."""
    views = conn.execute(_VIEWS_QUERY).rows
    return any(
        name == view and (schema or current) == view_schema
        for schema, name in sampled
        for view_schema, view, current in views
    )


_RELATION_NAMES_QUERY = (
    "SELECT lower(index_name) FROM duckdb_indexes() WHERE database_name = current_database()"
    " UNION ALL SELECT lower(table_name) FROM duckdb_tables() WHERE database_name = current_database()"
    " UNION ALL SELECT lower(view_name) FROM duckdb_views() WHERE database_name = current_database()"
    " UNION ALL SELECT lower(sequence_name) FROM duckdb_sequences()"
    " WHERE database_name = current_database()"
)


def _free_relation_name(conn: DuckConnection, name: str) -> str:
    """`name`, or the first of name1, name2, ... no relation has (Postgres'
    ChooseRelationName, which shortens the name to fit 63 characters with the number)."""
    taken = {row[0] for row in conn.execute(_RELATION_NAMES_QUERY).rows}
    candidate, number = name, 0
    while candidate.lower() in taken:
        number += 1
        candidate = name[: 63 - len(str(number))] + str(number)
    return candidate


def _may_change_schema(item: Transpiled) -> bool:
    """DDL changes the schema, and a ROLLBACK may undo DDL. BEGIN and COMMIT change
    nothing: a request in a transaction of its own keeps its statements' transpiles."""
    return item.kind == "other" or (item.kind == "transaction" and item.statements == ["ROLLBACK"])


def _no_rows(affected: int = 0) -> PgliteResult:
    """The answer of a statement that returns no rows (PGlite's, for DDL and plain DML)."""
    return PgliteResult(rows=[], fields=[], affectedRows=affected)


class DuckEngine:
    """One DuckDB database behind the Postgres-flavoured query API."""

    adapter = "postgres"

    def __init__(self, conn: DuckConnection, names: SessionNames = DEFAULT_NAMES) -> None:
        self._conn = conn
        self._keys = ForeignKeyGuard(conn)
        start_postgres_session(conn)
        self._functions = False  # registered on first use: natively they import numpy
        self._transpiles = TranspileCache(self._schema, names)
        self._deferred = DeferredRows(conn, {})
        # The last image's rows of each table, reused while the table is unchanged.
        self._kept_rows: KeptRows = {}

    def load_image(self, image: bytes) -> None:
        def register_if_called(schema: Sequence[str]) -> None:
            # A view may call them. The schema's statements only: scanning the rows too
            # took 65 ms of a restarted worker's first answer in duckdb-wasm.
            if _calls_functions("\n".join(schema)):
                self._register_functions()

        restored = restore_database(self._conn, image, defer_rows=True, before=register_if_called)
        self._kept_rows = {}
        self._deferred = DeferredRows(self._conn, restored.rows)
        self._schema_may_have_changed()
        # The schema as the image was dumped: a restarted worker's first query need not
        # read it (three catalog queries, ~110 ms of a restart in duckdb-wasm).
        schema = _schema_from_image(restored.catalog)
        if schema is not None:
            self._transpiles.know_schema(schema)

    @property
    def deferred_tables(self) -> frozenset[str]:
        """The tables of the loaded image whose rows no statement has needed yet."""
        return self._deferred.waiting

    def image(self) -> bytes:
        self._deferred.insert_all()
        schema = self._transpiles.schema
        if schema is None:
            schema = read_schema(self._conn)
            self._transpiles.know_schema(schema)
        return dump_database(self._conn, catalog=list(schema), kept=self._kept_rows)

    def _enum_types(self) -> list[tuple[str, list[str]]]:
        """Each enum type's name and labels (a failed statement's message names its enum)."""
        rows = self._conn.execute(_ENUM_TYPES_QUERY).rows
        return [(str(name), [str(label) for label in labels]) for name, labels in rows]

    def _register_functions(self) -> None:
        if not self._functions:
            register_json_functions(self._conn)
            for name, function, arity in _SQL_FUNCTIONS:
                self._conn.create_function(name, function, arity)
            self._functions = True

    def _run(self, item: Transpiled, repeated: bool = False) -> PgliteResult:
        """Run one transpiled statement; `repeated`: a read run before (DuckConnection)."""
        if item.sampled and _samples_a_view(self._conn, item.sampled):
            raise SqlError(_SAMPLED_VIEW, item.source.strip())
        statements = item.statements
        if item.index_name:
            free = _free_relation_name(self._conn, item.index_name)
            statements = [s.replace(f'"{item.index_name}"', f'"{free}"', 1) for s in statements]
        results = []
        for duck_sql in statements:
            try:
                results.append(self._conn.execute(duck_sql, repeated=repeated))
            except Exception as exc:  # adapters raise plain Exception(message)
                source = item.source.strip()
                raise SqlError(_own_message(str(exc), duck_sql, source), source) from exc
        result = results[item.result_index] if results else None
        if result is not None and item.result_count > 1:  # one INSERT per row, in order
            start = item.result_index
            parts = results[start : start + item.result_count]
            result = DuckResult(result.columns, result.types, [r for p in parts for r in p.rows])
        if result is None or item.kind == "transaction":
            return _no_rows()
        if item.kind == "dml" and not item.returning:  # DuckDB's count, of each statement
            return _no_rows(sum(int(row[0] or 0) for row in result.rows if row))
        if item.kind == "other":
            return _no_rows()  # DDL: DuckDB's "Count" column
        columns = list(result.columns)
        intervals = self._duck_texts(item, result, repeated)
        types = [
            "pg:" + item.declared[c]
            if c in item.declared and type_oid(t) in DECLARED_CARRIERS
            else t
            for c, t in zip(columns, result.types, strict=False)
        ]
        if intervals is not None:
            result = intervals
        try:
            rows = [
                {
                    c: interval_text(v)
                    if t == "INTERVAL" and isinstance(v, str)
                    else json_value(v, t)
                    for c, v, t in zip(columns, row, types, strict=False)
                }
                for row in result.rows
            ]
        except UnsendableValue as exc:
            raise SqlError(str(exc), item.source.strip()) from None
        fields = [
            PgliteField(name=c, dataTypeID=type_oid(t))
            for c, t in zip(columns, types, strict=False)
        ]
        affected = len(rows) if item.kind == "dml" else 0
        return PgliteResult(rows=rows, fields=fields, affectedRows=affected)

    def _duck_texts(
        self, item: Transpiled, result: DuckResult, repeated: bool
    ) -> DuckResult | None:
        """The read again with some columns as DuckDB's own text, or None.

        The duckdb package (and Arrow's reading on duckdb-wasm) turn an interval into a
        count of days, losing Postgres' months (`83 years 3 mons`, not `29970 days`);
        DuckDB's own text keeps months, days and microseconds apart, as Postgres does.
        The duckdb package also gives an infinite date or timestamp as the first or last
        day Python holds (0001-01-01, 9999-12-31), the text of that day; where such a
        day comes back, DuckDB's text tells `infinity` from the day itself.
        Only a plain read is run twice.
        """
        again = [
            t == "INTERVAL"
            or (type_oid(t) in _TEMPORAL_OIDS and any(_extreme_day(row[i]) for row in result.rows))
            for i, t in enumerate(result.types)
        ]
        if not any(again):
            return None
        if not _plain_read(item):
            if any(a and t != "INTERVAL" for a, t in zip(again, result.types, strict=True)):
                # Not run twice: the day could be infinity, and the change is undone.
                raise SqlError(
                    "this demo cannot tell an infinite date or timestamp from the first or"
                    " last day in what a data-modifying statement returns; select it afterwards",
                    item.source.strip(),
                )
            return None
        # By position: a repeated column name (`r1.*, r2.*`) must not matter.
        names = [f"c{i}" for i in range(len(result.columns))]
        columns = ", ".join(
            f"CAST({n} AS VARCHAR)" if text else n for n, text in zip(names, again, strict=True)
        )
        statement = item.statements[item.result_index]
        try:
            return self._conn.execute(
                f"SELECT {columns} FROM ({statement}) AS q({', '.join(names)})",
                repeated=repeated,
            )
        except Exception:  # noqa: BLE001 - the first answer stands
            return None

    def _step(self, item: Transpiled, savepoints: Savepoints, *, in_block: bool) -> PgliteResult:
        """Run one statement, keeping the savepoints of the user's block up to date."""
        source = item.source.strip()
        try:
            if item.savepoint is not None:
                action, name = item.savepoint
                savepoints.command(action, name, source, in_block=in_block)
                return _no_rows()
            if item.kind == "transaction" and item.statements[0] in ("COMMIT", "ROLLBACK"):
                savepoints.end(committing=item.statements[0] == "COMMIT")
            if item.written:
                savepoints.before_write(item.written)
            if item.truncated:
                refused = self._keys.before_truncate(item.truncated, cascade=item.truncate_cascade)
                if refused is not None:
                    raise SqlError(refused, source)
                for table in item.truncated:
                    savepoints.before_write(table)
        except SqlError:
            raise
        except Exception as exc:  # the copies' DuckDB statements
            raise SqlError(postgres_message(str(exc), source), source) from exc
        result = self._run(item)
        try:
            broken = self._after(item, savepoints)
        except Exception as exc:  # the checks' DuckDB statements
            raise SqlError(postgres_message(str(exc), source), source) from exc
        if broken is not None:
            raise SqlError(broken, source)
        return result

    def _after(self, item: Transpiled, savepoints: Savepoints) -> str | None:
        """Keep savepoints and foreign keys up to date; Postgres' message if a key broke."""
        if item.foreign_keys:
            return self._keys.add(item.foreign_keys[0].table, item.foreign_keys)
        if item.kind == "other":
            if not item.truncated:  # emptied tables were copied: a rollback can undo that
                savepoints.after_ddl(item.source)
            return self._keys.after_ddl()
        if item.written:
            return self._keys.after_write(
                item.written, deleting=item.deleting, before_write=savepoints.before_write
            )
        return None

    def execute(self, sql: str) -> tuple[list[PgliteResult], bool]:
        """Run a request's SQL; return (PGlite-shaped result, whether data may have changed)."""
        try:
            return self._execute(sql)
        except SqlError as exc:
            # Named after the request's rollback: a failed transaction reads no catalog.
            named = enum_input_message(exc.message, exc.statement, self._enum_types)
            if named is None:
                raise
            raise SqlError(named, exc.statement) from exc

    def _execute(self, sql: str) -> tuple[list[PgliteResult], bool]:
        # Transpile everything first: a statement that cannot be translated fails the
        # request before anything has run, unless a COMMIT before it keeps what came
        # first (then it fails where it stands, as Postgres' would).
        cache = self._transpiles
        statements = cache.split(sql)
        seen = len(statements) == 1 and cache.known(statements[0])
        items: list[Transpiled] = []
        untranslated: SqlError | None = None
        for statement in statements:
            try:
                items.append(cache.transpile(statement))
            except SqlError as exc:
                if not any(i.kind == "transaction" and i.statements == ["COMMIT"] for i in items):
                    raise
                untranslated = exc
                break
        self._deferred.before(items)  # the rows of an image's tables they may read
        # Before any transaction opens: a function registered inside one would go with
        # its rollback. "json" in the text covers a statement transpiled again after a
        # CREATE TABLE in the same request gave it jsonb columns.
        if not self._functions and (
            "json" in sql.lower() or any(_calls_functions(s) for i in items for s in i.statements)
        ):
            self._register_functions()
        if len(items) == 1 and _plain_read(items[0]):
            # One DuckDB read is atomic on its own: no transaction around it.
            return [self._run(items[0], repeated=seen)], items[0].changes_data
        # As Postgres runs a request of several statements: in an implicit transaction,
        # which the user's BEGIN turns into a block (the statements before it included:
        # its ROLLBACK undoes them too); after the block's COMMIT or ROLLBACK, the
        # statements that follow run in a new implicit one. A failure rolls back the
        # transaction it happened in, nothing committed before it.
        results: list[PgliteResult] = []
        affected = 0
        # The search path when the transaction began, where the request moves it: a
        # rollback puts it back, as Postgres' does.
        paths = any(item.sets_path for item in items)
        path_at_begin = self._current_path() if paths else None
        self._conn.execute("BEGIN TRANSACTION")
        block = False  # the user's BEGIN is open (SAVEPOINT needs it)
        savepoints = Savepoints(self._conn)
        schema_touched = False
        try:
            for item in items:
                if schema_touched:
                    # A table this request created or altered: transpile against it.
                    item = cache.transpile(item.source)
                control = item.statements[0] if item.kind == "transaction" else ""
                try:
                    if control.startswith("BEGIN"):
                        # The transaction is open already (Postgres warns of a BEGIN
                        # inside a block and goes on).
                        block = True
                        result = _no_rows()
                    else:
                        result = self._step(item, savepoints, in_block=block)
                finally:
                    if _may_change_schema(item):
                        schema_touched = True
                        self._schema_may_have_changed()
                if control in ("COMMIT", "ROLLBACK"):
                    if control == "ROLLBACK":
                        self._restore_path(path_at_begin)
                    block = False
                    path_at_begin = self._current_path() if paths else None
                    self._conn.execute("BEGIN TRANSACTION")
                # PGlite's exec reports, on each result, the rows affected so far in
                # the request (a running total): panels written for it see that.
                affected += result["affectedRows"]
                results.append(
                    PgliteResult(
                        rows=result["rows"], fields=result["fields"], affectedRows=affected
                    )
                )
            if untranslated is not None:
                raise untranslated
            if not block:
                self._conn.execute("COMMIT")
        except SqlError:
            self._rollback()
            self._restore_path(path_at_begin)
            raise
        finally:
            if schema_touched:
                # What the request's transaction did to the schema may have been undone.
                self._schema_may_have_changed()
        if block:  # a block the request left open is rolled back (a session per request)
            self._rollback()
            self._restore_path(path_at_begin)
            if schema_touched:
                self._schema_may_have_changed()
        return results, any(item.changes_data for item in items)

    def _schema_may_have_changed(self) -> None:
        """DDL ran, or a rollback may have undone some: forget what was read of the schema."""
        self._transpiles.schema_may_have_changed()
        self._keys.forget()

    def _schema(self) -> Schema:
        return read_schema(self._conn)

    def _current_path(self) -> tuple[str, str | None]:
        searched, shown = self._conn.execute(CURRENT_PATH_QUERY).rows[0]
        return str(searched), None if shown is None else str(shown)

    def _restore_path(self, path: tuple[str, str | None] | None) -> None:
        if path is not None:
            for statement in restore_path(*path):
                self._conn.execute(statement)

    def _rollback(self) -> None:
        # A failed statement may already have ended the transaction on some engines.
        with contextlib.suppress(Exception):
            self._conn.execute("ROLLBACK")

    def close(self) -> None:
        self._conn.close()
