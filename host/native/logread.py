"""Reading the host log without reading all of it.

`read_last` returns up to the last N bytes (for `/api/logs`); `tail` is
`/api/logs/tail` (rules in DESIGN.md "Choices"): `offset` absent or -1 starts
at the last `max` bytes, `max` defaults to 256 KiB and is clamped to
1 KiB-4 MiB, a chunk ends at its last newline, and `reset` is true when
`offset` is past the file's size (the log rotated; reading restarts at 0).
Every read seeks, so the cost follows `max`, not the log's size.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_DEFAULT", "MAX_HIGH", "MAX_LOW", "TailChunk", "clamp_max", "read_last", "tail"]

MAX_DEFAULT = 256 * 1024
MAX_LOW, MAX_HIGH = 1024, 4 * 1024 * 1024


def clamp_max(requested: int | None) -> int:
    return MAX_DEFAULT if requested is None else min(MAX_HIGH, max(MAX_LOW, requested))


def _size(path: str | None) -> int:
    try:
        return os.path.getsize(path) if path else 0
    except OSError:
        return 0  # not written yet (or rotated away this instant): an empty log


def read_last(path: str | None, limit: int) -> bytes:
    """Up to the last `limit` bytes, starting at a line boundary when cut."""
    size = _size(path)
    if not path or size == 0:
        return b""
    start = max(0, size - limit)
    with open(path, "rb") as handle:
        handle.seek(start)
        data = handle.read(limit)
    if start > 0:
        cut = data.find(b"\n")
        data = data[cut + 1 :] if cut >= 0 else data
    return data


@dataclass(frozen=True)
class TailChunk:
    text: str
    offset: int
    size: int
    reset: bool

    def as_json(self) -> dict[str, Any]:
        return {"text": self.text, "offset": self.offset, "size": self.size, "reset": self.reset}


def tail(path: str | None, offset: int, requested_max: int | None) -> TailChunk:
    limit = clamp_max(requested_max)
    size = _size(path)
    reset = offset > size
    # -1: the last `max` bytes; past the end: the log rotated, start the new file at 0.
    start = max(0, size - limit) if offset == -1 else (0 if reset else offset)
    if not path or start >= size:
        return TailChunk("", start if not reset else 0, size, reset)
    with open(path, "rb") as handle:
        handle.seek(start)
        data = handle.read(limit)
    skipped = 0
    if offset == -1 and start > 0:
        # Started inside a line: drop its tail end so every chunk holds whole lines.
        cut = data.find(b"\n")
        skipped = cut + 1 if cut >= 0 else 0
        data = data[skipped:]
    end = data.rfind(b"\n")
    if end >= 0:
        data = data[: end + 1]
    elif len(data) + skipped < limit:
        data = b""  # a line still being written: wait for its newline
    # else: one line longer than `max`; hand it out in pieces rather than stall.
    return TailChunk(data.decode("utf-8", "replace"), start + skipped + len(data), size, reset)
