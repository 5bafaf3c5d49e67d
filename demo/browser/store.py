"""`Store` over IndexedDB, through the worker's idbGet / idbPut / idbDeletePrefix.

The JavaScript side (serviceworker/idb.js) resolves a put only after its
transaction completed, so an awaited `put` means the bytes are durable.
"""

from __future__ import annotations

from typing import Any

__all__ = ["IndexedDBStore"]


class IndexedDBStore:
    def __init__(self, idb_get: Any, idb_put: Any, idb_delete_prefix: Any) -> None:
        self._get = idb_get
        self._put = idb_put
        self._delete_prefix = idb_delete_prefix

    async def get(self, key: str) -> bytes | None:
        value = await self._get(key)
        return None if value is None else bytes(value.to_bytes())

    async def put(self, key: str, value: bytes) -> None:
        # Pyodide-only; imported here so the module loads anywhere.
        from pyodide.ffi import to_js

        await self._put(key, to_js(bytes(value)))

    async def delete_prefix(self, prefix: str) -> None:
        await self._delete_prefix(prefix)
