"""UPDATEs that move a unique key onto the key another updated row had.

Postgres checks a primary key or UNIQUE constraint row by row as an UPDATE writes it, in
the order the rows are stored (a DEFERRABLE one, checked at commit, is refused here when
its table is made): `UPDATE t SET id = id + 1` over ids 1, 2, 3 fails at the first row
("duplicate key value violates unique constraint"), while `id = id - 1` over the same
rows succeeds. DuckDB checks the keys once the statement has written them all, so it
answered the first as well: a silent difference (PostgreSQL's update.sql, constraints.sql's
UNIQUE column, and any renumbering statement). Which rows collide on the way depends on
the storage order, which DuckDB does not follow, so such an UPDATE is refused, in words,
when it runs:

    UPDATE t SET id = id + 1 WHERE cond
    -> ... WHERE cond AND CASE WHEN EXISTS (<an updated row's new key that another
       updated row has now>) THEN error(...) ELSE TRUE END

The check is one uncorrelated subquery: the new keys are computed only for the rows the
UPDATE writes (a correlated check would compute them for every row, where an overflow
that the UPDATE never reaches would fail it). A new key equal to the key of a row the
UPDATE does not write fails in DuckDB as in Postgres, with Postgres' words
(duck_messages.py), and is left to it; so is a key set to a constant (two updated rows
given one constant fail both engines). Each key is checked on its own (the primary key,
each UNIQUE constraint, each unique index: CREATE UNIQUE INDEX, whose parts may be
expressions such as `lower(email)`, computed on the new and the old rows alike); NULLs
never collide, as in Postgres.

An UPDATE with FROM, or a subquery in its WHERE or in a key's new value, is refused
outright when it sets a key from the row's values: its rows cannot be named again in the
check without changing what its column references mean.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlglot
from sqlglot import exp

__all__ = ["key_moves"]

MOVED_ONTO_UPDATED_KEY = (
    "an UPDATE that gives a row the unique key another row it updates had is not supported"
    " by this demo: Postgres checks each row's key as it writes it, in the order the rows"
    " are stored, which DuckDB, its engine, does not follow; update them in two steps"
)
_NOT_CHECKABLE = (
    "an UPDATE ... FROM, or with a subquery, that sets a unique key from the row's own"
    " values is not supported by this demo: Postgres checks each row's key as it writes"
    " it, in the order the rows are stored, which DuckDB, its engine, does not follow"
)
_NEW, _OLD = "helio_new_keys", "helio_old_keys"


def _reads_columns(node: exp.Expr) -> bool:
    return next(node.find_all(exp.Column), None) is not None


def _on(node: exp.Expr, alias: str, names: set[str]) -> exp.Expr:
    """A copy of `node` whose references to the updated table's columns (bare, or
    qualified with `names`) read the row of `alias` instead."""
    copy = node.copy()
    for column in copy.find_all(exp.Column):
        if not column.table or column.table.lower() in names:
            column.set("table", exp.to_identifier(alias))
            column.set("db", None)
            column.set("catalog", None)
    return copy


def _part(part: str) -> exp.Expr:
    """A key part as the schema gives it: a column's name, or an index's expression in
    parentheses (group_by_key.load_keys)."""
    return sqlglot.parse_one(part, read="duckdb") if part.startswith("(") else exp.column(part)


def _columns(key: list[str]) -> set[str]:
    """The columns a key's parts read."""
    return {c.name.lower() for part in key for c in _part(part).find_all(exp.Column)}


def key_moves(
    tree: exp.Expr, primary_keys: dict[str, list[str]], unique_keys: dict[str, list[list[str]]]
) -> str | None:
    """Adds the check above to an UPDATE that sets a column of a unique key (the primary
    key, a UNIQUE constraint, a unique index) from the row's values; returns a refusal's
    message where the check cannot be written; else None."""
    if not isinstance(tree, exp.Update) or not isinstance(tree.this, exp.Table):
        return None
    table = tree.this
    name = table.name.lower()
    keys = ([primary_keys[name]] if primary_keys.get(name) else []) + unique_keys.get(name, [])
    new_values: dict[str, exp.Expr] = {}
    for assignment in tree.expressions:
        if isinstance(assignment, exp.EQ) and isinstance(assignment.this, exp.Column):
            new_values[assignment.this.name.lower()] = assignment.expression
    moved = [
        key
        for key in keys
        if any(c in new_values and _reads_columns(new_values[c]) for c in _columns(key))
    ]
    if not moved:
        return None
    where = tree.args.get("where")
    condition = where.this if isinstance(where, exp.Where) else None
    read = [new_values[c] for key in moved for c in _columns(key) if c in new_values]
    if tree.args.get("from_") or any(
        next(n.find_all(exp.Subquery, exp.Select), None)
        for n in read + ([condition] if condition is not None else [])
    ):
        return _NOT_CHECKABLE
    rows = _UpdatedRows(table, condition)
    collide = exp.or_(*(exp.Exists(this=rows.collisions(key, new_values)) for key in moved))
    check = exp.Case(
        ifs=[
            exp.If(this=collide, true=exp.func("error", exp.Literal.string(MOVED_ONTO_UPDATED_KEY)))
        ],
        default=exp.true(),
    )
    tree.set("where", exp.Where(this=exp.and_(condition, check) if condition else check))
    return None


class _UpdatedRows:
    """The rows an UPDATE of `table` writes (those `condition` keeps), named again."""

    def __init__(self, table: exp.Table, condition: exp.Expr | None) -> None:
        self.table = table
        self.condition = condition
        self.names = {table.name.lower(), table.alias_or_name.lower()}

    def _select(self, alias: str, keys: list[exp.Expr]) -> exp.Select:
        """Each updated row's `keys` (k0, k1, ...) and its rowid (r)."""
        source = exp.Table(this=exp.to_identifier(self.table.name), db=self.table.args.get("db"))
        select = exp.select(
            *(exp.alias_(k, f"k{i}") for i, k in enumerate(keys)),
            exp.alias_(exp.column("rowid", table=alias), "r"),
        ).from_(source.as_(alias))
        if self.condition is None:
            return select
        return select.where(_on(self.condition, alias, self.names))

    def collisions(self, key: list[str], new_values: dict[str, exp.Expr]) -> exp.Select:
        """The updated rows whose new `key` is the key another updated row has now."""

        def new(column: exp.Column) -> exp.Expr:
            name = column.name.lower()
            return (
                _on(new_values[name], "n", self.names) if name in new_values else _of("n")(column)
            )

        new_keys = [_each_column(_part(part), new) for part in key]
        old_keys = [_each_column(_part(part), _of("o")) for part in key]
        same = [exp.column(f"k{i}", _NEW).eq(exp.column(f"k{i}", _OLD)) for i in range(len(key))]
        return (
            exp.select("1")
            .from_(self._select("n", new_keys).subquery(_NEW))
            .join(
                self._select("o", old_keys).subquery(_OLD),
                on=exp.and_(*same, exp.column("r", _NEW).neq(exp.column("r", _OLD))),
            )
        )


def _of(alias: str) -> Callable[[exp.Column], exp.Expr]:
    """The column of the row named `alias`."""
    return lambda column: exp.column(column.name, alias)


def _each_column(part: exp.Expr, replace: Callable[[exp.Column], exp.Expr]) -> exp.Expr:
    return part.transform(lambda n: replace(n) if isinstance(n, exp.Column) else n)
