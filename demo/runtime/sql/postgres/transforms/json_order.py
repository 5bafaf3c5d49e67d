"""Orderings and text matches of JSON values, which Postgres and text held JSON disagree on.

json and jsonb are held as text here (json_rewrite.py). Equality of jsonb is right on
text in jsonb's normal form (jsonb.py), but order is not: Postgres orders jsonb by kind
(string < number < boolean, objects last) and numbers by value, so `ORDER BY data->'n'`
over 9 and 10 gives 9 first where text gives "10". `json_order` refuses, rather than
answering in text order:

- ORDER BY a jsonb value, and `<`, `<=`, `>`, `>=`, BETWEEN of one (Postgres' order),
  in this demo's words, saying how to order by a cast instead;
- ORDER BY a json value and `min`/`max` of json(b), which Postgres has no operator or
  function for, in Postgres' words;
- LIKE, ILIKE, SIMILAR TO, `^@` and the regular expression matches of json(b), which
  Postgres has no operator for (`operator does not exist: jsonb ~~ unknown`);
- `=`, `<>` and IS [NOT] DISTINCT FROM of json(b) with a number, a boolean or a value
  cast to another type (`data = 1`), which Postgres has no operator for, where text
  held JSON would compare as text (a string literal is read as JSON, and checked so).
"""

from __future__ import annotations

from sqlglot import exp

from ..json_rewrite import json_kind
from .operand_types import operand_type_name

__all__ = ["json_order"]

_ORDERS = (exp.LT, exp.LTE, exp.GT, exp.GTE)
# Postgres' names of the text match operators, and of their negations.
_MATCHES: dict[type[exp.Expr], tuple[str, str]] = {
    exp.Like: ("~~", "!~~"),
    exp.ILike: ("~~*", "!~~*"),
    exp.RegexpLike: ("~", "!~"),
    exp.RegexpILike: ("~*", "!~*"),
    exp.SimilarTo: ("~", "!~"),
}
# Equality operators, by the name Postgres' message gives them (IS DISTINCT FROM is `=`).
_EQUALITIES: dict[type[exp.Expr], str] = {
    exp.EQ: "=", exp.NEQ: "<>", exp.NullSafeEQ: "=", exp.NullSafeNEQ: "=",
}  # fmt: skip
_NO_JSONB_ORDER = (
    "ordering jsonb values is not supported by this demo (Postgres orders jsonb by kind,"
    " then value; it holds jsonb as text): order by a cast of its text, such as"
    " (data->>'n')::integer"
)


def _operand_type(node: exp.Expr, columns: dict[str, str]) -> str:
    if isinstance(node, exp.Literal) and node.is_string:
        return "unknown"
    return json_kind(node, columns) or "text"


def _refusal(node: exp.Expr, columns: dict[str, str]) -> str | None:
    if isinstance(node, exp.Ordered):
        kind = json_kind(node.this, columns)
        if kind == "json":
            return "could not identify an ordering operator for type json"
        return _NO_JSONB_ORDER if kind == "jsonb" else None
    if isinstance(node, (*_ORDERS, exp.Between)):
        sides = [node.this, node.args.get("low"), node.args.get("high")]
        if isinstance(node, _ORDERS):
            sides = [node.left, node.right]
        if any(side is not None and json_kind(side, columns) for side in sides):
            return _NO_JSONB_ORDER
        return None
    if isinstance(node, exp.Min | exp.Max):
        kind = json_kind(node.this, columns)
        if kind:
            return f"function {type(node).__name__.lower()}({kind}) does not exist"
        return None
    if type(node) in _EQUALITIES:
        return _equality_refusal(node, columns)
    names = _MATCHES.get(type(node))
    if isinstance(node, exp.StartsWith):  # `^@`: a function node, not a binary one
        names = ("^@", "^@")
    elif names is None or not isinstance(node, exp.Binary):
        return None
    left, right = node.this, node.expression
    if not (json_kind(left, columns) or json_kind(right, columns)):
        return None
    negated = node.args.get("negate") or isinstance(node.parent, exp.Not)
    operator = names[1] if negated else names[0]
    types = (_operand_type(left, columns), _operand_type(right, columns))
    return f"operator does not exist: {types[0]} {operator} {types[1]}"


def _equality_refusal(node: exp.Expr, columns: dict[str, str]) -> str | None:
    """`jsonb = 1`: JSON beside a value of a type Postgres has no operator with it for."""
    left, right = node.this, node.expression
    kinds = (json_kind(left, columns), json_kind(right, columns))
    if not any(kinds) or all(kinds):
        return None
    other = right if kinds[0] else left
    other_type = operand_type_name(other)
    if other_type is None:  # a string literal, NULL, or a value not typed here
        return None
    names = [kinds[0] or other_type, kinds[1] or other_type]
    return f"operator does not exist: {names[0]} {_EQUALITIES[type(node)]} {names[1]}"


def json_order(tree: exp.Expr, columns: dict[str, str]) -> str | None:
    """The refusal of the first ordering or text match of a JSON value, or None.
    `columns`: the json and jsonb columns in play (Context.json_types)."""
    for node in tree.walk():
        refused = _refusal(node, columns)
        if refused is not None:
            return refused
    return None
