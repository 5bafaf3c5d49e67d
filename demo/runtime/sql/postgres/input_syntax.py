"""Postgres' input rules for literals written as text, checked before DuckDB reads them.

DuckDB reads `'34.5'` into an integer column as 35 and `'10e400'::float8` as infinity;
Postgres refuses both. Where the text is a literal of the statement (a cast, or a value
an INSERT writes into a column of known type), its Postgres verdict is known before the
statement runs, so the statement is refused with Postgres' message instead.

Dates and times written as text are read by `datetime_input.py`.
"""

from __future__ import annotations

import math
import re

from sqlglot import exp

from .type_match import is_type

__all__ = [
    "boolean_input",
    "boolean_literals",
    "invalid_typed_literal",
    "invalid_string_escape",
    "typed_input_error",
    "unicode_identifiers",
]

# DuckDB type -> (Postgres name in messages, lowest, highest); None: no range (floats).
_INTEGERS = {
    "SMALLINT": ("smallint", -(2**15), 2**15 - 1),
    "INTEGER": ("integer", -(2**31), 2**31 - 1),
    "INT": ("integer", -(2**31), 2**31 - 1),
    "BIGINT": ("bigint", -(2**63), 2**63 - 1),
}
_FLOATS = {"DOUBLE": "double precision", "FLOAT": "real", "REAL": "real"}
# Postgres 16+ integer input: decimal, 0x/0o/0b prefixes, underscores between digits.
_INTEGER_TEXT = re.compile(
    r"\s*[+-]?(0[xX](_?[0-9a-fA-F])+|0[oO](_?[0-7])+|0[bB](_?[01])+|\d(_?\d)*)\s*"
)
_FLOAT_WORDS = re.compile(r"\s*[+-]?(inf|infinity|nan)\s*", re.I)
_FLOAT_TEXT = re.compile(r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*")


def _integer_message(text: str, duck_type: str) -> str | None:
    name, low, high = _INTEGERS[duck_type]
    if not _INTEGER_TEXT.fullmatch(text):
        return f'invalid input syntax for type {name}: "{text}"'
    clean = text.strip().replace("_", "")
    value = int(clean, 0) if re.match(r"[+-]?0[xXoObB]", clean) else int(clean)
    if not low <= value <= high:
        return f'value "{text}" is out of range for type {name}'
    return None


def _float_message(text: str, duck_type: str) -> str | None:
    name = _FLOATS[duck_type]
    if _FLOAT_WORDS.fullmatch(text):
        return None
    if not _FLOAT_TEXT.fullmatch(text):
        return f'invalid input syntax for type {name}: "{text}"'
    value = abs(float(text))
    if name == "real":  # what rounds to float4's infinity or zero
        value = math.inf if value >= 3.4028235677973366e38 else value
        value = 0.0 if value <= 7.006492321624085e-46 else value
    # Denormals are accepted; only what reads as infinity or as zero from nonzero digits
    # is out of range (float8in/float4in).
    mantissa = re.split(r"[eE]", text.strip())[0]
    if math.isinf(value) or (value == 0 and any(c in "123456789" for c in mantissa)):
        return f'"{text}" is out of range for type {name}'
    return None


# Postgres' `isspace`: what boolin and the integer readers skip around a value.
_PG_SPACE = " \t\n\r\v\f"
# The words boolin reads from any prefix, by their first letter.
_BOOLEAN_WORDS = {"t": "true", "f": "false", "y": "yes", "n": "no"}


def boolean_input(text: str) -> bool | None:
    """The value Postgres reads from `text` as a boolean, None where it refuses it.

    boolin: around the value, whitespace; then a case-insensitive prefix of true,
    false, yes or no, `on`, `of`/`off`, or a lone 1 or 0.
    """
    word = text.strip(_PG_SPACE).lower()
    if word in ("1", "0"):
        return word == "1"
    if word in ("on", "of", "off"):
        return word == "on"
    full = _BOOLEAN_WORDS.get(word[:1], "")
    if word and full.startswith(word):
        return full in ("true", "yes")
    return None


def boolean_literals(tree: exp.Expr) -> str | None:
    """`'on'::bool` read as Postgres reads it (DuckDB knows fewer words); a text it
    refuses is refused with its message."""
    for cast in list(tree.find_all(exp.Cast)):
        text = cast.this
        if is_type(cast.to, "boolean") and isinstance(text, exp.Literal) and text.is_string:
            value = boolean_input(text.this)
            if value is None:
                return f'invalid input syntax for type boolean: "{text.this}"'
            cast.replace(exp.Boolean(this=value))
    return None


# Postgres' uuid input: 32 hex digits, a `-` allowed after any four, braces around all.
_UUID_TEXT = re.compile(r"[0-9a-fA-F]{4}(?:-?[0-9a-fA-F]{4}){7}")


def typed_input_error(text: str, duck_type: str) -> str | None:
    """Postgres' error for `text` read as the integer, float or uuid type, or None.
    (DuckDB reads a uuid with its hyphens anywhere: `111-11111-1111-...` is one to it.)"""
    kind = duck_type.upper()
    if kind in _INTEGERS:
        return _integer_message(text, kind)
    if kind in _FLOATS:
        return _float_message(text, kind)
    if kind == "UUID":
        bare = text[1:-1] if text.startswith("{") and text.endswith("}") else text
        if not _UUID_TEXT.fullmatch(bare):
            return f'invalid input syntax for type uuid: "{text}"'
    return None


def _inserted_columns(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> list[str] | None:
    """The DuckDB types of the columns an INSERT ... VALUES writes, in order."""
    target = tree.this
    names = None
    if isinstance(target, exp.Schema):
        names = [c.name.lower() for c in target.expressions]
        target = target.this
    if not isinstance(target, exp.Table):
        return None
    columns = table_types.get(target.name.lower())
    if columns is None:
        return None
    names = names or list(columns)
    return [columns.get(n, "") for n in names]


def invalid_typed_literal(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> str | None:
    """Postgres' error for a number or uuid written as text it would refuse, or None."""
    for cast in tree.find_all(exp.Cast):
        text = cast.this
        if isinstance(text, exp.Literal) and text.is_string:
            message = typed_input_error(text.this, getattr(cast.to.this, "name", ""))
            if message:
                return message
    values = tree.expression if isinstance(tree, exp.Insert) else None
    if isinstance(values, exp.Values):
        types = _inserted_columns(tree, table_types) or []
        for row in values.expressions:
            items = row.expressions if isinstance(row, exp.Tuple) else [row]
            for item, duck_type in zip(items, types, strict=False):
                if isinstance(item, exp.Literal) and item.is_string:
                    message = typed_input_error(item.this, duck_type)
                    if message:
                        return message
    return None


_ESCAPE_STRING = re.compile(r"(?<![\w$'])[eE]'((?:[^'\\]|\\.|'')*)'", re.S)
_UNICODE_STRING = re.compile(
    r"(?<![\w$'])[uU]&'((?:[^']|'')*)'(\s*UESCAPE\s*'([^']*)')?", re.S | re.I
)
_HEX = "0123456789abcdefABCDEF"


def _code_points(points: list[int]) -> str | None:
    """Postgres' message for an escaped code point sequence it refuses, or None."""
    i = 0
    while i < len(points):
        point = points[i]
        if point > 0x10FFFF:
            return "invalid Unicode escape value"
        if 0xD800 <= point <= 0xDBFF:
            if i + 1 >= len(points) or not 0xDC00 <= points[i + 1] <= 0xDFFF:
                return "invalid Unicode surrogate pair"
            i += 2
            continue
        if 0xDC00 <= point <= 0xDFFF:
            return "invalid Unicode surrogate pair"
        i += 1
    return None


def _e_string(body: str) -> str | None:
    # Escaped code points, with None between runs that are not adjacent escapes.
    runs: list[list[int]] = [[]]
    i = 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body) and body[i + 1] in "uU":
            width = 4 if body[i + 1] == "u" else 8
            digits = body[i + 2 : i + 2 + width]
            if len(digits) != width or any(c not in _HEX for c in digits):
                return "invalid Unicode escape"
            runs[-1].append(int(digits, 16))
            i += 2 + width
            continue
        runs.append([])
        i += 2 if body[i] == "\\" else 1
    for run in runs:
        message = _code_points(run)
        if message:
            return message
    return None


def _u_string(body: str, escape: str) -> str | None:
    if len(escape) != 1 or escape in _HEX + "+'\" \t\n\r":
        return "invalid Unicode escape character"
    runs: list[list[int]] = [[]]
    i = 0
    while i < len(body):
        if body[i] != escape:
            runs.append([])
            i += 1
            continue
        if body[i + 1 : i + 2] == escape:
            runs.append([])
            i += 2
            continue
        plus = body[i + 1 : i + 2] == "+"
        width = 6 if plus else 4
        digits = body[i + 1 + plus : i + 1 + plus + width]
        if len(digits) != width or any(c not in _HEX for c in digits):
            return "invalid Unicode escape"
        runs[-1].append(int(digits, 16))
        i += 1 + plus + width
    for run in runs:
        message = _code_points(run)
        if message:
            return message
    return None


def invalid_string_escape(statement: str) -> str | None:
    """Postgres' error for a bad Unicode escape in an E'' or U&'' string, or None.

    sqlglot reads these leniently (`E'\\u061'` becomes `u061`), so they are checked on
    the statement's text.
    """
    for found in _ESCAPE_STRING.finditer(statement):
        message = _e_string(found.group(1))
        if message:
            return message
    for found in _UNICODE_STRING.finditer(statement):
        escape = found.group(3) if found.group(2) else "\\"
        message = _u_string(found.group(1).replace("''", "'"), escape)
        if message:
            return message
    return None


_UNICODE_IDENTIFIER = re.compile(
    r"(?<![\w$'\"])[uU]&\"((?:[^\"]|\"\")*)\"(\s*UESCAPE\s*'([^']*)')?", re.S | re.I
)


def _decode_unicode(body: str, escape: str) -> str:
    """A U&'' or U&"" body with its escapes (already checked by `_u_string`) decoded."""
    out: list[int] = []
    i = 0
    while i < len(body):
        if body[i] != escape:
            out.append(ord(body[i]))
            i += 1
        elif body[i + 1 : i + 2] == escape:
            out.append(ord(escape))
            i += 2
        else:
            plus = body[i + 1 : i + 2] == "+"
            width = 6 if plus else 4
            out.append(int(body[i + 1 + plus : i + 1 + plus + width], 16))
            i += 1 + plus + width
        if len(out) > 1 and 0xD800 <= out[-2] <= 0xDBFF and 0xDC00 <= out[-1] <= 0xDFFF:
            high, low = out[-2], out.pop()
            out[-1] = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    return "".join(map(chr, out))


def unicode_identifiers(statement: str) -> str | None:
    """The statement with each `U&"..." [UESCAPE 'c']` identifier written as the plain
    quoted identifier it names (sqlglot reads U&'' strings, not identifiers); None
    where one is refused (its message from `invalid_string_escape`'s rules) or where
    string quoting this scan does not follow (E'' strings, dollar quotes) is present."""
    if not _UNICODE_IDENTIFIER.search(statement):
        return statement
    if re.search(r"[eE]'|\$\w*\$", statement):
        return None

    def plain(found: re.Match[str]) -> str:
        if statement[: found.start()].count("'") % 2:
            return found.group(0)  # inside a string
        escape = found.group(3) if found.group(2) else "\\"
        body = found.group(1).replace('""', '"')
        if _u_string(body, escape) is not None:
            raise ValueError(body)
        return '"' + _decode_unicode(body, escape).replace('"', '""') + '"'

    try:
        return _UNICODE_IDENTIFIER.sub(plain, statement)
    except ValueError:
        return None
