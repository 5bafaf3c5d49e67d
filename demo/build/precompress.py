"""Gzip siblings of a built site's files, for servers that send them as they are.

`python -m demo build` writes `<file>.gz` beside each file gzip makes at least
`MIN_SAVING` smaller: Pyodide's and duckdb-wasm's `.wasm` (the bulk of a first
visit), the script bundles, JSON seeds. `python -m demo serve` answers a request
that accepts gzip with the sibling and `Content-Encoding: gzip`; static servers
configured for precompressed files (nginx `gzip_static`, Caddy `precompressed`)
do the same. A host that ignores the siblings serves the raw files as before.

Zips, wheels and the memory snapshot are compressed already and are not tried.
Output is deterministic (no timestamp in the gzip header), so a rebuild of the same
inputs gives the same bytes.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from pathlib import Path

__all__ = ["GZIP_SUFFIX", "Precompressed", "precompress_site"]

GZIP_SUFFIX = ".gz"
MIN_SIZE = 1024  # below this the headers outweigh the saving
MIN_SAVING = 0.10
# Level 6: duckdb-eh.wasm (34 MB) to 7.7 MB in about 4 s here; 9 saves little more.
LEVEL = 6
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
        packed = gzip.compress(raw, compresslevel=LEVEL, mtime=0)
        if len(packed) > len(raw) * (1 - MIN_SAVING):
            continue
        sibling.write_bytes(packed)
        files += 1
        raw_total += len(raw)
        gzip_total += len(packed)
    return Precompressed(files, raw_total, gzip_total)
