"""Postgres-dialect statements to DuckDB statements, one at a time, with sqlglot.

`transpile_statement` turns one Postgres statement into the DuckDB statements that
do the same, and says what kind of statement it was (so the runtime knows whether
to persist, whether the user controls the transaction, and how to shape the
result). Beyond sqlglot's own `read="postgres", write="duckdb"`:

- `SERIAL`/`BIGSERIAL`/`SMALLSERIAL` columns become a sequence plus
  `DEFAULT nextval('<table>_<column>_seq')`, which is what Postgres itself does
  (DuckDB has no serial types).
- `N'...'` literals become plain strings.
- `json`/`jsonb` become text and `CURRENT_DATE` the date of `current_timestamp`:
  duckdb-wasm has only DuckDB's core (the json and icu extensions cannot be fetched
  offline), and the same SQL must run natively and in the browser. JSON operators
  and functions become calls of the runtime's own text functions (`json_rewrite.py`).
- `'\\x...'::bytea` hex literals become `unhex('...')` (DuckDB would read the
  backslash escapes as text).
- `BEGIN`/`START TRANSACTION`/`COMMIT`/`END`/`ROLLBACK`/`ABORT` are recognised before
  parsing (sqlglot reads `START TRANSACTION` as an alias) and become DuckDB's.

Foreign keys (CREATE TABLE's, and `ALTER TABLE ... ADD [CONSTRAINT] FOREIGN KEY`,
which DuckDB cannot do to an existing table) are recorded and checked by the engine
(`foreign_keys.py`), not declared to DuckDB.

The tree rewrites that keep Postgres' semantics run in the order `rewrites.REWRITES`
names (and documents).

Seed-only rewrites (build time, `seed=True`): psql meta lines are removed by the
caller; `CREATE/DROP DATABASE` are skipped, and so are a pg_dump's session settings,
owners and privileges (`dump_session.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import SqlglotError

from ..statements import SqlError, strip_leading_comments
from .declared import declared_columns, registry_statements
from .derived_columns import derived_column_types
from .dialect import PostgresForDuck
from .dump_session import skipped_reason
from .foreign_keys import ForeignKey, ForeignKeyError, declared_foreign_keys
from .foreign_keys import registry_statement as foreign_key_registry
from .input_syntax import invalid_string_escape, unicode_identifiers
from .join_using_alias import join_using_alias
from .rewrites import Context, apply_rewrites, tables_in_play
from .savepoints import savepoint_command
from .session_names import DEFAULT_NAMES, SessionNames
from .session_settings import setting_statement
from .syntax_errors import (
    foreign_operator,
    foreign_statement,
    foreign_type,
    in_without_list,
    misplaced_comma,
    parse_error_message,
)
from .transforms.result_types import int4_series_columns
from .transforms.statement import strip_foreign_keys, values_lists

__all__ = ["Transpiled", "transpile_statement"]

_BEGIN = re.compile(r"^(BEGIN|START\s+TRANSACTION)\b", re.I)
_COMMIT = re.compile(r"^(COMMIT|END)\b", re.I)
_ROLLBACK = re.compile(r"^(ROLLBACK|ABORT)\b", re.I)

_SERIAL_TYPES = {"SERIAL": "INTEGER", "BIGSERIAL": "BIGINT", "SMALLSERIAL": "SMALLINT"}


@dataclass
class Transpiled:
    """One Postgres statement as DuckDB statements.

    kind: "transaction" (BEGIN/COMMIT/ROLLBACK), "savepoint" (SAVEPOINT, ROLLBACK TO,
    RELEASE: no DuckDB statements, the engine emulates them), "dml" (INSERT/UPDATE/DELETE; result is
    a row count unless it has RETURNING), "read" (returns rows, changes nothing),
    "other" (DDL and everything else: may change the database).
    """

    source: str
    statements: list[str]
    kind: str
    returning: bool = False
    warnings: list[str] = field(default_factory=list)
    # Which of `statements` gives the result (the others prepare or record around it).
    result_index: int = -1
    # Output column -> declared Postgres type DuckDB cannot report (see declared.py).
    declared: dict[str, str] = field(default_factory=dict)
    # The table a "dml" statement writes (its foreign keys are checked after it).
    written: str = ""
    deleting: bool = False
    # The tables a TRUNCATE empties, and whether it said CASCADE.
    truncated: tuple[str, ...] = ()
    truncate_cascade: bool = False
    # Foreign keys an ALTER TABLE adds (recorded by the caller: register_foreign_keys).
    foreign_keys: list[ForeignKey] = field(default_factory=list)
    # For kind "savepoint": ("define" | "rollback" | "release", name).
    savepoint: tuple[str, str] | None = None
    # For kind "read": the database's tables and views it names (`_tables_read`); None
    # where something it names may read any table (a catalog table, a table function).
    reads: frozenset[str] | None = None

    @property
    def changes_data(self) -> bool:
        return self.kind in ("dml", "other")


def _transaction(statement: str) -> Transpiled | None:
    savepoint = savepoint_command(statement)
    if savepoint is not None:  # run by the engine (savepoints.py): DuckDB has none
        return Transpiled(statement, [], "savepoint", savepoint=savepoint)
    head = strip_leading_comments(statement)
    for pattern, duck in (
        (_BEGIN, "BEGIN TRANSACTION"),
        (_COMMIT, "COMMIT"),
        (_ROLLBACK, "ROLLBACK"),
    ):
        if pattern.match(head):
            return Transpiled(statement, [duck], "transaction")
    return None


def _serial_columns(tree: exp.Expr) -> list[str]:
    """Rewrite SERIAL columns of a CREATE TABLE in place; return the sequences to create."""
    schema = tree.this
    if not isinstance(schema, exp.Schema) or not isinstance(schema.this, exp.Table):
        return []
    table = schema.this
    sequences = []
    for column in schema.find_all(exp.ColumnDef):
        kind = column.args.get("kind")
        if not isinstance(kind, exp.DataType):
            continue
        base = _SERIAL_TYPES.get(kind.this.name)
        if base is None:
            continue
        seq = f"{table.name}_{column.name}_seq"
        qualified = ".".join(part for part in (table.db, seq) if part)
        column.set("kind", exp.DataType.build(base))
        default = exp.DefaultColumnConstraint(
            this=exp.func("nextval", exp.Literal.string(qualified))
        )
        column.append("constraints", exp.ColumnConstraint(kind=default))
        column.append("constraints", exp.ColumnConstraint(kind=exp.NotNullColumnConstraint()))
        sequences.append(f"CREATE SEQUENCE IF NOT EXISTS {qualified}")
    return sequences


# CREATE TABLE properties DuckDB would drop, leaving a table that answers differently
# (rows no partition accepts, a parent that does not see its children's rows).
_REFUSED_TABLE_PROPERTIES = {
    "PartitionedByProperty": "partitioned tables are not supported by this demo",
    "PartitionedOfProperty": "partitioned tables are not supported by this demo",
    "InheritsProperty": "table inheritance is not supported by this demo",
}


def _refused_table_property(tree: exp.Expr) -> str | None:
    properties = tree.args.get("properties") if isinstance(tree, exp.Create) else None
    for prop in properties.expressions if properties else []:
        refused = _REFUSED_TABLE_PROPERTIES.get(type(prop).__name__)
        if refused:
            return refused
    return None


def _adds_foreign_key(tree: exp.Expr) -> bool:
    actions = (tree.args.get("actions") or []) if isinstance(tree, exp.Alter) else []
    return any(isinstance(a, exp.AddConstraint) for a in actions) and any(
        tree.find_all(exp.ForeignKey)
    )


def _is_read(tree: exp.Expr) -> bool:
    if isinstance(tree, (exp.Select, exp.SetOperation)) and not tree.args.get("into"):
        return not any(tree.find_all(exp.Insert, exp.Update, exp.Delete, exp.Merge))
    return isinstance(tree, (exp.Describe, exp.Show))


# Table functions that read no table: a read through any other may read every table.
_TABLELESS_FUNCTIONS = (exp.GenerateSeries, exp.ExplodingGenerateSeries)


def _tables_read(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> frozenset[str] | None:
    """The database's tables and views a read names (deferred_rows.py tells them apart);
    None where it names anything else but its own WITH queries (a catalog table, a
    table function), whose reads are hidden."""
    ctes = {cte.alias_or_name.lower() for cte in tree.find_all(exp.CTE)}
    tables: set[str] = set()
    for table in tree.find_all(exp.Table):
        if not isinstance(table.this, exp.Identifier):
            if isinstance(table.this, _TABLELESS_FUNCTIONS):
                continue
            return None
        name = table.name.lower()
        if name in table_types:  # a WITH query of its name may read it in its own body
            tables.add(name)
        elif name not in ctes:
            return None
    return frozenset(tables)


def transpile_statement(
    statement: str,
    *,
    seed: bool = False,
    table_types: dict[str, dict[str, str]] | None = None,
    declared: dict[str, dict[str, str]] | None = None,
    primary_keys: dict[str, list[str]] | None = None,
    names: SessionNames = DEFAULT_NAMES,
) -> Transpiled:
    """Transpile one Postgres statement; raise SqlError(message, statement) if it can't.

    `table_types` (table -> column -> DuckDB type, for the database's tables) lets
    integer division and timestamptz columns be recognised; `primary_keys` (table ->
    key columns) lets a GROUP BY on a primary key select the table's other columns;
    `names` are what current_database() and current_user answer.

    In order: transaction control, the session settings (session_settings.py) and skipped
    seed statements (no parse), the parse,
    statement-level answers and refusals (`_statement_answer`), CREATE TABLE's
    records (`_table_records`), the tree rewrites (`rewrites.REWRITES`), SERIAL
    columns as sequences, and DuckDB's SQL.
    """
    control = _transaction(statement)
    if control is not None:
        return control
    setting = setting_statement(statement)  # a seed's too: it changes how it is read
    if setting:  # a SHOW
        return transpile_statement(setting, names=names)
    reason = skipped_reason(statement) if seed else None
    if reason is not None:
        return Transpiled(
            statement, [], "other", warnings=[f"skipped, {reason}: {_head(statement)}"]
        )
    if setting is not None:  # a SET or RESET that keeps a held setting
        return Transpiled(statement, [], "other")
    tree = _parse(statement)
    answer = _statement_answer(tree, statement, seed)
    if answer is not None:
        return answer
    after = _table_records(tree, statement)
    context = Context(statement, table_types or {}, declared or {}, primary_keys or {}, names)
    context.in_play = tables_in_play(tree, context.table_types)
    context.series_columns = int4_series_columns(tree, context.table_columns)
    context.derived_columns = derived_column_types(tree, context.table_columns)
    refused = apply_rewrites(tree, context)
    if refused is not None:
        raise SqlError(refused, statement)
    before: list[str] = []
    if isinstance(tree, exp.Create) and tree.args.get("kind") == "TABLE":
        before = _serial_columns(tree)
    try:
        duck = tree.sql(dialect="duckdb")
    except SqlglotError as exc:
        raise SqlError(f"cannot express this statement in DuckDB: {exc}", statement) from exc
    return _transpiled(statement, tree, before, duck, after, context)


def _parse(statement: str) -> exp.Expr:
    """The one statement's tree, VALUES read as a query (as Postgres reads it)."""
    bad_escape = invalid_string_escape(statement)
    if bad_escape is not None:
        raise SqlError(bad_escape, statement)
    text = unicode_identifiers(statement)
    if text is None:
        raise SqlError('this U&"..." identifier is not supported by this demo', statement)
    text = join_using_alias(text)
    dialect = Dialect.get_or_raise(PostgresForDuck)
    try:
        tokens = dialect.tokenize(text)  # once, for the comma check and the parser
        syntax_error = (
            foreign_statement(tokens)
            or foreign_operator(tokens)
            or foreign_type(tokens)
            or misplaced_comma(tokens)
        )
        if syntax_error is not None:
            raise SqlError(syntax_error, statement)
        trees = [t for t in dialect.parser().parse(tokens, text) if t is not None]
    except SqlglotError as exc:
        raise SqlError(parse_error_message(exc, statement), statement) from exc
    if len(trees) != 1:
        raise SqlError("expected exactly one statement", statement)
    syntax_error = in_without_list(trees[0])
    if syntax_error is not None:
        raise SqlError(syntax_error, statement)
    return values_lists(trees[0])


def _statement_answer(tree: exp.Expr, statement: str, seed: bool) -> Transpiled | None:
    """A statement answered without DuckDB SQL (a skipped seed statement, a foreign key
    added to a table); raises SqlError for one refused as a whole; None for the rest."""
    if seed and isinstance(tree, (exp.Create, exp.Drop)) and tree.args.get("kind") == "DATABASE":
        return Transpiled(
            statement,
            [],
            "other",
            warnings=[f"skipped (one database per service): {_head(statement)}"],
        )
    if _adds_foreign_key(tree):
        # DuckDB cannot add constraints to existing tables: the engine records the key
        # (foreign_keys.py) and checks it, as for keys declared in CREATE TABLE.
        table = tree.this
        actions = tree.args.get("actions") or []
        if len(actions) != 1 or not isinstance(table, exp.Table):
            raise SqlError(
                "ALTER TABLE adding a foreign key together with other changes is not supported"
                " by this demo",
                statement,
            )
        try:
            keys = declared_foreign_keys(tree, table.name.lower())
        except ForeignKeyError as exc:
            raise SqlError(str(exc), statement) from exc
        return Transpiled(statement, [], "other", foreign_keys=keys)
    if isinstance(tree, exp.Copy) and tree.args.get("kind"):
        # COPY ... FROM stdin is a pg_dump data block for psql to send; DuckDB would read
        # the process's own stdin (or a file) instead.
        raise SqlError(
            "COPY ... FROM is not read by this demo (only a seed's pg_dump data block, "
            "COPY table (columns) FROM stdin; followed by its rows, is loaded)",
            statement,
        )
    if isinstance(tree, exp.Copy):
        # COPY ... TO a file would write on the machine that runs DuckDB (natively: the
        # server's disk); TO STDOUT sends rows the way only psql reads them.
        raise SqlError(
            "COPY ... TO is not supported by this demo (it answers queries with rows:"
            " SELECT what you would copy)",
            statement,
        )
    refused = _refused_command(tree)
    if refused is not None:
        raise SqlError(refused, statement)
    if _creates_domain(tree):
        # DuckDB has no domains; a type alias would drop the domain's checks and name.
        raise SqlError(
            "CREATE DOMAIN is not supported by this demo (the in-browser engine has no "
            "domains: declare the columns with the domain's base type)",
            statement,
        )
    if isinstance(tree, exp.Alter) and tree.args.get("only"):
        # ONLY: not the inheriting tables, which DuckDB has none of (pg_dump writes it).
        tree.set("only", None)
    refused = _refused_table_property(tree)
    if refused is not None:
        raise SqlError(refused, statement)
    return None


# Statements sqlglot passes through as bare commands that DuckDB would run its own way.
_REFUSED_COMMANDS = {
    "LOAD": "LOAD is not supported by this demo (it loads no libraries or extensions)",
    "EXPLAIN": "EXPLAIN is not supported by this demo (its plans would be DuckDB's, not Postgres')",
    "CALL": "CALL is not supported by this demo (it has no procedures)",
}


def _refused_command(tree: exp.Expr) -> str | None:
    if not isinstance(tree, exp.Command):
        return None
    return _REFUSED_COMMANDS.get(str(tree.this).upper())


def _creates_domain(tree: exp.Expr) -> bool:
    """sqlglot reads CREATE DOMAIN as a bare command."""
    return (
        isinstance(tree, exp.Command)
        and str(tree.this).upper() == "CREATE"
        and str(tree.expression).lstrip().upper().startswith("DOMAIN")
    )


def _table_records(tree: exp.Expr, statement: str) -> list[str]:
    """For CREATE TABLE, the statements that record its declared types and foreign keys
    (run after it); the keys are dropped from the tree (the engine checks them)."""
    if isinstance(tree, exp.Alter) and isinstance(tree.this, exp.Table):
        name = ".".join(p for p in (tree.this.db, tree.this.name) if p)
        return registry_statements(name, declared_columns(tree))  # ADD COLUMN's types
    if not (isinstance(tree, exp.Create) and tree.args.get("kind") == "TABLE"):
        return []
    after: list[str] = []
    table = tree.this.this if isinstance(tree.this, exp.Schema) else tree.this
    if isinstance(table, exp.Table):
        name = ".".join(p for p in (table.db, table.name) if p)
        after = registry_statements(name, declared_columns(tree))
        try:
            keys = declared_foreign_keys(tree, table.name.lower())
        except ForeignKeyError as exc:
            raise SqlError(str(exc), statement) from exc
        if keys:
            after.append(foreign_key_registry(name, keys))
    strip_foreign_keys(tree)
    return after


def _transpiled(
    statement: str,
    tree: exp.Expr,
    before: list[str],
    duck: str,
    after: list[str],
    context: Context,
) -> Transpiled:
    """The rewritten statement's `Transpiled`, with what the engine needs to know of it."""
    outputs = context.outputs
    if isinstance(tree, (exp.Insert, exp.Update, exp.Delete, exp.Merge)):
        target = tree.this.this if isinstance(tree.this, exp.Schema) else tree.this
        return Transpiled(
            statement,
            [*before, duck],
            "dml",
            returning=bool(tree.args.get("returning")),
            declared=outputs,
            written=target.name.lower() if isinstance(target, exp.Table) else "",
            deleting=isinstance(tree, exp.Delete),
        )
    kind = "read" if _is_read(tree) else "other"
    reads = _tables_read(tree, context.table_types) if kind == "read" else None
    truncated: tuple[str, ...] = ()
    if isinstance(tree, exp.TruncateTable):
        tables = [t for t in tree.expressions if isinstance(t, exp.Table)]
        truncated = tuple(t.name.lower() for t in tables)
        if len(tables) > 1:  # DuckDB empties one table per TRUNCATE
            before = [f"TRUNCATE {t.sql(dialect='duckdb')}" for t in tables[:-1]]
            duck = f"TRUNCATE {tables[-1].sql(dialect='duckdb')}"
    return Transpiled(
        statement,
        [*before, duck, *after],
        kind,
        result_index=len(before),
        declared=outputs,
        truncated=truncated,
        truncate_cascade=str(tree.args.get("option") or "").upper() == "CASCADE",
        reads=reads,
    )


def _head(statement: str) -> str:
    text = " ".join(strip_leading_comments(statement).split())
    return text if len(text) <= 100 else text[:97] + "..."
