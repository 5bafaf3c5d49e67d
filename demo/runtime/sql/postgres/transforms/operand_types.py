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
"""

from __future__ import annotations

from sqlglot import exp
from sqlglot.optimizer.annotate_types import annotate_types
from sqlglot.optimizer.qualify import qualify

__all__ = ["mismatched_operand_types"]

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


def _number_literal(node: exp.Literal) -> str:
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
        return None if node.is_string else ("number", _number_literal(node))
    if isinstance(node, exp.Neg) and isinstance(node.this, exp.Literal) and node.this.is_number:
        return "number", _number_literal(node.this)
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
                declared.get(node.name.lower(), ""), "text"
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
    return [e.this if isinstance(e, exp.Alias) else e for e in query.selects]


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


def mismatched_operand_types(
    tree: exp.Expr, table_types: dict[str, dict[str, str]], declared: dict[str, str]
) -> str | None:
    """Postgres' refusal of a comparison or set operation of text with a number or a
    boolean (or of a number with a boolean), or None. `declared`: column -> declared type
    DuckDB keeps as VARCHAR (`varchar`, `bpchar`), for the message."""
    if not any(isinstance(n, tuple(_COMPARISONS) + (exp.SetOperation,)) for n in tree.walk()):
        return None
    typed = _typed(_as_query(tree), table_types)
    if typed is None:
        return None
    for node in typed.walk():
        if isinstance(node, exp.SetOperation):
            word = _SET_WORDS.get(type(node))
            left, right = _branch_outputs(node.this), _branch_outputs(node.expression)
            if word is None or len(left) != len(right):
                continue
            for a, b in zip(left, right, strict=True):
                found = _mismatch(_postgres_type(a, declared), _postgres_type(b, declared))
                if found:
                    return f"{word} types {found[0]} and {found[1]} cannot be matched"
        elif isinstance(node, exp.Binary) and type(node) in _COMPARISONS:
            found = _mismatch(
                _postgres_type(node.this, declared), _postgres_type(node.expression, declared)
            )
            if found:
                return f"operator does not exist: {found[0]} {_COMPARISONS[type(node)]} {found[1]}"
    return None
