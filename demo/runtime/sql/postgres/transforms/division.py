"""Division as Postgres computes it, on DuckDB.

- `integer_division`: `int / int` becomes DuckDB's truncating `//`, as Postgres
  computes it (given the types of the columns in play), typed as Postgres types it
  (the wider operand: smallint / int is int4, where DuckDB types the literal `2` of
  `smallint_column / 2` as a smallint). Integers whose types are not seen here are
  still divided as Postgres does: the session sets `integer_division` (engine.py).
- `string_literal_operands`: a bare string literal in arithmetic with a number
  (`7 % '2'`, `x / '0'`, `d * '1e10'`) takes the number's type, as Postgres types an
  unknown literal from the other operand; DuckDB read it as text and found no operator
  (or, for a float8, could not choose one).
- `division_by_zero_errors`: Postgres raises "division by zero" where DuckDB
  returns NULL; the divisor is wrapped in a CASE that calls DuckDB's `error()` (not
  where a float8 NaN is divided: Postgres answers NaN).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from sqlglot import exp

from ..type_match import is_type, of_type
from .volatility import draws_anew

__all__ = [
    "INTERVAL_QUOTIENT",
    "calls_volatile",
    "chosen_values",
    "division_by_zero_errors",
    "string_literal_operands",
    "integer_division",
    "is_bigint",
    "is_int4_or_narrower",
    "is_integer",
    "is_smallint",
    "zero_divisor",
]


_INTEGER_TYPES = {"TINYINT", "SMALLINT", "INTEGER", "BIGINT", "INT", "INT2", "INT4", "INT8"}
_INTEGER_FUNCTIONS = ("Count", "Length")


def chosen_values(node: exp.Expr) -> list[exp.Expr] | None:
    """The values a CASE, COALESCE, GREATEST, LEAST or NULLIF resolves its type from
    (NULLs left out); None for another expression."""
    if isinstance(node, exp.Case):
        values = [i.args["true"] for i in node.args.get("ifs") or []] + [node.args.get("default")]
    elif isinstance(node, exp.Coalesce | exp.Greatest | exp.Least):
        values = [node.this, *node.expressions]
    elif isinstance(node, exp.Nullif):
        values = [node.this, node.expression]  # typed as both, though it answers the first
    else:
        return None
    return [v for v in values if v is not None and not isinstance(v, exp.Null)]


def is_integer(node: exp.Expr, column_types: dict[str, str]) -> bool:
    chosen = chosen_values(node)
    if chosen is not None:
        return bool(chosen) and all(is_integer(v, column_types) for v in chosen)
    if isinstance(node, exp.Paren):
        return is_integer(node.this, column_types)
    if isinstance(node, exp.Literal):
        return node.is_int
    if isinstance(node, exp.Neg):
        return is_integer(node.this, column_types)
    if isinstance(node, exp.Cast):
        return is_type(node.to, *exp.DataType.INTEGER_TYPES)
    if isinstance(node, exp.Column):
        return column_types.get(node.name.lower(), "").upper() in _INTEGER_TYPES
    if isinstance(node, exp.Add | exp.Sub | exp.Mul | exp.Mod | exp.IntDiv):
        return is_integer(node.left, column_types) and is_integer(node.right, column_types)
    if isinstance(node, exp.Div):
        return (
            bool(node.args.get("typed"))
            and is_integer(node.left, column_types)
            and (is_integer(node.right, column_types))
        )
    if isinstance(node, exp.Sum):
        # sum(int2/int4) is int8; sum(int8) is numeric.
        return is_int4_or_narrower(node.this, column_types)
    return type(node).__name__ in _INTEGER_FUNCTIONS


def is_bigint(node: exp.Expr, column_types: dict[str, str]) -> bool:
    chosen = chosen_values(node)
    if chosen is not None:
        return any(is_bigint(v, column_types) for v in chosen)
    if isinstance(node, exp.Column):
        return column_types.get(node.name.lower(), "").upper() in ("BIGINT", "INT8")
    if isinstance(node, exp.Cast):
        return is_type(node.to, "bigint")
    if isinstance(node, exp.Binary):
        return is_bigint(node.left, column_types) or is_bigint(node.right, column_types)
    if isinstance(node, exp.Paren):
        return is_bigint(node.this, column_types)
    if isinstance(node, exp.Sum):  # sum(int2/int4) is int8
        return is_integer(node, column_types)
    return isinstance(node, exp.Count)


def is_int4_or_narrower(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """An integer Postgres computes as int4 or int2."""
    return is_integer(node, column_types) and not is_bigint(node, column_types)


def is_smallint(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """Whether Postgres computes `node` as a smallint: a smallint column or cast, or
    arithmetic of smallints only (a constant beside one is int4), or a NULLIF of one
    (NULLIF answers its first argument's type)."""
    if isinstance(node, exp.Paren | exp.Neg | exp.Nullif):
        return is_smallint(node.this, column_types)
    if isinstance(node, exp.Column):
        return column_types.get(node.name.lower(), "").upper() in ("SMALLINT", "INT2")
    if isinstance(node, exp.Cast):
        return is_type(node.to, "smallint")
    if isinstance(node, exp.Add | exp.Sub | exp.Mul | exp.Div | exp.Mod):
        return is_smallint(node.this, column_types) and is_smallint(node.expression, column_types)
    return False


# The session divides integers as Postgres does (`integer_division`), which makes every
# `/` DuckDB's `//`: it has no interval form, and failed in DuckDB's words.
INTERVAL_QUOTIENT = (
    "interval / number is not supported by this demo; multiply instead"
    " (interval '1 day' * 0.5) or divide the interval's epoch (extract(epoch FROM i) / 3)"
)


def integer_division(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    """`int / int` truncates in Postgres, and in this session's DuckDB; the width is
    Postgres' (see the module's docstring). An interval divided is refused
    (`INTERVAL_QUOTIENT`).

    `column_types` maps the column names of the tables in play to their DuckDB types
    (names that are ambiguous between tables are left out by the caller).
    """
    for node in tree.find_all(exp.Div):
        if of_type(node.left.unnest(), column_types, "INTERVAL", "interval", nodes=(exp.Interval,)):
            return INTERVAL_QUOTIENT
    for node in list(tree.find_all(exp.Div)):
        if (
            node.args.get("typed")
            and is_integer(node.left, column_types)
            and is_integer(node.right, column_types)
        ):
            quotient = exp.IntDiv(this=node.left.copy(), expression=node.right.copy())
            width = max(
                _integer_width(node.left, column_types), _integer_width(node.right, column_types)
            )
            # DuckDB keeps the narrower operand's type (smallint / int is smallint).
            node.replace(exp.cast(quotient, _WIDTH_TYPES[width]) if width else quotient)
    return None


_WIDTH_TYPES = {2: "SMALLINT", 4: "INT", 8: "BIGINT"}
# DuckDB column types -> the Postgres type a literal beside them takes.
_NUMBER_COLUMNS = {"DOUBLE": "DOUBLE PRECISION", "FLOAT": "REAL", "REAL": "REAL"}


def _number_type(node: exp.Expr, column_types: dict[str, str]) -> exp.DataType | None:
    """The Postgres number type of `node` where the statement says it, else None."""
    if isinstance(node, exp.Paren):
        return _number_type(node.this, column_types)
    if is_integer(node, column_types):
        return exp.DataType.build(_WIDTH_TYPES.get(_integer_width(node, column_types), "INT"))
    if isinstance(node, exp.Literal) and node.is_number:
        return exp.DataType.build("NUMERIC", dialect="postgres")
    if isinstance(node, exp.Cast) and is_type(
        node.to, *exp.DataType.REAL_TYPES, *exp.DataType.INTEGER_TYPES
    ):
        return node.to.copy()
    if isinstance(node, exp.Column):
        duck = column_types.get(node.name.lower(), "").upper()
        if duck.startswith("DECIMAL"):
            return exp.DataType.build("NUMERIC", dialect="postgres")
        if duck in _NUMBER_COLUMNS:
            return exp.DataType.build(_NUMBER_COLUMNS[duck], dialect="postgres")
    return None


def string_literal_operands(tree: exp.Expr, column_types: dict[str, str]) -> None:
    """`n / '2'`, `'10' % n`, `d * '1e10'`: the literal cast to the number's type where
    the statement says it."""
    for node in list(tree.find_all(exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Mod)):
        for literal, other in ((node.left, node.right), (node.right, node.left)):
            if not (isinstance(literal, exp.Literal) and literal.is_string):
                continue
            if isinstance(other, exp.Literal) and other.is_string:
                break  # two unknowns: Postgres' own resolution, not guessed here
            number = _number_type(other, column_types)
            if number is not None:
                literal.replace(exp.Cast(this=literal.copy(), to=number))
            break


_TYPE_WIDTHS = {"TINYINT": 2, "SMALLINT": 2, "INT2": 2, "INTEGER": 4, "INT": 4, "INT4": 4,
                "BIGINT": 8, "INT8": 8}  # fmt: skip


def _integer_width(node: exp.Expr, column_types: dict[str, str]) -> int:
    """Byte width of Postgres' integer type for `node` (2, 4 or 8), 0 when unknown."""
    chosen = chosen_values(node)
    if chosen is not None:
        widths = [_integer_width(v, column_types) for v in chosen]
        return 0 if not widths or 0 in widths else max(widths)
    if isinstance(node, exp.Paren | exp.Neg):
        return _integer_width(node.this, column_types)
    if isinstance(node, exp.Literal):
        return 4 if abs(int(node.this)) <= 2**31 - 1 else 8
    if isinstance(node, exp.Cast):
        return _TYPE_WIDTHS.get(node.to.this.name, 0)
    if isinstance(node, exp.Column):
        return _TYPE_WIDTHS.get(column_types.get(node.name.lower(), "").upper(), 0)
    if isinstance(node, exp.Count | exp.Sum):
        return 8
    if isinstance(node, exp.Add | exp.Sub | exp.Mul | exp.Mod | exp.IntDiv | exp.Div):
        left, right = (
            _integer_width(node.left, column_types),
            _integer_width(node.right, column_types),
        )
        return max(left, right) if left and right else 0
    return 0


def _number_constant(node: exp.Expr) -> float | None:
    """The value of a number literal, signed or in parentheses, or of a string literal
    cast to a number type (`'2'::numeric`); None for anything else."""
    while isinstance(node, exp.Paren | exp.Neg):
        node = node.this
    if isinstance(node, exp.Cast) and is_type(
        node.to, *exp.DataType.REAL_TYPES, *exp.DataType.INTEGER_TYPES
    ):
        text = node.this
        if isinstance(text, exp.Literal) and text.is_string:
            try:
                return float(text.this)
            except ValueError:
                return None  # the cast itself fails, as Postgres' does
    return float(node.this) if isinstance(node, exp.Literal) and node.is_number else None


_COMPARISONS: dict[type[exp.Expr], Callable[[float, float], bool]] = {
    exp.EQ: lambda a, b: a == b,
    exp.NEQ: lambda a, b: a != b,
    exp.LT: lambda a, b: a < b,
    exp.LTE: lambda a, b: a <= b,
    exp.GT: lambda a, b: a > b,
    exp.GTE: lambda a, b: a >= b,
}


def _constant_truth(condition: exp.Expr, operand: exp.Expr | None) -> bool | None:
    """A CASE arm's condition when it is a constant (`1=0`, `true`), None otherwise."""
    if operand is not None:  # CASE operand WHEN value
        left, right = _number_constant(operand), _number_constant(condition)
        return None if left is None or right is None else left == right
    if isinstance(condition, exp.Boolean):
        return bool(condition.this)
    compare = _COMPARISONS.get(type(condition)) if isinstance(condition, exp.Binary) else None
    if compare is None or not isinstance(condition, exp.Binary):
        return None
    left, right = _number_constant(condition.left), _number_constant(condition.right)
    return None if left is None or right is None else compare(left, right)


def _folded_while_planning(node: exp.Expr) -> bool:
    """Whether Postgres' constant folding reaches `node` (it skips dead CASE arms).

    An arm after one whose condition is constantly true, or whose own condition is
    constantly false, is dropped unfolded; inside any other conditional form (AND,
    OR, COALESCE) the answer is not worked out, so False.
    """
    child, parent = node, node.parent
    while parent is not None:
        if isinstance(parent, exp.And | exp.Or | exp.Coalesce | exp.If) and not isinstance(
            parent.parent, exp.Case
        ):
            return False
        if isinstance(parent, exp.Case) and child is not parent.this:
            operand = parent.this
            for arm in parent.args.get("ifs") or []:
                truth = _constant_truth(arm.this, operand)
                if arm is child:  # dropped if its condition is constantly false
                    if truth is False and _contains(arm.args["true"], node):
                        return False
                    break
                if truth is True:  # every later arm and the ELSE are dropped
                    return False
        child, parent = parent, parent.parent
    return True


def _contains(tree: exp.Expr, node: exp.Expr) -> bool:
    return any(n is node for n in tree.walk())


def _is_float8(node: exp.Expr) -> bool:
    """A value written as float8 (`x::float8`, `'nan'::float8`): it may be NaN."""
    return isinstance(node, exp.Cast) and is_type(node.to, "double")


def calls_volatile(node: exp.Expr) -> bool:
    """Whether `node` calls a volatile function or holds a subquery: a copy of it in a
    check would not read the value it reads."""
    return draws_anew(node) or node.find(exp.Subquery) is not None


def zero_divisor(dividend: exp.Expr, divisor: exp.Expr) -> exp.Expr:
    """The condition under which `dividend / divisor` fails with "division by zero":
    a zero divisor, of a dividend that is not NULL (Postgres' division is strict: NULL
    divided by 0 is NULL, so `CASE WHEN n = 0 THEN NULL ELSE x END / n` answers). A
    dividend calling a volatile function is not evaluated twice: there a zero divisor
    fails whatever the dividend."""
    by_zero: exp.Expr = exp.EQ(this=divisor.copy(), expression=exp.Literal.number(0))
    if calls_volatile(dividend) or isinstance(dividend, exp.Literal):
        return by_zero
    return exp.and_(by_zero, exp.Not(this=exp.Is(this=dividend.copy(), expression=exp.null())))


def division_by_zero_errors(tree: exp.Expr) -> str | None:
    """`a / b`, `a % b`: raise "division by zero" when b is 0, as Postgres does.

    A constant divided by a constant 0 (`1/0`) is refused before anything runs: Postgres
    folds constants while planning, so it fails even where the division would never be
    evaluated (`CASE WHEN false THEN 1/0 END`).
    """
    for node in list(tree.find_all(exp.Div, exp.Mod, exp.IntDiv)):
        divisor = node.expression
        dividend = _number_constant(node.this)
        if (
            dividend is not None
            and not math.isnan(dividend)  # NaN / 0 is NaN (float8 and numeric)
            and _number_constant(divisor) == 0
            and _folded_while_planning(node)
        ):
            return "division by zero"
        if _number_constant(divisor) not in (None, 0):
            continue  # a constant other than zero: nothing to check
        by_zero = zero_divisor(node.this, divisor)
        guarded = exp.Case(
            ifs=[
                exp.If(
                    this=by_zero,
                    true=exp.func("error", exp.Literal.string("division by zero")),
                )
            ],
            default=divisor.copy(),
        )
        guarded.type = divisor.type
        divisor.replace(exp.Paren(this=guarded))
        if _is_float8(node.this) and isinstance(node, exp.Div):
            # float8div: NaN / 0 is NaN, the one float8 quotient by zero that does not
            # fail. Answered here: the session's integer division (engine.py) makes
            # DuckDB's `/` its `//`, which fails on 0 (DuckDB 2) or answers NULL (1.4).
            is_nan = exp.func("isnan", node.this.copy())
            nan = exp.If(this=is_nan, true=node.this.copy())
            node.replace(exp.Case(ifs=[nan], default=node.copy()))
    return None


# sqlglot class -> the name Postgres gives the output column of that function.
