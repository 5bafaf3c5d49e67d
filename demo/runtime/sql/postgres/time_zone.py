"""The session's time zone, which in this demo is always UTC.

Postgres reads a timestamptz literal without an offset, and prints every timestamptz,
in the session's `TimeZone` (PGlite's default: UTC). The adapter reads and prints them
in UTC (timestamptz.py), so a statement that moves the session to another zone would
make every later timestamptz answer differ from Postgres' without a word. Such a
statement is refused; one that keeps UTC (`SET TIME ZONE 'UTC'`, `LOCAL`, `DEFAULT`,
`RESET timezone`) changes nothing and is accepted; `SHOW timezone` answers `UTC`.
Other settings are not read here: their statements run (or fail) as before.
"""

from __future__ import annotations

import re

from ..statements import SqlError, strip_leading_comments

__all__ = ["SHOW_TIME_ZONE", "time_zone_statement"]

# `SET [SESSION | LOCAL] TIME ZONE value` and `SET ... timezone {= | TO} value`.
_SET = re.compile(
    r"^SET\s+(?:SESSION\s+|LOCAL\s+)?(?:TIME\s+ZONE\s+|\"?timezone\"?\s*(?:=|\bTO\b)\s*)"
    r"(?P<value>.*?)\s*;?\s*$",
    re.I | re.S,
)
_RESET = re.compile(r"^RESET\s+(?:\"?timezone\"?|ALL)\s*;?\s*$", re.I)
_SHOW = re.compile(r"^SHOW\s+(?:TIME\s+ZONE|\"?timezone\"?)\s*;?\s*$", re.I)
# Values that leave the session in UTC (Postgres shows 'utc' as UTC too).
_KEEPS_UTC = {"'utc'", "utc", "local", "default"}

# What `SHOW timezone` runs: Postgres names the column after the setting.
SHOW_TIME_ZONE = "SELECT 'UTC'::text AS \"TimeZone\""


def time_zone_statement(statement: str) -> str | None:
    """For a statement about the session's time zone: "" if it changes nothing,
    `SHOW_TIME_ZONE` for a SHOW; raises SqlError for a move to another zone. None for
    every other statement."""
    head = strip_leading_comments(statement).strip()
    if _SHOW.match(head):
        return SHOW_TIME_ZONE
    if _RESET.match(head):
        return ""
    found = _SET.match(head)
    if found is None:
        return None
    value = found.group("value")
    if value.lower() in _KEEPS_UTC:
        return ""
    raise SqlError(
        f"time zone {value} is not supported by this demo: its sessions stay in UTC"
        " (every timestamptz is read and shown in UTC)",
        statement,
    )
