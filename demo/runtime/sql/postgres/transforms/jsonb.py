"""jsonb literals in jsonb's normal text form.

`jsonb_literals`: jsonb is held as text here, so a jsonb literal (cast, or written
into a jsonb column) is stored in the one text form Postgres gives the value (key
order, spacing). (JSON operators and functions are `json_rewrite.py`'s.)
"""

from __future__ import annotations

from sqlglot import exp

from ..json_functions import JsonError, jsonb_text
from ..type_match import is_type
from .statement import written_literals

__all__ = ["jsonb_literals"]


def jsonb_literals(
    tree: exp.Expr, table_types: dict[str, dict[str, str]], declared: dict[str, dict[str, str]]
) -> None:
    """jsonb literals (cast, or written into a jsonb column) stored in jsonb's text form.

    jsonb is held as text here, so equality and `::text` need the one normal form
    Postgres gives a jsonb value.
    """

    def normalise(literal: exp.Expr) -> None:
        try:
            literal.replace(exp.Literal.string(jsonb_text(literal.this)))
        except JsonError:  # Postgres' error, when the statement runs
            literal.replace(exp.func("pg_jsonb", literal.copy()))

    for cast in list(tree.find_all(exp.Cast)):
        if is_type(cast.to, "jsonb") and isinstance(cast.this, exp.Literal) and cast.this.is_string:
            normalise(cast.this)
    as_types = {
        t: {c: "pg:" + declared[t][c] if c in declared.get(t, {}) else k for c, k in cols.items()}
        for t, cols in table_types.items()
    }
    for value, kind in written_literals(tree, as_types):
        if kind == "pg:jsonb":
            normalise(value)
