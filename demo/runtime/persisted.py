"""State kept in `Store` and held open between requests: the policy both kinds share.

A database service holds its engine (services.py), an `asgi` service its app
(asgi_service.py). For both: one lock serializes requests; a change is saved before
the answer goes out, and when saving fails what is held is dropped (the next request
opens it again from what is stored) and the request fails with a 500; reset deletes
everything stored under the service's prefix and drops what is held.
"""

from __future__ import annotations

import asyncio
from typing import Generic, Protocol, TypeVar

from http_errors import StorageFailed

from .ports import Store

__all__ = ["Closable", "Persisted"]


class Closable(Protocol):
    def close(self) -> None: ...


H = TypeVar("H", bound=Closable)


class Persisted(Generic[H]):
    """What one service holds open (`held`), over its keys `prefix` in `store`."""

    def __init__(self, store: Store, prefix: str) -> None:
        self.store = store
        self.prefix = prefix
        self.held: H | None = None
        self.lock = asyncio.Lock()

    async def save(self, key: str, image: bytes, ran: str, subject: str) -> None:
        """Store `image`; on failure drop what is held and raise the 500 that says so
        (`ran`: what ran, `subject`: what is back to its last saved state)."""
        try:
            await self.store.put(key, image)
        except Exception as exc:
            self.drop()
            raise StorageFailed(
                f"{ran} could not be saved ({exc}); {subject} is back to its last saved state"
            ) from exc

    async def reset(self) -> None:
        """Back to the seed: forget what is stored and what is held."""
        async with self.lock:
            await self.store.delete_prefix(self.prefix)
            self.drop()

    def close(self) -> None:
        self.drop()

    def drop(self) -> None:
        if self.held is not None:
            self.held.close()
            self.held = None
