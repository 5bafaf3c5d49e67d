"""Web sessions: access, refresh and CSRF tokens for the browser console.

Only SHA-256 hashes of the access and refresh tokens are stored. The CSRF
token is derived from the access token (HMAC), so it is never stored and it
rotates whenever the access token does. A refresh rotates all three and keeps
the session's original refresh deadline; presenting a refresh token that was
already rotated away revokes the whole session (it was copied).
Non-remembered sessions end with the host process; remembered ones survive.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from host.core.auth.tokens import hash_secret
from host.core.state import StateDB
from http_errors import NotFound, Unauthorized

__all__ = ["LAST_SEEN_GRANULARITY_S", "IssuedTokens", "SessionRecord", "SessionStore", "csrf_for"]

LAST_SEEN_GRANULARITY_S = 60


def csrf_for(access_token: str) -> str:
    return hmac.new(access_token.encode(), b"helio-csrf", hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class SessionRecord:
    id: str
    username: str
    access_expires: float
    refresh_expires: float
    remember: bool
    created_at: float
    last_seen: float
    address: str
    user_agent: str

    def as_json(self, current_id: str | None = None) -> dict[str, Any]:
        return {
            "id": self.id,
            "username": self.username,
            "created_at": self.created_at,
            "last_seen": self.last_seen,
            "access_expires_at": self.access_expires,
            "refresh_expires_at": self.refresh_expires,
            "remember_me": self.remember,
            "address": self.address,
            "user_agent": self.user_agent,
            "current": self.id == current_id,
        }


@dataclass(frozen=True)
class IssuedTokens:
    session: SessionRecord
    access_token: str
    refresh_token: str

    @property
    def csrf_token(self) -> str:
        return csrf_for(self.access_token)


@dataclass(frozen=True)
class Lifetimes:
    access_s: int
    refresh_s: int
    remember_s: int


def _record(row: Any) -> SessionRecord:
    return SessionRecord(
        row["id"],
        row["username"],
        row["access_expires"],
        row["refresh_expires"],
        bool(row["remember"]),
        row["created_at"],
        row["last_seen"],
        row["address"],
        row["user_agent"],
    )


class SessionStore:
    def __init__(self, db: StateDB, clock: Callable[[], float] = time.time) -> None:
        self._db = db
        self._clock = clock

    def forget_unremembered(self) -> None:
        """At start-up: sessions without remember_me ended with the previous process."""
        now = self._clock()
        with self._db.transaction() as db:
            db.execute("DELETE FROM sessions WHERE remember = 0 OR refresh_expires <= ?", (now,))
            db.execute(
                "DELETE FROM rotated_refresh WHERE session_id NOT IN (SELECT id FROM sessions)"
            )

    def create(
        self, username: str, remember: bool, lifetimes: Lifetimes, address: str, user_agent: str
    ) -> IssuedTokens:
        now = self._clock()
        refresh_expires = now + (lifetimes.remember_s if remember else lifetimes.refresh_s)
        access, refresh = secrets.token_hex(32), secrets.token_hex(32)
        session_id = secrets.token_hex(12)
        with self._db.transaction() as db:
            db.execute(
                "INSERT INTO sessions (id, username, access_hash, access_expires, refresh_hash,"
                " refresh_expires, remember, created_at, last_seen, address, user_agent)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    session_id,
                    username,
                    hash_secret(access),
                    min(now + lifetimes.access_s, refresh_expires),
                    hash_secret(refresh),
                    refresh_expires,
                    int(remember),
                    now,
                    now,
                    address,
                    user_agent[:256],
                ),
            )
        return IssuedTokens(self.get(session_id), access, refresh)

    def get(self, session_id: str) -> SessionRecord:
        rows = self._db.query("SELECT * FROM sessions WHERE id = ?", (session_id,))
        if not rows:
            raise NotFound(f"No session with id {session_id}")
        return _record(rows[0])

    def authenticate(self, access_token: str) -> SessionRecord | None:
        """The live session whose access token this is, or None; notes when it was last seen."""
        now = self._clock()
        rows = self._db.query(
            "SELECT * FROM sessions WHERE access_hash = ? AND access_expires > ?",
            (hash_secret(access_token), now),
        )
        if not rows:
            return None
        record = _record(rows[0])
        # At most one write a minute per session, not one per request.
        if now - record.last_seen >= LAST_SEEN_GRANULARITY_S:
            self.touch(record.id)
        return record

    def refresh(self, refresh_token: str, lifetimes: Lifetimes) -> IssuedTokens:
        now = self._clock()
        presented = hash_secret(refresh_token)
        with self._db.transaction() as db:
            reused = db.execute(
                "SELECT session_id FROM rotated_refresh WHERE hash = ?", (presented,)
            ).fetchone()
            if reused is not None:
                self._delete(db, reused["session_id"])
                raised: Unauthorized | None = Unauthorized(
                    "This refresh token was already used; the session has been revoked"
                )
            else:
                row = db.execute(
                    "SELECT * FROM sessions WHERE refresh_hash = ? AND refresh_expires > ?",
                    (presented, now),
                ).fetchone()
                raised = None if row else Unauthorized("The refresh token is invalid or expired")
            if raised is None:
                access, refresh = secrets.token_hex(32), secrets.token_hex(32)
                db.execute(
                    "UPDATE sessions SET access_hash = ?, access_expires = ?, refresh_hash = ?,"
                    " last_seen = ? WHERE id = ?",
                    (
                        hash_secret(access),
                        min(now + lifetimes.access_s, row["refresh_expires"]),
                        hash_secret(refresh),
                        now,
                        row["id"],
                    ),
                )
                db.execute(
                    "INSERT INTO rotated_refresh (hash, session_id) VALUES (?, ?)",
                    (presented, row["id"]),
                )
        # Raised after the transaction so a revocation for reuse is committed.
        if raised is not None:
            raise raised
        return IssuedTokens(self.get(row["id"]), access, refresh)

    def touch(self, session_id: str) -> None:
        with self._db.transaction() as db:
            db.execute(
                "UPDATE sessions SET last_seen = ? WHERE id = ?", (self._clock(), session_id)
            )

    def list(self) -> list[SessionRecord]:
        now = self._clock()
        rows = self._db.query(
            "SELECT * FROM sessions WHERE refresh_expires > ? ORDER BY created_at", (now,)
        )
        return [_record(row) for row in rows]

    def revoke(self, session_id: str) -> None:
        with self._db.transaction() as db:
            if not self._delete(db, session_id):
                raise NotFound(f"No session with id {session_id}")

    def revoke_all(self) -> None:
        with self._db.transaction() as db:
            db.execute("DELETE FROM sessions")
            db.execute("DELETE FROM rotated_refresh")

    @staticmethod
    def _delete(db: Any, session_id: str) -> bool:
        db.execute("DELETE FROM rotated_refresh WHERE session_id = ?", (session_id,))
        return db.execute("DELETE FROM sessions WHERE id = ?", (session_id,)).rowcount > 0
