"""The session settings a demo holds fixed, answered by SHOW as Postgres answers them.

The adapter reads and prints values one way: timestamptz in UTC (timestamptz.py), dates
in ISO with month-first input, intervals in Postgres' own style, strings with standard
backslash rules, answers in UTF-8. These are PGlite's defaults, so `SHOW DateStyle` and
the rest answer what Postgres would. A SET that keeps a value (`SET TIME ZONE 'UTC'`,
`SET datestyle = 'ISO, MDY'`, `... TO DEFAULT`, `RESET ...`) changes nothing and is
accepted; one that moves it would make every later answer differ from Postgres' without
a word, so it is refused, as a SHOW of any other setting is (it answered no rows, or
DuckDB's "Table with name ... does not exist"). SET of other settings runs as before.
`current_setting()` and `set_config()` follow the same rules (transforms/functions.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..statements import SqlError, strip_leading_comments
from .declared import quote_literal
from .text_functions import quote_ident

__all__ = [
    "CURRENT_PATH_QUERY",
    "PATH_VARIABLE",
    "SETTINGS",
    "SettingRefused",
    "held_value",
    "restore_path",
    "search_path_statements",
    "set_value",
    "setting_statement",
]


def _words(value: str) -> set[str]:
    """A SET value's words, lower case, quotes dropped: `'ISO, MDY'` -> {"iso", "mdy"}."""
    return {w.strip("'\" ").lower() for w in value.split(",")} - {""}


@dataclass(frozen=True)
class Setting:
    name: str  # as SHOW names its column
    value: str  # what it holds in this demo (PGlite's default)
    keeps: Callable[[str], bool] | None  # whether SET's value leaves it as it is; None: read only
    why: str  # what a move would break, for the refusal


SETTINGS = {
    s.name.lower(): s
    for s in (
        Setting(
            "TimeZone",
            "UTC",
            lambda v: _words(v) <= {"utc", "local", "default"},
            "its sessions stay in UTC (every timestamptz is read and shown in UTC)",
        ),
        Setting(
            "DateStyle",
            "ISO, MDY",
            # Postgres' names for ISO output and month-first input (US, NonEuropean: MDY).
            lambda v: _words(v) <= {"iso", "mdy", "us", "noneuropean", "non-european", "default"},
            "dates are read month first and shown as ISO",
        ),
        Setting(
            "IntervalStyle",
            "postgres",
            lambda v: _words(v) <= {"postgres", "default"},
            "intervals are shown in Postgres' own style",
        ),
        Setting(
            "client_encoding",
            "UTF8",
            lambda v: {w.replace("-", "") for w in _words(v)} <= {"utf8", "default"},
            "answers are JSON in UTF-8",
        ),
        Setting(
            "standard_conforming_strings",
            "on",
            lambda v: _words(v) <= {"on", "true", "yes", "1", "default"},
            "a backslash in a string literal is a plain character",
        ),
        Setting("server_encoding", "UTF8", None, ""),
        Setting("integer_datetimes", "on", None, ""),
    )
}

# `SET [SESSION | LOCAL] name {TO | =} value`, `SET TIME ZONE value`; `RESET name`; `SHOW name`.
_SET = re.compile(
    r"^SET\s+(?:SESSION\s+|LOCAL\s+)?(?:(?P<zone>TIME\s+ZONE)\s+|\"?(?P<name>\w+)\"?\s*(?:=|\bTO\b))"
    r"\s*(?P<value>.*?)\s*;?\s*$",
    re.I | re.S,
)
_RESET = re.compile(r"^RESET\s+(?P<name>.+?)\s*;?\s*$", re.I | re.S)
_SHOW = re.compile(r"^SHOW\s+(?P<name>.+?)\s*;?\s*$", re.I | re.S)
_SHOWN = ", ".join(s.name for s in SETTINGS.values())


class SettingRefused(Exception):
    """Reading or moving a setting the demo cannot answer as Postgres would; the message
    is the refusal's text."""


def held_value(name: str) -> str:
    """What `current_setting(name)` answers: the value of a held setting. Any other is
    refused: DuckDB's namesake reads DuckDB's own settings (`threads`) or fails in its
    words, where Postgres answers its own or says `unrecognized configuration parameter`."""
    setting = SETTINGS.get(name.lower())
    if setting is None:
        raise SettingRefused(
            f"current_setting('{name}') is not supported by this demo: it answers {_SHOWN}"
        )
    return setting.value


def set_value(name: str, value: str, *, from_set: bool) -> str:
    """The value a held setting keeps after `SET name = value` (from_set) or
    `set_config(name, value, ...)`, which names the value as a plain string: there
    `local` and `default` are not the TimeZone keywords they are in SET, and Postgres
    refuses them. Raises SettingRefused for a move, a read-only setting and any setting
    the demo does not hold."""
    setting = SETTINGS.get(name.lower())
    if setting is None:
        raise SettingRefused(f"set_config('{name}', ...) is not supported by this demo: use SET")
    if setting.keeps is None:
        raise SettingRefused(f'parameter "{setting.name}" cannot be changed')
    if not from_set and setting.name == "TimeZone" and _words(value) & {"local", "default"}:
        raise SettingRefused(f'invalid value for parameter "TimeZone": "{value}"')
    if not setting.keeps(value):
        noun = "time zone" if setting.name == "TimeZone" else setting.name
        raise SettingRefused(f"{noun} {value} is not supported by this demo: {setting.why}")
    return setting.value


def _named(found: re.Match[str]) -> str:
    """The setting a statement names, as SETTINGS keys it: `"DateStyle"` -> datestyle."""
    if found.groupdict().get("zone"):
        return "timezone"
    name = found.group("name").strip('"').lower()
    return "timezone" if re.fullmatch(r"time\s+zone", name) else name


# One schema of a search path: a string or a quoted name taken as written, a bare name
# folded to lower case.
_PATH_ITEM = re.compile(r"\s*(?:'((?:[^']|'')*)'|\"((?:[^\"]|\"\")*)\"|([^,'\"\s]+))\s*(?:,|$)")
# Where the path as Postgres shows it is kept (`current_setting('search_path')`): DuckDB's
# own is without `"$user"`. Unset: the default, `public` (PGlite's).
PATH_VARIABLE = "pg_search_path"
# Postgres' default path is `"$user", public`; no schema is named after the demo's user.
_DEFAULT_PATH = ["SET search_path = 'public'", f"RESET VARIABLE {PATH_VARIABLE}"]


def _path_schemas(value: str) -> list[str] | None:
    """The schemas `SET search_path = <value>` names, as Postgres reads them (a string
    is one schema: `'app,public'` names "app,public"); None if it does not read."""
    schemas, at = [], 0
    while at < len(value):
        found = _PATH_ITEM.match(value, at)
        if found is None or found.end() == at:
            return None
        string, quoted, bare = found.groups()
        if string is not None:
            schemas.append(string.replace("''", "'"))
        elif quoted is not None:
            schemas.append(quoted.replace('""', '"'))
        else:
            schemas.append(bare.lower())
        at = found.end()
    return schemas


def _set_path(value: str) -> list[str] | None:
    """DuckDB's statements for `SET search_path = <value>`: its path as the one string it
    reads ("SET can only contain a single value"), `"$user"` left out, and the path as
    Postgres shows it; None where the value does not read as a list of schemas."""
    if value.upper() == "DEFAULT":
        return _DEFAULT_PATH
    schemas = _path_schemas(value)
    if not schemas:
        return None
    if re.search(r'(^|,)\s*""', value):
        raise SettingRefused('zero-length delimited identifier at or near """"')
    if "" in schemas:  # Postgres searches no schema then; DuckDB would search its own
        raise SettingRefused(
            "an empty search_path is not supported by this demo: DuckDB, its engine,"
            " always searches a schema"
        )
    searched = ",".join(quote_ident(name) for name in schemas if name != "$user")
    shown = ", ".join(quote_ident(name) for name in schemas)
    return [
        f"SET search_path = {quote_literal(searched or 'public')}",
        f"SET VARIABLE {PATH_VARIABLE} = {quote_literal(shown)}",
    ]


# The path as DuckDB searches it and as Postgres shows it (`restore_path`'s input).
CURRENT_PATH_QUERY = f"SELECT current_setting('search_path'), getvariable('{PATH_VARIABLE}')"


def restore_path(searched: str, shown: str | None) -> list[str]:
    """DuckDB's statements that put back a path `CURRENT_PATH_QUERY` read."""
    shown_again = (
        f"SET VARIABLE {PATH_VARIABLE} = {quote_literal(shown)}"
        if shown is not None
        else f"RESET VARIABLE {PATH_VARIABLE}"
    )
    return [f"SET search_path = {quote_literal(searched)}", shown_again]


def search_path_statements(statement: str) -> list[str] | None:
    """DuckDB's statements for a SET of the search path, its RESET and RESET ALL (to run
    as they are); None for every other statement. Raises SqlError for a path this demo
    cannot search as Postgres would."""
    head = strip_leading_comments(statement).strip()
    if found := _RESET.match(head):
        return _DEFAULT_PATH if _named(found) in ("search_path", "all") else None
    found = _SET.match(head)
    if found is None or _named(found) != "search_path":
        return None
    if re.match(r"SET\s+LOCAL\b", head, re.I):
        raise SqlError(
            "SET LOCAL search_path is not supported by this demo: DuckDB, its engine, keeps"
            " the path past the end of the transaction",
            statement,
        )
    try:
        return _set_path(found.group("value"))
    except SettingRefused as refused:
        raise SqlError(str(refused), statement) from None


def setting_statement(statement: str) -> str | None:
    """For SHOW of a held setting, the SELECT that answers it; "" for a SET or RESET that
    changes nothing. Raises SqlError for a SET that would move a held setting and for
    SHOW of any other. None for every other statement (SET of other settings included;
    the search path is `search_path_statements`')."""
    head = strip_leading_comments(statement).strip()
    if found := _SHOW.match(head):
        setting = SETTINGS.get(_named(found))
        if setting is None:
            raise SqlError(
                f"SHOW {found.group('name')} is not supported by this demo:"
                f" it answers SHOW {_SHOWN}",
                statement,
            )
        value = setting.value.replace("'", "''")
        return f"SELECT '{value}'::text AS \"{setting.name}\""
    if found := _RESET.match(head):
        return "" if _named(found) in SETTINGS or _named(found) == "all" else None
    found = _SET.match(head)
    if found is None or _named(found) not in SETTINGS:
        return None
    try:
        set_value(_named(found), found.group("value"), from_set=True)
    except SettingRefused as refused:
        raise SqlError(str(refused), statement) from None
    return ""
