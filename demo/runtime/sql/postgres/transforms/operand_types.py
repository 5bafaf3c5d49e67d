"""Comparisons and set operations of text with numbers or booleans, refused as Postgres
refuses them.

Postgres has no `text = integer` operator and no common type for a UNION of text and
integer columns: `SELECT * FROM (VALUES (NULL)) v(v) WHERE v = 1` fails with "operator
does not exist: text = integer" (a VALUES column of NULLs is text), and
`VALUES (NULL) UNION VALUES (1)` with "UNION types text and integer cannot be matched".
DuckDB casts one side to the other and answers. Here each operand's type is inferred by
sqlglot (`annotate_types`, the tables' columns from the database); where one side is
text and the other a number or a boolean (or a number and a boolean), the statement is
refused with Postgres' message. A string literal is not text to Postgres (it takes the
other side's type), so it never counts; nor does an operand whose type is not known.

Postgres also wants a boolean where a condition goes (WHERE, HAVING, JOIN ... ON, CASE
WHEN, FILTER, a CREATE TABLE's CHECK, and the operands of AND, OR, NOT and IS TRUE): `SELECT 1 WHERE 1` fails
with "argument of WHERE must be type boolean, not type integer", where DuckDB casts the
number and answers. And it has no `||` between two numbers or booleans (`true || false`,
"operator does not exist: boolean || boolean"), where DuckDB joins their text. Both are
refused here from the same inferred types; a string literal again never counts (Postgres
reads it as a boolean, or as text for `||`).

That literal is the other half: `SELECT 1 UNION SELECT '2'` is integer to Postgres
(and `SELECT 1 UNION SELECT 'a'` an input error), where DuckDB answers text. So a set
operation's string literals are cast to the type the other branch gives their column
(`set_operation_literals`), resolved pair by pair from the innermost, as Postgres does.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from sqlglot import exp
from sqlglot.optimizer.annotate_types import annotate_types
from sqlglot.optimizer.qualify import qualify

from ..declared import base_name

__all__ = [
    "mismatched_operand_types",
    "number_literal_type",
    "operand_type_name",
    "set_operation_literals",
]

_T = exp.DataType.Type
_NAMES = {
    _T.TEXT: "text", _T.VARCHAR: "character varying", _T.CHAR: "character",
    _T.NCHAR: "character", _T.NVARCHAR: "character varying",
    _T.SMALLINT: "smallint", _T.INT: "integer", _T.BIGINT: "bigint",
    _T.DECIMAL: "numeric", _T.DOUBLE: "double precision", _T.FLOAT: "real",
    _T.BOOLEAN: "boolean",
}  # fmt: skip
_TEXT = {_T.TEXT, _T.VARCHAR, _T.CHAR, _T.NCHAR, _T.NVARCHAR}
_BOOLEAN = {_T.BOOLEAN}
_COMPARISONS = {exp.EQ: "=", exp.NEQ: "<>", exp.GT: ">", exp.GTE: ">=", exp.LT: "<", exp.LTE: "<="}
_SET_WORDS = {exp.Union: "UNION", exp.Intersect: "INTERSECT", exp.Except: "EXCEPT"}
_INT4 = 2**31
_INT8 = 2**63


def number_literal_type(node: exp.Literal) -> str:
    """Postgres' type of a number literal: integer, bigint or numeric, by its value."""
    text = node.this
    if text.isdigit():
        value = int(text)
        return "integer" if value < _INT4 else "bigint" if value < _INT8 else "numeric"
    return "numeric"


def _postgres_type(node: exp.Expr, declared: dict[str, str]) -> tuple[str, str] | None:
    """(category, Postgres type name) of an operand, or None where not known or where
    Postgres resolves it from the other side (a string literal, NULL)."""
    if isinstance(node, exp.Paren):
        return _postgres_type(node.this, declared)
    if isinstance(node, exp.Literal):
        return None if node.is_string else ("number", number_literal_type(node))
    if isinstance(node, exp.Neg) and isinstance(node.this, exp.Literal) and node.this.is_number:
        return "number", number_literal_type(node.this)
    if isinstance(node, exp.Boolean):
        return "boolean", "boolean"
    if isinstance(node, exp.Null | exp.Placeholder | exp.SubqueryPredicate):
        return None  # `= ALL (...)`, `= ANY (...)`: typed as their result, not their rows
    data_type = node.type
    kind = data_type.this if isinstance(data_type, exp.DataType) else None
    if kind not in _NAMES or (isinstance(data_type, exp.DataType) and data_type.expressions):
        if kind is _T.DECIMAL:  # numeric(p, s)
            return "number", "numeric"
        if kind in _TEXT:  # varchar(n)
            return "text", _NAMES[kind]
        return None
    name = _NAMES[kind]
    if kind in _TEXT:
        # A table's column is VARCHAR to DuckDB whatever Postgres declared.
        name = "text"
        if isinstance(node, exp.Column):
            name = {"varchar": "character varying", "bpchar": "character"}.get(
                base_name(declared.get(node.name.lower(), "")), "text"
            )
        elif isinstance(node, exp.Cast):
            name = _NAMES[kind]
        return "text", name
    return ("boolean" if kind in _BOOLEAN else "number"), name


def _mismatch(
    left: tuple[str, str] | None, right: tuple[str, str] | None
) -> tuple[str, str] | None:
    if left is None or right is None or left[0] == right[0]:
        return None
    return left[1], right[1]


def _branch_outputs(query: exp.Expr) -> list[exp.Expr]:
    while isinstance(query, exp.Subquery | exp.SetOperation):
        query = query.this
    if not isinstance(query, exp.Select):
        return []
    return [e.unalias() for e in query.selects]


def _literals_take_the_column_type(tree: exp.Expr) -> None:
    """A VALUES column's string literals dropped where another row of it has a type:
    Postgres reads them as that type (`(VALUES (1.0::float8), ('inf'))` is float8), where
    sqlglot would type the column text. A column of nothing but them stays text."""
    for values in tree.find_all(exp.Values):
        rows = [r.expressions for r in values.expressions if isinstance(r, exp.Tuple)]
        if len(rows) != len(values.expressions) or len({len(r) for r in rows}) != 1:
            continue
        for i in range(len(rows[0]) if rows else 0):
            column = [row[i] for row in rows]
            untyped = [v for v in column if isinstance(v, exp.Null) or v.is_string]
            if len(untyped) < len(column):
                for value in untyped:
                    value.replace(exp.null())


def _typed(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> exp.Expr | None:
    schema: dict[str, object] = {table: dict(columns) for table, columns in table_types.items()}
    copy = tree.copy()
    _literals_take_the_column_type(copy)
    try:
        typed = qualify(
            copy,
            schema=schema,
            dialect="postgres",
            validate_qualify_columns=False,
            quote_identifiers=False,
            identify=False,
        )
        return annotate_types(typed, schema=schema, dialect="postgres")
    except Exception:  # noqa: BLE001 - a tree sqlglot cannot type: nothing is known
        return None


def _as_query(tree: exp.Expr) -> exp.Expr:
    """An UPDATE's or DELETE's WHERE as a query over its tables (which sqlglot types;
    SET is left out: Postgres casts a value assigned to a text column), else `tree`."""
    where = tree.args.get("where")
    if not isinstance(tree, exp.Update | exp.Delete) or where is None:
        return tree
    if not isinstance(tree.this, exp.Table):
        return tree
    query = exp.select("1").from_(tree.this.copy())
    more = tree.args.get("from_") if isinstance(tree, exp.Update) else None
    joined = [more.this] if isinstance(more, exp.From) else []
    joined += tree.args.get("using") or [] if isinstance(tree, exp.Delete) else []
    for table in joined:
        query = query.join(table.copy())
    return query.where(where.this.copy())


# Conditions: what Postgres checks is boolean itself, whatever its operands.
_BOOLEAN_SHAPES = (exp.Predicate, exp.Connector, exp.Not, exp.Boolean, exp.Null, exp.Placeholder)


def _boolean_arguments(tree: exp.Expr) -> Iterator[tuple[str, exp.Expr]]:
    """Each operand Postgres requires to be boolean, with the word its message names the
    place by (`argument of JOIN/ON must be type boolean`)."""
    for node in tree.walk():
        if isinstance(node, exp.And | exp.Or):
            word = "AND" if isinstance(node, exp.And) else "OR"
            yield word, node.this
            yield word, node.expression
        elif isinstance(node, exp.Not):
            inner = node.this.unnest()
            if not _is_truth_test(inner):  # `x IS NOT TRUE`: the IS names it
                yield "NOT", node.this
        elif _is_truth_test(node):
            negated = isinstance(node.parent, exp.Not)  # sqlglot's `x IS NOT TRUE`
            truth = "TRUE" if node.expression.this else "FALSE"
            yield f"IS {'NOT ' if negated else ''}{truth}", node.this
        elif isinstance(node, exp.Where):
            yield "FILTER" if isinstance(node.parent, exp.Filter) else "WHERE", node.this
        elif isinstance(node, exp.Having):
            yield "HAVING", node.this
        elif isinstance(node, exp.Join) and node.args.get("on") is not None:
            yield "JOIN/ON", node.args["on"]
        elif isinstance(node, exp.Case) and node.this is None:  # `CASE x WHEN 1` compares
            for branch in node.args.get("ifs") or []:
                yield "CASE/WHEN", branch.this


def _is_truth_test(node: exp.Expr) -> bool:
    return isinstance(node, exp.Is) and isinstance(node.expression, exp.Boolean)


def _maybe_not_boolean(operand: exp.Expr) -> bool:
    """Whether an operand's type must be looked at: not a comparison, a connective or a
    constant Postgres reads as boolean (a string literal, NULL)."""
    operand = operand.unnest()
    if isinstance(operand, exp.Literal):
        return not operand.is_string
    return not isinstance(operand, _BOOLEAN_SHAPES)


def _concatenations(tree: exp.Expr) -> Iterator[exp.DPipe]:
    return (n for n in tree.walk() if isinstance(n, exp.DPipe))


def operand_type_name(node: exp.Expr, declared: dict[str, str] | None = None) -> str | None:
    """Postgres' name of an operand's type, arrays included (`integer[]`), or None. In a
    tree sqlglot has not typed, only literals and casts are known."""
    declared = declared or {}
    data_type = node.type
    if isinstance(data_type, exp.DataType) and data_type.this is _T.ARRAY:
        element = data_type.expressions[0] if data_type.expressions else None
        kind = element.this if isinstance(element, exp.DataType) else None
        if kind not in _NAMES or element.expressions:  # type: ignore[union-attr]
            return None
        return f"{'text' if kind in _TEXT else _NAMES[kind]}[]"  # DuckDB's lists are of text
    found = _postgres_type(node, declared)
    return found[1] if found else None


def _added_arrays(typed: exp.Expr, declared: dict[str, str]) -> str | None:
    """`+` of two arrays: Postgres has no such operator; DuckDB joins the lists."""
    for node in typed.find_all(exp.Add):
        types = [operand_type_name(side, declared) for side in (node.this, node.expression)]
        if all(types) and any(t.endswith("[]") for t in types):  # type: ignore[union-attr]
            return f"operator does not exist: {types[0]} + {types[1]}"
    return None


def _non_boolean_argument(typed: exp.Expr, declared: dict[str, str]) -> str | None:
    for word, operand in _boolean_arguments(typed):
        if not _maybe_not_boolean(operand):
            continue
        found = _postgres_type(operand, declared)
        if found is not None and found[0] != "boolean":
            return f"argument of {word} must be type boolean, not type {found[1]}"
    return None


def _concatenated_non_text(typed: exp.Expr, declared: dict[str, str]) -> str | None:
    """`||` of two numbers or booleans: Postgres' `||` takes text (or arrays) on a side."""
    for node in _concatenations(typed):
        left = _postgres_type(node.this, declared)
        right = _postgres_type(node.expression, declared)
        if left and right and "text" not in (left[0], right[0]):
            return f"operator does not exist: {left[1]} || {right[1]}"
    return None


def _non_boolean_check(tree: exp.Expr) -> str | None:
    """CREATE TABLE's `CHECK (a)` of a column that is not boolean, typed from the columns
    the statement defines (the database does not hold them yet)."""
    schema = tree.this if isinstance(tree, exp.Create) else None
    if not isinstance(schema, exp.Schema) or not isinstance(schema.this, exp.Table):
        return None
    checks = [c.this for c in schema.find_all(exp.CheckColumnConstraint)]
    if not any(_maybe_not_boolean(check) for check in checks):
        return None
    columns = {
        d.name.lower(): d.args["kind"].sql(dialect="postgres")
        for d in schema.expressions
        if isinstance(d, exp.ColumnDef) and d.args.get("kind") is not None
    }
    table = schema.this.name.lower()
    for check in checks:
        if not _maybe_not_boolean(check):
            continue
        query = _typed(exp.select(check.copy()).from_(table), {table: columns})
        found = _postgres_type(query.selects[0], {}) if isinstance(query, exp.Select) else None
        if found is not None and found[0] != "boolean":
            return f"argument of CHECK must be type boolean, not type {found[1]}"
    return None


def mismatched_operand_types(
    tree: exp.Expr, table_types: dict[str, dict[str, str]], declared: dict[str, str]
) -> str | None:
    """Postgres' refusal of a comparison or set operation of text with a number or a
    boolean (or of a number with a boolean), of a condition that is not boolean, or of
    `||` between numbers or booleans; or None. `declared`: column -> declared type DuckDB
    keeps as VARCHAR (`varchar`, `bpchar`), for the message."""
    refused = _non_boolean_check(tree)
    if refused is not None:
        return refused
    compares = any(isinstance(n, tuple(_COMPARISONS) + (exp.SetOperation,)) for n in tree.walk())
    conditions = any(_maybe_not_boolean(operand) for _, operand in _boolean_arguments(tree))
    concatenates = next(_concatenations(tree), None) is not None
    adds_arrays = any(
        isinstance(side, exp.Array | exp.Column)
        for node in tree.find_all(exp.Add)
        for side in (node.this, node.expression)
    )
    if not (compares or conditions or concatenates or adds_arrays):
        return None
    typed = _typed(_as_query(tree), table_types)
    if typed is None:
        return None
    for root in _set_operation_roots(typed):
        for i in range(len(_branch_outputs(root))):
            try:
                _resolve(root, root, i, declared)
            except _Unmatched as unmatched:
                return str(unmatched)
    for node in typed.walk():
        if isinstance(node, exp.Binary) and type(node) in _COMPARISONS:
            found = _mismatch(
                _postgres_type(node.this, declared), _postgres_type(node.expression, declared)
            )
            if found:
                return f"operator does not exist: {found[0]} {_COMPARISONS[type(node)]} {found[1]}"
    return (
        _non_boolean_argument(typed, declared)
        or _concatenated_non_text(typed, declared)
        or _added_arrays(typed, declared)
    )


# A set operation's column: a type, or Postgres' "unknown" (string literals and NULLs
# only, which the other branch decides), or None where the type is not known here.
_UNKNOWN = ("unknown", "unknown")


def _leaf_column(
    original: exp.Expr, typed: exp.Expr, i: int, declared: dict[str, str]
) -> tuple[tuple[str, str] | None, list[exp.Literal]]:
    """The type of column `i` of a set operation's side, and the string literals of that
    column that would take the other side's type. `original` and `typed` are the same
    side in the statement and in its typed copy."""
    while isinstance(original, exp.Subquery) and isinstance(typed, exp.Subquery):
        original, typed = original.this, typed.this
    if isinstance(original, exp.SetOperation) and isinstance(typed, exp.SetOperation):
        return _resolve(original, typed, i, declared)
    if not isinstance(original, exp.Select) or not isinstance(typed, exp.Select):
        return None, []
    mine, theirs = original.selects, typed.selects
    if i >= len(theirs):
        return None, []
    typed_value = theirs[i].unalias()
    if not isinstance(typed_value, exp.Null) and not (
        isinstance(typed_value, exp.Literal) and typed_value.is_string
    ):
        return _postgres_type(typed_value, declared), []
    if len(mine) != len(theirs):  # a star the typed copy expanded: the literal is not found
        return None, []
    value = mine[i].unalias()
    return _UNKNOWN, [value] if isinstance(value, exp.Literal) and value.is_string else []


class _Unmatched(Exception):
    """A set operation's column of text on one side and a number or boolean on the other."""

    def __init__(self, node: exp.SetOperation, left: str, right: str) -> None:
        word = _SET_WORDS.get(type(node), "UNION")
        super().__init__(f"{word} types {left} and {right} cannot be matched")


def _resolve(
    original: exp.SetOperation, typed: exp.SetOperation, i: int, declared: dict[str, str]
) -> tuple[tuple[str, str] | None, list[exp.Literal]]:
    """Column `i` of a set operation, as Postgres resolves it pair by pair: where one side
    is unknown and the other a number or a boolean, the unknown side's literals are cast
    to it; both unknown is text; text against a number or boolean raises `_Unmatched`."""
    left, left_literals = _leaf_column(original.this, typed.this, i, declared)
    right, right_literals = _leaf_column(original.expression, typed.expression, i, declared)
    if left is None or right is None:
        return None, []
    if left == _UNKNOWN and right == _UNKNOWN:
        return ("text", "text"), []
    for side, other, literals in ((left, right, left_literals), (right, left, right_literals)):
        if side == _UNKNOWN:
            if other[0] in ("number", "boolean"):
                for literal in literals:
                    literal.replace(exp.cast(literal.copy(), other[1], dialect="postgres"))
            return other, []
    found = _mismatch(left, right)
    if found:
        raise _Unmatched(original, *found)
    return left, []


def _recursive_body(node: exp.SetOperation, parent: exp.Expr | None) -> bool:
    """Whether `node` is the body of a CTE that reads itself: Postgres types its columns
    from the first branch alone (`WITH RECURSIVE t(n) AS (SELECT '7' UNION ALL SELECT
    n + 1 FROM t)` is text, and `n + 1` then fails)."""
    if not isinstance(parent, exp.CTE):
        return False
    name = parent.alias_or_name.lower()
    return any(t.name.lower() == name for t in node.expression.find_all(exp.Table))


def _set_operation_roots(tree: exp.Expr, *, recursive: bool = True) -> list[exp.SetOperation]:
    """The set operations not inside another one's branches, in the tree's order; with
    `recursive` False, less the bodies of recursive CTEs."""
    roots = []
    for node in tree.walk():
        if isinstance(node, exp.SetOperation):
            parent = node.parent
            while isinstance(parent, exp.Subquery):
                parent = parent.parent
            if isinstance(parent, exp.SetOperation):
                continue
            if recursive or not _recursive_body(node, parent):
                roots.append(node)
    return roots


def set_operation_literals(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> None:
    """Casts a set operation's string literals to the number or boolean type the other
    branch gives their column, as Postgres resolves them (module docstring)."""
    roots = _set_operation_roots(tree, recursive=False)
    if not any(isinstance(n, exp.Literal) and n.is_string for root in roots for n in root.walk()):
        return
    typed = _typed(tree, table_types)
    if typed is None:
        return
    typed_roots = _set_operation_roots(typed, recursive=False)
    if len(typed_roots) != len(roots):
        return
    for original, copy in zip(roots, typed_roots, strict=True):
        for i in range(len(_branch_outputs(copy))):
            with contextlib.suppress(_Unmatched):  # refused later, with every other mismatch
                _resolve(original, copy, i, {})
