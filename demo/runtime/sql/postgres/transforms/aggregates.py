"""Aggregates whose edge cases DuckDB answers differently from Postgres.

- `population_variance_of_non_finite`: `var_pop`/`stddev_pop` of a single infinite or
  NaN value are NaN in Postgres (its running sums turn NaN) but 0 in DuckDB, which
  answers NaN as Postgres does once two or more values are aggregated.
- `inexact_aggregates`: refuses the aggregates whose Postgres result DuckDB cannot
  give. The variance family of integer or numeric values is numeric in Postgres,
  computed exactly (numeric_stddev_internal), and DuckDB's is a double; sum of float4
  values is float4 in Postgres, added in single precision (float4pl), and DuckDB adds
  them in double precision, which rounds differently (431.77258 vs 431.7726).
- `distinct_aggregates_in_order`: Postgres sorts the input of `array_agg(DISTINCT x)` and
  `string_agg(DISTINCT x, sep)` to drop its duplicates, so the result lists the values in
  order; DuckDB drops them by hashing and lists them as they came.
"""

from __future__ import annotations

from sqlglot import exp

from ..dialect import WRITTEN_NAME
from ..numeric import is_float4, value_kind
from .runtime_types import (
    UNSEEN_TYPE,
    argument_sample,
    duck_type_in,
    failing_where,
    same_frame,
    whole_call,
)

__all__ = [
    "distinct_aggregates_in_order",
    "inexact_aggregates",
    "population_variance_of_non_finite",
]

_VARIANCE_NAMES: dict[type[exp.Expr], str] = {
    exp.Variance: "var_samp",
    exp.VariancePop: "var_pop",
    exp.Stddev: "stddev",
    exp.StddevPop: "stddev_pop",
    exp.StddevSamp: "stddev_samp",
}


def population_variance_of_non_finite(tree: exp.Expr) -> None:
    """`var_pop(x)` becomes `var_pop(x) + (max(x) - max(x))`, over the same rows.

    The added term is 0 for finite values and NaN when the greatest value is infinite
    or NaN, which is Postgres' answer; with two or more values DuckDB is already NaN.
    """
    for call in list(tree.find_all(exp.VariancePop, exp.StddevPop)):
        greatest = same_frame(call, exp.Max(this=call.this.copy()))
        nan_if_not_finite = exp.paren(exp.Sub(this=greatest, expression=greatest.copy()))
        whole = whole_call(call)
        whole.replace(exp.paren(exp.Add(this=whole.copy(), expression=nan_if_not_finite)))


def distinct_aggregates_in_order(tree: exp.Expr) -> None:
    """`array_agg(DISTINCT x)` becomes `array_agg(DISTINCT x ORDER BY x)`, and likewise
    string_agg: the order Postgres' sort for DISTINCT leaves (ascending, NULLs last).
    One written with its own ORDER BY keeps it."""
    for call in list(tree.find_all(exp.ArrayAgg, exp.GroupConcat)):
        distinct = call.this
        if isinstance(distinct, exp.Distinct) and len(distinct.expressions) == 1:
            value = distinct.expressions[0]
            ordered = exp.Ordered(this=value.copy(), desc=False, nulls_first=False)
            call.set("this", exp.Order(this=distinct.copy(), expressions=[ordered]))


def _check_as_it_runs(call: exp.Expr) -> None:
    """The aggregate `call` failing where DuckDB finds its argument is of a kind the
    refusals below name: a sum of reals, a variance of integers or numerics."""
    refused: tuple[str, ...]
    if isinstance(call, exp.Sum):
        what, kinds, refused = "sum()", "real (float4)", ("float4",)
    else:
        name = call.meta.get(WRITTEN_NAME) or _VARIANCE_NAMES[type(call)]
        what, kinds, refused = f"{name}()", "integer or numeric", ("int", "numeric")
    whole = whole_call(call)
    condition = duck_type_in(argument_sample(call), refused)
    message = UNSEEN_TYPE.format(what=what, kinds=kinds)
    whole.replace(failing_where(condition, message, whole.copy()))


def inexact_aggregates(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    """A refusal for an aggregate DuckDB would answer in another type and precision.

    Where the argument's kind is not seen here (a WITH query's column, a VALUES list's),
    DuckDB's type of it is checked as the statement runs instead (`runtime_types.py`)."""
    for call in list(tree.find_all(exp.Sum, *_VARIANCE_NAMES)):
        argument = call.this
        if argument is None:
            continue
        if value_kind(argument, column_types) is None and not is_float4(argument, column_types):
            _check_as_it_runs(call)
        elif isinstance(call, exp.Sum):
            if is_float4(argument, column_types):
                return (
                    "sum() of real (float4) values is not supported by this demo:"
                    " Postgres adds them in single precision; cast them to float8"
                )
        elif value_kind(argument, column_types) in ("int", "numeric"):
            name = call.meta.get(WRITTEN_NAME) or _VARIANCE_NAMES[type(call)]
            return (
                f"{name}() of integer or numeric values is not supported by this demo:"
                " Postgres computes it exactly as numeric; cast the values to float8"
            )
    return None
