"""Splitting Postgres text into single statements, keeping the user's text.

Split on the semicolon tokens of sqlglot's Postgres tokenizer, which understands
quotes, `$$` bodies and comments (see `../statements.py` for why each engine runs one
statement at a time).
"""

from __future__ import annotations

from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import SqlglotError
from sqlglot.tokens import TokenType

from ..statements import SqlError
from .syntax_errors import parse_error_message

__all__ = ["split_postgres"]


def split_postgres(sql: str) -> list[str]:
    """Split Postgres text into statements (without their `;`).

    Raises SqlError when the text cannot be tokenized (e.g. an unterminated quote).
    """
    try:
        tokens = Dialect.get_or_raise("postgres").tokenize(sql)
    except SqlglotError as exc:
        raise SqlError(parse_error_message(exc, sql.strip()), sql.strip()) from exc
    statements: list[str] = []
    first = last = None
    for token in tokens:
        if token.token_type == TokenType.SEMICOLON:
            if first is not None and last is not None:
                statements.append(sql[first.start : last.end + 1])
            first = last = None
            continue
        if first is None:
            first = token
        last = token
    if first is not None and last is not None:
        statements.append(sql[first.start : last.end + 1])
    return statements
