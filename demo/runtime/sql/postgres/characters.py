"""`char(n)` (bpchar): Postgres' blank-padded strings on DuckDB's one string type.

Postgres stores a char(n) value padded with spaces to n characters and treats the
padding as insignificant: `length()`, comparisons, GROUP BY/DISTINCT/ORDER BY, `||`
and casts to text see the value without its trailing spaces, while the value shown,
LIKE, regular expressions and `concat`/`format` see it padded. A value longer than n
is an error (`value too long for type character(4)`) unless the excess is spaces,
which are cut; an explicit cast to char(n) cuts silently.

Here a char(n) column (its width recorded by `declared.py` as `bpchar(n)`) holds its
values *without* trailing spaces, checked against n as they are written
(`character_writes.py`), so DuckDB's comparisons, `length()`, `||` and text casts
answer as Postgres does. The padding is put back where Postgres shows or reads it: a
result column that is the column itself, `*`, max/min of it or a cast to char(n) is
padded on its way out (`values.json_value`), and LIKE, `~`, SIMILAR TO, `concat`, `concat_ws` and `format`
read `rpad(c, n, ' ')`. A string literal compared with such a value loses its
trailing spaces, as Postgres reads it as char too, and so does a varchar column
(Postgres compares varchar with char as char). Every other use of a char(n) value
(a COALESCE or CASE choosing it, arithmetic, a function not listed here, a scalar
subquery's column, CREATE TABLE AS ...) is refused, naming the way round: cast it to
text, which is the unpadded value in Postgres too.

`"char"` (quoted: Postgres' one-byte internal type, not char(n)) is refused: DuckDB
reads the name as its string type and would keep the whole text ('abc'::"char" is 'a'
in Postgres, and '\\101'::"char" is 'A').
"""

from __future__ import annotations

from sqlglot import exp

from .character_writes import CHAR_TYPES, character_width, varchar_width, written_characters
from .declared import base_name, column_declared_type, declared_name
from .transforms.statement import is_assignment
from .type_match import is_type

__all__ = ["char_casts", "character_values", "single_byte_char"]


# Functions Postgres gives the value as text (trailing spaces dropped), as here.
_TEXT_ARGUMENT = (
    exp.Upper,
    exp.Lower,
    exp.Initcap,
    exp.Substring,
    exp.Replace,
    exp.Trim,
    exp.StrPosition,
    exp.Left,
    exp.Right,
    exp.Reverse,
    exp.MD5,
    exp.SplitPart,
    exp.Repeat,
    exp.Pad,
    exp.Ascii,
    exp.StartsWith,
    exp.Translate,
    exp.RegexpReplace,
    exp.DPipe,
    exp.Length,
    exp.GroupConcat,
)
_TEXT_CALLS = {"quote_literal", "quote_ident", "md5", "strpos", "btrim", "ltrim", "rtrim"}
# Reads of the value that mean the same whatever its padding.
_ANY_VALUE = (exp.Count, exp.Is, exp.Ordered, exp.Group, exp.Distinct, exp.Typeof)
# Where Postgres reads the padded value: given `rpad(c, n, ' ')`.
_PADDED_READERS = (exp.Like, exp.ILike, exp.RegexpLike, exp.SimilarTo)
_PADDED_ARGUMENTS = (exp.Concat, exp.ConcatWs, exp.Format)
_COMPARISONS = (
    exp.EQ,
    exp.NEQ,
    exp.GT,
    exp.GTE,
    exp.LT,
    exp.LTE,
    exp.NullSafeEQ,
    exp.NullSafeNEQ,
)
# Casts from char whose input reads the value alike with or without trailing spaces.
_PLAIN_CASTS = {
    exp.DataType.Type.TEXT,
    exp.DataType.Type.SMALLINT,
    exp.DataType.Type.INT,
    exp.DataType.Type.BIGINT,
    exp.DataType.Type.DECIMAL,
    exp.DataType.Type.DOUBLE,
    exp.DataType.Type.FLOAT,
    exp.DataType.Type.DATE,
    exp.DataType.Type.BOOLEAN,
}


def _refusal(value: exp.Expr, width: int, where: exp.Expr | None) -> str:
    """The message refusing a use of a char(n) value this module cannot follow."""

    def shown(node: exp.Expr) -> str:
        text = node.sql("postgres")
        return text if len(text) <= 60 else text[:57] + "..."

    place = f" in {shown(where)}" if where is not None and where is not value else ""
    return (
        f"the character({width}) value {shown(value)}{place} is not supported by this demo:"
        f" Postgres shows it padded to {width} characters in some places and without its"
        f" trailing spaces in others; cast it to text ({shown(value)}::text)"
    )


class _Scope:
    def __init__(
        self,
        tree: exp.Expr,
        table_types: dict[str, dict[str, str]],
        declared: dict[str, dict[str, str]],
    ) -> None:
        self.tree = tree
        self.table_types = table_types
        self.declared = declared

    def width(self, node: exp.Expr) -> int | None:
        """n where `node` is a char(n) value: such a column, a cast to char(n), the
        max/min of one."""
        if isinstance(node, exp.Paren):
            return self.width(node.this)
        if isinstance(node, exp.Column):
            return character_width(
                column_declared_type(node, self.tree, self.table_types, self.declared)
            )
        if isinstance(node, exp.Cast) and node.to.this in CHAR_TYPES:
            return character_width(declared_name(node.to))
        if isinstance(node, exp.Max | exp.Min) and not node.expressions:
            return self.width(node.this)
        return None

    def known(self, node: exp.Expr) -> bool:
        """Whether `node` is a value whose text this module can tell (a char value or
        one of a string type), so that it may be written into a char(n) column."""
        return self.width(node) is not None or self.text_kind(node) is not None

    def text_kind(self, node: exp.Expr) -> str | None:
        """How Postgres compares a char value with `node`: "char" (the other side read as
        char: its trailing spaces dropped), "text" (the char value read as text), or
        None where this cannot tell."""
        if isinstance(node, exp.Paren):
            return self.text_kind(node.this)
        if isinstance(node, exp.Null) or self.width(node) is not None:
            return "text"  # nothing to change on either side
        if isinstance(node, exp.Literal) and node.is_string:
            return "char"
        if isinstance(node, exp.Column):
            declared = column_declared_type(node, self.tree, self.table_types, self.declared)
            if declared is None:
                kind = _column_duck_type(node, self.table_types)
                return "text" if kind == "VARCHAR" else None
            return "char" if base_name(declared) == "varchar" else None
        if isinstance(node, exp.Cast):
            return "text" if node.to.this == exp.DataType.Type.TEXT else None
        if isinstance(node, _TEXT_ARGUMENT[:-2] + (exp.Concat, exp.ConcatWs)):
            return "text"  # functions answering text
        return None


def _column_duck_type(column: exp.Column, table_types: dict[str, dict[str, str]]) -> str | None:
    kinds = {
        columns[column.name.lower()].upper()
        for columns in table_types.values()
        if column.name.lower() in columns
    }
    return kinds.pop() if len(kinds) == 1 else None


def _value(node: exp.Expr) -> exp.Expr:
    """The char value itself, for a message: without the alias or parentheses around it."""
    while isinstance(node, exp.Alias | exp.Paren):
        node = node.this
    return node


def _unpadded_literal(literal: exp.Literal) -> None:
    literal.replace(exp.Literal.string(literal.this.rstrip(" ")))


def _as_char(node: exp.Expr, scope: _Scope) -> str | None:
    """Make `node`, compared with a char value, read as Postgres reads it; a refusal
    where its type is not known."""
    kind = scope.text_kind(node)
    if kind is None:
        return "?"
    if kind == "char":
        inner = node.this if isinstance(node, exp.Paren) else node
        if isinstance(inner, exp.Literal):
            _unpadded_literal(inner)
        else:  # a varchar column: Postgres compares it as char
            inner.replace(exp.func("rtrim", inner.copy(), exp.Literal.string(" ")))
    return None


def _padded(node: exp.Expr, width: int) -> None:
    node.replace(exp.func("rpad", node.copy(), exp.Literal.number(width), exp.Literal.string(" ")))


def _output_role(select: exp.Select, tree: exp.Expr) -> str | None:
    """What a select list is: "result" (the statement's, or one `declared.py` follows
    out: a FROM subquery's, a WITH query's), "written" (INSERT ... SELECT's), "unread"
    (under EXISTS), or None."""
    parent = select.parent
    if select is tree:
        return "result"
    top: exp.Expr = select
    while isinstance(top.parent, exp.SetOperation | exp.Subquery) and top is not tree:
        top = top.parent
    if top is tree and isinstance(tree, exp.SetOperation):
        return "result"  # refused as a whole by declared.set_operation_of_characters
    if isinstance(parent, exp.Insert):
        return "written"
    if isinstance(parent, exp.Subquery) and isinstance(parent.parent, exp.From | exp.Join):
        return "result" if parent.alias else None
    if isinstance(parent, exp.CTE):
        with_ = parent.parent
        recursive = isinstance(with_, exp.With) and with_.args.get("recursive")
        return None if recursive else "result"
    if isinstance(parent, exp.Exists) or (
        isinstance(parent, exp.Subquery) and isinstance(parent.parent, exp.Exists)
    ):
        return "unread"
    return None


def _check_reference(node: exp.Expr, width: int, scope: _Scope) -> str | None:
    """Check (and rewrite) one use of a char(n) value; a refusal's message or None."""
    parent = node.parent
    if width == 0:
        return (
            f'the column "{node.sql("postgres")}" naming character columns of different widths'
            " (JOIN ... USING) is not supported by this demo; qualify it or cast it to text"
        )
    while isinstance(parent, exp.Paren):
        node, parent = parent, parent.parent
    if isinstance(parent, exp.Window) and node is parent.this:
        return _refusal(_value(node), width, parent)  # max(c) OVER (...): not followed
    if parent is not None and is_assignment(parent):
        return None  # an assignment's value: checked as written where it is a char column
    if isinstance(parent, exp.Max | exp.Min) and not parent.expressions:
        return None  # a char value itself, checked where it is used
    if isinstance(parent, exp.Alias):
        node, parent = parent, parent.parent
    if isinstance(parent, exp.Distinct) and not isinstance(parent.parent, exp.Select):
        node, parent = parent, parent.parent  # count(DISTINCT c), array_agg(DISTINCT c)
    if isinstance(parent, exp.Select) and node in parent.expressions:
        role = _output_role(parent, scope.tree)
        return None if role else _refusal(_value(node), width, parent)
    if isinstance(parent, exp.Returning):
        return None  # padded on the way out, as the select list's columns
    if isinstance(parent, _ANY_VALUE):
        return None
    if isinstance(parent, exp.Window):
        return None  # PARTITION BY
    if isinstance(parent, exp.Order) and isinstance(parent.parent, exp.GroupConcat):
        node, parent = parent, parent.parent  # string_agg(c, ',' ORDER BY ...)
    if isinstance(parent, _TEXT_ARGUMENT):
        if isinstance(parent, exp.GroupConcat) and node is not parent.this:
            return _refusal(_value(node), width, parent)
        return None
    if isinstance(parent, exp.Anonymous) and str(parent.this).lower() in _TEXT_CALLS:
        return None
    if isinstance(parent, _PADDED_READERS):
        if node is parent.this:
            _padded(node, width)
        return None  # as the pattern it is text in Postgres too
    if isinstance(parent, _PADDED_ARGUMENTS):
        if isinstance(parent, exp.Format) and node is parent.this:
            return None
        _padded(node, width)
        return None
    if isinstance(parent, exp.Cast):
        to = parent.to
        if to.this in CHAR_TYPES or (to.this in _PLAIN_CASTS and not to.expressions):
            return None
        if to.this == exp.DataType.Type.VARCHAR:
            return None  # unpadded, then cut to its length (char_casts)
        return _refusal(_value(node), width, parent)
    if isinstance(parent, _COMPARISONS):
        other = parent.expression if node is parent.this else parent.this
        return _refusal(_value(node), width, parent) if _as_char(other, scope) else None
    if isinstance(parent, exp.In) and node is parent.this and not parent.args.get("query"):
        for item in parent.expressions:
            if _as_char(item, scope):
                return _refusal(_value(node), width, parent)
        return None
    if isinstance(parent, exp.Between) and node is parent.this:
        for bound in (parent.args["low"], parent.args["high"]):
            if _as_char(bound, scope):
                return _refusal(_value(node), width, parent)
        return None
    if isinstance(parent, exp.Tuple) and isinstance(parent.parent, exp.Values):
        return None
    return _refusal(_value(node), width, parent)


def char_casts(tree: exp.Expr) -> None:
    """`x::char(n)`: cut to n characters, stored form (no trailing spaces), shown padded
    where it is a result column (`declared.output_types`); `x::varchar(n)`: cut to n."""
    for cast in list(tree.find_all(exp.Cast)):
        is_char = cast.to.this in CHAR_TYPES
        declared = declared_name(cast.to) if is_char or is_type(cast.to, "varchar") else ""
        width = character_width(declared) if is_char else varchar_width(declared)
        if width is None:
            continue
        text = exp.cast(cast.this.copy(), "VARCHAR")
        cut = exp.func("left", text, exp.Literal.number(width))
        cast.replace(exp.func("rtrim", cut, exp.Literal.string(" ")) if is_char else cut)


def character_values(
    tree: exp.Expr, table_types: dict[str, dict[str, str]], declared: dict[str, dict[str, str]]
) -> str | None:
    """Store, compare and show char(n) values as Postgres does, or refuse (module doc);
    values written into varchar(n) columns are checked too (`character_writes.py`)."""
    scope = _Scope(tree, table_types, declared)
    refused = written_characters(tree, table_types, declared, scope.known)
    if refused:
        return refused
    has_widths = any(character_width(d) for columns in declared.values() for d in columns.values())
    if not has_widths and not any(c.to.this in CHAR_TYPES for c in tree.find_all(exp.Cast)):
        return None
    values: list[tuple[exp.Expr, int]] = []
    for node in tree.find_all(exp.Column, exp.Cast, exp.Max, exp.Min):
        width = scope.width(node)
        if width is not None and not _assignment_target(node):
            values.append((node, width))
    for value, value_width in values:
        refused = _check_reference(value, value_width, scope)
        if refused:
            return refused
    return _hidden_stars(tree, scope) or _shared_names(tree, scope)


def _shared_names(tree: exp.Expr, scope: _Scope) -> str | None:
    """Result columns of one name, one of them char(n): the padding is given by name
    (`values.json_value`), so another width or type under that name is refused."""
    if isinstance(tree, exp.Select):
        targets, select = tree.expressions, tree
    elif isinstance(tree, exp.Insert | exp.Update | exp.Delete) and tree.args.get("returning"):
        targets, select = tree.args["returning"].expressions, None
    else:
        return None
    seen: dict[str, set[int | None]] = {}
    for target in targets:
        inner = target.this if isinstance(target, exp.Alias) else target
        if isinstance(inner, exp.Star) or (
            isinstance(inner, exp.Column) and isinstance(inner.this, exp.Star)
        ):
            qualifier = inner.table.lower() if isinstance(inner, exp.Column) else ""
            tables = [
                t
                for t in (select or tree).find_all(exp.Table)
                if t.find_ancestor(exp.Select) is select
                and (not qualifier or t.alias_or_name.lower() == qualifier)
            ]
            for table in tables:
                declared = scope.declared.get(table.name.lower(), {})
                for column in scope.table_types.get(table.name.lower(), {}):
                    seen.setdefault(column, set()).add(character_width(declared.get(column)))
            continue
        seen.setdefault(target.alias_or_name.lower(), set()).add(scope.width(inner))
    for name, widths in seen.items():
        if len(widths) > 1 and widths - {None}:
            return (
                f'result columns named "{name}" of different types, one of them character(n),'
                " are not supported by this demo; give them different aliases or cast it to text"
            )
    return None


def _hidden_stars(tree: exp.Expr, scope: _Scope) -> str | None:
    """`*` in a select list whose columns are not followed out (a scalar subquery's, CREATE
    TABLE AS ...'s) reading a char(n) column: refused as the column would be."""
    for star in tree.find_all(exp.Star):
        holder = star.parent
        select = holder.parent if isinstance(holder, exp.Column) else holder
        if not isinstance(select, exp.Select) or _output_role(select, tree) is not None:
            continue
        for table in select.find_all(exp.Table):
            if table.find_ancestor(exp.Select) is not select:
                continue
            for column in scope.table_types.get(table.name.lower(), {}):
                probe = exp.column(column, table=table.alias_or_name)
                probe.parent = select  # looked up as a column of this select
                width = scope.width(probe)
                if width is not None:
                    return _refusal(exp.column(column), width, select)
        for sub in select.find_all(exp.Subquery):
            if sub.parent in (select.args.get("from_"), *select.args.get("joins", [])):
                inner = sub.this
                if isinstance(inner, exp.Select) and any(
                    scope.width(e.this if isinstance(e, exp.Alias) else e)
                    for e in inner.expressions
                ):
                    return (
                        f"* over a subquery's character(n) column in {select.sql('postgres')[:60]}"
                        " is not supported by this demo: Postgres shows its values padded;"
                        " list the columns and cast it to text"
                    )
    return None


def _assignment_target(column: exp.Expr) -> bool:
    """The column an UPDATE SET or ON CONFLICT assigns, or an ON CONFLICT key."""
    parent = column.parent
    if isinstance(parent, exp.EQ) and column is parent.this:
        return is_assignment(parent)
    return isinstance(parent, exp.Ordered) and isinstance(parent.parent, exp.OnConflict)


def single_byte_char(tree: exp.Expr) -> str | None:
    """The refusal of Postgres' `"char"` type wherever it is written, or None."""
    for data_type in tree.find_all(exp.DataType):
        kind = data_type.args.get("kind")
        if (
            data_type.this == exp.DataType.Type.USERDEFINED
            and isinstance(kind, exp.Identifier)
            and kind.quoted
            and kind.name == "char"
        ):
            return (
                'type "char" is not supported by this demo (DuckDB, its engine, has no such type)'
            )
    return None
