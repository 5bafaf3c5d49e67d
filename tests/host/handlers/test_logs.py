"""/api/logs, /api/logs/export and /api/logs/tail (offset, max, reset on rotation)."""

from __future__ import annotations

import builtins
from pathlib import Path
from typing import Any

import httpx
import pytest

from host.native import logread
from host.native.logread import MAX_DEFAULT, MAX_HIGH, MAX_LOW, clamp_max, tail

from ..helpers import assert_error
from ..resources import admin_in_process

LINES = b"".join(f"line {n:04d}\n".encode() for n in range(200))  # 10 bytes a line, 2000 bytes


@pytest.fixture
def log_file(tmp_path: Path) -> Path:
    path = tmp_path / "helio.log"
    path.write_bytes(LINES)
    return path


@pytest.mark.parametrize(
    ("requested", "clamped"),
    [
        (None, MAX_DEFAULT),
        (0, MAX_LOW),
        (-5, MAX_LOW),
        (1, MAX_LOW),
        (5000, 5000),
        (10**9, MAX_HIGH),
    ],
)
def test_max_is_clamped(requested: int | None, clamped: int) -> None:
    assert clamp_max(requested) == clamped


@pytest.mark.parametrize(
    ("offset", "maximum", "text", "next_offset", "reset"),
    [
        # From the start: whole lines up to max (1 KiB = 102 lines and 4 bytes -> 102 lines).
        (0, 1024, LINES[:1020], 1020, False),
        (1020, 1024, LINES[1020:2000], 2000, False),
        # -1: the last max bytes, starting at a whole line.
        (-1, 1024, LINES[-1020:], 2000, False),
        (-1, None, LINES, 2000, False),
        # At the end: nothing new.
        (2000, None, b"", 2000, False),
        # Mid-line offset: up to the last newline within the chunk.
        (5, 1024, LINES[5:1020], 1020, False),
        # Past the size: the log rotated; read the new file from 0.
        (999_999, 1024, LINES[:1020], 1020, True),
    ],
)
def test_tail_table(
    log_file: Path, offset: int, maximum: int | None, text: bytes, next_offset: int, reset: bool
) -> None:
    chunk = tail(str(log_file), offset, maximum)
    assert (chunk.text.encode(), chunk.offset, chunk.size, chunk.reset) == (
        text,
        next_offset,
        2000,
        reset,
    )


def test_a_line_still_being_written_waits_for_its_newline(log_file: Path) -> None:
    with open(log_file, "ab") as handle:
        handle.write(b"partial")
    chunk = tail(str(log_file), 2000, None)
    assert (chunk.text, chunk.offset, chunk.size) == ("", 2000, 2007)
    with open(log_file, "ab") as handle:
        handle.write(b" line\n")
    assert tail(str(log_file), 2000, None).text == "partial line\n"


def test_a_line_longer_than_max_comes_in_pieces(tmp_path: Path) -> None:
    path = tmp_path / "long.log"
    path.write_bytes(b"x" * 3000 + b"\n")
    first = tail(str(path), 0, 1024)
    assert len(first.text) == 1024 and first.offset == 1024


def test_following_across_a_rotation(tmp_path: Path) -> None:
    """RotatingFileHandler renames helio.log to helio.log.1 and starts an empty one."""
    path = tmp_path / "helio.log"
    path.write_bytes(LINES)
    offset = tail(str(path), -1, None).offset
    path.rename(tmp_path / "helio.log.1")
    path.write_bytes(b"fresh 1\nfresh 2\n")
    chunk = tail(str(path), offset, None)
    assert (chunk.text, chunk.offset, chunk.reset) == ("fresh 1\nfresh 2\n", 16, True)
    assert tail(str(path), chunk.offset, None).reset is False


def test_missing_log_is_empty(tmp_path: Path) -> None:
    chunk = tail(str(tmp_path / "none.log"), -1, None)
    assert (chunk.text, chunk.offset, chunk.size, chunk.reset) == ("", 0, 0, False)


def test_cost_follows_max_not_the_log_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 1 GiB (sparse) log: tail and read_last read about `max` bytes, never the file."""
    path = tmp_path / "huge.log"
    with open(path, "wb") as handle:
        handle.truncate(1024**3)
        handle.seek(1024**3 - 19)
        handle.write(b"\nlast line of it\n\n\n")
    read_sizes: list[int] = []
    real_open = builtins.open

    class Counting:
        def __init__(self, handle: Any) -> None:
            self.handle = handle

        def __enter__(self) -> Counting:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()

        def seek(self, where: int) -> int:
            return self.handle.seek(where)

        def read(self, size: int = -1) -> bytes:
            data = self.handle.read(size)
            read_sizes.append(len(data))
            return data

    monkeypatch.setattr(
        logread, "open", lambda *a, **k: Counting(real_open(*a, **k)), raising=False
    )
    assert tail(str(path), -1, 4096).text.endswith("last line of it\n\n\n")
    assert logread.read_last(str(path), 8192).endswith(b"\n\n")
    assert sum(read_sizes) <= 4096 + 8192


def test_tail_over_the_api(tmp_path: Path, log_file: Path) -> None:
    ctx, client = admin_in_process(tmp_path)
    ctx.log_path = str(log_file)
    with client:
        body = client.get("/api/logs/tail", params={"offset": 0, "max": 1024}).json()
        assert body == {
            "status": True,
            "text": LINES[:1020].decode(),
            "offset": 1020,
            "size": 2000,
            "reset": False,
        }
        assert client.get("/api/logs/tail").json()["offset"] == 2000
        for params, error in (
            ({"offset": "x"}, "offset must be an integer"),
            ({"max": "1.5"}, "max must be an integer"),
            ({"offset": -2}, "offset must be at least -1"),
        ):
            assert_error(client.get("/api/logs/tail", params=params), 400, error)


def test_logs_and_export_are_the_text_of_the_real_log(admin: httpx.Client) -> None:
    text = admin.get("/api/logs")
    assert text.status_code == 200 and text.headers["content-type"].startswith("text/plain")
    assert "admin console on https://" in text.text
    export = admin.get("/api/logs/export")
    assert export.headers["content-disposition"].startswith('attachment; filename="helio-log-')
    assert "admin console on https://" in export.text and export.headers["content-type"].startswith(
        "text/plain"
    )
    tailed = admin.get("/api/logs/tail").json()
    assert tailed["size"] >= len(tailed["text"]) > 0 and tailed["offset"] <= tailed["size"]


def test_logs_keep_only_the_last_8_mib(tmp_path: Path) -> None:
    ctx, client = admin_in_process(tmp_path)
    path = tmp_path / "big.log"
    line = b"y" * 1023 + b"\n"
    path.write_bytes(b"first\n" + line * (9 * 1024))
    ctx.log_path = str(path)
    with client:
        text = client.get("/api/logs").content
    assert len(text) <= 8 * 1024 * 1024 and text.startswith(b"y") and b"first" not in text


def test_log_routes_need_authentication(anon: httpx.Client) -> None:
    for path in ("/api/logs", "/api/logs/export", "/api/logs/tail"):
        assert_error(anon.get(path), 401)
