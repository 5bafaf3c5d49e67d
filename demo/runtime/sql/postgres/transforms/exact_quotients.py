"""Numeric quotients inside other expressions, computed exactly as Postgres computes them.

`numeric.numeric_quotients` gives a result column that *is* a numeric division (or
arithmetic and `round()` around one) Postgres' digits and scale, after the query. Any
other numeric `/` was left to DuckDB, which divides decimals in double precision: `WHERE
amount / qty = 1.005` missed the row whose quotient Postgres holds as exactly 1.005,
`(2.01 / 2)::numeric(10,2)` was `1.00` (Postgres: `1.01`), and `ceil(amount / qty)`,
`sum(amount / qty)` or `abs(a / b)` answered a double for Postgres' numeric.

Here each such quotient becomes Postgres' own value: a SQL function (`pg_numeric_quotient`,
registered on every connection as the JSON functions are) divides the operands' texts with
Postgres' rules (`numeric.exact_quotient`), and DuckDB holds the result as
DECIMAL(38, 20). A quotient needing more digits than that fails as it runs, never rounded.

Where the quotient's scale would show in a result (`abs(a / b)`, `sum(a / b)`, a
subquery's column), DuckDB's fixed 20 decimals are not Postgres' per-value scale, so the
statement is refused; where only its value is used (a comparison, ORDER BY, `round(q, 2)`,
`ceil`, `floor`, a cast to a sized numeric, an integer or a float, a value written into a
column) it answers.
"""

from __future__ import annotations

import re
from decimal import Context, Decimal, InvalidOperation

from sqlglot import exp

from ..numeric import arithmetic_kind, exact_quotient, reaches_a_result

__all__ = [
    "QUOTIENT_FUNCTION",
    "exact_numeric_quotients",
    "numeric_quotient_value",
    "uses_quotient_function",
]

QUOTIENT_FUNCTION = "pg_numeric_quotient"
_DIGITS, _SCALE = 38, 20
_HELD = f"DECIMAL({_DIGITS}, {_SCALE})"
_WIDE = Context(prec=_DIGITS + 1)  # quantize keeps all 38 digits (the default keeps 28)
_CALL = re.compile(rb"\bpg_numeric_quotient\(", re.I)  # as sqlglot writes it: upper case

SCALE_SHOWS = (
    "the numeric division {division} is not supported here by this demo: Postgres gives"
    " each quotient a scale of its own, which would show in the result; round it"
    " (round(a / b, 2)), cast it (::numeric(12, 4) or ::float8), or make the division"
    " the whole result column"
)


# The function's third argument: the quotient's text as Postgres writes it (a cast to
# text), or as the DECIMAL(38, 20) that holds it.
_AS_TEXT, _AS_HELD = "text", "held"


def numeric_quotient_value(dividend: str, divisor: str, form: str) -> str:
    """`dividend / divisor` (their texts) as Postgres' numeric division answers it: its
    text, or (`form` "held") a form DECIMAL(38, 20) holds exactly, raising where the
    quotient does not fit."""
    try:
        quotient = exact_quotient(Decimal(dividend), Decimal(divisor))
    except ZeroDivisionError:
        raise ValueError("division by zero") from None
    except InvalidOperation:
        raise ValueError(f"invalid input syntax for type numeric: {dividend!r}") from None
    if form == _AS_TEXT:
        return format(quotient, "f")
    fits = quotient.adjusted() < _DIGITS - _SCALE
    held = quotient.quantize(Decimal(1).scaleb(-_SCALE), context=_WIDE) if fits else None
    if held is None or held != quotient:
        raise ValueError(
            f"the numeric quotient {quotient} needs more digits than this demo holds for a"
            f" quotient inside an expression ({_DIGITS}, {_SCALE} after the point);"
            " cast an operand to float8"
        )
    return format(held, "f")


def uses_quotient_function(sql: str | bytes) -> bool:
    """Whether DuckDB SQL (or a database image: a view may divide) calls the function."""
    return _CALL.search(sql.encode() if isinstance(sql, str) else sql) is not None


def _made_float(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """Whether arithmetic around `node` meets a float, which makes the result a float8
    (`a / 1024.0 / 2.5::float8`): no numeric scale shows then."""
    parent = node.parent
    while isinstance(parent, exp.Paren | exp.Neg | exp.Add | exp.Sub | exp.Mul | exp.Div):
        if arithmetic_kind(parent, column_types) == "float":
            return True
        parent = parent.parent
    return False


def exact_numeric_quotients(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    """Each numeric `/` left in the statement (after `numeric_quotients`) as Postgres'
    exact value; a refusal where its scale would show in a result."""
    for node in list(tree.find_all(exp.Div)):
        if not node.args.get("typed") or arithmetic_kind(node, column_types) != "numeric":
            continue
        if _text_of(node) is None and reaches_a_result(node):
            if _made_float(node, column_types):
                continue
            return SCALE_SHOWS.format(division=node.sql("postgres"))
    for node in reversed(list(tree.find_all(exp.Div))):  # inner quotients first
        if not node.args.get("typed") or arithmetic_kind(node, column_types) != "numeric":
            continue
        texts = [exp.cast(side.copy(), "VARCHAR") for side in (node.left, node.right)]
        text = _text_of(node)
        if text is not None:
            text.replace(exp.func(QUOTIENT_FUNCTION, *texts, exp.Literal.string(_AS_TEXT)))
        else:
            call = exp.func(QUOTIENT_FUNCTION, *texts, exp.Literal.string(_AS_HELD))
            node.replace(exp.cast(call, _HELD))
    return None


def _text_of(node: exp.Expr) -> exp.Expr | None:
    """What becomes the quotient's text where `node` is made text: its cast to text
    (`(a / b)::text`), or the quotient itself as an operand of `||`; None elsewhere."""
    parent = node.parent
    while isinstance(parent, exp.Paren):
        parent = parent.parent
    if isinstance(parent, exp.Cast) and parent.to.is_type(*exp.DataType.TEXT_TYPES):
        return parent
    return node if isinstance(parent, exp.DPipe) else None
