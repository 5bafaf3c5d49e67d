"""Values written into `char(n)` and `varchar(n)` columns, checked as Postgres checks them.

A char(n) column holds its values without trailing spaces (Postgres pads them to n;
`characters.py` puts the padding back where Postgres shows or reads it). Each value
written is rewritten to that form and checked against n as Postgres checks it: longer
than n is `value too long for type character(4)` unless the excess is spaces, which
are cut. A varchar(n) value keeps its trailing spaces up to n; longer, it fails the
same way (`character varying(4)`) unless the excess is spaces, which are cut to n.
INSERT ... VALUES, an INSERT ... SELECT listing its values, UPDATE ... SET, ON
CONFLICT ... DO UPDATE SET and a literal DEFAULT are rewritten (a literal at once,
another value with a CASE calling DuckDB's `error()`); COPY rows of a seed go through
`stored_text` (`copy_text.py`). A char(n) write this cannot check (INSERT ... SELECT
*, MERGE, a volatile value, a value of a type it cannot tell) is refused, and so is
ALTER COLUMN ... TYPE to or from char(n); such a varchar(n) write is taken unchecked,
as it was before lengths were checked.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlglot import exp

from .declared import column_type, declared_name
from .transforms.volatility import VOLATILE_CALLS

__all__ = [
    "CHAR_TYPES",
    "character_width",
    "column_limits",
    "national_text",
    "stored_text",
    "too_long",
    "varchar_width",
    "written_characters",
]

_PREFIX = "bpchar("
_VARCHAR = "varchar("
_SIZED = {"CHAR", "NCHAR", "VARCHAR"}
CHAR_TYPES = {exp.DataType.Type.CHAR, exp.DataType.Type.NCHAR}


def character_width(declared: str | None) -> int | None:
    """n of a registry name `bpchar(n)`, else None (`bpchar` of an older image too)."""
    if not declared or not declared.startswith(_PREFIX):
        return None
    digits = declared[len(_PREFIX) : -1]
    return int(digits) if digits.isdigit() else 0  # 0: MIXED_CHARACTERS, always refused


def varchar_width(declared: str | None) -> int | None:
    """n of a registry name `varchar(n)`, else None."""
    if not declared or not declared.startswith(_VARCHAR):
        return None
    digits = declared[len(_VARCHAR) : -1]
    return int(digits) if digits.isdigit() else None


def column_limits(columns: dict[str, str]) -> dict[str, tuple[str, int]]:
    """Column -> ("bpchar" or "varchar", n), for a table's declared char(n)/varchar(n)."""
    limits = {}
    for column, declared in columns.items():
        if width := character_width(declared):
            limits[column] = ("bpchar", width)
        elif width := varchar_width(declared):
            limits[column] = ("varchar", width)
    return limits


def too_long(width: int, kind: str = "bpchar") -> str:
    name = "character" if kind == "bpchar" else "character varying"
    return f"value too long for type {name}({width})"


def national_text(node: exp.National) -> str:
    """`N'...'` as text: a character constant, so without its trailing spaces."""
    return str(node.this).rstrip(" ")


def stored_text(text: str, width: int, kind: str = "bpchar") -> str | None:
    """A value as a char(n) (trailing spaces cut) or varchar(n) column (excess spaces
    cut) stores it; None where it is too long."""
    if kind == "bpchar":
        stored = text.rstrip(" ")
        return stored if len(stored) <= width else None
    if len(text) <= width:
        return text
    return text[:width] if len(text.rstrip(" ")) <= width else None


def _checked(value: exp.Expr, width: int, kind: str) -> exp.Expr:
    """`value` as stored into the column, or DuckDB's `error()` where it is too long."""
    text = exp.cast(value.copy(), "VARCHAR")
    unpadded = exp.func("rtrim", text.copy(), exp.Literal.string(" "))
    limit = exp.Literal.number(width)
    fails = exp.func("error", exp.Literal.string(too_long(width, kind)))
    if kind == "bpchar":
        over = exp.GT(this=exp.Length(this=unpadded.copy()), expression=limit.copy())
        return exp.Case(ifs=[exp.If(this=over, true=fails)], default=unpadded)
    # A NULL value takes no branch but the last: NULL.
    return exp.Case(
        ifs=[
            exp.If(this=exp.LTE(this=exp.Length(this=text.copy()), expression=limit), true=text),
            exp.If(
                this=exp.GT(this=exp.Length(this=unpadded), expression=limit.copy()), true=fails
            ),
        ],
        default=exp.func("left", text.copy(), limit.copy()),
    )


def _written_check(
    value: exp.Expr, limit: tuple[str, int], known: Callable[[exp.Expr], bool]
) -> str | None:
    """Rewrite a value written into a char(n)/varchar(n) column to its stored form,
    failing as Postgres fails where it is longer than n."""
    kind, width = limit
    if isinstance(value, exp.Null) or (
        isinstance(value, exp.Column | exp.Var) and value.name.upper() == "DEFAULT"
    ):
        return None
    digits = str(value.this) if isinstance(value, exp.Literal) else ""
    if isinstance(value, exp.National) or (
        isinstance(value, exp.Literal)
        and (value.is_string or (digits.isdigit() and str(int(digits)) == digits))
    ):
        # An integer's text is its digits in both; `1e3` or `007` is left to the check.
        # `N'...'` is a character constant: its trailing spaces go when it becomes text.
        # Checked here, not by a CASE per value: seeds write thousands of them.
        written = national_text(value) if isinstance(value, exp.National) else str(value.this)
        text = stored_text(written, width, kind)
        if text is None:
            return too_long(width, kind)
        value.replace(exp.Literal.string(text))
        return None
    # Not `draws_anew`: a check may read a uuid again, every uuid's text is 36 long.
    calls = {str(f.this).lower() for f in value.find_all(exp.Anonymous)}
    volatile = bool(calls & VOLATILE_CALLS) or any(value.find_all(exp.Rand))
    if kind == "varchar":
        if not volatile:  # the check reads the value more than once
            value.replace(_checked(value, width, kind))
        return None
    if volatile:
        return (
            f"this demo cannot check a volatile value written into a character({width})"
            " column; write it into a text column"
        )
    if not known(value):
        return (
            f"this demo cannot check {value.sql('postgres')[:60]} as a value of type"
            f" character({width}); cast it to text"
        )
    value.replace(_checked(value, width, kind))
    return None


def _target(tree: exp.Expr) -> tuple[str, list[str]]:
    """The written table and its columns in the order the statement gives values."""
    schema = tree.this
    table = schema.this if isinstance(schema, exp.Schema) else schema
    name = table.name.lower() if isinstance(table, exp.Table) else ""
    return name, (
        [c.name.lower() for c in schema.expressions] if isinstance(schema, exp.Schema) else []
    )


def written_characters(
    tree: exp.Expr,
    table_types: dict[str, dict[str, str]],
    declared: dict[str, dict[str, str]],
    known: Callable[[exp.Expr], bool],
) -> str | None:
    """Rewrite what `tree` writes into char(n) columns to its stored form (module doc);
    a refusal's message where it cannot. `known`: whether a value's text can be told."""
    if isinstance(tree, exp.Alter):
        return _altered_types(tree, declared) or _defaults(tree)
    if isinstance(tree, exp.Create):
        return _defaults(tree)
    if not isinstance(tree, exp.Insert | exp.Update | exp.Merge):
        return None
    table, named = _target(tree)
    limits = column_limits(declared.get(table, {}))
    widths = {c: n for c, (kind, n) in limits.items() if kind == "bpchar"}
    if not limits:
        return None
    if isinstance(tree, exp.Merge) and widths:
        return "MERGE into a table with character(n) columns is not supported by this demo"
    assignments: list[exp.Expr] = []
    if isinstance(tree, exp.Update):
        assignments = list(tree.expressions)
    else:
        columns = named or list(table_types.get(table, {}))
        source = tree.expression
        if source is None:  # DEFAULT VALUES: the defaults are stored as written
            rows = []
        elif isinstance(source, exp.Values):
            rows = [r.expressions if isinstance(r, exp.Tuple) else [r] for r in source.expressions]
        elif isinstance(source, exp.Select) and not source.is_star:
            rows = [[e.this if isinstance(e, exp.Alias) else e for e in source.expressions]]
        else:
            rows = [[exp.Star()] * len(columns)]
        for row in rows:
            for column, value in zip(columns, row, strict=False):
                if column in limits:
                    if isinstance(value, exp.Star) and column not in widths:
                        continue  # varchar(n): unchecked there, as before
                    if isinstance(value, exp.Star):
                        return (
                            "this demo checks the values written into a character(n) column"
                            " only as INSERT ... VALUES or a SELECT listing them writes them"
                        )
                    refused = _written_check(value, limits[column], known)
                    if refused:
                        return refused
        conflict = tree.args.get("conflict")
        assignments = list(conflict.expressions) if conflict is not None else []
    for item in assignments:
        if not (isinstance(item, exp.EQ) and isinstance(item.this, exp.Column)):
            if any(c.name.lower() in widths for c in item.find_all(exp.Column)):
                return "this demo cannot check this assignment to a character(n) column"
            continue
        limit = limits.get(item.this.name.lower())
        if limit is not None:
            refused = _written_check(item.expression, limit, known)
            if refused:
                return refused
    return None


def _altered_types(tree: exp.Alter, declared: dict[str, dict[str, str]]) -> str | None:
    """ALTER COLUMN ... TYPE to or from char(n): the stored values would need padding
    rules this demo does not apply to a whole column."""
    table = tree.this.name.lower() if isinstance(tree.this, exp.Table) else ""
    for action in tree.args.get("actions") or []:
        if not isinstance(action, exp.AlterColumn) or action.args.get("dtype") is None:
            continue
        was = declared.get(table, {}).get(action.name.lower(), "")
        if action.args["dtype"].this in CHAR_TYPES or was.startswith(_PREFIX):
            return (
                "ALTER COLUMN ... TYPE to or from character(n) is not supported by this demo;"
                " add a new column and copy the values into it"
            )
    return None


def _defaults(tree: exp.Create | exp.Alter) -> str | None:
    """A char(n)/varchar(n) column's DEFAULT, stored as a written value is."""
    for column in tree.find_all(exp.ColumnDef):
        kind = column_type(column)
        if kind is None:
            continue
        limits = column_limits({"c": declared_name(kind)}) if kind.this.name in _SIZED else {}
        if not limits:
            continue
        limit = limits["c"]
        width = limit[1]
        for default in column.find_all(exp.DefaultColumnConstraint):
            value = default.this
            if isinstance(value, exp.Null):
                continue
            if not isinstance(value, exp.Literal):
                if limit[0] == "varchar":
                    continue  # unchecked there, as before
                return (
                    f"this demo takes only a literal DEFAULT for a character({width})"
                    f' column ("{column.name}")'
                )
            text = stored_text(str(value.this), width, limit[0])
            if text is None and isinstance(tree, exp.Alter):
                return too_long(width, limit[0])  # Postgres fills the existing rows with it
            if text is None:  # Postgres fails only when a row takes it
                return (
                    f"this demo does not take a DEFAULT longer than its column"
                    f' "{column.name}" ({too_long(width, limit[0])[24:]})'
                )
            value.replace(exp.Literal.string(text))
    return None
