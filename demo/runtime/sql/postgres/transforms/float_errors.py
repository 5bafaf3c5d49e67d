"""Postgres' errors of floating-point arithmetic, where DuckDB answers Infinity, NaN or 0.

Postgres checks every float8 and float4 result: a sum or product out of range from finite
operands fails with "value out of range: overflow", a product or quotient of non-zero
operands that rounds to 0 with "... underflow"; `ln(0)`, `ln(-1)`, `sqrt(-1)`, `exp(1000)`,
`power(0, -1)`, `power(-8, 1.0/3)` and `acos(2)` fail with their own messages. DuckDB
answers Infinity or NaN (which a client reads as null) or 0, silently. So:

- a float expression of `+ - * /` (its operands' kinds seen here, `numeric.value_kind`)
  becomes `CASE WHEN NOT isfinite(result) AND <every operand finite> THEN error(overflow)
  ELSE result END`, checked once at its top (an overflow inside it makes its result
  Infinity or NaN); a single product or quotient is also checked for underflow;
- the transcendental functions of an integer or float argument check it first, as
  Postgres does, and their result where Postgres does (`exp`, `power`);
- a float8 cast to real, or written into a real column, that rounds to 0 fails with
  "... underflow" (DuckDB fails on an overflow itself);
- `sum()` and `avg()` of floats (with their FILTER and OVER) fail with "... overflow"
  where the sum is not finite and every value summed was (Postgres' running sum checks
  each step).

An operand calling a volatile function (`random()`) is not copied into a check, which
would read another value: such an expression is left as DuckDB computes it. So is a value
whose type is not seen here (a WITH query's column).
"""

from __future__ import annotations

from sqlglot import exp

from ..numeric import is_float4, value_kind
from .division import calls_volatile
from .statement import target_table, written_values

__all__ = ["float_errors"]

_OVERFLOW = "value out of range: overflow"
_UNDERFLOW = "value out of range: underflow"
_ARITHMETIC = (exp.Add, exp.Sub, exp.Mul, exp.Div)
_FLOAT_FUNCTIONS = (exp.Ln, exp.Log, exp.Sqrt, exp.Exp, exp.Pow, exp.Acos, exp.Asin)
_SUMS = (exp.Sum, exp.Avg)


def _fail(message: str) -> exp.Expr:
    return exp.func("error", exp.Literal.string(message))


def _finite(node: exp.Expr) -> exp.Expr:
    return exp.func("isfinite", exp.cast(node.copy(), "DOUBLE"))


def _not_zero(node: exp.Expr) -> exp.Expr:
    return exp.NEQ(this=node.copy(), expression=exp.Literal.number(0))


def _checked(answer: exp.Expr, *failures: tuple[exp.Expr, str]) -> exp.Expr:
    ifs = [exp.If(this=condition, true=_fail(message)) for condition, message in failures]
    return exp.Paren(this=exp.Case(ifs=ifs, default=answer))


def _operands(node: exp.Expr) -> list[exp.Expr]:
    """The values a tree of `+ - * /` (and parentheses, negations) computes from."""
    if isinstance(node, exp.Paren | exp.Neg):
        return _operands(node.this)
    if isinstance(node, _ARITHMETIC):
        return _operands(node.this) + _operands(node.expression)
    return [node]


def _kind(node: exp.Expr, column_types: dict[str, str]) -> str | None:
    """`numeric.value_kind`, a quotient included: "float" where an operand is a float
    and every other's kind is seen."""
    if isinstance(node, exp.Paren | exp.Neg):
        return _kind(node.this, column_types)
    if isinstance(node, _ARITHMETIC):
        kinds = {_kind(node.this, column_types), _kind(node.expression, column_types)}
        return None if None in kinds else "float" if "float" in kinds else "exact"
    return value_kind(node, column_types)


def _is_float_arithmetic(node: exp.Expr, column_types: dict[str, str]) -> bool:
    return isinstance(node, _ARITHMETIC) and _kind(node, column_types) == "float"


def _top(node: exp.Expr) -> bool:
    """Whether no `+ - * /` encloses `node` (through parentheses and negations)."""
    parent = node.parent
    while isinstance(parent, exp.Paren | exp.Neg):
        parent = parent.parent
    return not isinstance(parent, _ARITHMETIC)


def _arithmetic(node: exp.Expr) -> None:
    operands = _operands(node)
    if any(calls_volatile(o) for o in operands):
        return
    # A number literal is finite: it needs no check.
    checked = [o for o in operands if not (isinstance(o, exp.Literal) and o.is_number)]
    result = node.copy()
    overflow = exp.and_(exp.Not(this=_finite(result)), *(_finite(o) for o in checked))
    failures = [(overflow, _OVERFLOW)]
    left, right = node.this, node.expression
    if isinstance(node, exp.Mul):
        zero = exp.EQ(this=result.copy(), expression=exp.Literal.number(0))
        failures.append((exp.and_(zero, _not_zero(left), _not_zero(right)), _UNDERFLOW))
    elif isinstance(node, exp.Div):
        zero = exp.EQ(this=result.copy(), expression=exp.Literal.number(0))
        underflow = exp.and_(zero, _not_zero(left), _finite(right))
        failures.append((underflow, _UNDERFLOW))
    node.replace(_checked(result, *failures))


def _argument(call: exp.Expr) -> exp.Expr:
    """The value a function call reads: log10(x) is read by sqlglot as log(10, x)."""
    return call.expression if isinstance(call, exp.Log) and call.expression else call.this


def _function(node: exp.Expr) -> None:
    if calls_volatile(node):
        return
    x = _argument(node)
    zero, negative = (
        exp.EQ(this=x.copy(), expression=exp.Literal.number(0)),
        exp.LT(this=x.copy(), expression=exp.Literal.number(0)),
    )
    result = node.copy()
    failures: list[tuple[exp.Expr, str]]
    if isinstance(node, exp.Ln | exp.Log):
        failures = [
            (zero, "cannot take logarithm of zero"),
            (negative, "cannot take logarithm of a negative number"),
        ]
    elif isinstance(node, exp.Sqrt):
        failures = [(negative, "cannot take square root of a negative number")]
    elif isinstance(node, exp.Acos | exp.Asin):
        outside = exp.GT(this=exp.Abs(this=x.copy()), expression=exp.Literal.number(1))
        failures = [(outside, "input is out of range")]
    elif isinstance(node, exp.Exp):
        zero_result = exp.EQ(this=result.copy(), expression=exp.Literal.number(0))
        failures = [
            (exp.and_(exp.Not(this=_finite(result)), _finite(x)), _OVERFLOW),
            (exp.and_(zero_result, _finite(x)), _UNDERFLOW),
        ]
    else:  # power(x, y)
        y = node.expression
        both_finite = exp.and_(_finite(x), _finite(y))
        zero_result = exp.EQ(this=result.copy(), expression=exp.Literal.number(0))
        fraction = exp.NEQ(this=exp.Floor(this=y.copy()), expression=y.copy())
        failures = [
            (
                exp.and_(zero, exp.LT(this=y.copy(), expression=exp.Literal.number(0))),
                "zero raised to a negative power is undefined",
            ),
            (
                exp.and_(negative, fraction, _finite(y)),
                "a negative number raised to a non-integer power yields a complex result",
            ),
            (exp.and_(exp.Not(this=_finite(result)), both_finite), _OVERFLOW),
            (exp.and_(zero_result, _not_zero(x), both_finite), _UNDERFLOW),
        ]
    node.replace(_checked(result, *failures))


def _narrowed(cast: exp.Cast) -> None:
    """`x::real` of a float8 x: underflow where a non-zero x becomes 0."""
    if calls_volatile(cast.this):
        return
    result = cast.copy()
    zero = exp.EQ(this=result.copy(), expression=exp.Literal.number(0))
    cast.replace(_checked(result, (exp.and_(zero, _not_zero(cast.this)), _UNDERFLOW)))


def _summed(call: exp.AggFunc) -> exp.Expr:
    """What an aggregate sums (inside its DISTINCT)."""
    argument = call.this
    return argument.expressions[0] if isinstance(argument, exp.Distinct) else argument


def _sum_overflow(call: exp.AggFunc) -> None:
    """The aggregate, with its FILTER and OVER, checked against a sum out of range: the
    same clauses around `bool_and(isfinite(value))` tell whether every value was finite."""
    whole: exp.Expr = call
    while isinstance(whole.parent, exp.Filter | exp.Window):
        whole = whole.parent
    every_finite: exp.Expr = exp.func("bool_and", _finite(_summed(call)))
    if whole is not call:  # the same FILTER and OVER around it
        clauses = whole.copy()
        inner = clauses.find(*_SUMS)
        assert inner is not None  # the copy holds the aggregate it was made from
        inner.replace(every_finite)
        every_finite = clauses
    overflowed = exp.and_(exp.not_(_finite(whole)), every_finite)
    whole.replace(_checked(whole.copy(), (overflowed, _OVERFLOW)))


def _float_argument(node: exp.Expr, column_types: dict[str, str]) -> bool:
    arguments = [_argument(node)]
    if isinstance(node, exp.Pow):
        arguments.append(node.expression)
    return all(value_kind(a, column_types) in ("int", "float") for a in arguments)


def _written_to_real(
    tree: exp.Expr, column_types: dict[str, str], table_types: dict[str, dict[str, str]]
) -> None:
    """A float8 value an INSERT or UPDATE writes into a real column, narrowed as a cast."""
    table = target_table(tree)
    types = table_types.get(table.name.lower(), {}) if isinstance(table, exp.Table) else {}
    for value, column in written_values(tree, table_types):
        if types.get(column, "").upper() != "FLOAT" or _kind(value, column_types) != "float":
            continue
        if is_float4(value, column_types):
            continue
        cast = exp.Cast(this=value.copy(), to=exp.DataType.build("FLOAT"))
        value.replace(cast)
        _narrowed(cast)


def float_errors(
    tree: exp.Expr, column_types: dict[str, str], table_types: dict[str, dict[str, str]]
) -> None:
    """Rewrite in place (see the module's docstring)."""
    if isinstance(tree, exp.Create | exp.Alter):
        return  # a column's DEFAULT or CHECK keeps DuckDB's own expression
    # Aggregates and functions first: a check copies its argument, and an argument's
    # arithmetic is then checked in each copy below.
    for total in [a for a in tree.find_all(*_SUMS) if _kind(_summed(a), column_types) == "float"]:
        if not calls_volatile(total):
            _sum_overflow(total)
    for call in [f for f in tree.find_all(*_FLOAT_FUNCTIONS) if _float_argument(f, column_types)]:
        _function(call)
    for node in [n for n in tree.find_all(*_ARITHMETIC) if _top(n)]:
        if _is_float_arithmetic(node, column_types):
            _arithmetic(node)
    for cast in list(tree.find_all(exp.Cast)):
        operand = cast.this
        if (
            cast.to.this is exp.DataType.Type.FLOAT
            and _kind(operand, column_types) == "float"
            and not is_float4(operand, column_types)
        ):
            _narrowed(cast)
    _written_to_real(tree, column_types, table_types)
