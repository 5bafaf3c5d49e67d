"""Gzip siblings (`demo build`) and `demo serve` sending them to clients that accept gzip."""

from __future__ import annotations

import gzip
import os
import random
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from demo.build.precompress import KEEP_MIN, precompress_site
from demo.serve import make_app

SCRIPT = ("export function answer() { return 42; }\n" * 2000).encode()


def _site(root: Path) -> Path:
    (root / "runtime").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html><title>t</title>" + "<p>hello</p>" * 200)
    (root / "runtime" / "app.js").write_bytes(SCRIPT)
    (root / "runtime" / "tiny.json").write_text('{"a": 1}')
    (root / "runtime" / "noise.wasm").write_bytes(random.Random(7).randbytes(20_000))
    (root / "runtime" / "lib.zip").write_bytes(b"PK" + b"\0" * 20_000)
    return root


def test_siblings_only_where_gzip_saves(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    made = precompress_site(site)
    siblings = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.gz"))
    # Tiny files, zips and incompressible bytes get none.
    assert siblings == ["index.html.gz", "runtime/app.js.gz"]
    assert gzip.decompress((site / "runtime" / "app.js.gz").read_bytes()) == SCRIPT
    assert made.files == 2 and made.gzip_bytes < made.raw_bytes / 10
    # Deterministic: a second build writes the same bytes.
    first = (site / "runtime" / "app.js.gz").read_bytes()
    precompress_site(site)
    assert (site / "runtime" / "app.js.gz").read_bytes() == first


def _large_site(root: Path, payload: bytes) -> Path:
    root.mkdir(parents=True)
    (root / "engine.wasm").write_bytes(payload)
    (root / "app.js").write_bytes(SCRIPT)
    return root


def test_a_large_files_gzip_is_kept_between_builds_and_taken_while_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HELIO_BUILD_CACHE", str(tmp_path / "cache"))
    payload = b"".join(b"(func $f%d (result i32) i32.const %d)\n" % (i, i) for i in range(60_000))
    assert len(payload) >= KEEP_MIN
    first = _large_site(tmp_path / "first", payload)
    precompress_site(first)
    kept = list((tmp_path / "cache" / "gzip").glob("*.gz"))
    assert len(kept) == 1  # the large file only: small ones cost little to compress

    def no_compressing(data: bytes, compresslevel: int = 9, *, mtime: float | None = None) -> bytes:
        if len(data) >= KEEP_MIN:
            raise AssertionError("compressed again")
        return real_compress(data, compresslevel=compresslevel, mtime=mtime)

    real_compress = gzip.compress
    monkeypatch.setattr(gzip, "compress", no_compressing)
    second = _large_site(tmp_path / "second", payload)
    precompress_site(second)
    assert (second / "engine.wasm.gz").read_bytes() == (first / "engine.wasm.gz").read_bytes()
    monkeypatch.setattr(gzip, "compress", real_compress)

    # A damaged entry (cut short) is not taken: the file is compressed again, kept whole.
    kept[0].write_bytes(kept[0].read_bytes()[:-100])
    third = _large_site(tmp_path / "third", payload)
    precompress_site(third)
    assert gzip.decompress((third / "engine.wasm.gz").read_bytes()) == payload
    assert kept[0].read_bytes() == (first / "engine.wasm.gz").read_bytes()
    # Other bytes, another entry.
    precompress_site(_large_site(tmp_path / "fourth", payload + b";"))
    assert len(list((tmp_path / "cache" / "gzip").glob("*.gz"))) == 2


def test_no_gzip_is_kept_with_the_build_cache_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HELIO_BUILD_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    site = _large_site(tmp_path / "site", b"0123456789abcdef" * (KEEP_MIN // 8))
    precompress_site(site)
    assert (site / "engine.wasm.gz").exists()
    assert not [p for p in tmp_path.rglob("*.gz") if p.parent != site]


def test_serve_sends_the_sibling_when_gzip_is_accepted(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    precompress_site(site)
    client = TestClient(make_app(site))
    zipped = client.get("/runtime/app.js", headers={"accept-encoding": "gzip, br"})
    assert zipped.status_code == 200
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.headers["content-type"].startswith("text/javascript")
    assert zipped.headers["vary"] == "accept-encoding"
    assert zipped.headers["cache-control"] == "no-cache"
    assert zipped.content == SCRIPT  # decoded by the client
    assert zipped.num_bytes_downloaded == (site / "runtime" / "app.js.gz").stat().st_size
    page = client.get("/", headers={"accept-encoding": "gzip"})
    assert page.headers["content-encoding"] == "gzip"
    assert page.headers["content-type"].startswith("text/html")
    # A revalidation of the gzip answer is a 304, as for any file.
    again = client.get(
        "/runtime/app.js",
        headers={"accept-encoding": "gzip", "if-none-match": zipped.headers["etag"]},
    )
    assert again.status_code == 304


def test_serve_sends_the_file_itself_otherwise(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    precompress_site(site)
    client = TestClient(make_app(site))
    for accept in ("identity", "gzip;q=0", "br"):
        plain = client.get("/runtime/app.js", headers={"accept-encoding": accept})
        assert "content-encoding" not in plain.headers, accept
        assert plain.num_bytes_downloaded == len(SCRIPT)
        assert plain.headers["vary"] == "accept-encoding"
    # A file changed after its sibling was written is sent as it is now.
    changed = b"export const changed = true;\n" * 100
    (site / "runtime" / "app.js").write_bytes(changed)
    later = os.stat(site / "runtime" / "app.js.gz").st_mtime_ns + 1_000_000_000
    os.utime(site / "runtime" / "app.js", ns=(later, later))
    fresh = client.get("/runtime/app.js", headers={"accept-encoding": "gzip"})
    assert "content-encoding" not in fresh.headers and fresh.content == changed
    assert client.get("/runtime/missing.js", headers={"accept-encoding": "gzip"}).status_code == 404
