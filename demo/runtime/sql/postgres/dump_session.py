"""Seed statements of a pg_dump that have no effect in a one-user, in-browser demo.

A `pg_dump` file (and many seeds written after one) opens with session settings
(`SET statement_timeout = 0`, `SELECT pg_catalog.set_config('search_path', '', false)`)
and creates the extensions installed (`CREATE EXTENSION pgcrypto`: the demo has none, and
what uses one is refused where it comes), gives every object an owner and privileges
(`ALTER TABLE ... OWNER TO ...`,
`GRANT`, `REVOKE`, a role's `CONNECTION LIMIT` or `LOGIN`), and ties each serial
sequence to its column (`ALTER SEQUENCE ... OWNED BY ...`, which only makes DROP
TABLE drop the sequence too). The demo database has one user and no server settings,
so these change nothing a visitor's queries read; DuckDB rejects most of them, which
would stop the build. `skipped_reason` says why such a statement is skipped, or None for every
other statement. A setting that changes how the seed is read is not skipped: a
`search_path` naming another schema runs as written, and `standard_conforming_strings =
off` or another `client_encoding` is refused in words (session_settings.py).
"""

from __future__ import annotations

import re

from ..statements import strip_leading_comments

__all__ = ["skipped_reason"]

_SET = re.compile(
    r"^SET\s+(?:SESSION\s+|LOCAL\s+)?(\w+)\s*(?:=|\bTO\b)\s*(.*?)\s*;?\s*$", re.I | re.S
)
_SET_CONFIG = re.compile(
    r"^SELECT\s+(?:pg_catalog\s*\.\s*)?set_config\s*\(\s*'(\w+)'\s*,\s*'([^']*)'\s*,\s*\w+\s*\)\s*;?\s*$",
    re.I | re.S,
)
_OWNER = re.compile(r"^ALTER\s+.+\s+OWNER\s+TO\s+\S+\s*;?\s*$", re.I | re.S)
# pg_dump ties a serial column's sequence to it; the tie only makes DROP TABLE drop
# the sequence too, and DuckDB takes no column as owner.
_OWNED_BY = re.compile(r"^ALTER\s+SEQUENCE\s+.+\s+OWNED\s+BY\s+\S+\s*;?\s*$", re.I | re.S)
_PRIVILEGES = re.compile(r"^(GRANT|REVOKE)\s", re.I)
# pg_dump writes CREATE EXTENSION for each one installed (pgcrypto, uuid-ossp, citext...).
# The demo has none; what a seed uses of one (a function, a type, an operator) is
# refused at the statement that uses it, in Postgres' words, so the rest can load.
_EXTENSION = re.compile(r"^CREATE\s+EXTENSION\s", re.I)
# A role's login attributes (`ALTER ROLE app CONNECTION LIMIT -1`, as seeds written for
# the image's POSTGRES_USER set them); not `SET`, which changes what a session reads.
_ROLE_ATTRIBUTE = (
    r"(?:NO)?(?:SUPERUSER|CREATEDB|CREATEROLE|INHERIT|LOGIN|REPLICATION|BYPASSRLS)"
    r"|CONNECTION\s+LIMIT\s+-?\d+|(?:ENCRYPTED\s+)?PASSWORD\s+(?:'(?:[^']|'')*'|NULL)"
    r"|VALID\s+UNTIL\s+'[^']*'"
)
_ROLE = re.compile(
    rf"^ALTER\s+(?:ROLE|USER)\s+(?:\"[^\"]+\"|\w+)\s+(?:WITH\s+)?"
    rf"(?:{_ROLE_ATTRIBUTE})(?:\s+(?:{_ROLE_ATTRIBUTE}))*\s*;?\s*$",
    re.I,
)
# Settings that change how the seed's own text is read are skipped only at the value
# the demo reads it with; another value is not skipped (and so refused, or run as
# written) instead of being read wrongly. search_path: pg_dump empties it and qualifies
# every name with `public.`, the demo's one schema.
_READ_AS = {
    "search_path": {"", "public", "pg_catalog", "pg_catalog, public", "public, pg_catalog"},
    "standard_conforming_strings": {"on", "true"},
    "client_encoding": {"utf8", "utf-8", "unicode"},
}


def skipped_reason(statement: str) -> str | None:
    """Why a seed statement is skipped (one user, no server settings), or None."""
    head = strip_leading_comments(statement).strip()
    for pattern in (_SET, _SET_CONFIG):
        match = pattern.match(head)
        if match:
            name, value = match.group(1).lower(), match.group(2).strip().strip("'\"")
            if name in _READ_AS and value.replace('"', "").lower() not in _READ_AS[name]:
                return None
            return "a session setting (the demo has no server settings)"
    if _OWNER.match(head):
        return "an owner (the demo has one user)"
    if _OWNED_BY.match(head):
        return "a sequence's owning column (DuckDB has no sequence ownership)"
    if _PRIVILEGES.match(head):
        return "privileges (the demo has one user)"
    if _EXTENSION.match(head):
        return "an extension (the demo has none: a statement using it is refused where it comes)"
    if _ROLE.match(head):
        return "a role's attributes (the demo has one user)"
    return None
