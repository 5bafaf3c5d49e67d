"""Postgres `numeric` results where DuckDB's types cannot carry them.

Postgres keeps a display scale per numeric *value*; DuckDB's DECIMAL has one scale
per column and divides decimals in double precision. So:

- `numeric_literals`: `1.5e3` is numeric in Postgres (a double in DuckDB); it becomes
  a DECIMAL with the scale Postgres gives it (`1500`, `0.0015`).
- `bare_numeric_casts`: `x::numeric` keeps x's own scale (DuckDB's bare DECIMAL
  has three decimals), for literals and arrays of literals.
- `numeric_quotients`: a result column that is a numeric division, `avg()` of
  integers or numerics, or `round()` of either, is computed exactly after the query:
  DuckDB returns the dividend and divisor as text (`"609.94/7"`) and `quotient_text`
  divides with Python's `decimal` at Postgres' result scale (`select_div_scale` in
  Postgres' numeric.c: at least 16 significant digits, never fewer decimals than
  either operand), rounding half away from zero as Postgres does. Such a column is
  tagged `numeric/` (or `numeric/round:N`) for the result mapping (OID 1700).
- `chosen_numeric_scales`: a result column choosing between values of different
  scales (COALESCE, CASE, GREATEST, LEAST, `lead`/`lag` with a default) comes back
  as each value's own text, tagged `numeric`; `mixed_numeric_scales` refuses such a
  choice wherever else its scale would reach a result (`coalesce(x, 0) * 2`).

Only the select list's own expressions are rewritten here; a numeric quotient nested
in another expression or in WHERE/HAVING is computed exactly in DuckDB, or refused where
its scale would show (transforms/exact_quotients.py). ORDER BY a rewritten column's
alias or position orders by the value, not by the text.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from decimal import ROUND_DOWN, ROUND_HALF_UP, Context, Decimal, InvalidOperation

from sqlglot import exp

from ..statements import SqlError
from .transforms.division import zero_divisor
from .transforms.float_numeric import rounded_float_cast
from .transforms.operand_types import number_literal_type
from .transforms.statement import written_types
from .type_match import is_type

__all__ = [
    "QUOTIENT_AS_HELD",
    "QUOTIENT_AS_TEXT",
    "QUOTIENT_FUNCTION",
    "QUOTIENT_HELD_SCALE",
    "QUOTIENT_HELD_TYPE",
    "QUOTIENT_SCALE",
    "QUOTIENT_TAG",
    "RECURSIVE_NUMERIC",
    "SCALED_TAG",
    "bare_numeric_casts",
    "bare_numeric_scales",
    "arithmetic_kind",
    "average_parts",
    "chosen_numeric_scales",
    "exact_numeric_division",
    "exact_quotient",
    "is_float4",
    "mixed_numeric_scales",
    "numeric_literals",
    "nullif_types",
    "numeric_quotients",
    "quotient_call",
    "quotient_text",
    "reaches_a_result",
    "recursive_numeric_columns",
    "value_kind",
]

QUOTIENT_TAG = "numeric/"
_ROUND = "round:"
_TRUNC = "trunc:"
# Postgres' numeric.c constants.
_MIN_SIG_DIGITS = 16
_DEC_DIGITS = 4
_MAX_DISPLAY_SCALE = 1000
_MAX_DUCK_PRECISION = 38
# Enough digits that no step rounds (the default context keeps 28).
_EXACT = Context(prec=2 * _MAX_DISPLAY_SCALE + 100, Emax=10**6, Emin=-(10**6))

_INTEGER_TYPES = ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "INT")
_FLOAT_TYPES = ("DOUBLE", "FLOAT", "REAL")


# -- numeric literals ----------------------------------------------------------------


def _literal_scale(text: str) -> Decimal:
    value = Decimal(text)
    exponent = value.as_tuple().exponent
    scale = max(0, -exponent) if isinstance(exponent, int) else 0
    return value.quantize(Decimal(1).scaleb(-scale), context=_EXACT)


def numeric_literals(
    tree: exp.Expr, statement: str, table_types: dict[str, dict[str, str]]
) -> None:
    """`1.5e3` (numeric in Postgres) as a DECIMAL carrying Postgres' scale, and an
    integer past bigint's range (numeric in Postgres, HUGEINT in DuckDB) as a DECIMAL."""
    float8_written = {
        id(value)
        for value, duck_type in written_types(tree, table_types)
        if duck_type.upper() == "DOUBLE"
    }
    for node in list(tree.find_all(exp.Literal)):
        if not node.is_string and node.this.isdigit():
            _wide_integer_literal(node, statement)
            continue
        if node.is_string or "e" not in node.this.lower():
            continue
        try:
            value = _literal_scale(node.this)
        except InvalidOperation:
            raise SqlError(f"numeric literal {node.this} is out of range", statement) from None
        text = format(value, "f")
        digits = len(text.replace("-", "").replace(".", "").lstrip("0")) or 1
        scale = max(0, -int(value.as_tuple().exponent))
        precision = max(digits, scale + 1)
        if precision > _MAX_DUCK_PRECISION:
            if _cast_to_float8(node, value):  # `1e300::float8` needs no DECIMAL on the way
                node.replace(exp.Literal.string(node.this))
                continue
            if _written(node) in float8_written:  # the column's cast, alone
                as_float = float(value)  # rounded as Postgres' strtod rounds it
                if math.isinf(as_float) or (as_float == 0 and value != 0):
                    sign = "-" if isinstance(node.parent, exp.Neg) else ""
                    raise SqlError(
                        f'"{sign}{text}" is out of range for type double precision', statement
                    )
                node.replace(exp.cast(exp.Literal.string(node.this), "DOUBLE"))
                continue
            raise SqlError(_too_many_digits(node.this), statement)
        node.replace(exp.cast(exp.Literal.string(text), f"DECIMAL({precision}, {scale})"))


# float8's normal range: a literal outside it is out of range for Postgres' cast, and
# keeps the refusal.
_FLOAT8_RANGE = (Decimal("2.2250738585072014e-308"), Decimal("1.7976931348623157e308"))


def _written(literal: exp.Literal) -> int:
    """The identity of the value a literal is, as `written_types` names it: a negated
    literal's is its negation's."""
    return id(literal.parent if isinstance(literal.parent, exp.Neg) else literal)


def _cast_to_float8(literal: exp.Literal, value: Decimal) -> bool:
    """Whether `literal` is cast to float8 right away (`1e300::float8`), in its range."""
    cast = literal.parent
    low, high = _FLOAT8_RANGE
    return (
        isinstance(cast, exp.Cast)
        and cast.to.this is exp.DataType.Type.DOUBLE
        and (value == 0 or low <= abs(value) <= high)
    )


def _too_many_digits(literal: str) -> str:
    return (
        f"numeric literal {literal} needs more than {_MAX_DUCK_PRECISION} digits,"
        " the most this demo's engine holds"
    )


def _wide_integer_literal(node: exp.Literal, statement: str) -> None:
    """An integer literal past bigint as DECIMAL(n, 0); `-9223372036854775808` stays: it
    is bigint's lowest value, which Postgres reads as one bigint literal (and DuckDB as
    HUGEINT, reported as bigint)."""
    value = int(node.this)
    minus = node.parent if isinstance(node.parent, exp.Neg) else None
    if value == 2**31 and minus is not None:
        # Postgres reads `-2147483648` as one int4 literal; duckdb-wasm as -(bigint).
        minus.replace(exp.cast(exp.Literal.string(f"-{value}"), "INTEGER"))
        return
    if number_literal_type(node) != "numeric" or (value == 2**63 and minus is not None):
        return
    digits = len(node.this.lstrip("0"))
    if digits > _MAX_DUCK_PRECISION:
        raise SqlError(_too_many_digits(node.this), statement)
    node.replace(exp.cast(exp.Literal.string(str(value)), f"DECIMAL({digits}, 0)"))


def _decimal_literal(node: exp.Expr) -> Decimal | None:
    """The value of a number literal (or a string holding one), else None."""
    if isinstance(node, exp.Neg):
        inner = _decimal_literal(node.this)
        return -inner if inner is not None else None
    if not isinstance(node, exp.Literal):
        return None
    try:
        value = Decimal(node.this.strip())
        return _literal_scale(node.this.strip()) if value.is_finite() else None
    except InvalidOperation:
        return None


def _bare_numeric(data_type: exp.Expr) -> bool:
    return bool(is_type(data_type, "decimal") and not data_type.expressions)


def _decimal_type(value: Decimal) -> str:
    scale = _display_scale(value)
    digits = len(format(abs(value), "f").replace(".", "").lstrip("0")) or 1
    return f"DECIMAL({min(max(digits, scale + 1), _MAX_DUCK_PRECISION)}, {scale})"


def bare_numeric_casts(tree: exp.Expr) -> dict[str, str]:
    """`x::numeric` keeps x's own scale in Postgres; DuckDB's bare DECIMAL has three.

    A literal cast to bare numeric takes the literal's precision and scale. An array
    of literals cast to `numeric[]` that is a result column keeps each element's
    scale by coming back as text (DuckDB's list elements share one scale); its tag
    `numeric[]` gives it OID 1231. Returns output name -> tag.
    """
    for cast in list(tree.find_all(exp.Cast)):
        value = _decimal_literal(cast.this)
        if value is not None and _bare_numeric(cast.to):
            cast.set("to", exp.DataType.build(_decimal_type(value), dialect="duckdb"))
    tags: dict[str, str] = {}
    if not isinstance(tree, exp.Select):
        return tags
    for target in tree.expressions:
        aliased = target.this if isinstance(target, exp.Alias) else None
        if not (
            isinstance(aliased, exp.Cast)
            and isinstance(aliased.this, exp.Array)
            and is_type(aliased.to, "array")
            and aliased.to.expressions
            and _bare_numeric(aliased.to.expressions[0])
        ):
            continue
        values = [_decimal_literal(e) for e in aliased.this.expressions]
        nulls = [isinstance(e, exp.Null) for e in aliased.this.expressions]
        if not all(v is not None or null for v, null in zip(values, nulls, strict=True)):
            continue
        elements = [exp.Null() if v is None else exp.Literal.string(format(v, "f")) for v in values]
        aliased.replace(exp.cast(exp.Array(expressions=elements), "VARCHAR[]"))
        tags[target.alias] = "numeric[]"
    return tags


RECURSIVE_NUMERIC = (
    "a numeric column of a recursive WITH query is not supported by this demo: DuckDB gives"
    " the column the scale of the query's first part and rounds the recursion's values to it"
    " (Postgres keeps each value's own); cast it to float8, or to numeric(precision, scale)"
    " in both parts"
)


def recursive_numeric_columns(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    """Refuse a recursive WITH query whose first part has a numeric column: its type is
    DuckDB's DECIMAL of that part, so `SELECT 1::numeric UNION ALL SELECT total * 1.1`
    answered 1 for every row where Postgres answers 1.1, 1.21, ..."""
    for cte in tree.find_all(exp.CTE):
        union = cte.this
        if not isinstance(union, exp.Union):
            continue
        name = cte.alias_or_name.lower()
        if not any(t.name.lower() == name for t in union.expression.find_all(exp.Table)):
            continue  # not recursive
        first = union.this
        while isinstance(first, exp.SetOperation):
            first = first.this
        if isinstance(first, exp.Select) and any(
            value_kind(e.unalias(), column_types) == "numeric" for e in first.expressions
        ):
            return RECURSIVE_NUMERIC
    return None


def _float_type(value: exp.Expr, column_types: dict[str, str]) -> str:
    """DuckDB's name of a float value's type where the statement shows it (a column's,
    a cast's); DOUBLE otherwise, as Postgres' float arithmetic gives."""
    if isinstance(value, exp.Column):
        return column_types.get(value.name.lower(), "DOUBLE")
    if isinstance(value, exp.Cast):
        return value.to.sql("duckdb")
    return "DOUBLE"


def bare_numeric_scales(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    """`x::numeric` of a value other than a literal, with the scale Postgres gives it.

    Postgres keeps the value's own scale (an integer has none, a numeric(10,2) column
    two, a double its shortest digits); DuckDB's bare DECIMAL has three. An integer
    becomes DECIMAL(38,0) and a DECIMAL column keeps its type; any other value's scale
    is not known before it runs, so the statement is refused.
    """
    for cast in list(tree.find_all(exp.Cast)):
        if not _bare_numeric(cast.to) or _decimal_literal(cast.this) is not None:
            continue
        value = cast.this
        kind = value_kind(value, column_types)
        if kind == "int":
            cast.set("to", exp.DataType.build("DECIMAL(38, 0)", dialect="duckdb"))
            continue
        own = column_types.get(value.name.lower(), "") if isinstance(value, exp.Column) else ""
        if isinstance(value, exp.Cast) and is_type(value.to, "decimal") and value.to.expressions:
            own = value.to.sql("duckdb")
        if own.upper().startswith("DECIMAL("):
            cast.set("to", exp.DataType.build(own, dialect="duckdb"))
            continue
        if isinstance(value, exp.Null) or (isinstance(value, exp.Literal) and value.is_string):
            continue  # NULL, or text read as numeric: its digits are its scale (literal rules)
        if kind == "float" and rounded_float_cast(cast, _float_type(value, column_types)):
            continue  # round(x::numeric, 2): the places are the scale
        return (
            f"this demo cannot tell the scale Postgres gives {value.sql('postgres')}::numeric"
            " (its value's own); cast to numeric(precision, scale) instead"
        )
    return None


def nullif_types(tree: exp.Expr, column_types: dict[str, str]) -> None:
    """`nullif(int, 2.5)` is numeric in Postgres (both arguments take their common
    type), `'1'`; DuckDB keeps the first argument's type (int 1). An integer first
    argument compared with a numeric or a double becomes that type."""
    for node in list(tree.find_all(exp.Nullif)):
        other = value_kind(node.expression, column_types)
        if value_kind(node.this, column_types) == "int" and other in ("numeric", "float"):
            to = "DECIMAL(38, 0)" if other == "numeric" else "DOUBLE"
            node.set("this", exp.cast(node.this.copy(), to))


# -- numeric quotients -----------------------------------------------------------------


def value_kind(node: exp.Expr, column_types: dict[str, str]) -> str | None:
    """Postgres' category of an expression: "int", "numeric", "float" or None (unknown)."""
    if isinstance(node, exp.Paren | exp.Neg | exp.Distinct):
        inner = node.expressions[0] if isinstance(node, exp.Distinct) else node.this
        return value_kind(inner, column_types) if inner is not None else None
    if isinstance(node, exp.Literal):
        if node.is_string:
            return None
        return "int" if node.is_int else "numeric"
    if isinstance(node, exp.Cast):
        return _type_kind(node.to.sql("duckdb"))
    if isinstance(node, exp.Column):
        return _type_kind(column_types.get(node.name.lower(), ""))
    if isinstance(node, exp.Add | exp.Sub | exp.Mul | exp.Mod):
        return _common_kind([node.left, node.right], column_types)
    if isinstance(node, exp.Div) and node.args.get("typed"):
        return arithmetic_kind(node, column_types)
    answers = _answers(node)
    if answers is not None:
        return _common_kind(answers, column_types)
    if isinstance(node, exp.Count):
        return "int"
    if isinstance(node, exp.Filter) or (
        isinstance(node, exp.Window) and isinstance(node.this, exp.Sum | exp.Avg | exp.Count)
    ):
        return value_kind(node.this, column_types)  # an aggregate's FILTER or window: its own
    if isinstance(node, exp.Sum):
        # sum(int2/int4) is int8, sum(int8) and sum(numeric) are numeric.
        inner = value_kind(node.this, column_types)
        wide = isinstance(node.this, exp.Column) and column_types.get(
            node.this.name.lower(), ""
        ).upper() in ("BIGINT", "HUGEINT")
        return "numeric" if inner == "numeric" or (inner == "int" and wide) else inner
    if isinstance(node, exp.Avg | exp.Round):
        inner = value_kind(node.this, column_types)
        return "numeric" if inner in ("int", "numeric") else inner
    return None


_FLOAT4 = ("FLOAT", "REAL", "FLOAT4")


def is_float4(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """Whether Postgres types `node` real (float4), as far as seen here: a real column or
    cast, its negation or absolute value, its min or max, and `+ - * /` of two reals or
    of a real and a string literal (which takes the real's type)."""
    if isinstance(node, exp.Paren | exp.Neg | exp.Abs | exp.Min | exp.Max):
        return is_float4(node.this, column_types)
    if isinstance(node, exp.Cast):
        return node.to.this == exp.DataType.Type.FLOAT
    if isinstance(node, exp.Column):
        return column_types.get(node.name.lower(), "").upper() in _FLOAT4
    if isinstance(node, exp.Add | exp.Sub | exp.Mul | exp.Div):
        sides = [node.left, node.right]
        literal = [s for s in sides if isinstance(s, exp.Literal) and s.is_string]
        return len(literal) < 2 and all(
            is_float4(s, column_types) for s in sides if not any(s is x for x in literal)
        )
    return False


def _answers(node: exp.Expr) -> list[exp.Expr | None] | None:
    """The expressions whose value a CASE, COALESCE, NULLIF, GREATEST, LEAST or
    `lead`/`lag` answers (None where a CASE has no ELSE or a `lead` no default); None
    for another expression."""
    if isinstance(node, exp.Case):
        return [i.args["true"] for i in node.args.get("ifs") or []] + [node.args.get("default")]
    if isinstance(node, exp.Coalesce | exp.Greatest | exp.Least):
        return [node.this, *node.expressions]
    if isinstance(node, exp.Nullif):
        return [node.this]
    if isinstance(node, exp.Window) and isinstance(node.this, exp.Lead | exp.Lag):
        return [node.this.this, node.this.args.get("default")]
    return None


def _common_kind(values: Sequence[exp.Expr | None], column_types: dict[str, str]) -> str | None:
    """The category Postgres resolves these results to (NULLs take it), None if any is
    unknown."""
    kinds = {value_kind(v, column_types) for v in values if v and not _no_value(v)}
    if not kinds or None in kinds:
        return None
    return "float" if "float" in kinds else "numeric" if "numeric" in kinds else "int"


def _type_kind(duck_type: str) -> str | None:
    name = duck_type.strip().upper()
    if name.startswith(("DECIMAL", "NUMERIC")):
        return "numeric"
    if name in _INTEGER_TYPES:
        return "int"
    if name in _FLOAT_TYPES:
        return "float"
    return None


def _operands(node: exp.Expr, column_types: dict[str, str]) -> tuple[exp.Expr, exp.Expr] | None:
    """(dividend, divisor) when `node` is a numeric quotient in Postgres, else None."""
    if isinstance(node, exp.Avg):
        parts = average_parts(node, column_types)
        return None if parts is None else (parts[0], _no_zero(parts[1]))
    if isinstance(node, exp.Window | exp.Filter) and isinstance(node.this, exp.Avg):
        # `avg(x) OVER (...)`, `avg(x) FILTER (WHERE ...)`: the sum and count alike
        parts = average_parts(node.this, column_types)
        if parts is None:
            return None
        return _windowed(node, parts[0]), _no_zero(_windowed(node, parts[1]))
    if isinstance(node, exp.Div) and node.args.get("typed"):
        if any(side.find(exp.Avg, exp.Div) for side in (node.left, node.right)):
            return None  # DuckDB's text of such an operand is a double's: `_program`'s
        kinds = {value_kind(node.left, column_types), value_kind(node.right, column_types)}
        if kinds <= {"int", "numeric"} and "numeric" in kinds:
            return node.left.copy(), node.right.copy()
    return None


def average_parts(node: exp.Avg, column_types: dict[str, str]) -> tuple[exp.Expr, exp.Expr] | None:
    """avg(int/numeric) as (sum, count), which Postgres divides as numeric (int8_avg,
    numeric_avg); None for another avg."""
    if value_kind(node.this, column_types) not in ("int", "numeric"):
        return None
    return exp.Sum(this=node.this.copy()), exp.Count(this=node.this.copy())


def _no_zero(count: exp.Expr) -> exp.Expr:
    """`count`, NULL where it is 0: an average of no values (a group of NULLs) is NULL,
    not a division by zero."""
    return exp.Nullif(this=count, expression=exp.Literal.number(0))


def _integer_literal(node: exp.Expr) -> int | None:
    if isinstance(node, exp.Neg):
        inner = _integer_literal(node.this)
        return -inner if inner is not None else None
    return int(node.this) if isinstance(node, exp.Literal) and node.is_int else None


def _windowed(window: exp.Expr, function: exp.Expr) -> exp.Expr:
    """`function` in `window`'s place: its OVER (...) or FILTER (...) kept."""
    copy = window.copy()
    copy.set("this", function)
    return copy


def _quotient_sql(dividend: exp.Expr, divisor: exp.Expr) -> exp.Expr:
    """`dividend || '/' || divisor` as text; a zero divisor raises Postgres' error."""
    guarded = exp.Case(
        ifs=[
            exp.If(
                this=zero_divisor(dividend, divisor),
                true=exp.func("error", exp.Literal.string("division by zero")),
            )
        ],
        default=divisor,
    )
    return exp.DPipe(
        this=exp.DPipe(this=exp.cast(dividend, "VARCHAR"), expression=exp.Literal.string("/")),
        expression=exp.cast(guarded, "VARCHAR"),
    )


def _text_outputs(
    tree: exp.Expr, rewrite: Callable[[exp.Expr], tuple[exp.Expr, str] | None]
) -> dict[str, str]:
    """The select list's expressions `rewrite` turns into text (the new expression and
    its tag), an ORDER BY of those columns kept on their value; output name -> tag."""
    if not isinstance(tree, exp.Select) or tree.args.get("distinct"):
        return {}
    tags: dict[str, str] = {}
    originals: dict[str, exp.Expr] = {}
    positions: dict[int, exp.Expr] = {}
    for position, target in enumerate(tree.expressions, start=1):
        if not isinstance(target, exp.Alias):
            continue  # postgres_column_names has named every computed column
        rewritten = rewrite(target.this)
        if rewritten is None:
            continue
        original = target.this.copy()
        target.set("this", rewritten[0])
        tags[target.alias] = rewritten[1]
        originals[target.alias.lower()] = original
        positions[position] = original
    _order_by_value(tree, originals, positions)
    return tags


def numeric_quotients(tree: exp.Expr, column_types: dict[str, str]) -> dict[str, str]:
    """Rewrite the select list's numeric quotients; return output name -> tag."""

    def quotient(node: exp.Expr) -> tuple[exp.Expr, str] | None:
        aggregate = _aggregate_of_quotients(node, column_types)
        if aggregate is not None:
            return aggregate, SCALED_TAG
        tag = QUOTIENT_TAG
        if isinstance(node, exp.Round | exp.Trunc) and not isinstance(node.this, exp.Cast):
            decimals = node.args.get("decimals")
            places = _integer_literal(decimals) if decimals is not None else 0
            if places is None:
                return None
            tag += (_ROUND if isinstance(node, exp.Round) else _TRUNC) + str(places)
            node = node.this
        parts = _operands(node, column_types)
        if parts is not None:
            return _quotient_sql(*parts), tag
        program = _program(node, column_types)
        if program is None:
            return None
        leaves, steps = program
        return _leaves_sql(leaves), f"{tag};{_PROGRAM}{steps}"

    return _text_outputs(tree, quotient)


def _aggregate_of_quotients(node: exp.Expr, column_types: dict[str, str]) -> exp.Expr | None:
    """sum(), max() or min() of a numeric quotient as Postgres' text of it: each quotient
    is exact (QUOTIENT_FUNCTION); a sum shows the largest scale among its terms (DuckDB's
    20 decimals cut to it), max and min the chosen quotient's own. None for another
    expression."""
    if not isinstance(node, exp.Sum | exp.Max | exp.Min):
        return None
    inner = node.this
    while isinstance(inner, exp.Paren):
        inner = inner.this
    if not (isinstance(inner, exp.Div) and exact_numeric_division(inner, column_types)):
        return None

    def call(form: str) -> exp.Expr:
        return quotient_call(inner.left.copy(), inner.right.copy(), form)

    held = exp.cast(call(QUOTIENT_AS_HELD), QUOTIENT_HELD_TYPE)
    if not isinstance(node, exp.Sum):
        return exp.func(
            "arg_max" if isinstance(node, exp.Max) else "arg_min", call(QUOTIENT_AS_TEXT), held
        )
    total = exp.cast(exp.Sum(this=held), "VARCHAR")
    scale = exp.Max(this=exp.cast(call(QUOTIENT_SCALE), "INTEGER"))
    whole = exp.func("split_part", total.copy(), exp.Literal.string("."), exp.Literal.number(1))
    cut = exp.paren(exp.Sub(this=exp.Literal.number(QUOTIENT_HELD_SCALE), expression=scale.copy()))
    decimals = exp.Left(
        this=total.copy(), expression=exp.Sub(this=exp.Length(this=total), expression=cut)
    )
    no_scale = exp.EQ(this=scale, expression=exp.Literal.number(0))
    return exp.Case(ifs=[exp.If(this=no_scale, true=whole)], default=decimals)


# A numeric expression with divisions inside it (`a / 1024.0 / 1024.0`, `sum(x) / n * 100`)
# comes back as its leaves' texts, `|` apart, and the tag carries what to do with them: a
# postfix program of leaf numbers and `+ - * / neg abs`, which quotient_text runs with
# Postgres' scale rules (DuckDB computed such an expression as a double).
_PROGRAM = "expr:"
_LEAF_SEPARATOR = "|"
_ARITHMETIC_STEPS: dict[type[exp.Expr], str] = {
    exp.Add: "+",
    exp.Sub: "-",
    exp.Mul: "*",
    exp.Div: "/",
}


def _program(node: exp.Expr, column_types: dict[str, str]) -> tuple[list[exp.Expr], str] | None:
    """(leaves, postfix program) of `+ - * /`, negation and abs() over int and numeric
    values holding a numeric division, where every leaf's DuckDB text is Postgres' (a
    column, a literal, a sum, an integer expression); None for another expression."""
    leaves: list[exp.Expr] = []
    steps: list[str] = []
    divisions = 0

    def walk(part: exp.Expr) -> bool:
        nonlocal divisions
        if isinstance(part, exp.Paren):
            return walk(part.this)
        unary = "neg" if isinstance(part, exp.Neg) else "abs" if isinstance(part, exp.Abs) else None
        if unary and arithmetic_kind(part.this, column_types) == "numeric":
            if not walk(part.this):
                return False
            steps.append(unary)
            return True
        operation = _ARITHMETIC_STEPS.get(type(part))
        typed = not isinstance(part, exp.Div) or part.args.get("typed")
        if (
            isinstance(part, exp.Binary)
            and operation
            and typed
            and arithmetic_kind(part, column_types) == "numeric"
        ):
            if not (walk(part.left) and walk(part.right)):
                return False
            steps.append(operation)
            divisions += operation == "/"
            return True
        if isinstance(part, exp.Avg):
            average = average_parts(part, column_types)
            if average is None:
                return False
            leaves.extend([average[0], _no_zero(average[1])])
            steps.extend([str(len(leaves) - 2), str(len(leaves) - 1), "/"])
            divisions += 1
            return True
        if not _plain_leaf(part, column_types):
            return False
        leaves.append(part.copy())
        steps.append(str(len(leaves) - 1))
        return True

    if not walk(node) or not divisions:
        return None
    return leaves, " ".join(steps)


def arithmetic_kind(node: exp.Expr, column_types: dict[str, str]) -> str | None:
    """value_kind, with `/` as Postgres types it: numeric where a side is, int of ints."""
    if isinstance(node, exp.Paren | exp.Neg):
        return arithmetic_kind(node.this, column_types)
    if isinstance(node, exp.Add | exp.Sub | exp.Mul | exp.Div):
        kinds = {
            arithmetic_kind(node.left, column_types),
            arithmetic_kind(node.right, column_types),
        }
        if None in kinds:
            return None
        return "float" if "float" in kinds else "numeric" if "numeric" in kinds else "int"
    return value_kind(node, column_types)


def exact_numeric_division(node: exp.Div, column_types: dict[str, str]) -> bool:
    """A `/` Postgres computes as numeric (not integer or float division)."""
    return bool(node.args.get("typed")) and arithmetic_kind(node, column_types) == "numeric"


def _plain_leaf(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """An int or numeric value whose DuckDB text has Postgres' digits and scale: not a
    division or an average computed in DuckDB, nor a value whose scale Postgres keeps per
    value (a bare `::numeric`, a COALESCE or CASE choosing between scales)."""
    if value_kind(node, column_types) not in ("int", "numeric"):
        return False
    if isinstance(node, exp.Cast) and _bare_numeric(node.to):
        return False
    inner = node.find(exp.Div, exp.Avg, exp.Coalesce, exp.Case, exp.Greatest, exp.Least, exp.Window)
    return inner is None


def _leaves_sql(leaves: list[exp.Expr]) -> exp.Expr:
    """The leaves' texts, `|` apart (NULL where any leaf is NULL, as the result is)."""
    text: exp.Expr = exp.cast(leaves[0], "VARCHAR")
    for leaf in leaves[1:]:
        text = exp.DPipe(
            this=exp.DPipe(this=text, expression=exp.Literal.string(_LEAF_SEPARATOR)),
            expression=exp.cast(leaf, "VARCHAR"),
        )
    return text


def _run_program(steps: str, leaves: list[str]) -> Decimal:
    """The program's value over the leaves' texts, each step as Postgres' numeric does it:
    `+`/`-`/`*` exact, `/` to select_div_scale's scale (ZeroDivisionError for a zero)."""
    stack: list[Decimal] = []
    for step in steps.split():
        if step.isdigit():
            stack.append(Decimal(leaves[int(step)]))
        elif step == "neg":  # copy_negate and copy_abs are exact (`-x` rounds to 28 digits)
            stack.append(stack.pop().copy_negate())
        elif step == "abs":
            stack.append(stack.pop().copy_abs())
        else:
            right, left = stack.pop(), stack.pop()
            if step == "/":
                stack.append(exact_quotient(left, right))
            else:
                operate = {"+": _EXACT.add, "-": _EXACT.subtract, "*": _EXACT.multiply}[step]
                stack.append(operate(left, right))
    (result,) = stack
    return result.copy_abs() if result == 0 else result


# The SQL function that divides numerics as Postgres does (transforms/exact_quotients.py
# registers it); its third argument asks for the quotient's text, for the form
# QUOTIENT_HELD_TYPE holds, or for its display scale.
QUOTIENT_FUNCTION = "pg_numeric_quotient"
QUOTIENT_AS_TEXT, QUOTIENT_AS_HELD, QUOTIENT_SCALE = "text", "held", "scale"
QUOTIENT_HELD_SCALE = 20
QUOTIENT_HELD_TYPE = f"DECIMAL(38, {QUOTIENT_HELD_SCALE})"


def quotient_call(dividend: exp.Expr, divisor: exp.Expr, form: str) -> exp.Expr:
    """A call of QUOTIENT_FUNCTION on the operands' texts."""
    texts = [exp.cast(side, "VARCHAR") for side in (dividend, divisor)]
    return exp.func(QUOTIENT_FUNCTION, *texts, exp.Literal.string(form))


# The tag of a result column whose numeric values come back as their own text.
SCALED_TAG = "numeric"

# Expressions that answer one of their arguments' values: Postgres resolves them to one
# type, numeric where one argument is, but each value keeps its own scale.
_CHOICES = (exp.Coalesce, exp.Case, exp.Greatest, exp.Least)


def _choice_values(node: exp.Expr) -> list[exp.Expr] | None:
    """The arguments whose value a COALESCE, CASE, GREATEST, LEAST or `lead`/`lag` with
    a default answers (`_answers`), NULLs and `error()` calls (transforms/window_ties.py)
    left out; None for another expression (a NULLIF answers its first argument only)."""
    if isinstance(node, exp.Nullif):
        return None
    if isinstance(node, exp.Window) and not node.this.args.get("default"):
        return None  # a lead/lag without a default answers one column's values
    values = _answers(node) or []
    return [v for v in values if v is not None and not _no_value(v)] or None


def _no_value(node: exp.Expr) -> bool:
    """NULL, or a call of DuckDB's `error()`: nothing whose scale shows."""
    return isinstance(node, exp.Null) or (
        isinstance(node, exp.Anonymous) and node.name.lower() == "error"
    )


def _declared_scale(duck_type: str) -> int | None:
    match = re.fullmatch(r"\s*(?:DECIMAL|NUMERIC)\s*\(\s*\d+\s*,\s*(\d+)\s*\)\s*", duck_type, re.I)
    return int(match.group(1)) if match else None


def _fixed_scale(node: exp.Expr, column_types: dict[str, str]) -> int | None:
    """The one display scale Postgres gives every value of a numeric (or integer)
    expression, where it does not depend on the value: that of DuckDB's DECIMAL then."""
    literal = _decimal_literal(node)
    if literal is not None:
        return _display_scale(literal)
    choices = _choice_values(node)
    if choices is not None:
        scales = {_fixed_scale(v, column_types) for v in choices}
        return scales.pop() if len(scales) == 1 else None
    # The structure first: asking value_kind at every level of `a + b + c ...` would
    # walk the chain once per level.
    if isinstance(node, exp.Paren | exp.Neg):
        return _fixed_scale(node.this, column_types)
    if isinstance(node, exp.Add | exp.Sub | exp.Mul):
        left, right = _fixed_scale(node.left, column_types), _fixed_scale(node.right, column_types)
        if left is None or right is None:
            return None
        return left + right if isinstance(node, exp.Mul) else max(left, right)
    if isinstance(node, exp.Sum | exp.Min | exp.Max) and not isinstance(node.this, exp.Distinct):
        return _fixed_scale(node.this, column_types)
    if isinstance(node, exp.Filter) or (
        isinstance(node, exp.Window) and isinstance(node.this, exp.Sum | exp.Min | exp.Max)
    ):
        return _fixed_scale(node.this, column_types)
    if value_kind(node, column_types) == "int":
        return 0
    if isinstance(node, exp.Column):
        return _declared_scale(column_types.get(node.name.lower(), ""))
    if isinstance(node, exp.Cast) and is_type(node.to, "decimal") and node.to.expressions:
        return _declared_scale(node.to.sql("duckdb"))
    return None


def _mixed_scales(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """A numeric choice whose values may differ in scale (`coalesce(price, 0)`)."""
    return (
        _choice_values(node) is not None
        and value_kind(node, column_types) == "numeric"
        and _fixed_scale(node, column_types) is None
    )


def _own_text(node: exp.Expr, column_types: dict[str, str]) -> exp.Expr | None:
    """`node` as the text Postgres writes for each of its values, each at its own scale;
    None where that cannot be given (a value whose scale is not known before it runs)."""
    literal = _decimal_literal(node)
    if literal is not None:
        return exp.Literal.string(format(literal, "f"))
    if _no_value(node):
        return node.copy()
    if _fixed_scale(node, column_types) is not None:
        return exp.cast(node.copy(), "VARCHAR")
    if isinstance(node, exp.Paren):
        return _own_text(node.this, column_types)
    if isinstance(node, exp.Div) and exact_numeric_division(node, column_types):
        return quotient_call(node.left.copy(), node.right.copy(), QUOTIENT_AS_TEXT)
    average = _operands(node, column_types)  # an avg(), also OVER (...) or FILTER (...)
    if average is not None:  # NULL where it has no values: its count is NULLed
        return quotient_call(*average, QUOTIENT_AS_TEXT)
    values = _choice_values(node)
    if values is None:
        return None
    texts = {id(v): _own_text(v, column_types) for v in values}
    if any(t is None for t in texts.values()):
        return None
    if isinstance(node, exp.Greatest | exp.Least):
        # The first argument equal to the result, as Postgres keeps the first of ties.
        ifs = [exp.If(this=exp.EQ(this=v.copy(), expression=node.copy()), true=texts[id(v)])
               for v in values]  # fmt: skip
        return exp.Case(ifs=ifs)
    copy = node.copy()
    for original, copied in list(zip(node.walk(), copy.walk(), strict=True)):
        text = texts.get(id(original))
        if text is not None:
            copied.replace(text)
    return copy


def chosen_numeric_scales(tree: exp.Expr, column_types: dict[str, str]) -> dict[str, str]:
    """A result column choosing between numeric values keeps each value's own scale.

    Postgres keeps a scale per value: `coalesce(sum(total), 0)` is `"0"` where the sum is
    NULL and `"30.75"` elsewhere, `greatest(1, 2.5, 3)` is `"3"`, `lead(price, 1, 0)` is
    `"0"` on the last row; DuckDB gives the column one scale (`"0.00"`, `"3.0"`). Where a
    result column is a COALESCE, CASE, GREATEST, LEAST or `lead`/`lag` with a default
    whose values may differ in scale, each value comes back as its text (a literal as
    written), tagged numeric. Returns output name -> tag.
    """

    def scaled(node: exp.Expr) -> tuple[exp.Expr, str] | None:
        if not _mixed_scales(node, column_types) or not _grouped_values(tree, node):
            return None
        text = _own_text(node, column_types)
        return None if text is None else (text, SCALED_TAG)

    return _text_outputs(tree, scaled)


def _grouped_values(select: exp.Expr, node: exp.Expr) -> bool:
    """Whether each value `node` chooses from may be read in its rows' groups: its
    columns are aggregated or grouped by. GROUP BY the choice itself joins values of
    different scales (`0` and `0.00`) in one group, whose scale Postgres does not
    promise: left to `mixed_numeric_scales`, which refuses it."""
    group = select.args.get("group")
    if group is None:
        return True
    grouped = {g.sql() for g in group.expressions}
    return all(
        column.find_ancestor(exp.AggFunc, exp.Filter) is not None or column.sql() in grouped
        for column in node.find_all(exp.Column)
    )


def _keeps_scale_out(parent: exp.Expr, child: exp.Expr) -> bool:
    """Whether `parent` uses `child`'s value without its scale showing in a result
    (a comparison, a condition, a sort or grouping key, a count, a round, a cast)."""
    if isinstance(parent, exp.Predicate | exp.Connector | exp.Not | exp.Count | exp.Ordered):
        return True
    if isinstance(parent, exp.Where | exp.Having | exp.Group | exp.Order | exp.Join):
        return True
    if isinstance(parent, exp.If | exp.Case):
        return child is parent.this  # the condition, or a simple CASE's operand
    if isinstance(parent, exp.Window):
        return child is not parent.this  # PARTITION BY, ORDER BY
    if isinstance(parent, exp.Round | exp.Floor | exp.Ceil):
        return True  # round(x, n) has scale n, floor and ceil none, whatever x's
    if isinstance(parent, exp.Cast | exp.TryCast):
        return not is_type(parent.to, *exp.DataType.TEXT_TYPES) and not _bare_numeric(parent.to)
    return False


def reaches_a_result(node: exp.Expr) -> bool:
    """Whether `node`'s value, scale and all, can reach a result the user reads."""
    child, parent = node, node.parent
    while parent is not None:
        if _keeps_scale_out(parent, child):
            return False
        if isinstance(parent, exp.Select) and not any(child is e for e in parent.expressions):
            return False  # FROM, WHERE, GROUP BY...: read for the value
        if isinstance(parent, exp.Subquery) and isinstance(parent.parent, exp.From | exp.Join):
            return True  # a derived table's column: where it goes is not followed
        if isinstance(parent, exp.CTE):
            return True
        if isinstance(parent, exp.Insert | exp.Update) and child is not parent.args.get(
            "returning"
        ):
            return False  # stored in a column, which has its own type
        child, parent = parent, parent.parent
    return True


def mixed_numeric_scales(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    """A refusal where a choice between numeric values of different scales reaches a
    result other than as a result column of its own (`coalesce(price, 0) * qty`, a
    CTE's column, SELECT DISTINCT): Postgres keeps each value's scale through it, which
    DuckDB's one scale per column cannot show (run after `chosen_numeric_scales`)."""
    for node in tree.find_all(*_CHOICES, exp.Window):
        if _mixed_scales(node, column_types) and reaches_a_result(node):
            # The choice may be the translation's own (a division's zero check): named
            # by its SQL only where it is one the user wrote.
            written = "ERROR(" not in node.sql("duckdb").upper()
            what = node.sql("postgres") if written else "a numeric division"
            return (
                f"this demo cannot give each value of {what} its own numeric"
                " scale here, as Postgres does (DuckDB gives a column one scale); cast it to"
                " numeric(precision, scale)"
            )
    return None


def _order_by_value(
    tree: exp.Expr, originals: dict[str, exp.Expr], positions: dict[int, exp.Expr]
) -> None:
    """ORDER BY a rewritten column (alias or position) sorts by its value, not its text."""
    order = tree.args.get("order")
    if order is None:
        return
    for ordered in order.expressions:
        key = ordered.this
        if isinstance(key, exp.Column) and not key.table and key.name.lower() in originals:
            key.replace(originals[key.name.lower()].copy())
        elif isinstance(key, exp.Literal) and key.is_int and int(key.this) in positions:
            key.replace(positions[int(key.this)].copy())


# -- the division itself, as Postgres' numeric_div ---------------------------------------


def _weight_and_first_digit(value: Decimal) -> tuple[int, int]:
    """Postgres' base-10000 weight and first base-10000 digit of `value` (0, 0 for zero)."""
    if value == 0:
        return 0, 0
    weight = abs(value).adjusted() // _DEC_DIGITS
    return weight, int(abs(value).scaleb(-_DEC_DIGITS * weight, _EXACT))


def _display_scale(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def division_scale(dividend: Decimal, divisor: Decimal) -> int:
    """Postgres' `select_div_scale`: the result scale of dividend / divisor."""
    weight1, first1 = _weight_and_first_digit(dividend)
    weight2, first2 = _weight_and_first_digit(divisor)
    qweight = weight1 - weight2 - (1 if first1 <= first2 else 0)
    scale = _MIN_SIG_DIGITS - qweight * _DEC_DIGITS
    scale = max(scale, _display_scale(dividend), _display_scale(divisor), 0)
    return min(scale, _MAX_DISPLAY_SCALE)


def exact_quotient(dividend: Decimal, divisor: Decimal) -> Decimal:
    """dividend / divisor as Postgres' numeric division answers it: to select_div_scale's
    scale, half away from zero (ZeroDivisionError for a zero divisor)."""
    if divisor == 0:
        raise ZeroDivisionError("division by zero")
    return _divide(dividend, divisor, division_scale(dividend, divisor))


def _divide(dividend: Decimal, divisor: Decimal, scale: int) -> Decimal:
    """dividend / divisor rounded half away from zero to `scale` decimals, exactly."""
    num_digits, num_exp = _integer_form(dividend)
    den_digits, den_exp = _integer_form(divisor)
    shift = num_exp - den_exp + scale  # quotient * 10**scale = num * 10**shift / den
    num = num_digits * 10**shift if shift >= 0 else num_digits
    den = den_digits if shift >= 0 else den_digits * 10**-shift
    negative = (num < 0) != (den < 0)
    whole, rest = divmod(abs(num), abs(den))
    if 2 * rest >= abs(den):
        whole += 1
    return Decimal(-whole if negative else whole).scaleb(-scale, _EXACT)


def _integer_form(value: Decimal) -> tuple[int, int]:
    sign, digits, exponent = value.as_tuple()
    number = int("".join(map(str, digits)) or "0")
    return (-number if sign else number), int(exponent)


def _round(value: Decimal, places: int, rounding: str = ROUND_HALF_UP) -> Decimal:
    """Postgres' round(numeric, n): half away from zero, scale max(n, 0); its
    trunc(numeric, n) with `rounding` ROUND_DOWN."""
    quantum = Decimal(1).scaleb(-places)
    rounded = value.quantize(quantum, rounding=rounding, context=_EXACT)
    return rounded if places >= 0 else rounded.quantize(Decimal(1), context=_EXACT)


def quotient_text(value: str, tag: str) -> str:
    """`"609.94/7"` (a tagged result value) as Postgres' numeric text; with a program in
    the tag (`_PROGRAM`), the leaves' texts `"11170334|1024.0|1024.0"` run through it."""
    rules = tag[len(QUOTIENT_TAG) :].split(";")
    program = next((r[len(_PROGRAM) :] for r in rules if r.startswith(_PROGRAM)), None)
    try:
        if program is not None:
            result = _run_program(program, value.split(_LEAF_SEPARATOR))
        else:
            dividend_text, _, divisor_text = value.partition("/")
            dividend, divisor = Decimal(dividend_text), Decimal(divisor_text)
            result = exact_quotient(dividend, divisor)
    except (InvalidOperation, IndexError, ValueError):
        return value
    for rule in rules:
        if rule.startswith(_ROUND):
            result = _round(result, int(rule[len(_ROUND) :]))
        elif rule.startswith(_TRUNC):
            result = _round(result, int(rule[len(_TRUNC) :]), ROUND_DOWN)
    return format(result, "f")
