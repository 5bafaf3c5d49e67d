"""`round()`, `trunc()`, `sign()` and the transcendental functions as Postgres resolves them.

Postgres picks a function by its argument's type: `round(double precision)` rounds half
to even (rint) and `round(numeric [, integer])` half away from zero; an integer argument
takes the double precision form (`round(7)`, `sign(-3)` and `sqrt(4)` are float8)
unless only a numeric form exists (`round(7, 2)` is the numeric `7.00`, `log(2, 8)` the
numeric `3.0000000000000000`); a numeric argument gives a numeric computed exactly
(`sqrt(2.0)` is `1.414213562373095`). There is no `round(double precision, integer)`.
DuckDB keeps its argument's type for round and sign, rounds every type half away from
zero, and computes the rest in double precision.

- round of a float or integer without places: DuckDB's `round_even`, as a double;
  trunc of one: of the value as a double (`trunc(7)` is the float8 7).
- round or trunc of an integer to constant places: cast to a DECIMAL of that scale
  first (`trunc(7, 1)` is the numeric `7.0`).
- round or trunc of a float to places: refused with Postgres' own message.
- sign: a double for a float or integer, a numeric for a numeric.
- sqrt, exp, ln, log, power of a numeric, and log of two arguments: refused (their
  exact numeric result and scale are Postgres' own), with a cast to float8 named.
- An argument whose type is not seen here (a WITH query's column, a VALUES list's) is
  checked as the statement runs (`runtime_types.py`): the kinds whose answer would
  differ fail there. A round or sign of an integer of unseen type answers DuckDB's
  integer (Postgres' value, where Postgres types it float8).
"""

from __future__ import annotations

from sqlglot import exp

from ..dialect import WRITTEN_NAME
from ..numeric import value_kind
from .runtime_types import UNSEEN_TYPE, duck_type_in, failing_where, is_checked

__all__ = ["postgres_math_functions"]

_NO_FLOAT_PLACES = "function {name}(double precision, integer) does not exist"
_MAX_PLACES = 30  # DuckDB's DECIMAL holds 38 digits; an int8 needs 19 of them
_TRANSCENDENTAL = (exp.Sqrt, exp.Exp, exp.Ln, exp.Log, exp.Pow, exp.Cbrt)


def _places(node: exp.Expr | None) -> int | None:
    if isinstance(node, exp.Neg):
        inner = _places(node.this)
        return -inner if inner is not None else None
    return int(node.this) if isinstance(node, exp.Literal) and node.is_int else None


def _unseen(what: str, kinds: str) -> str:
    return UNSEEN_TYPE.format(what=what, kinds=kinds)


def _exact(name: str) -> str:
    return (
        f"{name}() of a numeric value is not supported by this demo: Postgres computes it"
        " exactly as numeric; cast the value to float8"
    )


def _round(node: exp.Round | exp.Trunc, column_types: dict[str, str]) -> str | None:
    """round() or trunc(), which Postgres resolves alike: a double precision form for a
    float or an integer without places, a numeric form with places."""
    name = "round" if isinstance(node, exp.Round) else "trunc"
    value, places = node.this, node.args.get("decimals")
    kind = value_kind(value, column_types)
    if places is None and kind in ("int", "float"):
        as_double = exp.cast(value.copy(), "DOUBLE")
        if isinstance(node, exp.Round):
            node.replace(exp.func("round_even", as_double, exp.Literal.number(0)))
        else:
            value.replace(as_double)
    elif places is not None and kind == "float":
        return _NO_FLOAT_PLACES.format(name=name)
    elif places is not None and kind == "int":
        scale = _places(places)
        if scale is not None and scale <= _MAX_PLACES:
            value.replace(exp.cast(value.copy(), f"DECIMAL(38, {max(scale, 0)})"))
    elif kind is None and not is_checked(value):
        fails = _NO_FLOAT_PLACES.format(name=name)
        if places is None:
            fails = _unseen(f"{name}()", "double precision or real")
        node.replace(failing_where(duck_type_in(value.copy(), ("float",)), fails, node.copy()))
    return None


def _sign(node: exp.Sign, column_types: dict[str, str]) -> None:
    kind = value_kind(node.this, column_types)
    if kind == "numeric":
        node.replace(exp.cast(node.copy(), "DECIMAL(18, 0)"))
    elif kind in ("int", "float"):
        node.replace(exp.cast(node.copy(), "DOUBLE"))
    elif not is_checked(node.this):
        numeric = duck_type_in(node.this.copy(), ("numeric",))
        answer = exp.cast(node.copy(), "DOUBLE")
        node.replace(failing_where(numeric, _unseen("sign()", "numeric"), answer))


def _transcendental(node: exp.Expr, column_types: dict[str, str]) -> str | None:
    name = node.meta.get(WRITTEN_NAME) or type(node).__name__.lower()
    arguments = [a for a in (node.this, node.expression) if a is not None]
    if isinstance(node, exp.Log) and node.expression is not None:
        if name != "log10":
            return _exact("log")  # log(b, x) exists for numerics only
        arguments = [node.expression]  # sqlglot reads log10(x) as log(10, x)
    kinds = [value_kind(a, column_types) for a in arguments]
    if "numeric" in kinds:
        return _exact(name)
    unseen = [a for a, k in zip(arguments, kinds, strict=True) if k is None and not is_checked(a)]
    if unseen:
        numeric = exp.or_(*(duck_type_in(a.copy(), ("numeric",)) for a in unseen))
        node.replace(failing_where(numeric, _unseen(f"{name}()", "numeric"), node.copy()))
    return None


def postgres_math_functions(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    for node in list(tree.find_all(exp.Round, exp.Trunc, exp.Sign, *_TRANSCENDENTAL)):
        refused: str | None = None
        if isinstance(node, exp.Round | exp.Trunc):
            refused = _round(node, column_types)
        elif isinstance(node, exp.Sign):
            _sign(node, column_types)
        else:
            refused = _transcendental(node, column_types)
        if refused:
            return refused
    return None
