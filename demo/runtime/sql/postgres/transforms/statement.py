"""Where things are in a parsed statement, and the rewrites of its whole shape.

- `values_lists`: VALUES read as Postgres reads it (a query, columns column1...).
- `output_targets`: the expressions that name a statement's result columns.
- `written_literals`: the string literals an INSERT or UPDATE writes, with their
  column's DuckDB type (for the literal rewrites of other families).
- `strip_foreign_keys`: DuckDB refuses any UPDATE of a row that a foreign key
  references (its updates are delete + insert), which breaks ordinary app writes;
  the keys are checked by `foreign_keys.py` instead.
- `row_subquery_assignments`: `UPDATE ... SET (a, b) = (SELECT ...)` as one subquery
  per column, and SET's DEFAULT as DuckDB's keyword.
- `created_without_data`: `CREATE TABLE ... AS query WITH [NO] DATA`, which DuckDB's
  SQL has no clause for (sqlglot drops it, and the table would be filled regardless).
- `insert_alias_in_returning`: `INSERT INTO t AS x ... RETURNING x.a` (DuckDB knows no
  `x` there) reads `a`; `RETURNING t.a` is Postgres' error (the alias hides `t`).
- `locking_clause_errors`: FOR UPDATE/SHARE of a grouped, DISTINCT or windowed query,
  refused in Postgres' words (sqlglot drops the clause for DuckDB, which answered).
- `table_sample_errors`: TABLESAMPLE of what Postgres cannot sample (a subquery, a WITH
  query), by a method it lacks or of a size past 100 %, refused in its words, and with
  REPEATABLE, refused (DuckDB answered all of them).
"""

from __future__ import annotations

from sqlglot import exp

from .volatility import draws_anew

__all__ = [
    "created_without_data",
    "insert_alias_in_returning",
    "insert_columns",
    "is_assignment",
    "is_default_keyword",
    "locking_clause_errors",
    "output_targets",
    "target_table",
    "row_subquery_assignments",
    "strip_foreign_keys",
    "table_sample_errors",
    "values_lists",
    "written_literals",
    "written_types",
    "written_values",
]


def values_lists(tree: exp.Expr) -> exp.Expr:
    """VALUES as Postgres reads it: a query of its own, columns named column1, column2...

    DuckDB names them col0, col1, and a statement that is only VALUES would otherwise
    run as a command with no rows. A column of bare NULLs is text. A VALUES list an
    INSERT reads is left alone.
    """
    # `(SELECT ...)` on its own is the query (else DuckDB's answer has no rows); with
    # ORDER BY/LIMIT/OFFSET after the parentheses, a query over it.
    while isinstance(tree, exp.Subquery) and not tree.alias:
        extra = {k: v for k, v in tree.args.items() if v and k != "this"}
        if not extra:
            tree = tree.this
            continue
        if set(extra) <= {"order", "limit", "offset"}:
            alias = exp.TableAlias(this=exp.to_identifier("q"))
            outer = exp.select("*").from_(exp.Subquery(this=tree.this, alias=alias))
            for key, value in extra.items():
                outer.set(key, value)
            tree = outer
        break
    if isinstance(tree, exp.Values):
        tree = exp.select("*").from_(exp.Subquery(this=tree.copy()))
        inner = tree.find(exp.Values)
        tree.args["from_"].set("this", inner)
    for values in list(tree.find_all(exp.Values)):
        if isinstance(values.parent, exp.Insert) or not values.expressions:
            continue
        first = values.expressions[0]
        width = len(first.expressions) if isinstance(first, exp.Tuple) else 1
        values_alias = values.args.get("alias")
        if values_alias is None:
            values_alias = exp.TableAlias(this=exp.to_identifier("*VALUES*", quoted=True))
            values.set("alias", values_alias)
        if not values_alias.columns:
            names = [exp.to_identifier(f"column{i}") for i in range(1, width + 1)]
            values_alias.set("columns", names)
        _untyped_nulls_as_text(values, width)
        parent = values.parent
        scalar = isinstance(parent, exp.Subquery) and not isinstance(
            parent.parent, exp.From | exp.Join
        )
        if scalar or isinstance(parent, exp.In | exp.Exists):
            # `(VALUES (1))` as a value, IN list or EXISTS: a query over the list.
            columns = [exp.column(c.copy()) for c in values_alias.columns]
            values.replace(exp.select(*columns).from_(values.copy()))
    return tree


def _untyped_nulls_as_text(values: exp.Values, width: int) -> None:
    """A column of nothing but bare NULLs is text, as Postgres resolves its unknown type.

    DuckDB's type for it differs by version (the native package's NULL type, which reads
    as text here; duckdb-wasm's INTEGER): the first NULL is cast to say so.
    """
    rows = [row.expressions if isinstance(row, exp.Tuple) else [row] for row in values.expressions]
    if any(len(row) != width for row in rows):
        return
    for i in range(width):
        if all(isinstance(row[i], exp.Null) for row in rows):
            rows[0][i].replace(exp.cast(exp.null(), exp.DataType.build("text")))


def output_targets(tree: exp.Expr) -> list[exp.Expr]:
    """The expressions that name a statement's result columns: select list or RETURNING."""
    query = tree
    while isinstance(query, exp.SetOperation | exp.Subquery):  # `(SELECT 2) UNION ...`
        query = query.this
    if isinstance(tree, exp.Insert | exp.Update | exp.Delete):
        returning = tree.args.get("returning")
        return list(returning.expressions) if returning else []
    return list(query.expressions) if isinstance(query, exp.Select) else []


def strip_foreign_keys(tree: exp.Expr) -> list[str]:
    """Drop REFERENCES / FOREIGN KEY from a CREATE TABLE; return what was dropped."""
    dropped = []
    for node in list(tree.find_all(exp.Reference, exp.ForeignKey)):
        dropped.append(node.sql("postgres"))
        parent = node.parent
        if (
            isinstance(parent, exp.ColumnConstraint | exp.Constraint)
            and len([c for c in parent.args.values() if c]) <= 2
        ):
            parent.pop()
        else:
            node.pop()
    return dropped


def target_table(tree: exp.Expr) -> exp.Expr | None:
    """What a statement writes (INSERT, UPDATE, DELETE, MERGE) or makes: its `this`, an
    INSERT's column list looked through; an `exp.Table` where it names a table."""
    target = tree.this
    return target.this if isinstance(target, exp.Schema) else target


def insert_columns(tree: exp.Insert, table_types: dict[str, dict[str, str]]) -> list[str]:
    """The columns an INSERT writes, in order: its column list, else its table's columns."""
    target = tree.this
    if isinstance(target, exp.Schema):
        return [c.name.lower() for c in target.expressions]
    return list(table_types.get(target.name.lower(), {})) if isinstance(target, exp.Table) else []


def written_values(
    tree: exp.Expr, table_types: dict[str, dict[str, str]]
) -> list[tuple[exp.Expr, str]]:
    """(value, its column) for INSERT ... VALUES and UPDATE ... SET into a table of
    `table_types`, for the columns `table_types` names."""
    found: list[tuple[exp.Expr, str]] = []
    if isinstance(tree, exp.Insert):
        table = target_table(tree)
        types = table_types.get(table.name.lower(), {}) if isinstance(table, exp.Table) else {}
        names = insert_columns(tree, table_types)
        values = tree.expression
        if isinstance(values, exp.Values):
            for row in values.expressions:
                for name, value in zip(names, row.expressions, strict=False):
                    if name in types:
                        found.append((value, name))
    elif isinstance(tree, exp.Update) and isinstance(tree.this, exp.Table):
        types = table_types.get(tree.this.name.lower(), {})
        for assignment in tree.expressions:
            if isinstance(assignment, exp.EQ) and isinstance(assignment.this, exp.Column):
                name = assignment.this.name.lower()
                if name in types:
                    found.append((assignment.expression, name))
    return found


def written_types(
    tree: exp.Expr, table_types: dict[str, dict[str, str]]
) -> list[tuple[exp.Expr, str]]:
    """(value, DuckDB type of its column) for INSERT ... VALUES and UPDATE ... SET."""
    if not isinstance(tree, exp.Insert | exp.Update):
        return []
    target = target_table(tree)
    types = table_types.get(target.name.lower(), {}) if isinstance(target, exp.Table) else {}
    return [(value, types[name]) for value, name in written_values(tree, table_types)]


def written_literals(
    tree: exp.Expr, table_types: dict[str, dict[str, str]]
) -> list[tuple[exp.Literal, str]]:
    """(string literal, DuckDB type of its column) for INSERT ... VALUES and UPDATE ... SET."""
    return [
        (value, duck_type)
        for value, duck_type in written_types(tree, table_types)
        if isinstance(value, exp.Literal) and value.is_string
    ]


def _row_picking(query: exp.Select) -> bool:
    """Whether a copy with fewer columns could pick other rows (DISTINCT, LIMIT)."""
    return any(query.args.get(k) for k in ("distinct", "limit", "offset", "fetch"))


def is_default_keyword(value: exp.Expr) -> bool:
    """The keyword DEFAULT: in VALUES sqlglot reads it as a word, in SET as a column
    (Postgres reserves the word: a column of that name is written quoted)."""
    if isinstance(value, exp.Var):
        return value.name.upper() == "DEFAULT"
    return (
        isinstance(value, exp.Column)
        and not value.table
        and (value.this.name.upper() == "DEFAULT" and not value.this.quoted)
    )


def _default_keywords(tree: exp.Update) -> None:
    """`SET a = DEFAULT`, `SET (a, b) = (1, DEFAULT)`: DuckDB's keyword, not a column."""
    for item in tree.expressions:
        value = item.expression if isinstance(item, exp.EQ) else None
        values = value.expressions if isinstance(value, exp.Tuple) else [value]
        for one in values:
            if one is not None and is_default_keyword(one):
                one.replace(exp.var("DEFAULT"))


def row_subquery_assignments(tree: exp.Expr) -> str | None:
    """`UPDATE ... SET (a, b) = (SELECT x, y ...)` as `SET a = (SELECT x ...), b =
    (SELECT y ...)`: DuckDB assigns a subquery to one column only. Each copy reads the
    same rows of the same snapshot, so each column gets its value of the one row (and
    more than one row fails in both, as an error)."""
    if not isinstance(tree, exp.Update):
        return None
    _default_keywords(tree)
    assignments: list[exp.Expr] = []
    for item in tree.expressions:
        target, value = item.this, item.expression
        if not (isinstance(item, exp.EQ) and isinstance(target, exp.Tuple)):
            assignments.append(item)
            continue
        query = value.this if isinstance(value, exp.Subquery) else None
        if not isinstance(query, exp.Select):
            assignments.append(item)
            continue
        if len(query.expressions) != len(target.expressions) or query.is_star:
            assignments.append(item)  # DuckDB refuses it
            continue
        # A volatile call in each copied subquery would not give one row's columns.
        if draws_anew(query) or _row_picking(query):
            return (
                "UPDATE ... SET (columns) = (subquery) with DISTINCT, LIMIT or a volatile"
                " function is not supported by this demo"
            )
        for column, selected in zip(target.expressions, query.expressions, strict=True):
            single = query.copy()
            single.set("expressions", [selected.copy()])
            assignments.append(exp.EQ(this=column.copy(), expression=exp.Subquery(this=single)))
    tree.set("expressions", assignments)
    return None


def created_without_data(tree: exp.Expr) -> None:
    """`CREATE TABLE t AS query WITH NO DATA` as the same query read for no rows (the
    columns and their types kept); `WITH DATA`, Postgres' default, dropped."""
    properties = tree.args.get("properties") if isinstance(tree, exp.Create) else None
    clause = properties.find(exp.WithDataProperty) if properties else None
    if properties is None or clause is None:
        return
    clause.pop()
    if not properties.expressions:
        properties.pop()
    query = tree.expression
    if clause.args.get("no") and isinstance(query, exp.Query):
        empty = exp.select("*").from_(query.subquery("without_data")).limit(0)
        tree.set("expression", empty)


def insert_alias_in_returning(tree: exp.Expr) -> str | None:
    """RETURNING's references to an INSERT's alias as references to its table; the
    refusal of a reference to the table's own name, which the alias hides, or None."""
    target = tree.this if isinstance(tree, exp.Insert) else None
    if isinstance(target, exp.Schema):
        target = target.this
    returning = tree.args.get("returning")
    if not isinstance(target, exp.Table) or not target.alias or returning is None:
        return None
    alias, name = target.alias.lower(), target.name.lower()
    for column in returning.find_all(exp.Column):
        qualifier = column.table.lower()
        if qualifier == alias:
            column.set("table", None)  # RETURNING reads the one table it writes
        elif qualifier == name:
            return f'invalid reference to FROM-clause entry for table "{target.name}"'
    return None


def is_assignment(node: exp.Expr) -> bool:
    """Whether `node` is an `x = v` of a SET list (UPDATE, ON CONFLICT, MERGE's UPDATE),
    not a comparison."""
    return isinstance(node, exp.EQ) and isinstance(node.parent, exp.Update | exp.OnConflict)


def _lock_name(lock: exp.Lock) -> str:
    if lock.args.get("update"):
        return "FOR NO KEY UPDATE" if lock.args.get("key") else "FOR UPDATE"
    return "FOR KEY SHARE" if lock.args.get("key") else "FOR SHARE"


def _own(select: exp.Select, kind: type[exp.Expr]) -> bool:
    """Whether `select` itself (not a subquery in it) holds a node of `kind`."""

    def another_query(node: exp.Expr) -> bool:
        return node is not select and isinstance(node, exp.Query)

    return any(isinstance(n, kind) for n in select.walk(prune=another_query))


def locking_clause_errors(tree: exp.Expr) -> str | None:
    """Postgres' refusal of FOR UPDATE/SHARE where it cannot lock the rows read: a
    grouped, DISTINCT or windowed query's. DuckDB has no row locks, and a demo has one
    session, so a FOR UPDATE that Postgres takes is answered as a plain read."""
    for select in tree.find_all(exp.Select):
        locks = select.args.get("locks") or []
        if not locks:
            continue
        where = (
            "DISTINCT clause" if select.args.get("distinct")
            else "GROUP BY clause" if select.args.get("group")
            else "HAVING clause" if select.args.get("having")
            else "aggregate functions" if _own(select, exp.AggFunc)
            else "window functions" if _own(select, exp.Window)
            else None
        )  # fmt: skip
        if where is not None:
            return f"{_lock_name(locks[0])} is not allowed with {where}"
    return None


def table_sample_errors(tree: exp.Expr) -> str | None:
    """Postgres' refusals of TABLESAMPLE on a subquery (its grammar has no place for it)
    or a WITH query, which DuckDB samples, by a method Postgres lacks (DuckDB's
    reservoir) and of a size past 100 %; and REPEATABLE (seed), where Postgres draws
    fixed rows for a seed and DuckDB others (without a seed any sample is Postgres' too).
    A sample of a view, which Postgres refuses too, is refused by the engine as it runs
    (`engine._samples_a_view`): the statement does not say which names are views."""
    with_names = {cte.alias_or_name.lower() for cte in tree.find_all(exp.CTE)}
    for sample in tree.find_all(exp.TableSample):
        sampled = sample.parent
        if isinstance(sampled, exp.Subquery):
            return 'syntax error at or near "TABLESAMPLE"'
        if isinstance(sampled, exp.Table) and not sampled.db and sampled.name.lower() in with_names:
            return "TABLESAMPLE clause can only be applied to tables and materialized views"
        method = sample.args.get("method")
        if method is not None and method.name.upper() not in ("BERNOULLI", "SYSTEM"):
            return f"tablesample method {method.name.lower()} does not exist"  # DuckDB's RESERVOIR
        size = sample.args.get("percent")  # sqlglot reads no sign, NULL or string there
        if isinstance(size, exp.Literal) and not 0 <= float(size.this) <= 100:
            return "sample percentage must be between 0 and 100"
    for sample in tree.find_all(exp.TableSample):
        seed = sample.args.get("seed")
        if seed is not None and not isinstance(seed, exp.Null):
            return (
                "TABLESAMPLE ... REPEATABLE is not supported by this demo (DuckDB, its engine,"
                " draws other rows than Postgres for a seed)"
            )
    return None
