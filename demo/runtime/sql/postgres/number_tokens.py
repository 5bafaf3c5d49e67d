"""Numbers as Postgres 16+ reads them in a statement: other bases, `_` between digits, no junk.

Postgres reads `0x42F`, `0o273` and `0b101` as integers, `1_000_000` and `1_000.5`
with their underscores dropped, and refuses a number run into letters (`123abc`,
`0.a`: "trailing junk after numeric literal"). sqlglot reads them otherwise, and
DuckDB would answer: `0x42F` as the bytes 04 2F, `0o273` as `0 AS o273`, `1_000` as
`1 AS _000`, `123abc` as `123 AS abc`. Each is rewritten to its decimal text before the
statement is parsed (Postgres types it as it would the decimal: int4, int8 or numeric),
or refused in Postgres' words.
"""

from __future__ import annotations

import re

from sqlglot.tokens import Token, TokenType

from ..statements import SqlError

__all__ = ["decimal_numbers"]

_DIGITS = r"\d(?:_?\d)*"
_NUMBER = re.compile(
    rf"(?P<literal>0[xX](?:_?[0-9A-Fa-f])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+"
    rf"|(?:{_DIGITS}(?:\.(?:{_DIGITS})?)?|\.{_DIGITS})(?:[eE][+-]?{_DIGITS})?)"
    r"(?P<junk>\w*)"
)
_BASES = {"x": 16, "o": 8, "b": 2}
# The tokens a number's text can start (sqlglot reads `0x..`/`0b..` as x''/b'' strings).
_STARTS = {TokenType.NUMBER, TokenType.HEX_STRING, TokenType.BIT_STRING, TokenType.DOT}


def decimal_numbers(text: str, tokens: list[Token], statement: str) -> str:
    """`text` (of `statement`) with each numeric literal Postgres reads differently from
    sqlglot in its decimal form; SqlError in Postgres' words for a number with junk."""
    edits: list[tuple[int, int, str]] = []
    for token in tokens:
        start = token.start
        if token.token_type not in _STARTS or not _starts_number(text, start):
            continue
        found = _NUMBER.match(text, start)
        if found is None:
            continue
        literal = found.group("literal")
        if found.group("junk"):
            message = f'trailing junk after numeric literal at or near "{found.group(0)}"'
            raise SqlError(message, statement)
        base = _BASES.get(literal[1:2].lower()) if literal.startswith("0") else None
        if base is not None:
            edits.append((start, found.end(), str(int(literal[2:].replace("_", ""), base))))
        elif "_" in literal:
            edits.append((start, found.end(), literal.replace("_", "")))
    for start, end, decimal in reversed(edits):
        text = text[:start] + decimal + text[end:]
    return text


def _starts_number(text: str, at: int) -> bool:
    """A number starts at `at`: a digit (or `.` and a digit) not inside a name or `$1`."""
    if at > 0 and (text[at - 1].isalnum() or text[at - 1] in "_$."):
        return False
    first = text[at : at + 1]
    return first.isdigit() or (first == "." and text[at + 1 : at + 2].isdigit())
