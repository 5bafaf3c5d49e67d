"""The administrator account: one username and a password hash in the state DB."""

from __future__ import annotations

import hashlib
import hmac
import os
import time
import unicodedata
from typing import TYPE_CHECKING

from host.core.auth.passwords import StandardHasher
from host.core.state import StateDB
from http_errors import BadRequest

if TYPE_CHECKING:
    from host.core.ports import PasswordHasher

__all__ = ["Credentials", "normalise_username", "validate_new_credentials"]

_KEY = "credentials"


# How long a verified username/password pair is recognised without the slow hash.
# HTTP Basic sends the password with every request; at scrypt cost each would take
# ~50 ms of CPU, so a script polling with Basic would hold the host to ~20 req/s.
VERIFIED_FOR_S = 300.0

MAX_USERNAME = 128
MIN_PASSWORD = 8  # with the sign-in rate limit, enough against online guessing
MAX_PASSWORD = 1024
# Control (TAB, DEL, C1), format (U+202E and other bidi overrides, zero-width),
# line/paragraph/space separators other than an inner ASCII space (U+00A0,
# U+3000) and lone surrogates: invisible or reordering in a log line or the
# console, so a name could pass for another.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Zs", "Cs"})
# Letters and symbols that draw nothing: the Hangul fillers, the blank Braille
# pattern and the combining grapheme joiner.
_INVISIBLE_FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")


def normalise_username(username: str) -> str:
    """NFC: "Jörg" typed with a combining diaeresis (NFD) is the same name as with "ö"."""
    return unicodedata.normalize("NFC", username)


def _bad_username_character(username: str) -> bool:
    if username != username.strip(" "):
        return True  # a leading or trailing space is invisible in the console
    return any(
        c == ":"
        or c in _INVISIBLE_FILLERS
        or (c != " " and unicodedata.category(c) in _HIDDEN_CATEGORIES)
        for c in username
    )


def validate_new_credentials(username: object, password: object, confirm: object) -> None:
    """Raise BadRequest unless the new username/password pair is usable."""
    if not isinstance(username, str) or not username.strip():
        raise BadRequest(
            "newUsername is required", field="newUsername", code="schema.required", params={}
        )
    username = normalise_username(username)
    if len(username) > MAX_USERNAME or _bad_username_character(username):
        raise BadRequest(
            f"newUsername must be at most {MAX_USERNAME} characters without ':', "
            "control, invisible or separator characters (a space only between others)",
            field="newUsername",
            code="auth.username_rules",
            params={"count": MAX_USERNAME},
        )
    if not isinstance(password, str) or not password:
        raise BadRequest(
            "newPassword is required", field="newPassword", code="schema.required", params={}
        )
    if len(password) < MIN_PASSWORD:
        raise BadRequest(
            f"newPassword must be at least {MIN_PASSWORD} characters",
            field="newPassword",
            code="schema.min_length",
            params={"count": MIN_PASSWORD},
        )
    if len(password) > MAX_PASSWORD:
        raise BadRequest(
            f"newPassword must be at most {MAX_PASSWORD} characters",
            field="newPassword",
            code="schema.max_length",
            params={"count": MAX_PASSWORD},
        )
    if confirm != password:
        raise BadRequest(
            "newPassword and confirmNewPassword do not match",
            field="confirmNewPassword",
            code="auth.passwords_differ",
            params={},
        )


class Credentials:
    def __init__(self, db: StateDB, hasher: PasswordHasher | None = None) -> None:
        self._db = db
        self._hasher: PasswordHasher = hasher or StandardHasher()
        self._dummy: str | None = None
        # Only a keyed digest of the last pair that verified, never the password: the
        # key lives in this process's memory and dies with it.
        self._digest_key = os.urandom(32)
        self._verified: tuple[bytes, str, float] | None = None

    def _dummy_record(self) -> str:
        # Verifying against this keeps "no account" as slow as a wrong password.
        if self._dummy is None:
            self._dummy = self._hasher.hash("helio-timing-equaliser")
        return self._dummy

    def configured(self) -> bool:
        return self._db.get_json(_KEY) is not None

    def username(self) -> str | None:
        record = self._db.get_json(_KEY)
        return record["username"] if record else None

    def set(self, username: str, password: str) -> None:
        self.set_hashed(username, self._hasher.hash(password))

    def set_hashed(self, username: str, password_hash: str) -> None:
        """Store a record made ahead by the host's own hasher: the browser demo's seed
        carries one, so opening a fresh demo host runs no slow hash (sign-in still
        verifies the password against it as always)."""
        self._db.set_json(
            _KEY,
            {"username": normalise_username(username), "password_hash": password_hash},
        )

    def verify(self, username: str, password: str) -> bool:
        record = self._db.get_json(_KEY)
        if record is None:
            self._hasher.verify(password, self._dummy_record())
            return False
        username = normalise_username(username)
        pair = self._pair_digest(username, password)
        if self._recently_verified(pair, record["password_hash"]):
            return True
        stored = normalise_username(record["username"])  # set before names were normalised
        same_user = hmac.compare_digest(username.encode(), stored.encode())
        right_password = self._hasher.verify(password, record["password_hash"])
        if same_user and right_password:
            self._verified = (pair, record["password_hash"], time.monotonic())
        return same_user and right_password

    def _pair_digest(self, username: str, password: str) -> bytes:
        message = username.encode() + b"\0" + password.encode()
        return hmac.new(self._digest_key, message, hashlib.sha256).digest()

    def _recently_verified(self, pair: bytes, password_hash: str) -> bool:
        """Whether this exact pair verified against the current hash a moment ago.

        Binding the entry to the stored hash means a password change (here or by
        another process sharing the state DB) ends it at once.
        """
        if self._verified is None:
            return False
        digest, verified_hash, at = self._verified
        fresh = time.monotonic() - at < VERIFIED_FOR_S
        return fresh and verified_hash == password_hash and hmac.compare_digest(digest, pair)
