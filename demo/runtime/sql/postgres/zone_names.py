"""The IANA time zone names, which Postgres reads in a date/time text (`America/New_York`).

Held here because Pyodide has no zone database (its `zoneinfo` lists nothing), and a
zone given to a `timestamp without time zone` must name a zone to be ignored, as in
Postgres. Names only: no offsets or rules, so one list on both paths. The list is data,
so it lives beside this module in `zone_names.txt` (IANA tz database 2025b, public
domain; its header says how it was taken): 598 names. The site build ships every file of
`demo/runtime`, so the worker reads the same file.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["ZONE_NAMES"]


def _read_names() -> frozenset[str]:
    text = Path(__file__).with_name("zone_names.txt").read_text(encoding="utf-8")
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


ZONE_NAMES = _read_names()
