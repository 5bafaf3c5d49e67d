"""Numeric quotients and averages inside other expressions, computed as Postgres does.

`numeric.numeric_quotients` gives a result column that *is* a numeric division or
average (or arithmetic and `round()` around one) Postgres' digits and scale, after the
query. Any other numeric `/` or `avg()` was left to DuckDB, which divides decimals (and
averages them) in double precision: `WHERE amount / qty = 1.005` missed the row whose
quotient Postgres holds as exactly 1.005, `(2.01 / 2)::numeric(10,2)` was `1.00`
(Postgres: `1.01`), and `ceil(avg(qty))` or `sum(amount / qty)` answered a double for
Postgres' numeric.

Here each such quotient (an average: its sum by its count) becomes Postgres' own value: a
SQL function (`pg_numeric_quotient`, registered on every connection as the JSON functions
are) divides the operands' texts with Postgres' rules (`numeric.exact_quotient`), and
DuckDB holds the result as DECIMAL(38, 20). A quotient needing more digits than that fails
as it runs, never rounded. Made text (`::text`, `||`), it is Postgres' own text.

Where the quotient's scale would show in a result (`coalesce(a / b, 0)`, `sum(a / b)`, a
subquery's column), DuckDB's fixed 20 decimals are not Postgres' per-value scale, so the
statement is refused; where only its value is used (a comparison, ORDER BY, `round(q, 2)`,
`ceil`, `floor`, a cast to a sized numeric, an integer or a float, a value written into a
column) it answers.
"""

from __future__ import annotations

from decimal import Context, Decimal, InvalidOperation

from sqlglot import exp

from ..numeric import (
    QUOTIENT_AS_HELD,
    QUOTIENT_AS_TEXT,
    QUOTIENT_HELD_SCALE,
    QUOTIENT_HELD_TYPE,
    QUOTIENT_SCALE,
    arithmetic_kind,
    average_parts,
    exact_numeric_division,
    exact_quotient,
    quotient_call,
    reaches_a_result,
)

__all__ = [
    "exact_numeric_quotients",
    "numeric_quotient_value",
]

_DIGITS, _SCALE = 38, QUOTIENT_HELD_SCALE
_WIDE = Context(prec=_DIGITS + 1)  # quantize keeps all 38 digits (the default keeps 28)

SCALE_SHOWS = (
    "{what} is not supported here by this demo: Postgres gives each quotient a scale of"
    " its own, which would show in the result; round it (round(a / b, 2)), cast it"
    " (::numeric(12, 4) or ::float8), or make it the whole result column"
)


def numeric_quotient_value(dividend: str, divisor: str, form: str) -> str:
    """`dividend / divisor` (their texts) as Postgres' numeric division answers it: its
    text (`form` "text"), the form DECIMAL(38, 20) holds ("held"), or its display scale
    ("scale"); the last two raise where the quotient's digits do not fit that type."""
    try:
        quotient = exact_quotient(Decimal(dividend), Decimal(divisor))
    except ZeroDivisionError:
        raise ValueError("division by zero") from None
    except InvalidOperation:
        raise ValueError(f"invalid input syntax for type numeric: {dividend!r}") from None
    if form == QUOTIENT_AS_TEXT:
        return format(quotient, "f")
    scale = -int(quotient.as_tuple().exponent)  # exact_quotient's result has its scale
    if scale > _SCALE or quotient.adjusted() >= _DIGITS - _SCALE:
        raise ValueError(
            f"the numeric quotient {quotient} needs more digits than this demo holds for a"
            f" quotient inside an expression ({_DIGITS}, {_SCALE} after the point);"
            " cast an operand to float8"
        )
    if form == QUOTIENT_SCALE:
        return str(scale)
    return format(quotient.quantize(Decimal(1).scaleb(-_SCALE), context=_WIDE), "f")


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
    """Each numeric `/` and `avg()` left in the statement (after `numeric_quotients`) as
    Postgres' exact value; a refusal where its scale would show in a result."""
    # Breadth first (find_all's order), so reversed each node comes after those inside it.
    targets: list[tuple[exp.Expr, exp.Div | exp.Avg]] = []
    for node in tree.find_all(exp.Div, exp.Avg):
        if isinstance(node, exp.Div) and exact_numeric_division(node, column_types):
            targets.append((node, node))
        elif isinstance(node, exp.Avg) and average_parts(node, column_types):
            targets.append((_over(node), node))
    for outer, node in targets:
        if _scale_shows(outer, column_types):
            what = "the numeric division" if isinstance(node, exp.Div) else "the average"
            return SCALE_SHOWS.format(what=f"{what} {outer.sql('postgres')}")
    for outer, node in reversed(targets):
        if isinstance(node, exp.Div):
            dividend, divisor = node.left.copy(), node.right.copy()
        else:
            dividend, divisor = (_in_place_of(outer, node, part) for part in (exp.Sum, exp.Count))
        text = _text_of(outer)
        if text is not None:
            text.replace(quotient_call(dividend, divisor, QUOTIENT_AS_TEXT))
        else:
            outer.replace(
                exp.cast(quotient_call(dividend, divisor, QUOTIENT_AS_HELD), QUOTIENT_HELD_TYPE)
            )
    return None


def _scale_shows(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """Whether `node`'s scale would reach a result: not made text here, nor a float."""
    if _text_of(node) is not None or not reaches_a_result(node):
        return False
    return not _made_float(node, column_types)


def _over(node: exp.Expr) -> exp.Expr:
    """`node` with the OVER (...) and FILTER (...) written around it."""
    while isinstance(node.parent, exp.Window | exp.Filter) and node.parent.this is node:
        node = node.parent
    return node


def _in_place_of(outer: exp.Expr, avg: exp.Avg, function: type[exp.Sum | exp.Count]) -> exp.Expr:
    """`outer` (an avg() with its OVER and FILTER) with `function` of avg's argument in
    avg's place: the sum or the count Postgres divides (a count of no rows makes the sum
    NULL, so the quotient is NULL, as Postgres' avg of no values is)."""
    replacement = function(this=avg.this.copy())
    if outer is avg:
        return replacement
    copy = outer.copy()
    inner = copy
    while isinstance(inner, exp.Window | exp.Filter):
        inner = inner.this
    inner.replace(replacement)
    return copy


def _text_of(node: exp.Expr) -> exp.Expr | None:
    """What becomes the quotient's text where `node` is made text: its cast to text
    (`(a / b)::text`), or the quotient itself as an operand of `||`; None elsewhere."""
    parent = node.parent
    while isinstance(parent, exp.Paren):
        parent = parent.parent
    if isinstance(parent, exp.Cast) and parent.to.is_type(*exp.DataType.TEXT_TYPES):
        return parent
    return node if isinstance(parent, exp.DPipe) else None
