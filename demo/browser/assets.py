"""`AssetSource` over fetch: the built site's files, read through the worker."""

from __future__ import annotations

from typing import Any

__all__ = ["FetchAssetSource"]


class FetchAssetSource:
    """Reads site files with the worker's `readAsset(path)` (a JS function -> Uint8Array | undefined)."""

    def __init__(self, read_asset: Any) -> None:
        self._read_asset = read_asset

    async def read(self, path: str) -> bytes:
        data = await self._read_asset(path.lstrip("/"))
        if data is None:
            raise FileNotFoundError(f"{path}: not in the built site")
        return bytes(data.to_bytes())
