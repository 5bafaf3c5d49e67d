"""`AssetSource` over a built site's folder."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

__all__ = ["DirectoryAssets"]


class DirectoryAssets:
    """Reads site-relative paths below `root`; refuses paths that climb out of it."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root).resolve()

    async def read(self, path: str) -> bytes:
        relative = PurePosixPath(path.lstrip("/"))
        if ".." in relative.parts:
            raise FileNotFoundError(f"asset path leaves the site: {path}")
        target = self.root.joinpath(*relative.parts)
        return target.read_bytes()
