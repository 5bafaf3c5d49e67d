"""The IANA time zone names, which Postgres reads in a date/time text (`America/New_York`).

Held here because Pyodide has no zone database (its `zoneinfo` lists nothing), and a
zone given to a `timestamp without time zone` must name a zone to be ignored, as in
Postgres. Names only: no offsets or rules, so one list on both paths. The list is data,
so it lives beside this module in `zone_names.txt` (IANA tz database 2025b, public
domain; its header says how it was taken): 598 names. The site build ships every file of
`demo/runtime`, so the worker reads the same file.
"""

from __future__ import annotations

from .name_lists import read_names

__all__ = ["ZONE_NAMES"]

ZONE_NAMES = read_names("zone_names.txt")
