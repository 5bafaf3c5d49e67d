"""Memory freed after a flood goes back to the system.

glibc raises its mmap threshold each time a large block is freed, so after
a connection flood the per-connection buffers came from the heap, and the
heap, fragmented, never shrank: the host stayed at its peak (1.58 GB) after
the connections closed. Fixing the threshold keeps such buffers (TLS read
buffers, request bodies) in their own mappings, returned when freed. Only
glibc has `mallopt`; elsewhere this does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util

__all__ = ["MMAP_THRESHOLD", "return_freed_memory"]

MMAP_THRESHOLD = 32 * 1024  # blocks this large or larger get their own mapping
_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter number


def return_freed_memory() -> bool:
    """Fix glibc's mmap threshold; whether it was applied."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))
