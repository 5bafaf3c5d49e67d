"""The build-time memory snapshot file: its format, and a build that cannot make one."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

import pytest

from demo.build import snapshot
from demo.build.bundle import BUILD_FILE
from demo.build.site import build_site
from tests.demo.sites import SHOP


def test_snapshot_file_round_trips_with_the_memory_aligned(tmp_path: Path) -> None:
    parts = snapshot.SnapshotParts("abc123", b"\x01\x02\x03" * 1000, b"files!")
    path = snapshot.write_snapshot_file(tmp_path, parts)
    assert path.name == snapshot.SNAPSHOT_FILE
    assert snapshot.read_snapshot_file(path) == parts
    raw = gzip.decompress(path.read_bytes())
    (length,) = struct.unpack_from("<I", raw, len(snapshot.SNAPSHOT_MAGIC))
    # Pyodide reads the heap through a Uint32Array over the same buffer.
    assert (len(snapshot.SNAPSHOT_MAGIC) + 4 + length) % 8 == 0


def test_a_file_that_is_no_snapshot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / snapshot.SNAPSHOT_FILE
    path.write_bytes(b"not gzip at all")
    with pytest.raises(snapshot.SnapshotError, match="is not a demo snapshot"):
        snapshot.read_snapshot_file(path)
    path.write_bytes(gzip.compress(b"gzip, but no magic"))
    with pytest.raises(snapshot.SnapshotError, match="is not a demo snapshot"):
        snapshot.read_snapshot_file(path)


def test_without_chromium_the_build_warns_and_ships_no_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(snapshot, "CHROMIUM", str(tmp_path / "no-chromium"))
    lines: list[str] = []
    site = build_site(SHOP / "other.json", tmp_path / "site", progress=lines.append, snapshot=True)
    assert site.snapshot is not None and "is not installed" in site.snapshot
    assert any(line.startswith("WARNING: no memory snapshot") for line in lines), lines
    assert (site.out / BUILD_FILE).is_file()
    assert not (site.out / snapshot.SNAPSHOT_FILE).exists()
