"""`pg_input_is_valid` and `pg_input_error_info` on literal arguments, answered in place.

DuckDB has neither function. Where the text and the type name are both literals and
the type is one whose input rules `input_syntax` knows (the integers, the floats,
boolean, int2vector, and one-dimensional arrays of integers or floats) or
`datetime_input` judges (date, timestamp, timestamptz: the texts it reads, Postgres'
own errors it finds, a lone word that is no date) or `interval_input` judges
(interval), Postgres' verdict follows from the
text alone, so the call becomes its answer. Any other call
(a computed argument, a type read elsewhere, an array literal with quotes or nested
braces, the message of a malformed array) is left as it is: DuckDB then refuses it
(no such function), never answering differently.
"""

from __future__ import annotations

import re

from sqlglot import exp

from .datetime_input import NotJudged, temporal_input_error
from .input_syntax import boolean_input, typed_input_error
from .interval_input import interval_input_error

__all__ = ["input_functions"]

_SYNTAX, _RANGE = "22P02", "22003"

# Postgres type name -> the DuckDB type `typed_input_error` reads it as.
_NUMBERS = {
    "int2": "SMALLINT", "smallint": "SMALLINT",
    "int4": "INTEGER", "integer": "INTEGER", "int": "INTEGER",
    "int8": "BIGINT", "bigint": "BIGINT",
    "float4": "REAL", "real": "REAL",
    "float8": "DOUBLE", "double precision": "DOUBLE",
}  # fmt: skip

# A verdict: None where the text is valid, else (message, SQLSTATE); the message is
# "" where only the validity is known (a malformed array literal's message has details).
_Verdict = tuple[str, str] | None
_UNKNOWN = object()


def _number(text: str, duck_type: str) -> _Verdict | object:
    if duck_type in ("REAL", "DOUBLE") and re.search(r"0[xX]|nan\(", text, re.I):
        return _UNKNOWN  # strtod reads hex floats and nan(...): not judged here
    message = typed_input_error(text, duck_type)
    if message is None:
        return None
    return message, _SYNTAX if message.startswith("invalid input syntax") else _RANGE


def _boolean(text: str) -> _Verdict:
    if boolean_input(text) is None:
        return f'invalid input syntax for type boolean: "{text}"', _SYNTAX
    return None


def _int2vector(text: str) -> _Verdict:
    """int2vectorin: integers between spaces, each read by strtol; a message quotes
    the text from the failing element on."""
    at = 0
    while True:
        while at < len(text) and text[at] in " \t\n\r\v\f":
            at += 1
        if at == len(text):
            return None
        rest = text[at:]
        digits = re.match(r"[+-]?\d+", rest)
        if digits is None:
            return f'invalid input syntax for type smallint: "{rest}"', _SYNTAX
        if not -(2**15) <= int(digits.group()) < 2**15:
            return f'value "{rest}" is out of range for type smallint', _RANGE
        at += digits.end()
        if at < len(text) and text[at] != " ":
            return f'invalid input syntax for type smallint: "{rest}"', _SYNTAX


def _array(text: str, duck_type: str) -> _Verdict | object:
    """A one-dimensional array of numbers without quotes; others are not judged."""
    body = text.strip(" \t\n\r\v\f")
    if not body.startswith(("{", "[")) or body.count("{") != body.count("}"):
        return "", _SYNTAX  # malformed array literal
    if not re.fullmatch(r"\{[^{}\"\\]*\}", body):
        return _UNKNOWN
    inner = body[1:-1]
    if not inner.strip(" \t\n\r\v\f"):
        return None
    for item in inner.split(","):
        element = item.strip(" \t\n\r\v\f")
        if not element:
            return "", _SYNTAX  # an empty element: malformed
        if element.lower() == "null":
            continue
        verdict = _number(element, duck_type)
        if verdict is not None:
            return verdict
    return None


def _verdict(text: str, type_name: str) -> _Verdict | object:
    name = " ".join(type_name.lower().split())
    element = name[:-2].strip() if name.endswith("[]") else name[1:] if name[:1] == "_" else ""
    if element in _NUMBERS:
        return _array(text, _NUMBERS[element])
    if name in _NUMBERS:
        return _number(text, _NUMBERS[name])
    if name in ("bool", "boolean"):
        return _boolean(text)
    if name == "int2vector":
        return _int2vector(text)
    try:
        if name == "interval":
            return interval_input_error(text)
        return temporal_input_error(text, name)
    except NotJudged:
        return _UNKNOWN


def _literal_verdict(call: exp.Anonymous) -> _Verdict | object:
    args = call.expressions
    if len(args) != 2 or not all(isinstance(a, exp.Literal) and a.is_string for a in args):
        return _UNKNOWN
    return _verdict(args[0].this, args[1].this)


def _error_info(verdict: _Verdict) -> exp.Select:
    """pg_input_error_info's one row: message, detail, hint, sql_error_code (NULLs
    where the text is valid)."""
    message, code = verdict or (None, None)

    def text(value: str | None) -> exp.Expr:
        return exp.cast(exp.Literal.string(value) if value else exp.null(), "TEXT")

    return exp.select(
        exp.alias_(text(message), "message"),
        exp.alias_(text(None), "detail"),
        exp.alias_(text(None), "hint"),
        exp.alias_(text(code), "sql_error_code"),
    )


def input_functions(tree: exp.Expr) -> None:
    """Replace the calls whose answer is known; leave the others for DuckDB to refuse."""
    for call in list(tree.find_all(exp.Anonymous)):
        name = str(call.this).lower()
        if name not in ("pg_input_is_valid", "pg_input_error_info"):
            continue
        verdict = _literal_verdict(call)
        if verdict is _UNKNOWN:
            continue
        assert verdict is None or isinstance(verdict, tuple)
        if name == "pg_input_is_valid":
            call.replace(exp.Boolean(this=verdict is None))
            continue
        table = call.parent
        if not isinstance(table, exp.Table) or (verdict is not None and not verdict[0]):
            continue  # a record value, or a message not known here
        alias = table.args.get("alias") or exp.TableAlias(this=exp.to_identifier(name))
        table.replace(exp.Subquery(this=_error_info(verdict), alias=alias.copy()))
