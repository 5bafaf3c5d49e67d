"""A statement's syntax errors, in Postgres' words where the demo can be sure of them.

sqlglot, not Postgres' grammar, reads each statement. It is lenient where Postgres is
not: `SELECT a, FROM t`, `VALUES (1,)` and `ORDER BY a,` parse (the comma dropped),
and would be answered where Postgres refuses them. `misplaced_comma` refuses those first,
as Postgres does (`syntax error at or near "FROM"`). sqlglot also reads statements of
DuckDB's own (`PRAGMA version`, `USE memory`, `DESCRIBE t`, `INSTALL httpfs`), which
DuckDB would then run: `foreign_statement` refuses a statement whose first word does not
start one of Postgres', as Postgres does. `foreign_operator` refuses the operators of
other engines that sqlglot reads (`==`, `<=>`, `!`, `GLOB`, `REGEXP`, `RLIKE`), which
DuckDB would answer. `in_without_list` refuses `a IN b` (another engine's IN over an
array or a string), which Postgres' grammar has only with a parenthesised list or
subquery. `table_sample_syntax` refuses the sample forms of other engines
(`TABLESAMPLE (10)`, `TABLESAMPLE 10%`, `BERNOULLI (10 ROWS)`), which DuckDB would take.
`foreign_type` refuses the type names of other engines that sqlglot
reads as types of its own (`::double`, `CAST(x AS string)`, a `tinyint` column), which
Postgres has no type of (`type "double" does not exist`).

Where sqlglot cannot read a statement, the statement may be wrong or may use syntax
sqlglot does not know (`JOIN ... USING (i) AS x`); the demo cannot tell which, so
`parse_error_message` says where sqlglot stopped (`could not parse as Postgres SQL: at or
near "AS"`) without claiming a syntax error, and without sqlglot's internals (token
dumps, class names, terminal colours). An unterminated quoted string is certain, and
gets Postgres' message.
"""

from __future__ import annotations

import re

from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import SqlglotError, TokenError
from sqlglot.tokens import Token, TokenType

from .transforms.operand_types import number_literal_type

__all__ = [
    "clock_keyword_parentheses",
    "foreign_operator",
    "foreign_statement",
    "foreign_type",
    "in_without_list",
    "misplaced_comma",
    "parse_error_message",
    "table_sample_syntax",
]

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


# Postgres' keywords for the clock: the first four take an optional precision, which
# must be written (`localtime()` is a syntax error); `current_date` takes none.
_CLOCK_WITH_PRECISION = {
    TokenType.LOCALTIME, TokenType.LOCALTIMESTAMP, TokenType.CURRENT_TIME,
    TokenType.CURRENT_TIMESTAMP,
}  # fmt: skip


def clock_keyword_parentheses(tokens: list[Token]) -> str | None:
    """Postgres' syntax error for `localtime()`, `current_timestamp()`, `current_date(`,
    which sqlglot reads as the keywords themselves, or None."""
    for keyword, opening, after in zip(tokens, tokens[1:], [*tokens[2:], None], strict=False):
        if opening.token_type is not TokenType.L_PAREN:
            continue
        if keyword.token_type is TokenType.CURRENT_DATE:
            return 'syntax error at or near "("'
        if keyword.token_type in _CLOCK_WITH_PRECISION and (
            after is None or after.token_type is TokenType.R_PAREN
        ):
            return 'syntax error at or near ")"' if after else "syntax error at end of input"
    return None


def _near(token: Token | None) -> str:
    return f'syntax error at or near "{token.text}"' if token else "syntax error at end of input"


def table_sample_syntax(tokens: list[Token]) -> str | None:
    """Postgres' syntax error for a TABLESAMPLE other than `method (arguments)`: no
    method, or ROWS, PERCENT or % among the arguments (other engines' forms), or None."""
    for at, keyword in enumerate(tokens):
        if keyword.token_type is not TokenType.TABLE_SAMPLE:
            continue
        method, opening = [*tokens[at + 1 : at + 3], None, None][:2]
        if method is None or method.token_type is not TokenType.VAR:
            return _near(method)
        if opening is None or opening.token_type is not TokenType.L_PAREN:
            return _near(opening)
        depth = 0
        for token in tokens[at + 2 :]:
            depth += {TokenType.L_PAREN: 1, TokenType.R_PAREN: -1}.get(token.token_type, 0)
            if depth == 0:
                break
            if token.token_type in (TokenType.ROWS, TokenType.PERCENT, TokenType.MOD):
                return _near(token)
    return None


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


# Operators of other engines, which Postgres has no operator of that name for (sqlglot
# reads `!` as NOT; Postgres' own `!~`, `!~*`, `!~~`, `!~~*` start with it).
_SYMBOLS = {TokenType.EQ: "==", TokenType.NULLSAFE_EQ: "<=>", TokenType.NOT: "!"}
# Words of other engines: Postgres reads `a GLOB b` as `a` named glob, then stops at `b`.
_WORDS = {TokenType.GLOB: ("GLOB",), TokenType.RLIKE: ("REGEXP", "RLIKE")}
_LITERAL_TYPES = {
    TokenType.STRING: "unknown",
    TokenType.TRUE: "boolean",
    TokenType.FALSE: "boolean",
}
# Tokens an operand cannot end with: an operator after one of these (or first) is prefix.
_BEFORE_OPERAND = {
    TokenType.L_PAREN, TokenType.L_BRACKET, TokenType.COMMA, TokenType.SELECT,
    TokenType.WHERE, TokenType.HAVING, TokenType.ON, TokenType.AND, TokenType.OR,
    TokenType.NOT, TokenType.CASE, TokenType.WHEN, TokenType.THEN, TokenType.ELSE,
    TokenType.SET, TokenType.RETURNING, TokenType.EQ, TokenType.NULLSAFE_EQ,
}  # fmt: skip


def _literal_type(token: Token | None) -> str | None:
    if token is None:
        return None
    if token.token_type is TokenType.NUMBER:  # integer, bigint or numeric, by its value
        return number_literal_type(exp.Literal(this=token.text, is_string=False))
    return _LITERAL_TYPES.get(token.token_type)


def _written(token: Token) -> str:
    """A token as the statement writes it (a string literal with its quotes)."""
    if token.token_type is TokenType.STRING:
        return "'" + token.text.replace("'", "''") + "'"
    return token.text


def _missing_operator(operator: str, left: Token | None, right: Token | None) -> str:
    """Postgres' `operator does not exist: integer == integer`, the operands typed where
    they are literals; where one is not, the operator alone."""
    binary = left is not None and left.token_type not in _BEFORE_OPERAND
    types = [_literal_type(left) if binary else "", _literal_type(right)]
    if None in types:
        return f"operator does not exist: {operator} (Postgres has no such operator)"
    return "operator does not exist: " + " ".join(t for t in (types[0], operator, types[1]) if t)


def _between_operands(before: Token | None, after: Token) -> bool:
    """Whether a word stands between two operands (`'a' GLOB 'b'`), not as a name
    (`SELECT glob FROM t`, `t.glob`)."""
    if before is None:
        return False
    if before.token_type in _BEFORE_OPERAND or before.token_type is TokenType.DOT:
        return False
    return after.token_type not in (TokenType.FROM, TokenType.COMMA, TokenType.R_PAREN)


def foreign_operator(tokens: list[Token]) -> str | None:
    """Postgres' refusal of an operator of another engine that sqlglot reads, or None."""
    at = 0
    while at < len(tokens):
        token = tokens[at]
        kind, text = token.token_type, token.text.upper()
        before = tokens[at - 1] if at else None
        if _SYMBOLS.get(kind) == text:
            end = at + 1
            while text == "!" and end < len(tokens) and tokens[end].text == "!":
                end += 1  # `!!`: one operator
            after = tokens[end] if end < len(tokens) else None
            if not (text == "!" and after is not None and after.text.startswith("~")):
                return _missing_operator("!" * (end - at) if text == "!" else text, before, after)
        after = tokens[at + 1] if at + 1 < len(tokens) else None
        if text in _WORDS.get(kind, ()) and after and _between_operands(before, after):
            return f'syntax error at or near "{_written(after)}"'
        at += 1
    return None


def in_without_list(tree: exp.Expr) -> str | None:
    """Postgres' syntax error for IN followed by anything but a parenthesised list or
    subquery (`'a' IN 'b'`, `x IN ARRAY[1]`, `x IN UNNEST(a)`), which sqlglot reads as
    another engine's membership test; or None."""
    for node in tree.find_all(exp.In):
        after = node.args.get("field") or node.args.get("unnest")
        if after is not None:
            first = Dialect.get_or_raise("postgres").tokenize(after.sql(dialect="postgres"))[0]
            return f'syntax error at or near "{_written(first)}"'
    return None


# Type names sqlglot reads that Postgres has no type of (each checked against PGlite:
# `type "..." does not exist`). `double` alone: Postgres' is `double precision`.
_FOREIGN_TYPES = frozenset({
    "TINYINT", "HUGEINT", "UHUGEINT", "UBIGINT", "UINTEGER", "USMALLINT", "UTINYINT", "INT1",
    "INT16", "INT32", "INT64", "INT128", "DOUBLE", "STRING", "BLOB", "VARBINARY", "BINARY",
    "BITSTRING", "VARINT", "BIGNUM", "LONG", "SIGNED", "LOGICAL", "NVARCHAR", "TINYTEXT",
    "LONGTEXT", "MEDIUMTEXT", "VARIANT", "DATETIME", "TIMESTAMP_S", "TIMESTAMP_MS",
    "TIMESTAMP_US", "TIMESTAMP_NS", "GEOMETRY", "MAP", "LIST", "STRUCT",
})  # fmt: skip


# Where the query of a CREATE TABLE AS or CREATE VIEW starts: no column definitions after.
_QUERY_STARTS = {TokenType.SELECT, TokenType.WITH, TokenType.VALUES}


def foreign_type(tokens: list[Token]) -> str | None:
    """Postgres' refusal of a type name of another engine written where a type goes: after
    `::`, after AS in CAST(...), after TYPE, or after a column's name in CREATE or ALTER
    TABLE (before any query it holds). Elsewhere the same word may be a name (`SELECT 1 AS
    string`, `SELECT a string`)."""
    defines = bool(tokens) and tokens[0].token_type in (TokenType.CREATE, TokenType.ALTER)
    casts: list[bool] = []  # per open parenthesis: whether it is a CAST's
    for before, token in zip([None, *tokens], tokens, strict=False):
        if token.token_type in _QUERY_STARTS:  # `CREATE VIEW v AS SELECT a double`: a name
            defines = False
        if token.token_type is TokenType.L_PAREN:
            casts.append(before is not None and before.text.upper() in ("CAST", "TRY_CAST"))
        elif token.token_type is TokenType.R_PAREN and casts:
            casts.pop()
        if before is None or token.text.upper() not in _FOREIGN_TYPES:
            continue
        kind, word = before.token_type, before.text.upper()
        typed = (
            kind is TokenType.DCOLON
            or word == "TYPE"
            or (kind is TokenType.ALIAS and bool(casts) and casts[-1])
            or (defines and kind in (TokenType.VAR, TokenType.IDENTIFIER))
        )
        if typed:
            return f'type "{token.text.lower()}" does not exist'
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
