"""Benchmark: an idle-connection flood on the streaming HTTPS port, and who pays for it.

    .venv/bin/python -m bench.flood [--per-address 30] [--addresses 40] [--json]

Starts a real host, then opens idle TCP connections that never start TLS
(the first-round finding: 5,000 of them took the host from 48 MB to 1.58 GB)
from many loopback addresses (`--addresses` x `--per-address`, each address
below its cap) plus one address over its cap (`OVER_CAP` connections),
holds them while a legitimate client connects from another address, then
closes them. Loopback only; every loop is bounded. Reported:
- the legitimate client's time (new TLS connection + GET /serverinfo) during
  the flood vs the same without a flood (same run);
- the host's RSS before, at its peak during the flood, and after it;
- the bytes the flood added to helio.log.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import ssl
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.hosting import free_base_port, start_host, trusting
from bench.report import Result, Row

__all__ = ["OVER_CAP", "TITLE", "flood", "legit_ms", "main", "rss_kib", "run"]

TITLE = "connection flood: idle TCP connections to the streaming HTTPS port vs no flood"
OVER_CAP = 300  # from one address: most are over the per-peer cap of 64
SETTLE_S = 20.0  # at most this long for the RSS to come back after the flood closes


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def flood(port: int, addresses: int, per_address: int, over_cap: int) -> list[socket.socket]:
    """Idle connections: `per_address` from each of `addresses` loopback addresses, and
    `over_cap` from one more. A refused one (reset at accept) is kept too: it is closed
    with the others."""
    held = []
    sources = [(f"127.0.{10 + n // 200}.{1 + n % 200}", per_address) for n in range(addresses)]
    sources.append(("127.0.9.1", over_cap))
    for source, count in sources:
        for _ in range(count):
            with contextlib.suppress(OSError):  # the backlog was full: one connection fewer
                held.append(
                    socket.create_connection(
                        ("127.0.0.1", port), timeout=10, source_address=(source, 0)
                    )
                )
    return held


def legit_ms(port: int, context: ssl.SSLContext, source: str = "127.0.0.2") -> float:
    """A device's first contact: a new TLS connection and GET /serverinfo, in ms."""
    started = time.perf_counter()
    raw = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0))
    with context.wrap_socket(raw, server_hostname="127.0.0.1") as sock:
        sock.sendall(b"GET /serverinfo HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    if not answer.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"the legitimate client was not served: {answer[:200]!r}")
    return (time.perf_counter() - started) * 1000


def _median_legit(port: int, context: ssl.SSLContext, runs: int) -> float:
    return statistics.median(legit_ms(port, context) for _ in range(runs))


def measure(
    work: Path, addresses: int, per_address: int, over_cap: int, runs: int
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="helio-bench-", dir=work) as tmp:
        data = Path(tmp) / "data"
        base = free_base_port()
        host = start_host(data, base)
        port = base - 5
        try:
            context = trusting(data / "cert.pem")
            baseline = _median_legit(port, context, runs)
            log = data / "helio.log"
            before_rss, before_log = rss_kib(host.pid), log.stat().st_size
            started = time.perf_counter()
            held = flood(port, addresses, per_address, over_cap)
            opened_s = time.perf_counter() - started
            during = _median_legit(port, context, runs)
            peak = max(rss_kib(host.pid), before_rss)
            for sock in held:
                sock.close()
            deadline = time.monotonic() + SETTLE_S
            after = rss_kib(host.pid)
            while after > before_rss * 1.1 and time.monotonic() < deadline:
                time.sleep(0.5)
                after = rss_kib(host.pid)
            after_legit = _median_legit(port, context, runs)
            return {
                "connections": len(held),
                "open_s": opened_s,
                "legit_no_flood_ms": baseline,
                "legit_during_flood_ms": during,
                "legit_after_flood_ms": after_legit,
                "rss_before_kib": before_rss,
                "rss_peak_kib": peak,
                "rss_after_kib": after,
                "log_bytes": log.stat().st_size - before_log,
            }
        finally:
            host.terminate()
            host.wait(30)


def run(work: Path, quick: bool = False) -> Result:
    work.mkdir(parents=True, exist_ok=True)
    addresses, per_address = (4, 10) if quick else (40, 30)
    figures = measure(work, addresses, per_address, 80 if quick else OVER_CAP, 3 if quick else 7)
    mib = 1024.0
    rows = [
        Row(
            "legitimate client (new TLS + /serverinfo) during the flood",
            figures["legit_during_flood_ms"],
            "ms",
            figures["legit_no_flood_ms"],
            "same, no flood",
        ),
        Row(
            "legitimate client during the flood, absolute",
            figures["legit_during_flood_ms"],
            "ms",
            limit=1000,
        ),
        Row("host RSS before the flood", figures["rss_before_kib"] / mib, "MiB"),
        Row(
            "host RSS at the flood's peak",
            figures["rss_peak_kib"] / mib,
            "MiB",
            figures["rss_before_kib"] / mib,
            "RSS before",
        ),
        Row(
            "host RSS after the flood closed",
            figures["rss_after_kib"] / mib,
            "MiB",
            figures["rss_before_kib"] / mib,
            "RSS before",
            limit=1.2,
        ),
        Row("helio.log bytes written during the flood", figures["log_bytes"], "B", limit=4096),
    ]
    notes = [
        f"{figures['connections']} idle connections ({addresses} addresses x {per_address}, "
        f"plus {80 if quick else OVER_CAP} from one address over its cap of 64), opened in "
        f"{figures['open_s']:.1f} s and held while the legitimate client was timed; medians of "
        f"{3 if quick else 7} legitimate connections each; after the flood: "
        f"{figures['legit_after_flood_ms']:.1f} ms.",
    ]
    return Result(rows, figures, notes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.flood")
    parser.add_argument("--addresses", type=int, default=40)
    parser.add_argument("--per-address", type=int, default=30)
    parser.add_argument("--over-cap", type=int, default=OVER_CAP)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        figures = measure(Path(work), args.addresses, args.per_address, args.over_cap, args.runs)
    print(json.dumps(figures, indent=2) if args.json else figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
