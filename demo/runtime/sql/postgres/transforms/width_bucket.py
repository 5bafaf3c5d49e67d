"""`width_bucket(operand, low, high, count)` as Postgres answers it (DuckDB has none).

Postgres has two forms: of numerics, computed exactly, and of double precision values,
computed in doubles (Postgres 17's formula: `count * ((operand - low) / (high - low))`,
truncated, one added, never past `count`). It takes the double precision form where an
argument is a float or all are integers (float8 is the preferred type of its category),
else the numeric form. The form is read from DuckDB's own types as the statement binds
(`typeof`), so a WITH query's or a subquery's column takes the form its type gives.
Bounds may come either way round (buckets then count down), and Postgres' errors are
raised in its words. The array form (`width_bucket(x, thresholds)`) stays unsupported.
"""

from __future__ import annotations

import math
from fractions import Fraction

from sqlglot import exp

from .runtime_types import duck_type_in

__all__ = ["WIDTH_BUCKET_FUNCTION", "width_bucket_value", "width_buckets"]

WIDTH_BUCKET_FUNCTION = "pg_width_bucket"
_INT4_MAX = 2**31 - 1
_FLOAT, _NUMERIC = "float", "numeric"


Number = Fraction | float


def _bucket(operand: Number, low: Number, high: Number, count: int, form: str) -> int:
    """The bucket of an operand between distinct finite bounds."""
    if low > high:  # buckets counted from `low` down
        operand, low, high = -operand, -low, -high
    if operand < low:
        return 0
    if operand >= high:
        if count == _INT4_MAX:
            raise ValueError("integer out of range")
        return count + 1
    if form == _NUMERIC:
        return math.floor((operand - low) * count / (high - low)) + 1
    span = high - low
    share = (
        (operand - low) / span
        if not math.isinf(span)
        else (operand / 2 - low / 2) / (high / 2 - low / 2)
    )
    return min(int(count * share), count - 1) + 1  # a share rounded up to 1 is no bucket


def width_bucket_value(operand: str, low: str, high: str, count: str, form: str) -> str:
    """The bucket (its text) of `operand` among `count` equal buckets from `low` to
    `high`, all given as DuckDB's text of them, in Postgres' `form` ("float"/"numeric")."""
    buckets = int(count)
    if buckets <= 0:
        raise ValueError("count must be greater than zero")
    read = float if form == _FLOAT else _exact
    value, start, end = read(operand), read(low), read(high)
    if any(isinstance(v, float) and math.isnan(v) for v in (value, start, end)):
        raise ValueError("operand, lower bound, and upper bound cannot be NaN")
    if any(isinstance(v, float) and math.isinf(v) for v in (start, end)):
        raise ValueError("lower and upper bounds must be finite")
    if start == end:
        raise ValueError("lower bound cannot equal upper bound")
    return str(_bucket(value, start, end, buckets, form))


def _exact(text: str) -> Number:
    """A numeric's text as an exact fraction (DuckDB's DECIMAL text); a double's special
    values (`nan`, `inf`) as the float they are."""
    try:
        return Fraction(text)
    except ValueError:
        return float(text)


def _form(values: list[exp.Expr]) -> exp.Expr:
    """SQL for the form Postgres resolves: "float" where an argument is a float in DuckDB
    or none is a numeric, else "numeric"; `typeof` is constant once DuckDB binds."""
    is_float = exp.or_(*(duck_type_in(v.copy(), ("float",)) for v in values))
    is_numeric = exp.or_(*(duck_type_in(v.copy(), ("numeric",)) for v in values))
    return exp.Case(
        ifs=[
            exp.If(this=is_float, true=exp.Literal.string(_FLOAT)),
            exp.If(this=is_numeric, true=exp.Literal.string(_NUMERIC)),
        ],
        default=exp.Literal.string(_FLOAT),
    )


def width_buckets(tree: exp.Expr) -> None:
    """Each `width_bucket(operand, low, high, count)` becomes a call of the runtime's
    function on its arguments' texts, typed integer as in Postgres."""
    for node in list(tree.find_all(exp.WidthBucket)):
        values = [node.this, node.args.get("min_value"), node.args.get("max_value")]
        count = node.args.get("num_buckets")
        if count is None or any(v is None for v in values) or node.args.get("threshold"):
            continue  # the array form: DuckDB refuses it, as the demo's limit
        texts = [exp.cast(v.copy(), "VARCHAR") for v in [*values, count]]
        call = exp.Anonymous(this=WIDTH_BUCKET_FUNCTION, expressions=[*texts, _form(values)])
        node.replace(exp.cast(call, "INTEGER"))
