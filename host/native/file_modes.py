"""Files the host creates are private to its user (0600, folders 0700).

The data folder holds the state database (password and token hashes,
paired certificates), the TLS key, logs and crash dumps. Rather than
remember a mode at every place that creates a file (SQLite's journal files,
the rotating log, covers, downloads), the host process runs with umask 077.
The programs it launches for the user (apps, prep commands) get back the
umask the host was started with: a game's files are none of this rule's
business.
"""

from __future__ import annotations

import os
import sys

__all__ = ["child_umask", "restrict_new_files", "tighten"]

PRIVATE_UMASK = 0o077
_started_with: int | None = None


def restrict_new_files() -> None:
    """From now on this process creates files 0600 and folders 0700 (POSIX)."""
    global _started_with
    if sys.platform == "win32":
        return
    previous = os.umask(PRIVATE_UMASK)
    if _started_with is None:
        _started_with = previous


def child_umask() -> int:
    """The umask for programs started on the user's behalf: the one the host had."""
    if _started_with is not None:
        return _started_with
    current = os.umask(0)  # there is no way to read it without setting it
    os.umask(current)
    return current


def tighten(folder: os.PathLike[str] | str) -> None:
    """Files an older host left in `folder` (not recursing) lose group and other access."""
    if sys.platform == "win32":
        return
    for entry in os.scandir(folder):
        if entry.is_file(follow_symlinks=False):
            mode = entry.stat(follow_symlinks=False).st_mode & 0o777
            if mode & 0o077:
                os.chmod(entry.path, mode & 0o700)
