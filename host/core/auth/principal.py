"""Who a request acts as, once authentication has run."""

from __future__ import annotations

from dataclasses import dataclass

from host.core.auth.sessions import SessionRecord, csrf_for
from host.core.auth.tokens import TokenRecord

__all__ = ["Principal"]


@dataclass(frozen=True)
class Principal:
    method: str  # "basic" | "token" | "session"
    username: str
    token: TokenRecord | None = None
    session: SessionRecord | None = None
    access_token: str | None = None  # the session's, to derive its CSRF token

    @property
    def csrf_token(self) -> str | None:
        return csrf_for(self.access_token) if self.access_token else None
