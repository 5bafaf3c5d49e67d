"""`to_char(date or timestamp, format)` for formats that name days and months.

The other date formats go through sqlglot's translation into DuckDB's strftime
(functions.py), which cannot write Postgres' names: `Day` and `Month` are padded with
blanks to nine characters (the longest name, `Wednesday`, `September`) unless `FM`
precedes them, `DAY`/`day` and `MON`/`mon` set the case, and sqlglot read `Day` as
`%u` followed by `ay`. Here the format as written is read pattern by pattern (`FM`
applies to the next one, as in Postgres) and becomes strftime pieces, padded and cased
where Postgres pads and cases; a pattern outside the list below makes it None (the
caller refuses the statement, as before). English names, as in PGlite's C locale.
"""

from __future__ import annotations

import re

from sqlglot import exp

__all__ = ["NAME_PATTERNS", "named_date_format"]

# Postgres pattern -> (strftime directive, its FM form); names are handled apart.
_NUMBERS = {
    "YYYY": ("%Y", "%Y"), "YY": ("%y", "%y"), "MM": ("%m", "%-m"), "DD": ("%d", "%-d"),
    "DDD": ("%j", "%-j"), "HH24": ("%H", "%-H"), "HH12": ("%I", "%-I"), "HH": ("%I", "%-I"),
    "MI": ("%M", "%-M"), "SS": ("%S", "%-S"), "US": ("%f", "%f"),
}  # fmt: skip
# Name pattern -> (strftime directive, padded to 9 unless FM, case: upper/lower/as is).
_NAMES = {
    "Day": ("%A", True, None), "DAY": ("%A", True, "upper"), "day": ("%A", True, "lower"),
    "Dy": ("%a", False, None), "DY": ("%a", False, "upper"), "dy": ("%a", False, "lower"),
    "Month": ("%B", True, None), "MONTH": ("%B", True, "upper"), "month": ("%B", True, "lower"),
    "Mon": ("%b", False, None), "MON": ("%b", False, "upper"), "mon": ("%b", False, "lower"),
    "AM": ("%p", False, "upper"), "PM": ("%p", False, "upper"),
    "am": ("%p", False, "lower"), "pm": ("%p", False, "lower"),
}  # fmt: skip
_PATTERNS = sorted([*_NUMBERS, *_NAMES, "FM", "fm"], key=len, reverse=True)
_LITERALS = set(" -/:.,;_()[]0123456789|")
# Whether a written format names a day, a month or the half of the day (this module's).
NAME_PATTERNS = re.compile(r"Day|DAY|day|Dy|DY|dy|Month|MONTH|month|MON|mon|AM|PM|am|pm")
_WIDTH = 9  # Wednesday, September


def _pieces(written: str) -> list[tuple[str, bool, str | None]] | None:
    """The format as (strftime text, padded, case) pieces; None past the supported."""
    pieces: list[tuple[str, bool, str | None]] = []
    at, fill = 0, False
    while at < len(written):
        found = next((p for p in _PATTERNS if written.startswith(p, at)), None)
        if found in ("FM", "fm"):
            fill, at = True, at + 2
            continue
        if found in _NUMBERS:
            pieces.append((_NUMBERS[found][1 if fill else 0], False, None))
        elif found in _NAMES:
            directive, padded, case = _NAMES[found]
            pieces.append((directive, padded and not fill, case))
        elif written[at] in _LITERALS:
            pieces.append((written[at], False, None))
            found = written[at]
        else:
            return None
        at, fill = at + len(found), False
    return pieces


def named_date_format(value: exp.Expr, written: str) -> exp.Expr | None:
    """`to_char(value, written)` as DuckDB SQL, or None where the format has a pattern
    this module does not write."""
    pieces = _pieces(written)
    if pieces is None:
        return None
    parts: list[exp.Expr] = []
    plain = ""  # adjacent pieces without padding or case share one strftime
    for text, padded, case in [*pieces, ("", False, "end")]:
        if not padded and case is None:
            plain += text
            continue
        if plain:
            parts.append(exp.func("strftime", value.copy(), exp.Literal.string(plain)))
            plain = ""
        if case == "end":
            break
        part: exp.Expr = exp.func("strftime", value.copy(), exp.Literal.string(text))
        if padded:
            part = exp.func("rpad", part, exp.Literal.number(_WIDTH), exp.Literal.string(" "))
        if case is not None:
            part = exp.func(case, part)
        parts.append(part)
    if not parts:
        return exp.Literal.string("")
    joined = parts[0]
    for part in parts[1:]:
        joined = exp.DPipe(this=joined, expression=part, safe=True)
    return joined
