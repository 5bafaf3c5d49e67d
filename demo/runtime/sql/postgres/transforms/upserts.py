"""INSERT ... ON CONFLICT: the checks Postgres makes that DuckDB does not.

Found against PGlite (constraints.sql:303, and scratch runs of the forms applications
and ORMs send), each a silent difference before:

- Rows that propose one key twice to ON CONFLICT (key) DO UPDATE: Postgres fails ("ON
  CONFLICT DO UPDATE command cannot affect row a second time"); DuckDB updated the row
  twice, keeping the last.
- Rows whose arbiter key (the ON CONFLICT target, else every unique key) holds a NULL:
  Postgres inserts them all (a NULL never conflicts); DuckDB took two such rows with
  equal keys in one INSERT for one key and kept only the first (`VALUES (1, NULL), (2,
  NULL) ON CONFLICT DO NOTHING` over a UNIQUE second column inserted one row).
- The same where the NULL is a UNIQUE column's default, the column left unwritten by an
  INSERT of a query's rows (`INSERT INTO t (id) SELECT ...`).
- RETURNING: Postgres returns the rows in the order it proposes them; DuckDB's upsert
  returns them in an order of its own, even where none conflicts, and a client reading
  generated ids back relies on that order.

Rows of VALUES go in one INSERT per row where RETURNING reads them or an arbiter key
part is not a constant other than NULL (`rows_apart`; transpile._one_row_at_a_time),
which keeps their order and their NULL keys apart (each statement costs its own run:
several rows of constant keys stay one statement); such rows reading their own table in
a subquery are refused (`own_table_read`: each would see the rows before it). Their keys
proposed twice to DO UPDATE are found by a statement run first (`proposed_keys_check`),
over the key parts computed once more, where no part is volatile. A query's rows cannot
be split so: they are checked as the statement runs, over the rows made once
(`proposed_query`), and a
key proposed twice fails in Postgres' words, NULL keys alike, more than one row leaving a
UNIQUE key to its default (NULL, for all the schema read here says) and more than one row
with RETURNING in the demo's:

    WITH helio_proposed(k0, ...) AS MATERIALIZED (<query>)
    INSERT INTO t (...) SELECT * FROM helio_proposed
    WHERE CASE WHEN <a key proposed twice> THEN error(...) ... ELSE TRUE END
    ON CONFLICT ...

There keys are compared as the column's type (`'1'` and `1` are one integer key). A key
made of expressions (a unique index on `lower(email)`) is not compared.
"""

from __future__ import annotations

from typing import Protocol

from sqlglot import exp

from .statement import insert_columns, is_default_keyword, target_table
from .volatility import draws_anew

__all__ = ["own_table_read", "proposed_keys_check", "proposed_query", "rows_apart"]

PROPOSED_TWICE = "ON CONFLICT DO UPDATE command cannot affect row a second time"
NULL_KEYS = (
    "this demo cannot insert two rows whose unique key ({key}) holds NULL in one INSERT ..."
    " ON CONFLICT: DuckDB, its engine, takes them for one key and keeps the first, where"
    " Postgres inserts both; insert them in separate statements"
)
RETURNING_ORDER = (
    "this demo cannot return the rows of an INSERT ... SELECT ... ON CONFLICT in Postgres'"
    " order (DuckDB, its engine, returns an upsert's rows in an order of its own); insert"
    " them with VALUES, or without RETURNING"
)
DEFAULTED_KEY = (
    "this demo cannot insert more than one row of a query with INSERT ... ON CONFLICT while"
    " a unique key ({key}) is left to its default: DuckDB, its engine, takes the rows' NULL"
    " keys for one key and keeps the first, where Postgres inserts them all; write the"
    " column, or insert the rows with VALUES"
)
OWN_TABLE_READ = (
    "this demo cannot insert several rows of VALUES with ON CONFLICT where a row reads"
    ' "{table}" in a subquery: it inserts such rows one at a time (DuckDB, its engine,'
    " would not keep their order or their NULL keys apart), so a later row would see the"
    " rows before it, where Postgres computes every row first; compute the values in a"
    " query (INSERT ... SELECT), or insert the rows in separate statements"
)
_PROPOSED = "helio_proposed"


class KeyedSchema(Protocol):
    """What the checks read of the schema (rewrites.Context has it)."""

    table_types: dict[str, dict[str, str]]
    primary_keys: dict[str, list[str]]
    unique_keys: dict[str, list[list[str]]]


class _Upsert:
    """An INSERT ... ON CONFLICT, read: its columns, its arbiter keys by position."""

    def __init__(self, tree: exp.Insert, schema: KeyedSchema) -> None:
        conflict = tree.args["conflict"]
        action = conflict.args.get("action")
        self.updates = action is not None and action.name.upper() == "DO UPDATE"
        self.columns = insert_columns(tree, schema.table_types)
        target = tree.this.this if isinstance(tree.this, exp.Schema) else tree.this
        table = target.name.lower() if isinstance(target, exp.Table) else ""
        self.types = schema.table_types.get(table, {})
        named = [
            k.this if isinstance(k, exp.Ordered) else k
            for k in conflict.args.get("conflict_keys") or []
        ]
        self.targeted = bool(named)
        primary = schema.primary_keys.get(table) or []
        if named:
            if not all(isinstance(k, exp.Column) for k in named):
                named_keys = []  # an index expression: not compared
            else:
                named_keys = [[k.name.lower() for k in named]]
        else:
            named_keys = ([primary] if primary else []) + schema.unique_keys.get(table, [])
        self.arbiters = named_keys
        # A UNIQUE key (not the primary key, whose columns are NOT NULL) with a column the
        # INSERT does not write: every row proposes the column's default, NULL unless the
        # table says otherwise (the schema read here has no defaults).
        self.defaulted = [
            key
            for key in named_keys
            if key != primary and any(c not in self.columns and c[:1] != "(" for c in key)
        ]
        # A key column the INSERT does not write takes its default: not compared; nor is a
        # key part that is an expression (it starts with "(", group_by_key.load_keys).
        self.keys = [key for key in named_keys if all(c in self.columns for c in key)]

    def positions(self, key: list[str]) -> list[int]:
        return [self.columns.index(c) for c in key]


def _upsert_of(tree: exp.Expr) -> exp.Insert | None:
    """`tree` if it is an INSERT ... ON CONFLICT."""
    if isinstance(tree, exp.Insert) and isinstance(tree.args.get("conflict"), exp.OnConflict):
        return tree
    return None


def _several_values(tree: exp.Expr) -> tuple[exp.Insert, list[list[exp.Expr]]] | None:
    """An INSERT ... VALUES ... ON CONFLICT of several rows, and its rows' values."""
    insert = _upsert_of(tree)
    values = insert.expression if insert is not None else None
    if insert is None or not isinstance(values, exp.Values) or len(values.expressions) < 2:
        return None
    rows = [r.expressions if isinstance(r, exp.Tuple) else [r] for r in values.expressions]
    return insert, rows


def proposed_keys_check(tree: exp.Expr, schema: KeyedSchema) -> str | None:
    """A statement to run before an INSERT ... VALUES ... ON CONFLICT (key) DO UPDATE of
    several rows: it fails in Postgres' words where two rows propose one key, their key
    parts computed and compared as the key columns' types (`1 + 0` and `1`, `'9'` and `9`
    are one integer key; a NULL never conflicts). None where nothing is to check, or a
    key part cannot be computed twice (a volatile call, DEFAULT): such keys are drawn
    anew for every row."""
    several = _several_values(tree)
    if several is None:
        return None
    insert, rows = several
    upsert = _Upsert(insert, schema)
    if not (upsert.updates and upsert.targeted and upsert.keys):
        return None
    key = upsert.keys[0]
    positions = upsert.positions(key)
    if any(len(row) <= max(positions) for row in rows):
        return None  # DuckDB refuses the INSERT itself
    parts = [[row[p] for p in positions] for row in rows]
    if any(is_default_keyword(v) or draws_anew(v) for row in parts for v in row):
        return None
    types = [upsert.types.get(c) for c in key]
    # Each part cast in the list too: a VALUES column of '9' and a date would not unify.
    keys = exp.Values(
        expressions=[
            exp.Tuple(
                expressions=[
                    exp.cast(v.copy(), t, dialect="duckdb") if t else v.copy()
                    for v, t in zip(row, types, strict=True)
                ]
            )
            for row in parts
        ]
    )
    proposed = exp.CTE(
        this=keys,
        alias=exp.TableAlias(
            this=exp.to_identifier(_PROPOSED),
            columns=[exp.to_identifier(f"k{p}") for p in positions],
        ),
    )
    fails = exp.func("error", exp.Literal.string(PROPOSED_TWICE))
    twice = _twice(positions, types, nulls=False)
    check = exp.select(exp.Case(ifs=[exp.If(this=twice, true=fails)]).as_("proposed"))
    check.set("with_", exp.With(expressions=[proposed]))
    return check.sql(dialect="duckdb")


def own_table_read(tree: exp.Expr, values: exp.Values) -> str | None:
    """The refusal of VALUES rows going one per statement (`rows_apart`) where one reads
    the table they go into in a subquery: Postgres computes every row before it inserts
    any, where a later statement here would see the rows before it."""
    target = target_table(tree)
    table = target.name.lower() if isinstance(target, exp.Table) else ""
    for row in values.expressions:
        if any(t.name.lower() == table for t in row.find_all(exp.Table)):
            return OWN_TABLE_READ.format(table=table)
    return None


def rows_apart(tree: exp.Expr, schema: KeyedSchema) -> exp.Values | None:
    """The VALUES of an INSERT ... ON CONFLICT whose rows go one per statement, else None:
    several rows, and RETURNING reads them or a part of an arbiter key may be NULL (NULL,
    not a constant, or not written)."""
    several = _several_values(tree)
    if several is None:
        return None
    insert, rows = several
    values = insert.expression
    if insert.args.get("returning"):
        return values
    upsert = _Upsert(insert, schema)
    if len(upsert.keys) < len(upsert.arbiters):
        return values  # a key column left to its default (NULL, for all we know here)
    positions = {p for key in upsert.keys for p in upsert.positions(key)}
    if any(p >= len(row) or not isinstance(row[p], exp.Literal) for row in rows for p in positions):
        return values
    return None


def proposed_query(tree: exp.Expr, schema: KeyedSchema) -> None:
    """Adds the checks above to an INSERT ... ON CONFLICT whose rows a query proposes."""
    insert = _upsert_of(tree)
    if insert is None or not isinstance(insert.expression, exp.Query):
        return
    query = insert.expression
    upsert = _Upsert(insert, schema)
    failures: list[tuple[exp.Expr, str]] = []
    for key in upsert.keys:
        positions = upsert.positions(key)
        types = [upsert.types.get(c) for c in key]
        if upsert.updates and upsert.targeted:
            failures.append((_twice(positions, types, nulls=False), PROPOSED_TWICE))
        failures.append(
            (_twice(positions, types, nulls=True), NULL_KEYS.format(key=", ".join(key)))
        )
    for key in upsert.defaulted:
        failures.append((_several(), DEFAULTED_KEY.format(key=", ".join(key))))
    if insert.args.get("returning"):
        failures.append((_several(), RETURNING_ORDER))
    if not failures:
        return
    width = max((p for key in upsert.keys for p in upsert.positions(key)), default=-1) + 1
    proposed = exp.CTE(
        this=query.copy(),
        alias=exp.TableAlias(
            this=exp.to_identifier(_PROPOSED),
            columns=[exp.to_identifier(f"k{i}") for i in range(width)],
        ),
        materialized=True,
    )
    check = exp.Case(
        ifs=[
            exp.If(this=failed, true=exp.func("error", exp.Literal.string(message)))
            for failed, message in failures
        ],
        default=exp.true(),
    )
    insert.set("expression", exp.select("*").from_(_PROPOSED).where(check))
    with_ = insert.args.get("with_")
    if isinstance(with_, exp.With):
        with_.append("expressions", proposed)
    else:
        insert.set("with_", exp.With(expressions=[proposed]))


def _several() -> exp.Expr:
    """Whether the query proposes more than one row."""
    count = exp.select(exp.func("count", exp.Star())).from_(_PROPOSED).subquery()
    return exp.GT(this=count, expression=exp.Literal.number(1))


def _twice(positions: list[int], types: list[str | None], *, nulls: bool) -> exp.Exists:
    """Whether two proposed rows have one key, compared as the columns' types: keys with
    no NULL part (`nulls` False), or keys holding a NULL, grouped as DuckDB takes them."""
    parts: list[exp.Expr] = []
    for position, duck_type in zip(positions, types, strict=True):
        part: exp.Expr = exp.column(f"k{position}")
        parts.append(exp.cast(part, duck_type, dialect="duckdb") if duck_type else part)
    null_parts = [exp.column(f"k{p}").is_(exp.null()) for p in positions]
    which = exp.or_(*null_parts) if nulls else exp.and_(*(n.not_() for n in null_parts))
    return exp.Exists(
        this=exp.select("1")
        .from_(_PROPOSED)
        .where(which)
        .group_by(*parts)
        .having(exp.GT(this=exp.func("count", exp.Star()), expression=exp.Literal.number(1)))
    )
