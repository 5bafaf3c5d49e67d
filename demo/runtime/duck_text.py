"""DuckDB values in the text forms the `DuckConnection` port promises (see ports.py).

Shared by the two adapters of the port, `demo.native.duck` (the duckdb package) and
`demo.browser.duck` (duckdb-wasm), so both paths print a value the same way.
"""

from __future__ import annotations

import datetime as dt

__all__ = ["fraction_text", "interval_text", "month_day_nano"]

# The duckdb package folds an interval's months into days of 30 (its timedelta).
_DAYS_PER_MONTH = 30


def fraction_text(microseconds: int) -> str:
    """DuckDB prints fractional seconds without trailing zeros ("12:00:00.5")."""
    return "." + f"{microseconds:06d}".rstrip("0") if microseconds else ""


def interval_text(value: dt.timedelta) -> str:
    """`1 day 02:00:00`, `3 days`, `00:00:00.5` for an interval the duckdb package gives."""
    days, seconds = value.days, value.seconds
    parts = [f"{days} day{'s' if abs(days) != 1 else ''}"] if days else []
    if seconds or value.microseconds or not parts:
        hours, rest = divmod(seconds, 3600)
        minutes, secs = divmod(rest, 60)
        clock = f"{hours:02d}:{minutes:02d}:{secs:02d}"
        clock += fraction_text(value.microseconds)
        parts.append(clock)
    return " ".join(parts)


def month_day_nano(months: int, days: int, nanoseconds: int) -> dt.timedelta:
    """An Arrow MONTH_DAY_NANO interval as the timedelta the duckdb package would give."""
    return dt.timedelta(days=months * _DAYS_PER_MONTH + days, microseconds=nanoseconds // 1000)
