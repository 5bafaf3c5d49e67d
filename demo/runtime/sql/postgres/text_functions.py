"""Postgres text functions that DuckDB lacks or means differently, as DuckDB expressions.

Like `transforms`, these rewrite a parsed Postgres tree in place and know nothing
of the demo runtime:

- `quote_ident(text)`: quoted unless the identifier is lower-case `[a-z_][a-z0-9_]*`
  and not a keyword Postgres reserves (any category but "unreserved").
- `quote_literal(value)`: quotes doubled; a value with a backslash gets the `E''`
  form with its backslashes doubled; NULL stays NULL.
- `regexp_matches(text, pattern [, flags])`: a set of text[] (one row per match with
  the `g` flag, else at most one), each array holding the capture groups or, without
  groups, the whole match. DuckDB's `regexp_matches` is a boolean; the set becomes an
  `unnest` of DuckDB's `regexp_extract`/`regexp_extract_all` lists.
- `concat(VARIADIC arr)`, `concat_ws(sep, VARIADIC arr)`: the array's elements joined
  (NULLs left out; a NULL array gives NULL, an empty one ''), as DuckDB's
  `array_to_string`, for arrays of integers or text only, whose elements print alike in
  both, written with literals and columns only.

What cannot be mapped exactly fails with a message (`TextFunctionError`).
"""

from __future__ import annotations

import re
from typing import Any

from sqlglot import exp

from .type_match import is_type

__all__ = [
    "PG_RESERVED_KEYWORDS",
    "TextFunctionError",
    "capture_groups",
    "duck_call",
    "quote_ident",
    "text_functions",
]

# Postgres 17's keywords of every category but "unreserved" (pg_get_keywords(), catcode
# <> 'U'): quote_ident quotes these.
PG_RESERVED_KEYWORDS = frozenset(
    """all analyse analyze and any array as asc asymmetric authorization between bigint binary
    bit boolean both case cast char character check coalesce collate collation column
    concurrently constraint create cross current_catalog current_date current_role
    current_schema current_time current_timestamp current_user dec decimal default deferrable
    desc distinct do else end except exists extract false fetch float for foreign freeze from
    full grant greatest group grouping having ilike in initially inner inout int integer
    intersect interval into is isnull join json json_array json_arrayagg json_exists
    json_object json_objectagg json_query json_scalar json_serialize json_table json_value
    lateral leading least left like limit localtime localtimestamp merge_action national
    natural nchar none normalize not notnull null nullif numeric offset on only or order out
    outer overlaps overlay placing position precision primary real references returning right
    row select session_user setof similar smallint some substring symmetric system_user table
    tablesample then time timestamp to trailing treat trim true union unique user using values
    varchar variadic verbose when where window with xmlattributes xmlconcat xmlelement
    xmlexists xmlforest xmlnamespaces xmlparse xmlpi xmlroot xmlserialize xmltable""".split()  # noqa: SIM905
)
_PLAIN_IDENTIFIER = "[a-z_][a-z0-9_]*"

# DuckDB types whose text form (a cast to VARCHAR) is Postgres' text form too.
_TEXT_LIKE_TYPES = (
    "VARCHAR", "BOOLEAN", "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT",
    "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT",
)  # fmt: skip


class TextFunctionError(Exception):
    """A text function used in a way this mapping cannot express exactly."""


def quote_ident(name: str) -> str:
    if re.fullmatch(_PLAIN_IDENTIFIER, name) and name not in PG_RESERVED_KEYWORDS:
        return name
    return '"' + name.replace('"', '""') + '"'


def _quote_literal(text: str) -> str:
    body = "'" + text.replace("\\", "\\\\").replace("'", "''") + "'"
    return "E" + body if "\\" in text else body


def _text_value(node: exp.Expr, function: str) -> exp.Expr:
    """`node` as VARCHAR, failing at run time for a type whose text form differs."""
    kind = exp.func("typeof", node.copy())
    accepted = exp.or_(
        exp.In(
            this=kind,
            expressions=[exp.Literal.string(t) for t in (*_TEXT_LIKE_TYPES, '"NULL"')],
        ),
        exp.func("starts_with", kind.copy(), exp.Literal.string("DECIMAL")),
    )
    message = (
        f"{function}() of this type is not supported by this demo"
        " (text, integers, numeric and boolean only)"
    )
    return exp.Case(
        ifs=[exp.If(this=accepted, true=exp.cast(node.copy(), "VARCHAR"))],
        default=exp.func("error", exp.Literal.string(message)),
    )


def _sql_quote_ident(value: exp.Expr) -> exp.Expr:
    keywords = exp.Array(expressions=[exp.Literal.string(k) for k in sorted(PG_RESERVED_KEYWORDS)])
    plain = exp.and_(
        exp.func("regexp_full_match", value.copy(), exp.Literal.string(_PLAIN_IDENTIFIER)),
        exp.not_(exp.func("list_contains", keywords, value.copy())),
    )
    quoted = exp.DPipe(
        this=exp.DPipe(
            this=exp.Literal.string('"'),
            expression=exp.func(
                "replace", value.copy(), exp.Literal.string('"'), exp.Literal.string('""')
            ),
        ),
        expression=exp.Literal.string('"'),
    )
    return exp.Case(ifs=[exp.If(this=plain, true=value.copy())], default=quoted)


def _sql_quote_literal(value: exp.Expr) -> exp.Expr:
    def lit(s: str) -> exp.Expr:
        return exp.Literal.string(s)

    escaped = exp.func(
        "replace",
        exp.func("replace", value.copy(), lit("\\"), lit("\\\\")),
        lit("'"),
        lit("''"),
    )
    body = exp.DPipe(this=exp.DPipe(this=lit("'"), expression=escaped), expression=lit("'"))
    has_backslash = exp.GT(
        this=exp.func("strpos", value.copy(), lit("\\")), expression=exp.Literal.number(0)
    )
    return exp.Case(
        ifs=[exp.If(this=has_backslash, true=exp.DPipe(this=lit("E"), expression=body))],
        default=body,
    )


def _quote_function(node: exp.Expr, name: str) -> exp.Expr:
    if len(node.expressions) != 1:
        raise TextFunctionError(f"{name}() takes one argument")
    arg = node.expressions[0]
    if isinstance(arg, exp.Null):
        return exp.cast(exp.Null(), "VARCHAR")
    if isinstance(arg, exp.Literal) and arg.is_string:
        text = arg.this
        return exp.Literal.string(
            quote_ident(text) if name == "quote_ident" else _quote_literal(text)
        )
    if name == "quote_literal" and isinstance(arg, exp.Literal) and arg.is_int:
        return exp.Literal.string(_quote_literal(arg.this))
    # The argument is evaluated once: bound to `q` by a one-element list_transform.
    bound = exp.column("q")
    quoted = _sql_quote_ident(bound) if name == "quote_ident" else _sql_quote_literal(bound)
    once = exp.func(
        "list_transform",
        exp.Array(expressions=[_text_value(arg, name)]),
        exp.Lambda(this=quoted, expressions=[exp.to_identifier("q")]),
    )
    return exp.Anonymous(this="list_extract", expressions=[once, exp.Literal.number(1)])


# -- regexp_matches ---------------------------------------------------------------------


def capture_groups(pattern: str, function: str = "regexp_matches()") -> int:
    """How many capture groups `pattern` has; TextFunctionError when one may not take part.

    A group that does not take part in a match (in an alternative not taken, or under a
    quantifier that allows zero repetitions) is NULL in Postgres' array, where DuckDB's
    extraction gives '' (indistinguishable from an empty match). Such patterns are
    refused rather than answered wrongly: a group holding a capture group under `?`,
    `*` or `{0,...}`, and an alternation whose alternatives hold capture groups.
    """
    groups = 0
    # Per open group (the outermost is the whole pattern): [captures before it, is
    # capturing, an alternation directly inside].
    frames: list[list[Any]] = [[0, False, False]]
    quantifiers: set[bool] = set()  # lazy?
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            if pattern[i + 1 : i + 2].isdigit():
                raise TextFunctionError(
                    f"{function} with a back-reference is not supported by this demo"
                )
            i += 2
            continue
        if ch == "[":  # a bracket expression: its parentheses and bars are literal
            i += 1
            if pattern[i : i + 1] == "^":
                i += 1
            if pattern[i : i + 1] == "]":
                i += 1
            while i < len(pattern) and pattern[i] != "]":
                i += 2 if pattern[i] == "\\" else 1
        elif ch == "(":
            capturing = not pattern.startswith("(?", i)
            frames.append([groups, capturing, False])
            groups += int(capturing)
            i += 0 if capturing else 2  # `(?:`, `(?i)`: not a quantifier
        elif ch in "*+?{":
            if ch == "{":
                i = pattern.find("}", i) if "}" in pattern[i:] else len(pattern)
            lazy = pattern[i + 1 : i + 2] == "?"
            quantifiers.add(lazy)
            i += int(lazy)
        elif ch == "|":
            frames[-1][2] = True
        elif ch == ")" and len(frames) > 1:
            before, capturing, alternation = frames.pop()
            inside = groups - before - int(capturing)
            optional = pattern[i + 1 : i + 3].startswith(("?", "*", "{0"))
            if (optional and groups > before) or (alternation and inside):
                raise _optional_group(function)
        i += 1
    if frames[0][2] and groups:
        raise _optional_group(function)
    if len(quantifiers) > 1:
        # Postgres gives the whole pattern the greediness of its first quantifier;
        # RE2 (DuckDB) applies each quantifier's own: the matches could differ.
        raise TextFunctionError(
            f"{function} with both greedy and non-greedy quantifiers is not supported by this demo"
        )
    return groups


def _optional_group(function: str) -> TextFunctionError:
    return TextFunctionError(
        f"{function} with a capture group that may not take part (in an alternative"
        " or an optional group) is not supported by this demo"
    )


def duck_call(name: str, *args: exp.Expr) -> exp.Expr:
    """A call of DuckDB's own function, written as is (not read as a Postgres one)."""
    return exp.Anonymous(this=name, expressions=list(args))


def _regexp_matches(node: exp.Expr) -> exp.Expr:
    args = node.expressions
    if len(args) not in (2, 3):
        raise TextFunctionError("regexp_matches() takes 2 or 3 arguments")
    subject, pattern = args[0], args[1]
    flags = args[2] if len(args) == 3 else exp.Literal.string("")
    if not (isinstance(pattern, exp.Literal) and pattern.is_string):
        raise TextFunctionError(
            "regexp_matches() with a computed pattern is not supported by this demo"
        )
    if not (isinstance(flags, exp.Literal) and flags.is_string):
        raise TextFunctionError(
            "regexp_matches() with computed flags is not supported by this demo"
        )
    unknown = set(flags.this) - {"g", "i"}
    if unknown:
        raise TextFunctionError(
            f"regexp_matches() flag {''.join(sorted(unknown))!r} is not supported by this demo"
            " (only 'g' and 'i')"
        )
    groups = capture_groups(pattern.this)
    regex = exp.Literal.string(("(?i)" if "i" in flags.this else "") + pattern.this)
    numbers = list(range(1, groups + 1)) or [0]
    if "g" in flags.this:
        lists = [
            duck_call("regexp_extract_all", subject.copy(), regex.copy(), exp.Literal.number(n))
            for n in numbers
        ]
        index = exp.to_identifier("i")
        row = exp.Array(
            expressions=[
                exp.Bracket(this=lst.copy(), expressions=[exp.column(index)]) for lst in lists
            ]
        )
        positions = exp.func(
            "range",
            exp.Literal.number(1),
            exp.Add(this=duck_call("len", lists[0]), expression=exp.Literal.number(1)),
        )
        matches = exp.func("list_transform", positions, exp.Lambda(this=row, expressions=[index]))
    else:
        row = exp.Array(
            expressions=[
                duck_call("regexp_extract", subject.copy(), regex.copy(), exp.Literal.number(n))
                for n in numbers
            ]
        )
        matches = exp.Case(
            ifs=[
                exp.If(
                    this=duck_call("regexp_matches", subject.copy(), regex.copy()),
                    true=exp.Array(expressions=[row]),
                )
            ],
            default=exp.cast(exp.Array(expressions=[]), "VARCHAR[][]"),
        )
    return exp.func("unnest", exp.cast(matches, exp.DataType.build("VARCHAR[][]")))


_PRINTED_ALIKE = ("int", "bigint", "smallint", "text", "varchar")


def _printed_alike(array: exp.Expr) -> bool:
    """An array whose elements have the same text in Postgres and DuckDB."""
    if isinstance(array, exp.Cast):
        to = array.to
        return (
            is_type(to, "array")
            and bool(to.expressions)
            and is_type(to.expressions[0], *_PRINTED_ALIKE)
        )
    if isinstance(array, exp.Array):
        return (
            all(
                isinstance(e, exp.Literal) and (e.is_string or e.this.isdigit())
                for e in array.expressions
            )
            and len({e.is_string for e in array.expressions}) <= 1
        )
    return False


# What a VARIADIC array may be made of to be written twice (no call, no subquery).
_PLAIN_ARRAY_PARTS = (
    exp.Literal, exp.Null, exp.Neg, exp.Paren, exp.Array, exp.Cast, exp.DataType,
    exp.DataTypeParam, exp.Column, exp.Identifier, exp.Boolean,
)  # fmt: skip


def _variadic_concat(variadic: exp.Variadic) -> None:
    """Replace the concat()/concat_ws() call that `variadic` is the array of."""
    call = variadic.parent
    if not isinstance(call, exp.Concat | exp.ConcatWs):
        raise TextFunctionError("VARIADIC is supported by this demo in concat() only")
    args = call.expressions
    if args[-1:] != [variadic] or len(args) != (2 if isinstance(call, exp.ConcatWs) else 1):
        raise TextFunctionError(
            "VARIADIC is supported by this demo as concat()'s or concat_ws()'s only array argument"
        )
    array = variadic.this
    if not _printed_alike(array):
        raise TextFunctionError(
            "concat() of a VARIADIC array is supported by this demo for"
            " arrays of integers or text only"
        )
    if any(not isinstance(node, _PLAIN_ARRAY_PARTS) for node in array.walk()):
        # The array is written twice below: only where writing it twice reads it alike.
        raise TextFunctionError(
            "concat() of a VARIADIC array is supported by this demo for"
            " arrays of literals and columns only"
        )
    separator = args[0].copy() if isinstance(call, exp.ConcatWs) else exp.Literal.string("")
    # An array with no element but NULLs joins to '' (duckdb-wasm's array_to_string
    # gives NULL, the native package ''); a NULL array stays NULL.
    joined = exp.func("coalesce", exp.func("array_to_string", array.copy(), separator), "''")
    call.replace(
        exp.If(this=exp.Is(this=array.copy(), expression=exp.null()), true=exp.null(), false=joined)
    )


def text_functions(tree: exp.Expr, column_types: dict[str, str] | None = None) -> str | None:
    """Rewrite quote_ident/quote_literal/regexp_matches; a message for forms not supported.
    `column_types`: column -> DuckDB type, for the boolean columns concat() prints."""
    for node in list(tree.find_all(exp.Anonymous)):
        name = str(node.this).lower()
        try:
            if name in ("quote_ident", "quote_literal"):
                node.replace(_quote_function(node, name))
            elif name == "regexp_matches":
                if not isinstance(node.parent, exp.Alias | exp.Select | exp.Paren | exp.Bracket):
                    raise TextFunctionError(
                        "regexp_matches() is supported by this demo in the select list only"
                    )
                node.replace(_regexp_matches(node))
        except TextFunctionError as exc:
            return str(exc)
    for variadic in list(tree.find_all(exp.Variadic)):
        try:
            _variadic_concat(variadic)
        except TextFunctionError as exc:
            return str(exc)
    # concat() and concat_ws() print a boolean as Postgres' text form, t or f.
    for call in list(tree.find_all(exp.Concat, exp.ConcatWs)):
        for arg in call.expressions:
            if isinstance(arg, exp.Boolean):
                arg.replace(exp.Literal.string("t" if arg.this else "f"))
            elif _is_boolean(arg, column_types or {}):
                arg.replace(_boolean_text(arg.copy()))
    return None


def _is_boolean(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """A boolean column, a cast to boolean, or a comparison or connective."""
    if isinstance(node, exp.Column):
        return column_types.get(node.name.lower(), "").upper() == "BOOLEAN"
    if isinstance(node, exp.Cast):
        return is_type(node.to, "boolean")
    return isinstance(node, exp.Predicate | exp.Connector | exp.Not)


def _boolean_text(value: exp.Expr) -> exp.Expr:
    """`t`, `f` or NULL, as Postgres prints a boolean."""
    return exp.Case(
        ifs=[
            exp.If(this=value, true=exp.Literal.string("t")),
            exp.If(this=exp.Not(this=exp.Paren(this=value.copy())), true=exp.Literal.string("f")),
        ]
    )
