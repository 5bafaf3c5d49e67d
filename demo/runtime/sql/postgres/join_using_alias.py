"""`JOIN ... USING (a, b) AS x`: the alias of a join's merged columns, on the text.

sqlglot cannot read the alias (Postgres 14+). It names a table of the USING columns
only, and an unqualified USING column means the same merged column; so where every
use of the alias is `x.<a USING column>` or a select list of just `x.*`, the alias is
dropped and its uses unqualified. Any other use (`ROW(x.*)`, a column the alias does
not have, the name also naming a table, the join in parentheses, text this scan
cannot follow) leaves the statement as it is, which sqlglot then refuses to parse.
"""

from __future__ import annotations

import re

__all__ = ["join_using_alias"]

_ALIAS = re.compile(r"\bUSING\s*\(\s*(\w+(?:\s*,\s*\w+)*)\s*\)\s+AS\s+(\w+)\b", re.I)


def join_using_alias(statement: str) -> str:
    found = _ALIAS.search(statement)
    if found is None or "'" in statement[: found.end()] or '"' in statement or "$" in statement:
        return statement
    columns = [c.strip().lower() for c in found.group(1).split(",")]
    alias = found.group(2)
    if "(" in statement[: found.start()]:
        return statement  # a join in parentheses (its alias hides x), or a call on x.*
    named = re.findall(rf"(?<![\w.]){alias}\b", statement, re.I)
    uses_written = re.findall(rf"(?<![\w.]){alias}\.(?:\w+|\*)", statement, re.I)
    if len(named) != 1 + len(uses_written):
        return statement  # the name is also a table's or another alias: Postgres refuses
    text = statement[: found.start()] + f"USING ({found.group(1)})" + statement[found.end() :]
    text = re.sub(
        rf"\bSELECT\s+{alias}\.\*\s+FROM\b",
        lambda m: f"SELECT {', '.join(columns)} FROM",
        text,
        flags=re.I,
    )
    uses = list(re.finditer(rf"(?<![\w.]){alias}\.(\w+|\*)", text, re.I))
    if any(use.group(1).lower() not in columns for use in uses):
        return statement
    if _ALIAS.search(text) or any("'" in text[: use.start()] for use in uses):
        return statement  # a second alias, or a use after a string: not followed here
    return re.sub(rf"(?<![\w.]){alias}\.(\w+)", r"\1", text, flags=re.I)
