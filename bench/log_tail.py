"""Log tail: GET /api/logs/tail on a 1 GiB log vs a 1 MiB log (the cost must stay flat).

A real host serves its own `helio.log`; between rounds the file is grown to the
size under test as a sparse file (a hole, then real lines at the end), so the
1 GiB log costs no disk. Both the default tail (`offset=-1`, the last 256 KiB)
and a follow-up read near the end (`offset=size-4096`) are timed.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.hosting import ADMIN, free_base_port, start_host, trusting
from bench.report import Result, Row

TITLE = "log tail on a 1 GiB (sparse) log vs a 1 MiB log"
LINES = b"".join(
    b"2026-01-01 00:00:00 INFO bench: line %06d of the tail\n" % i for i in range(6000)
)


def _grow(log: Path, size: int) -> None:
    """`log` becomes `size` bytes: a hole, then real lines ending the file."""
    with log.open("r+b") as handle:
        handle.truncate(0)
        handle.seek(size - len(LINES))
        handle.write(LINES)


def _time(client: Any, params: dict[str, int], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        answer = client.get("/api/logs/tail", params=params)
        answer.raise_for_status()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def run(work: Path, quick: bool = False) -> Result:
    import httpx

    from host.core.auth.credentials import Credentials
    from host.native.server import open_state

    runs = 3 if quick else 40
    sizes = {"1 MiB": 1 << 20, "1 GiB": 1 << 30}
    figures: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="helio-bench-") as tmp:
        data = Path(tmp) / "data"
        db = open_state(data)
        Credentials(db).set(*ADMIN)
        db.close()
        base = free_base_port()
        host = start_host(data, base)
        log = data / "helio.log"
        try:
            url, cafile = f"https://127.0.0.1:{base + 1}", str(data / "cert.pem")
            # A scoped token: Basic would time the password hash, not the tail.
            with httpx.Client(base_url=url, verify=trusting(cafile), auth=ADMIN) as client:
                made = client.post(
                    "/api/token", json={"scopes": [{"path": "/api/logs/tail", "methods": ["GET"]}]}
                )
                made.raise_for_status()
            bearer = {"Authorization": f"Bearer {made.json()['token']}"}
            with httpx.Client(base_url=url, verify=trusting(cafile), headers=bearer) as client:
                _time(client, {"offset": -1}, 2)  # warm up
                for label, size in sizes.items():
                    _grow(log, size)
                    figures[label] = {
                        "tail_ms": _time(client, {"offset": -1}, runs),
                        "follow_ms": _time(client, {"offset": size - 4096}, runs),
                        "size": log.stat().st_size,
                    }
        finally:
            host.terminate()
            host.wait(30)
    small, big = figures["1 MiB"], figures["1 GiB"]
    rows = [
        Row(
            "tail (last 256 KiB), 1 GiB log",
            big["tail_ms"],
            "ms",
            small["tail_ms"],
            "same, 1 MiB log",
            1.5,
        ),
        Row(
            "follow (offset near the end), 1 GiB log",
            big["follow_ms"],
            "ms",
            small["follow_ms"],
            "same, 1 MiB log",
            1.5,
        ),
    ]
    notes = [f"{runs} requests per figure over one HTTPS keep-alive connection (a scoped token)."]
    return Result(rows, figures, notes)
