"""A game library read from its folder on this PC: finding the folder, and saying why not.

Steam and Lutris share this: the `*_root` setting names the folder, else the first
default candidate that looks right is used; a library whose folder is missing
reports `installed: false` with the reason, and every read refuses with it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from host.core.library.interface import LibraryStatus, Starter
from http_errors import BadRequest

__all__ = ["LibraryFolder"]


class LibraryFolder:
    """The root-finding half of a folder-backed `GameLibrary`."""

    product: str  # "Steam", "Lutris"
    client: str  # the client program looked up on the tool search path
    default_roots: Sequence[str]  # where the library lives when no root is configured
    # Why no folder was found; `{where}` is the configured folder or the candidates.
    missing: str

    def __init__(
        self,
        root: str,
        start: Starter,
        which: Callable[[str], str | None],
        candidates: Sequence[str] | None = None,
    ) -> None:
        self._configured = root
        self._candidates = self.default_roots if candidates is None else candidates
        self._start = start
        self._which = which
        self.problems: list[str] = []  # files that could not be read in the last scan

    def looks_right(self, folder: Path) -> bool:
        raise NotImplementedError

    def root(self) -> Path | None:
        """The configured folder, else the first default candidate, that looks right."""
        options = (
            [self._configured]
            if self._configured
            else [os.path.expanduser(c) for c in self._candidates]
        )
        return next((Path(o) for o in options if self.looks_right(Path(o))), None)

    def status(self) -> LibraryStatus:
        root = self.root()
        client = self._which(self.client) or ""
        if root is None:
            where = self._configured or ", ".join(self._candidates)
            return LibraryStatus(False, "", self.missing.format(where=where), client)
        return LibraryStatus(True, str(root), "", client)

    def require_root(self) -> Path:
        root = self.root()
        if root is None:
            raise BadRequest(f"{self.product} is not installed here: {self.status().reason}")
        return root

    def _run(self, command: list[str]) -> list[str]:
        self._start(command)
        return command
