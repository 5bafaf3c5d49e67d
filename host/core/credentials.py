"""The administrator account: one username and a password hash in the state DB."""

from __future__ import annotations

import hmac
import unicodedata
from typing import TYPE_CHECKING

from .errors import BadRequest
from .passwords import StandardHasher
from .state import StateDB

if TYPE_CHECKING:
    from .ports import PasswordHasher

__all__ = ["Credentials", "validate_new_credentials"]

_KEY = "credentials"


MAX_USERNAME = 128
MIN_PASSWORD = 8  # with the sign-in rate limit, enough against online guessing
MAX_PASSWORD = 1024
# Control (TAB, DEL, C1), format (U+202E and other bidi overrides, zero-width),
# line/paragraph separators and lone surrogates: invisible or reordering in a log
# line or the console, so a name could pass for another.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def _bad_username_character(username: str) -> bool:
    return any(c == ":" or unicodedata.category(c) in _HIDDEN_CATEGORIES for c in username)


def validate_new_credentials(username: object, password: object, confirm: object) -> None:
    """Raise BadRequest unless the new username/password pair is usable."""
    if not isinstance(username, str) or not username.strip():
        raise BadRequest("newUsername is required")
    if len(username) > MAX_USERNAME or _bad_username_character(username):
        raise BadRequest(
            f"newUsername must be at most {MAX_USERNAME} characters without ':', "
            "control or invisible formatting characters"
        )
    if not isinstance(password, str) or not password:
        raise BadRequest("newPassword is required")
    if len(password) < MIN_PASSWORD:
        raise BadRequest(f"newPassword must be at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise BadRequest(f"newPassword must be at most {MAX_PASSWORD} characters")
    if confirm != password:
        raise BadRequest("newPassword and confirmNewPassword do not match")


class Credentials:
    def __init__(self, db: StateDB, hasher: PasswordHasher | None = None) -> None:
        self._db = db
        self._hasher: PasswordHasher = hasher or StandardHasher()
        self._dummy: str | None = None

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
        self._db.set_json(
            _KEY, {"username": username, "password_hash": self._hasher.hash(password)}
        )

    def verify(self, username: str, password: str) -> bool:
        record = self._db.get_json(_KEY)
        if record is None:
            self._hasher.verify(password, self._dummy_record())
            return False
        same_user = hmac.compare_digest(username.encode(), record["username"].encode())
        right_password = self._hasher.verify(password, record["password_hash"])
        return same_user and right_password
