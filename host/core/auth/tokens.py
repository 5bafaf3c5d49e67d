"""Scoped API tokens.

A token is 32 random bytes shown once as 64 hex characters; only its SHA-256
hex is stored, and that hash is the token's public `{hash}`. Each scope is a
`path` chosen from the token catalogue (`/api/token/routes`; a pattern entry
is a regular expression matched against the whole request path, any other
path is matched exactly as typed) and the
methods allowed for it.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from host.core.state import StateDB, dump_stored, load_stored
from http_errors import BadRequest, NotFound

__all__ = ["MAX_SCOPES", "PATTERN_PARAM", "Scope", "TokenStore", "hash_secret", "parse_scopes"]

MAX_SCOPES = 64
_SECRET_SHAPE = re.compile(r"[0-9a-f]{64}")
PATTERN_PARAM = "[^/]+"  # what a route's `{param}` becomes in a pattern scope (host.routing)
# A scope path made only of these is a literal path; any other is a regular expression
# (a catalogue pattern such as `/api/apps/[^/]+`, or `/api/openapi\.json` of older tokens).
_LITERAL = re.compile(r"[\w/.~-]*")


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Scope:
    path: str
    methods: tuple[str, ...]

    def allows(self, method: str, path: str) -> bool:
        if method not in self.methods:
            return False
        if _LITERAL.fullmatch(self.path):
            return path == self.path  # as typed: the `.` of `/api/openapi.json` is a dot
        return re.fullmatch(self.path, path) is not None

    def as_json(self) -> dict[str, Any]:
        return {"path": self.path, "methods": list(self.methods)}


def parse_scopes(raw: Any, catalogue: Mapping[str, tuple[str, ...]]) -> list[Scope]:
    """Validate a request's `scopes` against the catalogue (path -> allowed methods)."""
    if not isinstance(raw, list) or not raw:
        raise BadRequest("scopes must be a non-empty array of {path, methods}", field="scopes")
    if len(raw) > MAX_SCOPES:
        raise BadRequest(f"A token may have at most {MAX_SCOPES} scopes", field="scopes")
    scopes: list[Scope] = []
    for index, item in enumerate(raw):
        where = f"scopes[{index}]"
        if not isinstance(item, dict):
            raise BadRequest(f"{where} must be an object with path and methods", field=where)
        path, methods = item.get("path"), item.get("methods")
        if not isinstance(path, str) or not path:
            raise BadRequest(
                f"{where}.path must be a string from /api/token/routes", field=f"{where}.path"
            )
        allowed = catalogue.get(path)
        if allowed is None:
            raise BadRequest(
                f"{where}.path {path!r} is not grantable; choose one listed by /api/token/routes",
                field=f"{where}.path",
            )
        if (
            not isinstance(methods, list)
            or not methods
            or not all(isinstance(m, str) for m in methods)
        ):
            raise BadRequest(
                f"{where}.methods must be a non-empty array of HTTP method names",
                field=f"{where}.methods",
            )
        wanted = tuple(dict.fromkeys(m.upper() for m in methods))
        refused = [m for m in wanted if m not in allowed]
        if refused:
            raise BadRequest(
                f"{where}.methods {', '.join(refused)} not allowed for {path}; allowed: {', '.join(allowed)}",
                field=f"{where}.methods",
            )
        scopes.append(Scope(path, wanted))
    return scopes


@dataclass(frozen=True)
class TokenRecord:
    hash: str
    owner: str
    created_at: float
    scopes: tuple[Scope, ...]

    def allows(self, method: str, path: str) -> bool:
        return any(scope.allows(method, path) for scope in self.scopes)

    def as_json(self) -> dict[str, Any]:
        return {
            "hash": self.hash,
            "owner": self.owner,
            "created_at": self.created_at,
            "scopes": [s.as_json() for s in self.scopes],
        }


class TokenStore:
    def __init__(self, db: StateDB, clock: Callable[[], float] = time.time) -> None:
        self._db = db
        self._clock = clock

    def create(self, owner: str, scopes: list[Scope]) -> tuple[str, TokenRecord]:
        """Return (secret, record); the secret is never stored."""
        secret = secrets.token_hex(32)
        record = TokenRecord(hash_secret(secret), owner, self._clock(), tuple(scopes))
        with self._db.transaction() as db:
            db.execute(
                "INSERT INTO tokens (hash, owner, created_at, scopes) VALUES (?, ?, ?, ?)",
                (record.hash, owner, record.created_at, dump_stored([s.as_json() for s in scopes])),
            )
        return secret, record

    def lookup(self, secret: str) -> TokenRecord | None:
        if not _SECRET_SHAPE.fullmatch(secret):
            return None
        rows = self._db.query("SELECT * FROM tokens WHERE hash = ?", (hash_secret(secret),))
        return _record(rows[0]) if rows else None

    def list(self) -> list[TokenRecord]:
        return [_record(row) for row in self._db.query("SELECT * FROM tokens ORDER BY created_at")]

    def revoke(self, token_hash: str) -> None:
        with self._db.transaction() as db:
            if db.execute("DELETE FROM tokens WHERE hash = ?", (token_hash,)).rowcount == 0:
                raise NotFound(f"No token with hash {token_hash}")


def _record(row: Any) -> TokenRecord:
    scopes = tuple(Scope(s["path"], tuple(s["methods"])) for s in load_stored(row["scopes"]))
    return TokenRecord(row["hash"], row["owner"], row["created_at"], scopes)
