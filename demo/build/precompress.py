"""Gzip siblings of a built site's files, for servers that send them as they are.

`python -m demo build` writes `<file>.gz` beside each file gzip makes at least
`MIN_SAVING` smaller: Pyodide's and duckdb-wasm's `.wasm` (the bulk of a first
visit), the script bundles, JSON seeds. `python -m demo serve` answers a request
that accepts gzip with the sibling and `Content-Encoding: gzip`; static servers
configured for precompressed files (nginx `gzip_static`, Caddy `precompressed`)
do the same. A host that ignores the siblings serves the raw files as before.

Zips, wheels and the memory snapshot are compressed already and are not tried.
Output is deterministic (no timestamp in the gzip header), so a rebuild of the same
inputs gives the same bytes. The large files are the same in every build (the runtimes'
`.wasm`: about 6 s of compressing a site with a postgres service), so the gzip of a file
of at least `KEEP_MIN` bytes is kept by content in the build cache (seed_cache.py's
folder, below `gzip/`; `HELIO_BUILD_CACHE=off` turns it off) and taken from there while
its trailer's CRC-32 and size are the file's.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import os
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

from .seed_cache import beyond_newest, cache_folder, write_whole

__all__ = ["GZIP_SUFFIX", "Precompressed", "precompress_site"]

GZIP_SUFFIX = ".gz"
MIN_SIZE = 1024  # below this the headers outweigh the saving
MIN_SAVING = 0.10
# Level 6: duckdb-eh.wasm (34 MB) to 7.7 MB in about 4 s here; 9 saves little more.
LEVEL = 6
KEEP_MIN = 1 << 20
KEEP = 16  # gzip files kept; the least recently used go first
_COMPRESSED_ALREADY = {".gz", ".zip", ".whl", ".bin", ".png", ".jpg", ".jpeg", ".webp", ".woff2"}


@dataclass(frozen=True)
class Precompressed:
    files: int  # how many files got a sibling
    raw_bytes: int  # their size
    gzip_bytes: int  # their siblings' size


def precompress_site(site: Path) -> Precompressed:
    """Write `<file>.gz` for every file of `site` worth compressing (replacing old ones)."""
    files = raw_total = gzip_total = 0
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix.lower() in _COMPRESSED_ALREADY:
            continue
        sibling = path.with_name(path.name + GZIP_SUFFIX)
        sibling.unlink(missing_ok=True)
        raw = path.read_bytes()
        if len(raw) < MIN_SIZE:
            continue
        packed = _gzip(raw)
        if len(packed) > len(raw) * (1 - MIN_SAVING):
            continue
        sibling.write_bytes(packed)
        files += 1
        raw_total += len(raw)
        gzip_total += len(packed)
    return Precompressed(files, raw_total, gzip_total)


def _gzip(raw: bytes) -> bytes:
    """`raw` gzipped; a large file's gzip kept between builds, by content."""
    folder = cache_folder() if len(raw) >= KEEP_MIN else None
    if folder is None:
        return gzip.compress(raw, compresslevel=LEVEL, mtime=0)
    kept = folder / "gzip" / f"{hashlib.sha256(raw).hexdigest()}-{LEVEL}.gz"
    with contextlib.suppress(OSError):
        packed = kept.read_bytes()
        if _whole(packed, raw):
            os.utime(kept)  # recently used: pruned last
            return packed
    packed = gzip.compress(raw, compresslevel=LEVEL, mtime=0)
    with contextlib.suppress(OSError):  # a cache that cannot be written costs the next build
        kept.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_whole(kept, packed)
        for stale in beyond_newest(kept.parent.glob("*.gz"), KEEP):
            stale.unlink(missing_ok=True)
    return packed


def _whole(packed: bytes, raw: bytes) -> bool:
    """Whether `packed` is a gzip of `raw`, by its trailer (CRC-32, then size mod 2**32)."""
    if len(packed) < 18 or packed[:2] != b"\x1f\x8b":
        return False
    crc, size = struct.unpack("<II", packed[-8:])
    return crc == zlib.crc32(raw) and size == len(raw) & 0xFFFFFFFF
