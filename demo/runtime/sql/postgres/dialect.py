"""sqlglot's Postgres dialect, reading the few functions it folds into others.

sqlglot parses `date_part('month', d)` as `extract(month FROM d)`, but the two
differ in Postgres: date_part answers float8, extract numeric. Here date_part is
read as `extract(...)::float8`, remembered as date_part for the column name.
"""

from __future__ import annotations

from sqlglot import exp
from sqlglot.dialects.postgres import Postgres
from sqlglot.parsers.postgres import PostgresParser

__all__ = ["PG_NAME", "WRITTEN_NAME", "PostgresForDuck"]

# Expression.meta key: the name Postgres gives an output column of this expression.
PG_NAME = "pg_name"
# Expression.meta key: a function call's name as written (`char_length`, `var_pop`),
# which Postgres names its column after, where sqlglot folds it into another function.
WRITTEN_NAME = "pg_written_name"


def _parse_date_part(self: PostgresParser) -> exp.Expr:
    extract = PostgresParser.FUNCTION_PARSERS["DATE_PART"](self)
    cast = exp.cast(extract, exp.DataType.build("double"))
    cast.meta[PG_NAME] = "date_part"
    return cast


class PostgresForDuck(Postgres):
    ORIGINAL_NAME_META_KEY = WRITTEN_NAME

    class Parser(PostgresParser):
        FUNCTION_PARSERS = {**PostgresParser.FUNCTION_PARSERS, "DATE_PART": _parse_date_part}
