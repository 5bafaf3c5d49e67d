"""A typed literal followed by `::` (`date '2024-01-02'::text`), read as Postgres reads it.

Postgres reads `date '2024-01-02'` as one constant of type date, so `date
'2024-01-02'::text` is that date cast to text. sqlglot applies the `::` to the string
first (`CAST(CAST('2024-01-02' AS TEXT) AS DATE)`): a date where Postgres answers text,
and `timestamp '2024-01-02 10:00'::date` a timestamp at midnight where Postgres answers
a date. The typed literal is put in parentheses before the statement is parsed.
"""

from __future__ import annotations

from sqlglot.tokens import Token, TokenType

__all__ = ["typed_literals_before_casts"]

# `timestamp with time zone '...'`, `time without time zone '...'`: the words after
# the type's own token.
_ZONE_WORDS = ("with", "without", "time", "zone")


def _type_start(tokens: list[Token], at: int, type_tokens: set[TokenType]) -> int | None:
    """The index of the first token of the type name ending at `at`, or None."""
    start = at
    if tokens[at].text.lower() == "zone":
        while start > 0 and tokens[start].text.lower() in _ZONE_WORDS[:3] + ("zone",):
            start -= 1  # back past `with time zone` to its timestamp or time
        if tokens[start + 1].text.lower() not in ("with", "without"):
            return None
    if tokens[start].token_type not in type_tokens:
        return None
    if start > 0 and tokens[start - 1].token_type in (TokenType.DCOLON, TokenType.DOT):
        return None  # `x::date` or `t.date`: not a typed literal
    return start


def typed_literals_before_casts(text: str, tokens: list[Token], type_tokens: set[TokenType]) -> str:
    """`text` with every `type 'string'` that a `::` follows put in parentheses."""
    edits: list[tuple[int, int]] = []
    for i in range(1, len(tokens) - 1):
        if tokens[i].token_type is not TokenType.STRING:
            continue
        if tokens[i + 1].token_type is not TokenType.DCOLON:
            continue
        start = _type_start(tokens, i - 1, type_tokens)
        if start is not None:
            edits.append((tokens[start].start, tokens[i].end + 1))
    for start, end in reversed(edits):
        text = f"{text[:start]}({text[start:end]}){text[end:]}"
    return text
