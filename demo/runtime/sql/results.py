"""The result shapes of the SQL adapters, declared once.

A SQL adapter answers a query (`POST /__demo/db/<service>/query`, `{"result": [...]}`)
in the shape of the in-browser library its frontend would otherwise run, one result
per statement, so code written against that library reads ours unchanged:

- `sqlite`: sql.js's `Database.exec`, a list of `SqlJsResult` (`columns`, `values`:
  rows as lists). Like sql.js, only a statement that returns rows adds one.
- `postgres`: PGlite's `exec`, a list of `PgliteResult` (`rows` as objects keyed by
  column name, `fields` with each column's type OID, `affectedRows`: the running
  total of the request, as PGlite reports it). Every statement adds one.

They are JSON as sent: a cell is what `json.dumps` writes (a BLOB is a list of byte
values). `components/results.js` reads both shapes (its `SqlResult` typedef names the
same fields), and the differential tests compare ours with sql.js's and PGlite's.
"""

from __future__ import annotations

from typing import Any, TypedDict

__all__ = ["PgliteField", "PgliteResult", "SqlJsResult", "SqlResult"]

# A JSON value: null, boolean, number, string, or (BLOB, JSON types) a list or object.
Cell = Any


class SqlJsResult(TypedDict):
    """One statement's rows, as sql.js's `exec` gives them."""

    columns: list[str]
    values: list[list[Cell]]


class PgliteField(TypedDict):
    """A result column as PGlite describes it: its name and Postgres type OID."""

    name: str
    dataTypeID: int  # PGlite's name


class PgliteResult(TypedDict):
    """One statement's answer, as PGlite's `exec` gives it."""

    rows: list[dict[str, Cell]]
    fields: list[PgliteField]
    affectedRows: int  # PGlite's name


# What one statement of a query answers, whichever the adapter.
SqlResult = SqlJsResult | PgliteResult
