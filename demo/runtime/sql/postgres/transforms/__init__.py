"""sqlglot tree transforms that keep Postgres semantics when Postgres SQL runs on DuckDB.

Each function takes a parsed Postgres tree (`read="postgres"`) and rewrites it in
place before `tree.sql("duckdb")`. They know nothing of the demo runtime, so they
could be offered to sqlglot as part of its Postgres -> DuckDB transpilation. One
module per family:

- `statement`: where things are in a statement (result targets, written literals)
  and rewrites of its whole shape (VALUES as a query, foreign keys dropped).
- `column_names`: result column names as Postgres gives them.
- `division`: integer division and division by zero as Postgres computes them.
- `result_types`: casts where Postgres' result type differs from DuckDB's.
- `timestamptz`: timestamptz held as UTC wall time (DuckDB's needs icu).
- `bc_text`: dates and timestamps before Christ made text as Postgres writes them.
- `arrays`: Postgres' `'{a,b}'` array text.
- `functions`: functions whose DuckDB namesakes mean something else.
- `jsonb`: jsonb literals in jsonb's normal text form.
- `window_ties`: positional window functions fail where the order of tied rows decides.
- `key_moves`: an UPDATE fails where a primary key moves onto another updated row's key
  (Postgres checks row by row, in storage order).

`transpile.py` applies them, in the order its `REWRITES` names.
"""
