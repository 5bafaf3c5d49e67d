"""Text and bytea calls whose DuckDB namesakes answer otherwise, as Postgres answers them.

Found by probes against PGlite; each was a silent wrong answer or a refusal of a call
Postgres has:

- `to_hex(n)`: lower-case (of a smallint not unique, as in Postgres), and a negative int4 as its 32-bit two's complement
  (`ffffffff`); DuckDB's hex is upper-case and 64-bit (`FFFFFFFFFFFFFFFF`).
- `substring(s FROM pattern)` (and `substring(s, pattern)`): the part of `s` the regex
  matched, or its first capture group; NULL without a match. DuckDB read the pattern
  as a start position and failed converting it to a number. The SIMILAR form
  (`FROM pattern FOR escape`) is refused.
- `string_to_array(s, d [, null_string])`: an empty `s` is an empty array, a NULL `d`
  splits into characters, an empty `d` keeps `s` whole, and elements equal to
  `null_string` are NULL. DuckDB's namesake gave `['']`, `['abc']` and characters for
  those, and had no third argument.
- `octet_length(text)` and `length(bytea)`: DuckDB has `octet_length` for bytes only and
  `length` for text only; Postgres' answers are int4.
- `encode(bytes, 'base64' | 'hex')`, `decode(text, 'base64' | 'hex')`: sqlglot dropped
  the format, so `decode('aGk=', 'base64')` answered its own text. Postgres' base64
  breaks lines after 76 characters and reads through white space.

A call whose arguments would be written twice is refused when one draws anew
(`volatility.py`): DuckDB would compute it once per copy.
"""

from __future__ import annotations

from sqlglot import exp

from ..text_functions import TextFunctionError, capture_groups, duck_call
from ..type_match import of_type
from .division import is_bigint, is_int4_or_narrower, is_integer, is_smallint
from .volatility import draws_anew

__all__ = ["string_calls"]

_INT4 = 2**31
_BASE64_LINE = 76  # characters a line of Postgres' base64 output holds
_FORMATS = ("base64", "hex")


# DuckDB's calls that `decode()` becomes (inner calls are rewritten first).
_DECODED = ("from_base64", "unhex")


def _is_bytes(node: exp.Expr, column_types: dict[str, str]) -> bool:
    if isinstance(node, exp.Anonymous) and node.name.lower() in _DECODED:
        return True
    return of_type(node, column_types, "BLOB", "bytea", "varbinary", "blob")


def _volatile(node: exp.Expr, *values: exp.Expr | None) -> str | None:
    if any(v is not None and draws_anew(v) for v in values):
        name = node.sql("postgres").split("(", 1)[0].lower()
        return f"{name}() of a volatile value is not supported by this demo; compute it in a subquery first"
    return None


def _to_hex(node: exp.Hex, column_types: dict[str, str]) -> exp.Expr | str:
    value = node.this
    unseen = isinstance(value, exp.Column) and value.name.lower() not in column_types
    if not is_integer(value, column_types) and not unseen:
        return "to_hex() is supported by this demo for integers only"
    if is_smallint(value, column_types):  # Postgres has an int4 and an int8 form
        return "function to_hex(smallint) is not unique"
    refused = _volatile(node, value)
    if refused:
        return refused
    wide = exp.cast(value.copy(), "BIGINT")
    low_32_bits = exp.BitwiseAnd(this=wide.copy(), expression=exp.Literal.number(2**32 - 1))
    big_literal = isinstance(value, exp.Literal) and value.is_int and abs(int(value.this)) >= _INT4
    if is_bigint(value, column_types) or big_literal:
        bits: exp.Expr = wide
    elif is_int4_or_narrower(value, column_types):
        bits = low_32_bits
    else:  # a column whose type only the engine knows
        is_int8 = exp.EQ(
            this=exp.func("typeof", value.copy()), expression=exp.Literal.string("BIGINT")
        )
        bits = exp.Case(ifs=[exp.If(this=is_int8, true=wide)], default=low_32_bits)
    return exp.Lower(this=duck_call("hex", bits))


def _regex_substring(node: exp.Substring) -> exp.Expr | str:
    pattern, escape = node.args.get("start"), node.args.get("length")
    if escape is not None:
        return "substring() with a SIMILAR pattern and an escape is not supported by this demo"
    assert isinstance(pattern, exp.Literal)
    text = node.this
    refused = _volatile(node, text)
    if refused:
        return refused
    try:
        group = 1 if capture_groups(pattern.this, "substring()") else 0
    except TextFunctionError as exc:
        return str(exc)
    matched = duck_call("regexp_matches", text.copy(), pattern.copy())
    part = duck_call("regexp_extract", text.copy(), pattern.copy(), exp.Literal.number(group))
    return exp.Case(ifs=[exp.If(this=matched, true=part)])


def _string_to_array(node: exp.StringToArray) -> exp.Expr | str:
    text, delimiter, null_string = node.this, node.expression, node.args.get("null")
    refused = _volatile(node, text, delimiter)
    if refused:
        return refused
    empty = exp.cast(exp.Array(expressions=[]), "VARCHAR[]")
    split = exp.Case(
        ifs=[
            exp.If(this=text.copy().is_(exp.null()), true=exp.cast(exp.null(), "VARCHAR[]")),
            exp.If(this=exp.EQ(this=text.copy(), expression=exp.Literal.string("")), true=empty),
            exp.If(
                this=delimiter.copy().is_(exp.null()),
                true=duck_call("string_split", text.copy(), exp.Literal.string("")),
            ),
            exp.If(
                this=exp.EQ(this=delimiter.copy(), expression=exp.Literal.string("")),
                true=exp.Array(expressions=[exp.cast(text.copy(), "VARCHAR")]),
            ),
        ],
        default=duck_call("string_split", text.copy(), delimiter.copy()),
    )
    if null_string is None:
        return split
    element = exp.to_identifier("x")
    nulled = exp.Case(
        ifs=[exp.If(this=exp.EQ(this=exp.column(element), expression=null_string.copy()),
                    true=exp.null())],
        default=exp.column(element),
    )  # fmt: skip
    return duck_call("list_transform", split, exp.Lambda(this=nulled, expressions=[element]))


def _coded(node: exp.Encode | exp.Decode, column_types: dict[str, str]) -> exp.Expr | str:
    name = "encode" if isinstance(node, exp.Encode) else "decode"
    form = node.args.get("charset")
    if not (isinstance(form, exp.Literal) and form.is_string):
        return f"{name}() with a computed format is not supported by this demo"
    if form.this.lower() not in _FORMATS:
        return (
            f"{name}() to or from {form.this!r} is not supported by this demo (base64 and hex only)"
        )
    value = node.this
    if isinstance(node, exp.Encode):
        if isinstance(value, exp.Column) and column_types.get(value.name.lower()) == "VARCHAR":
            return "function encode(text, unknown) does not exist"
        if form.this.lower() == "hex":
            return exp.Lower(this=duck_call("hex", value.copy()))
        lines = duck_call(
            "regexp_replace",
            duck_call("to_base64", value.copy()),
            exp.Literal.string(f"(.{{{_BASE64_LINE}}})"),
            exp.Concat(
                expressions=[exp.Literal.string("\\1"), duck_call("chr", exp.Literal.number(10))]
            ),
            exp.Literal.string("g"),
        )
        return exp.func("rtrim", lines, duck_call("chr", exp.Literal.number(10)))
    if _is_bytes(value, column_types):
        return "function decode(bytea, unknown) does not exist"
    digits = duck_call(
        "regexp_replace",
        value.copy(),
        exp.Literal.string(r"\s"),
        exp.Literal.string(""),
        exp.Literal.string("g"),
    )
    return duck_call(_DECODED[0] if form.this.lower() == "base64" else _DECODED[1], digits)


def _octet_length(node: exp.Expr, column_types: dict[str, str]) -> exp.Expr:
    value = node.expressions[0] if isinstance(node, exp.Anonymous) else node.this
    if _is_bytes(value, column_types):
        counted = duck_call("octet_length", value.copy())
    else:
        counted = duck_call("strlen", value.copy())
    return exp.cast(counted, "INT")


def string_calls(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    """Rewrite the calls the module's docstring lists; a refusal's message, or None."""
    for node in reversed(list(tree.walk(bfs=False))):  # inner calls first
        rewritten: exp.Expr | str | None = None
        if isinstance(node, exp.Hex):
            rewritten = _to_hex(node, column_types)
        elif isinstance(node, exp.Substring):
            start = node.args.get("start")
            if isinstance(start, exp.Literal) and start.is_string:
                rewritten = _regex_substring(node)
        elif isinstance(node, exp.StringToArray):
            rewritten = _string_to_array(node)
        elif isinstance(node, exp.Encode | exp.Decode):
            rewritten = _coded(node, column_types)
        elif isinstance(node, exp.Anonymous) and node.name.lower() == "octet_length":
            if len(node.expressions) == 1:
                rewritten = _octet_length(node, column_types)
        elif isinstance(node, exp.Length) and _is_bytes(node.this, column_types):
            rewritten = _octet_length(node, column_types)
        if isinstance(rewritten, str):
            return rewritten
        if rewritten is not None:
            node.replace(rewritten)
    return None
