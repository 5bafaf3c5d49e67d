"""A statement's syntax errors, in Postgres' words where the demo can be sure of them.

sqlglot, not Postgres' grammar, reads each statement. It is lenient where Postgres is
not: `SELECT a, FROM t`, `VALUES (1,)` and `ORDER BY a,` parse (the comma dropped),
and would be answered where Postgres refuses them. `misplaced_comma` refuses those first,
as Postgres does (`syntax error at or near "FROM"`). sqlglot also reads statements of
DuckDB's own (`PRAGMA version`, `USE memory`, `DESCRIBE t`, `INSTALL httpfs`), which
DuckDB would then run: `foreign_statement` refuses a statement whose first word does not
start one of Postgres', as Postgres does.

Where sqlglot cannot read a statement, the statement may be wrong or may use syntax
sqlglot does not know (`JOIN ... USING (i) AS x`); the demo cannot tell which, so
`parse_error_message` says where sqlglot stopped (`could not parse as Postgres SQL: at or
near "AS"`) without claiming a syntax error, and without sqlglot's internals (token
dumps, class names, terminal colours). An unterminated quoted string is certain, and
gets Postgres' message.
"""

from __future__ import annotations

import re

from sqlglot.errors import SqlglotError, TokenError
from sqlglot.tokens import Token, TokenType

__all__ = ["foreign_statement", "misplaced_comma", "parse_error_message"]

# A comma Postgres' grammar never allows before these (nor at the end of a statement).
_CLOSING = {
    TokenType.FROM, TokenType.WHERE, TokenType.GROUP_BY, TokenType.ORDER_BY,
    TokenType.HAVING, TokenType.LIMIT, TokenType.OFFSET, TokenType.R_PAREN,
    TokenType.R_BRACKET, TokenType.UNION, TokenType.INTERSECT, TokenType.EXCEPT,
    TokenType.SEMICOLON, TokenType.RETURNING, TokenType.COMMA,
}  # fmt: skip
_AT = re.compile(r"Line (\d+), Col: (\d+)\.")
# The words a Postgres statement starts with (its grammar's top level).
_POSTGRES_STATEMENTS = frozenset({
    "ABORT", "ALTER", "ANALYSE", "ANALYZE", "BEGIN", "CALL", "CHECKPOINT", "CLOSE", "CLUSTER",
    "COMMENT", "COMMIT", "COPY", "CREATE", "DEALLOCATE", "DECLARE", "DELETE", "DISCARD", "DO",
    "DROP", "END", "EXECUTE", "EXPLAIN", "FETCH", "GRANT", "IMPORT", "INSERT", "LISTEN",
    "LOAD", "LOCK", "MERGE", "MOVE", "NOTIFY", "PREPARE", "REASSIGN", "REFRESH", "REINDEX",
    "RELEASE", "RESET", "REVOKE", "ROLLBACK", "SAVEPOINT", "SECURITY", "SELECT", "SET",
    "SHOW", "START", "TABLE", "TRUNCATE", "UNLISTEN", "UPDATE", "VACUUM", "VALUES", "WITH",
})  # fmt: skip


def foreign_statement(tokens: list[Token]) -> str | None:
    """Postgres' syntax error for a statement that starts with a word none of its
    statements starts with, or None. A parenthesised query starts with `(`."""
    first = tokens[0] if tokens else None
    if first is None or first.token_type is TokenType.L_PAREN:
        return None
    if first.text.upper() in _POSTGRES_STATEMENTS:
        return None
    return f'syntax error at or near "{first.text}"'


def misplaced_comma(tokens: list[Token]) -> str | None:
    """Postgres' syntax error for a comma with nothing after it in its list, or None.
    `tokens`: the statement's, which the parser then reads."""
    for comma, after in zip(tokens, [*tokens[1:], None], strict=True):
        if comma.token_type is not TokenType.COMMA:
            continue
        if after is None:
            return "syntax error at end of input"
        if after.token_type in _CLOSING:
            return f'syntax error at or near "{after.text.split()[0]}"'
    return None


def _open_quote(statement: str) -> int | None:
    """Where a string literal the statement never closes starts, or None."""
    at = 0
    while at < len(statement):
        if statement.startswith("--", at):
            end = statement.find("\n", at)
            at = len(statement) if end < 0 else end
        elif statement[at] == "'":
            end = statement.find("'", at + 1)
            while end >= 0 and statement.startswith("''", end):
                end = statement.find("'", end + 2)
            if end < 0:
                return at
            at = end
        at += 1
    return None


def parse_error_message(error: SqlglotError, statement: str) -> str:
    """Why sqlglot could not read `statement`, pointed at where it stopped."""
    if isinstance(error, TokenError):
        start = _open_quote(statement)
        if start is not None:
            return f'unterminated quoted string at or near "{statement[start:].rstrip()}"'
    errors = getattr(error, "errors", None) or []
    token = str(errors[0].get("highlight") or "").strip() if errors else ""
    if token:
        return f'could not parse as Postgres SQL: at or near "{token}"'
    found = _AT.search(str(error))
    if found:
        return f"could not parse as Postgres SQL: at line {found[1]}, column {found[2]}"
    return "could not parse as Postgres SQL"
