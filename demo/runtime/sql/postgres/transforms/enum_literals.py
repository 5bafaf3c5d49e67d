"""String literals beside an enum value, read as labels of that enum, as Postgres reads them.

Postgres gives a string literal the type of the enum value it meets: `feel > 'sad'`
compares places in the type's order (`happy` after `sad`, as `CREATE TYPE` listed them),
`max(feel)` and `ORDER BY feel` follow that order, and a literal that is not a label
fails (`invalid input value for enum mood: "meh"`), in a comparison as in a cast. DuckDB
compares an ENUM with a string as text: the same condition compared 'happy' > 'sad'
alphabetically, and a misspelled label matched nothing. Here each string literal
compared with, or chosen beside (GREATEST, LEAST, COALESCE, CASE), a column of an enum
type is cast to that column's ENUM type: DuckDB then compares places, and fails on a
word that is not a label (engine.py names the enum in Postgres' words).
"""

from __future__ import annotations

from sqlglot import exp

from ..type_match import is_type
from .division import chosen_values

__all__ = ["ENUM_WITH_TEXT", "enum_literals"]

_COMPARISONS = (
    exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.NullSafeEQ, exp.NullSafeNEQ,
)  # fmt: skip


def _enum_type(node: exp.Expr, column_types: dict[str, str]) -> str | None:
    """The DuckDB type of an enum column (`ENUM('sad', 'ok')`), else None."""
    if isinstance(node, exp.Paren):
        return _enum_type(node.this, column_types)
    if not isinstance(node, exp.Column):
        return None
    duck_type = column_types.get(node.name.lower(), "")
    return duck_type if duck_type.upper().startswith("ENUM(") else None


def _operands(node: exp.Expr) -> list[exp.Expr]:
    """The values `node` compares with each other or chooses between."""
    if isinstance(node, _COMPARISONS):
        return [node.this, node.expression]
    if isinstance(node, exp.Between):
        return [node.this, node.args["low"], node.args["high"]]
    if isinstance(node, exp.In):
        return [node.this, *node.expressions]  # a subquery's column has its own type
    if isinstance(node, exp.Case) and node.this is not None:  # CASE feel WHEN 'sad' ...
        return [node.this, *(i.this for i in node.args.get("ifs") or [])]
    return chosen_values(node) or []


# A typed text value: Postgres has no operator of an enum and text (DuckDB compares as text).
_TEXT_TYPES = ("text", "varchar", "char", "bpchar", "name")
ENUM_WITH_TEXT = (
    "an enum value compared with a text value is refused by Postgres (operator does not"
    " exist): cast the text to the enum type, or the enum to text"
)


def _text_typed(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """A value Postgres types as text: a text column, a cast to text, and `ANY`/`ALL` of
    an array of string literals (`ARRAY['sad', 'ok']` is a text[])."""
    if isinstance(node, exp.Paren):
        return _text_typed(node.this, column_types)
    if isinstance(node, exp.Any | exp.All):
        array = node.this.unnest()
        if isinstance(array, exp.Cast):
            return is_type(array.to, "array") and is_type(array.to.expressions[0], *_TEXT_TYPES)
        return isinstance(array, exp.Array) and any(
            isinstance(e, exp.Literal) and e.is_string for e in array.expressions
        )
    if isinstance(node, exp.Cast):
        return is_type(node.to, *_TEXT_TYPES)
    duck_type = column_types.get(node.name.lower(), "") if isinstance(node, exp.Column) else ""
    return duck_type.upper() in ("VARCHAR", "TEXT")  # TEXT: a derived column's cast


def enum_literals(tree: exp.Expr, column_types: dict[str, str]) -> str | None:
    nodes = tree.find_all(*_COMPARISONS, exp.Between, exp.In, exp.Case, exp.Coalesce,
                          exp.Greatest, exp.Least, exp.Nullif)  # fmt: skip
    for node in list(nodes):
        operands = _operands(node)
        enums = {t for t in (_enum_type(o, column_types) for o in operands) if t is not None}
        if len(enums) != 1:  # none, or two enum types (which Postgres refuses to compare)
            continue
        if any(_text_typed(o, column_types) for o in operands):
            return ENUM_WITH_TEXT
        enum = exp.DataType.build(enums.pop(), dialect="duckdb")
        for operand in operands:
            if isinstance(operand, exp.Literal) and operand.is_string:
                operand.replace(exp.cast(operand.copy(), enum.copy()))
    return None
