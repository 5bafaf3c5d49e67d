"""The rewrites a parsed Postgres statement goes through before `tree.sql("duckdb")`.

`REWRITES` is the one place that says which rewrites run and in which order;
`transpile_statement` applies them after its statement-level decisions (transaction
control, skipped seed statements, foreign keys, refused table kinds) and before
SERIAL columns become sequences. Each `Rewrite` rewrites the tree in place and
returns None, or returns the message of a refusal: the statement cannot be shown to
answer as Postgres would, so it fails with that message and nothing runs. The first
refusal stops the run. Rewrites that find a result column whose Postgres type DuckDB
cannot report record it in `Context.outputs` (a later one wins for the same column).

Why this order:

1. Readers of the tree as the user wrote it: the declared types of result columns,
   Postgres' column names (from the expressions before any rewrite replaces them),
   JSON and `pg_typeof` result types, `information_schema.columns`, the catalog views
   narrowed to the statement's own database (after the readers of their names), untyped
   NULLs.
2. Refusals, before any type-directed rewrite: a set operation's string literals cast
   to the number or boolean type of their column's other branch first (so that the
   literal checks read them as Postgres does), then literals Postgres would reject (and
   date/time text, boolean text and `pg_input_*` calls answered by the same input
   rules), multi-column UPDATE assignments split per column, JSON operators and
   functions (rewritten to the runtime's text functions, or refused), text functions,
   functions whose DuckDB namesake differs, comparisons and set operations of text with
   numbers (`transforms/operand_types.py`, which DuckDB answers by casting), window
   functions the order of tied rows decides (checked as they run).
3. GROUP BY a primary key widened to the table's columns, then the rewrites that read
   column types: NULLIF's common type, integer division, result types, numeric
   literals, quotients and choices between scales (made text, then the rest refused;
   quotients of operands whose types are not seen here checked as they run), round(),
   sign() and the transcendental functions,
   dates before Christ as text, `timestamp(n)` rounding (before timestamptz, which
   turns its casts into its stand-in type), timestamptz, array text (then ANY and ALL
   of a NULL array made NULL), bare numeric casts, jsonb
   literals, division by zero.
4. Literal and type nodes DuckDB's core reads differently, and named windows written
   out in ORDER BY (which DuckDB does not bind there), last: they replace nodes
   the rewrites above match on (`jsonb_literals` looks for `::jsonb` casts, which
   `core_only` turns into text; the result types read `CURRENT_DATE`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from sqlglot import exp

from .characters import char_casts, character_values, single_byte_char
from .comments import comment_reads
from .datetime_input import temporal_literals
from .declared import base_name, output_types, set_operation_of_characters
from .function_calls import unknown_function
from .group_by_key import group_by_primary_key
from .identity_columns import Identities, identity_writes
from .input_functions import input_functions
from .input_syntax import boolean_literals, invalid_typed_literal
from .interval_input import interval_literals
from .json_rewrite import (
    arrows_read_as_lambdas,
    json_columns,
    json_output_types,
    json_typed_literals,
    postgres_json,
    sql_json_options,
)
from .numeric import (
    bare_numeric_casts,
    bare_numeric_scales,
    chosen_numeric_scales,
    mixed_numeric_scales,
    nullif_types,
    numeric_literals,
    numeric_quotients,
    recursive_numeric_columns,
)
from .session_names import DEFAULT_NAMES, SessionNames, user_keywords
from .text_functions import text_functions
from .transforms.aggregates import (
    distinct_aggregates_in_order,
    inexact_aggregates,
    population_variance_of_non_finite,
)
from .transforms.arrays import (
    any_of_null_array,
    array_text_literals,
    null_array_concatenations,
)
from .transforms.bc_text import bc_text
from .transforms.boolean_casts import boolean_casts
from .transforms.catalog_scope import catalog_scope
from .transforms.column_names import postgres_column_names
from .transforms.core_types import (
    bytea_literals,
    core_only,
    national_strings,
    types_kept_otherwise,
)
from .transforms.division import (
    division_by_zero_errors,
    integer_division,
    string_literal_operands,
)
from .transforms.enum_literals import enum_literals
from .transforms.exact_quotients import exact_numeric_quotients
from .transforms.float_errors import float_errors
from .transforms.functions import postgres_functions
from .transforms.insert_columns import implicit_insert_columns
from .transforms.integer_constants import int4_constants
from .transforms.join_scope import hidden_join_tables
from .transforms.json_order import json_order
from .transforms.jsonb import jsonb_literals
from .transforms.key_moves import key_moves
from .transforms.like_any import like_any
from .transforms.math_functions import postgres_math_functions
from .transforms.operand_types import mismatched_operand_types, set_operation_literals
from .transforms.real_operands import real_operands
from .transforms.result_types import extract_units, function_result_types, postgres_result_types
from .transforms.row_json import row_json_arguments
from .transforms.row_values import (
    row_comparisons,
    star_over_using_join,
    whole_row_references,
)
from .transforms.set_returning import set_returning_in_conditionals
from .transforms.statement import (
    created_without_data,
    insert_alias_in_returning,
    locking_clause_errors,
    row_subquery_assignments,
    table_sample_errors,
)
from .transforms.string_calls import string_calls
from .transforms.time_arithmetic import time_differences
from .transforms.timestamp_precision import timestamp_precision
from .transforms.timestamptz import timestamptz_without_icu, zoned_string_literals
from .transforms.unseen_quotients import unseen_numeric_quotients
from .transforms.upserts import proposed_query
from .transforms.width_bucket import width_buckets
from .transforms.window_names import named_windows_in_order_by
from .transforms.window_ties import tie_dependent_windows
from .typenames import information_schema_columns, pg_typeof, untyped_nulls

__all__ = [
    "REWRITES",
    "Context",
    "Rewrite",
    "apply_rewrites",
    "tables_in_play",
    "unambiguous_columns",
]


def unambiguous_columns(table_types: dict[str, dict[str, str]]) -> dict[str, str]:
    """Column name -> type, leaving out names that differ in type between tables."""
    types: dict[str, str] = {}
    clashes = set()
    for columns in table_types.values():
        for name, data_type in columns.items():
            if types.setdefault(name, data_type) != data_type:
                clashes.add(name)
    return {k: v for k, v in types.items() if k not in clashes}


def tables_in_play(tree: exp.Expr, table_types: dict[str, dict[str, str]]) -> set[str] | None:
    """The database tables the statement names, or None where it names something else.

    A column name is typed by the tables the statement reads, not by every table in
    the database (`aggtest.a` is int2 even where another table's `a` is text). A name
    that is neither a table nor one of the statement's CTEs (a view, a table function)
    hides its columns' sources, so then every table counts (None).
    """
    ctes = {cte.alias_or_name.lower() for cte in tree.find_all(exp.CTE)}
    named = {t.name.lower() for t in tree.find_all(exp.Table) if t.name}
    if not named or any(n not in table_types and n not in ctes for n in named):
        return None
    return named & table_types.keys()


@dataclass
class Context:
    """What the rewrites know of the statement and the database it runs on."""

    statement: str
    # table -> column -> DuckDB type, for the database's tables.
    table_types: dict[str, dict[str, str]] = field(default_factory=dict)
    # table -> column -> declared Postgres type DuckDB keeps as VARCHAR (declared.py).
    declared: dict[str, dict[str, str]] = field(default_factory=dict)
    # table -> primary key columns.
    primary_keys: dict[str, list[str]] = field(default_factory=dict)
    names: SessionNames = DEFAULT_NAMES
    # Result column -> Postgres type DuckDB cannot report (filled by the rewrites).
    outputs: dict[str, str] = field(default_factory=dict)
    # The tables the statement reads (`tables_in_play`); None: every table.
    in_play: set[str] | None = None
    # Column name -> INTEGER for the statement's `FROM generate_series(int, int)`
    # (`int4_series_columns`): typed as the tables' columns are.
    series_columns: dict[str, str] = field(default_factory=dict)
    # Column name -> type (None: not known) of the statement's WITH queries', subqueries'
    # and VALUES lists' columns (derived_columns.py): they shadow a table's namesake.
    derived_columns: dict[str, str | None] = field(default_factory=dict)
    # table -> identity column -> "always" | "by default" (identity_columns.py).
    identities: Identities = field(default_factory=dict)
    # An INSERT's OVERRIDING SYSTEM VALUE ("system") or USER VALUE ("user").
    overriding: str | None = None
    # table -> the columns of each UNIQUE constraint (not the primary key).
    unique_keys: dict[str, list[list[str]]] = field(default_factory=dict)

    @cached_property
    def table_columns(self) -> dict[str, str]:
        """Column name -> DuckDB type, for names of one type in every table in play."""
        if self.in_play is None:
            return unambiguous_columns(self.table_types)
        return unambiguous_columns({t: self.table_types[t] for t in self.in_play})

    @property
    def columns(self) -> dict[str, str]:
        """The column types the rewrites read: the tables', the integer series' and the
        statement's own columns' (a name whose type is not known has none)."""
        merged = {**self.table_columns, **self.series_columns, **self.derived_columns}
        return {name: duck_type for name, duck_type in merged.items() if duck_type is not None}

    @cached_property
    def declared_bases(self) -> dict[str, str]:
        """Column name -> declared type without its width (`bpchar`), for names of one
        such type in every table."""
        return unambiguous_columns(
            {t: {c: base_name(d) for c, d in cols.items()} for t, cols in self.declared.items()}
        )

    @cached_property
    def json_types(self) -> dict[str, str]:
        return json_columns(self.table_types, self.declared)


@dataclass(frozen=True)
class Rewrite:
    """One named step: rewrites the tree in place; returns a refusal's message or None."""

    name: str
    run: Callable[[exp.Expr, Context], str | None]


def _naming_types(name: str, find: Callable[[exp.Expr, Context], dict[str, str]]) -> Rewrite:
    """A step that finds result columns' Postgres types DuckDB cannot report: they join
    the context's `outputs`."""
    return Rewrite(name, lambda t, c: c.outputs.update(find(t, c)))


def _reading_tree(name: str, run: Callable[[exp.Expr], str | None]) -> Rewrite:
    """A step that reads the tree alone."""
    return Rewrite(name, lambda t, c: run(t))


def _reading_column_types(
    name: str, run: Callable[[exp.Expr, dict[str, str]], str | None]
) -> Rewrite:
    """A step that reads only the column types in play (`Context.columns`)."""
    return Rewrite(name, lambda t, c: run(t, c.columns))


REWRITES: tuple[Rewrite, ...] = (
    # 0. Calls of functions Postgres does not have: refused before a rewrite adds DuckDB's.
    _reading_tree("unknown_functions", unknown_function),
    _reading_tree("comment_reads", comment_reads),
    # 1. Read the tree as written (`user` read as the current_user it is, first).
    _reading_tree("user_keywords", user_keywords),
    _reading_tree("json_typed_literals", json_typed_literals),
    _naming_types("declared_output_types", lambda t, c: output_types(t, c.table_types, c.declared)),
    _reading_tree("column_names", postgres_column_names),
    _naming_types("json_output_types", lambda t, c: json_output_types(t, c.json_types)),
    _naming_types("pg_typeof", lambda t, c: pg_typeof(t, c.declared_bases)),
    _naming_types("function_result_types", lambda t, c: function_result_types(t)),
    _reading_tree("information_schema_columns", information_schema_columns),
    _reading_tree("catalog_scope", catalog_scope),
    _reading_tree("untyped_nulls", untyped_nulls),
    # 2. Refusals, and the rewrites that may refuse.
    _reading_column_types("string_literal_operands", string_literal_operands),
    Rewrite("set_operation_literals", lambda t, c: set_operation_literals(t, c.table_types)),
    Rewrite("invalid_typed_literals", lambda t, c: invalid_typed_literal(t, c.table_types)),
    _reading_tree("zoned_string_literals", zoned_string_literals),
    Rewrite("temporal_literals", lambda t, c: temporal_literals(t, c.table_types)),
    Rewrite("interval_literals", lambda t, c: interval_literals(t, c.table_types)),
    _reading_tree("boolean_literals", boolean_literals),
    _reading_tree("types_kept_otherwise", types_kept_otherwise),
    _reading_tree("input_functions", input_functions),
    _reading_tree("row_subquery_assignments", row_subquery_assignments),
    _reading_tree("insert_alias_in_returning", insert_alias_in_returning),
    _reading_tree("locking_clauses", locking_clause_errors),
    _reading_tree("table_samples", table_sample_errors),
    Rewrite(
        "identity_writes",
        lambda t, c: identity_writes(t, c.identities, c.table_types, c.overriding),
    ),
    _reading_tree("row_comparisons", row_comparisons),
    _reading_tree("set_returning_in_conditionals", set_returning_in_conditionals),
    Rewrite("character_values", lambda t, c: character_values(t, c.table_types, c.declared)),
    _reading_tree("sql_json_options", sql_json_options),
    _reading_tree("json_arrows", arrows_read_as_lambdas),
    Rewrite("json_order", lambda t, c: json_order(t, c.json_types)),
    Rewrite("row_json", lambda t, c: row_json_arguments(t, c.table_types, c.json_types)),
    Rewrite("json_operators", lambda t, c: postgres_json(t, c.json_types)),
    _reading_column_types("text_functions", text_functions),
    _reading_column_types("string_calls", string_calls),
    _reading_column_types("boolean_casts", boolean_casts),
    _reading_column_types("postgres_functions", postgres_functions),
    Rewrite("whole_row_references", lambda t, c: whole_row_references(t, c.table_types)),
    Rewrite("star_over_using_join", lambda t, c: star_over_using_join(t, c.table_types)),
    _reading_tree("hidden_join_tables", hidden_join_tables),
    Rewrite(
        "set_operation_of_characters",
        lambda t, c: set_operation_of_characters(t, c.table_types, c.declared),
    ),
    _reading_tree("single_byte_char", single_byte_char),
    _reading_tree("char_casts", char_casts),
    Rewrite(
        "operand_types",
        lambda t, c: mismatched_operand_types(t, c.table_types, c.declared_bases),
    ),
    _reading_column_types("inexact_aggregates", inexact_aggregates),
    _reading_tree("distinct_aggregates_in_order", distinct_aggregates_in_order),
    Rewrite("window_ties", lambda t, c: tie_dependent_windows(t, c.primary_keys)),
    # 3. Rewrites that read column types.
    Rewrite(
        "group_by_primary_key",
        lambda t, c: (
            group_by_primary_key(t, c.primary_keys, c.table_types) if c.primary_keys else None
        ),
    ),
    Rewrite("implicit_insert_columns", lambda t, c: implicit_insert_columns(t, c.table_types)),
    _reading_column_types("enum_literals", enum_literals),
    _reading_column_types("nullif_types", nullif_types),
    _reading_column_types("int4_constants", int4_constants),
    _reading_column_types("integer_division", integer_division),
    Rewrite("extract_units", lambda t, c: extract_units(t, c.columns)),
    Rewrite("result_types", lambda t, c: postgres_result_types(t, c.columns, c.names)),
    Rewrite("numeric_literals", lambda t, c: numeric_literals(t, c.statement, c.table_types)),
    _reading_column_types("recursive_numeric_columns", recursive_numeric_columns),
    _reading_column_types("bare_numeric_scales", bare_numeric_scales),
    _naming_types("numeric_quotients", lambda t, c: numeric_quotients(t, c.columns)),
    _reading_column_types("unseen_numeric_quotients", unseen_numeric_quotients),
    _naming_types("chosen_numeric_scales", lambda t, c: chosen_numeric_scales(t, c.columns)),
    _reading_column_types("mixed_numeric_scales", mixed_numeric_scales),
    _reading_column_types("exact_numeric_quotients", exact_numeric_quotients),
    _reading_column_types("math_functions", postgres_math_functions),
    _reading_tree("width_buckets", width_buckets),
    _reading_column_types("real_operands", real_operands),
    _reading_column_types("bc_text", bc_text),
    Rewrite("timestamp_precision", lambda t, c: timestamp_precision(t, c.table_types, c.declared)),
    Rewrite("timestamptz", lambda t, c: timestamptz_without_icu(t, c.table_types)),
    _reading_column_types("time_differences", time_differences),
    _reading_tree("like_any", like_any),
    _reading_column_types("null_array_concatenations", null_array_concatenations),
    Rewrite("array_text_literals", lambda t, c: array_text_literals(t, c.table_types)),
    _reading_tree("any_of_null_array", any_of_null_array),
    _naming_types("bare_numeric_casts", lambda t, c: bare_numeric_casts(t)),
    Rewrite("jsonb_literals", lambda t, c: jsonb_literals(t, c.table_types, c.declared)),
    _reading_tree("division_by_zero", division_by_zero_errors),
    Rewrite("float_errors", lambda t, c: float_errors(t, c.columns, c.table_types)),
    _reading_tree("population_variance", population_variance_of_non_finite),
    Rewrite("key_moves", lambda t, c: key_moves(t, c.primary_keys, c.unique_keys)),
    Rewrite("proposed_query", lambda t, c: proposed_query(t, c)),
    # 4. Literals and types of DuckDB's core.
    Rewrite("national_strings", lambda t, c: national_strings(t, c.table_types)),
    Rewrite("bytea_literals", lambda t, c: bytea_literals(t, c.table_types)),
    _reading_tree("core_only", core_only),
    _reading_tree("named_windows_in_order_by", named_windows_in_order_by),
    _reading_tree("created_without_data", created_without_data),
)


def apply_rewrites(tree: exp.Expr, context: Context) -> str | None:
    """Run `REWRITES` in order on `tree`; the first refusal's message, or None."""
    for rewrite in REWRITES:
        refused = rewrite.run(tree, context)
        if refused is not None:
            return refused
    return None
