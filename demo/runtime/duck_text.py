"""DuckDB values in the text forms the `DuckConnection` port promises (see ports.py).

Shared by the two adapters of the port, `demo.native.duck` (the duckdb package) and
`demo.browser.duck` (duckdb-wasm), so both paths print a value the same way.
"""

from __future__ import annotations

import datetime as dt

__all__ = ["OUTSIDE_PYTHON_RANGE", "fraction_text", "interval_text", "month_day_nano"]

# The duckdb package folds an interval's months into days of 30 (its timedelta).
_DAYS_PER_MONTH = 30
# Both adapters read DuckDB's dates, times and intervals into Python's datetime types,
# which hold fewer (years 1-9999, 999999999 days) than DuckDB and Postgres do.
OUTSIDE_PYTHON_RANGE = (
    "this demo cannot send a date, timestamp or interval outside what Python's datetime"
    " holds (years 1 to 9999, up to 999999999 days)"
)


def fraction_text(microseconds: int) -> str:
    """DuckDB prints fractional seconds without trailing zeros ("12:00:00.5")."""
    return "." + f"{microseconds:06d}".rstrip("0") if microseconds else ""


def interval_text(value: dt.timedelta) -> str:
    """`1 day 02:00:00`, `3 days`, `00:00:00.5`, `-00:00:14` for an interval the duckdb package gives.

    A timedelta keeps its seconds non-negative (-14 s is `-1 day, 23:59:46`); the text
    keeps days and time on the sign of the whole, as DuckDB writes it.
    """
    total = value // dt.timedelta(microseconds=1)
    sign = "-" if total < 0 else ""
    days, rest = divmod(abs(total), 86_400_000_000)
    parts = [f"{sign}{days} day{'s' if days != 1 else ''}"] if days else []
    if rest or not parts:
        seconds, micros = divmod(rest, 1_000_000)
        hours, seconds = divmod(seconds, 3600)
        minutes, secs = divmod(seconds, 60)
        clock = f"{sign if rest else ''}{hours:02d}:{minutes:02d}:{secs:02d}"
        clock += fraction_text(micros)
        parts.append(clock)
    return " ".join(parts)


def month_day_nano(months: int, days: int, nanoseconds: int) -> dt.timedelta:
    """An Arrow MONTH_DAY_NANO interval as the timedelta the duckdb package would give."""
    return dt.timedelta(days=months * _DAYS_PER_MONTH + days, microseconds=nanoseconds // 1000)
