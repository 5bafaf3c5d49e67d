"""`round(x::numeric, n)` and `trunc(x::numeric, n)` of a float, as Postgres answers them.

Postgres has no round(double precision, integer): a float is rounded to places by way of
numeric, which Postgres makes from the float's digits to its precision (15 significant
digits of a double precision, 6 of a real), so `round(2.675::float8::numeric, 2)` is
2.68 although the double lies just below 2.675. `x::numeric` of a float elsewhere stays
refused (numeric.bare_numeric_scales: each value would show its own scale); rounded or
truncated to places, that scale is the places', and only the value counts. The value is
made by the SQL function `pg_float_numeric` from DuckDB's text of the float and held as
DECIMAL(38, 20); a float of 18 integer digits or more fails there, never rounded.
"""

from __future__ import annotations

from decimal import Decimal

from sqlglot import exp

__all__ = [
    "FLOAT_NUMERIC_FUNCTION",
    "float_numeric_text",
    "rounded_float_cast",
]

FLOAT_NUMERIC_FUNCTION = "pg_float_numeric"
_DIGITS = {"FLOAT": "6", "REAL": "6"}  # significant digits of a real; a double has 15
_HELD = "DECIMAL(38, 20)"


def float_numeric_text(value: str, digits: str) -> str:
    """The numeric Postgres makes of a float (given as DuckDB's text of it), as text."""
    number = float(value)
    if number != number or number in (float("inf"), float("-inf")):
        raise ValueError(
            f"cannot convert {value} to numeric in this demo (DuckDB's DECIMAL holds no NaN or infinity)"
        )
    return format(Decimal(format(number, f".{digits}g")), "f")


def rounded_float_cast(cast: exp.Cast, duck_type: str) -> bool:
    """Rewrite `x::numeric` of a float (`duck_type`: DuckDB's name of its type) where it
    is what round() or trunc() take to places; whether it was."""
    parent = cast.parent
    if not (isinstance(parent, exp.Round | exp.Trunc) and parent.this is cast):
        return False
    places = parent.args.get("decimals")
    if places is not None and not (isinstance(places, exp.Literal) and places.is_int):
        return False
    digits = _DIGITS.get(duck_type.upper(), "15")
    text = exp.Anonymous(
        this=FLOAT_NUMERIC_FUNCTION,
        expressions=[exp.cast(cast.this.copy(), "VARCHAR"), exp.Literal.string(digits)],
    )
    cast.replace(exp.cast(text, _HELD))
    return True
