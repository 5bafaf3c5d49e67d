"""Dates and timestamps made text as Postgres writes them.

DuckDB writes the era inside the text (`2040-04-10 (BC)`, `0097-02-16 (BC) 17:32:01`),
Postgres after it (`2040-04-10 BC`, `0097-02-16 17:32:01 BC`). A timestamptz, held as
UTC wall time (transforms/timestamptz.py), is written by Postgres with the session's
offset, `+00` here (`1997-02-10 17:32:01+00`; `infinity` has none). A date or timestamp
made text by a cast (`d::text`) or by `||` is rewritten to Postgres' form; other text of
a date (`to_char`, string functions given one) is not.
"""

from __future__ import annotations

from sqlglot import exp

from ..type_match import is_type

__all__ = ["bc_text"]

_TEMPORAL_TYPES = (
    "date",
    "timestamp",
    "timestamptz",
    "timestamp_s",
    "timestamp_ms",
    "timestamp_ns",
)


def _temporal(node: exp.Expr, column_types: dict[str, str]) -> bool:
    if isinstance(node, exp.Column):
        name = column_types.get(node.name.lower(), "").upper()
        return name == "DATE" or name.startswith("TIMESTAMP")
    if isinstance(node, exp.Cast):
        return is_type(node.to, *_TEMPORAL_TYPES)
    if isinstance(node, exp.Paren):
        return _temporal(node.this, column_types)
    if isinstance(node, exp.Add | exp.Sub):  # date ± days or interval; date - date is days
        left, right = (_temporal(n, column_types) for n in (node.this, node.expression))
        return left != right if isinstance(node, exp.Add) else left and not right
    return isinstance(node, exp.CurrentDate | exp.CurrentTimestamp)


def _zoned(node: exp.Expr, column_types: dict[str, str]) -> bool:
    """Whether `node` is a timestamptz (as far as its form tells)."""
    if isinstance(node, exp.Column):
        name = column_types.get(node.name.lower(), "").upper()
        return name in ("TIMESTAMP_NS", "TIMESTAMP WITH TIME ZONE")
    if isinstance(node, exp.Cast):
        return is_type(node.to, "timestamptz", "timestamp_ns")
    if isinstance(node, exp.Paren):
        return _zoned(node.this, column_types)
    if isinstance(node, exp.Add | exp.Sub):  # timestamptz ± interval
        return _zoned(node.this, column_types) and not _temporal(node.expression, column_types)
    return isinstance(node, exp.CurrentTimestamp)


def _postgres_text(text: exp.Expr, *, zoned: bool = False) -> exp.Expr:
    """DuckDB's text of a date/timestamp with its ` (BC)` moved to the end, as ` BC`,
    and a timestamptz's (a finite one starts with its year's digits) ending `+00`."""
    pattern, replacement = exp.Literal.string(r" \(BC\)(.*)$"), exp.Literal.string(r"\1 BC")
    postgres = exp.func("regexp_replace", text, pattern, replacement)
    if zoned:
        offset, last = exp.Literal.string(r"^(\d.*?)( BC)?$"), exp.Literal.string(r"\1+00\2")
        postgres = exp.func("regexp_replace", postgres, offset, last)
    return postgres


def bc_text(tree: exp.Expr, column_types: dict[str, str]) -> None:
    """Casts of dates/timestamps to text, and their `||`, in Postgres' era form."""
    for cast in list(tree.find_all(exp.Cast)):
        if is_type(cast.to, *exp.DataType.TEXT_TYPES) and _temporal(cast.this, column_types):
            zoned = _zoned(cast.this, column_types)
            cast.replace(_postgres_text(cast.copy(), zoned=zoned))
    for pipe in list(tree.find_all(exp.DPipe)):
        for side in ("this", "expression"):
            operand = pipe.args.get(side)
            if operand is not None and _temporal(operand, column_types):
                text = exp.cast(operand.copy(), "VARCHAR")
                pipe.set(side, _postgres_text(text, zoned=_zoned(operand, column_types)))
