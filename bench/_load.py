"""Load generator for bench/admin_api.py, run as its own process so the server's CPU
is not shared with the client's event loop in one interpreter.

    python -m bench._load URL CAFILE SECONDS CONCURRENCY [HEADER=VALUE ...]

Prints one JSON object: requests completed, seconds, errors, median latency (ms).
"""

from __future__ import annotations

import asyncio
import json
import ssl
import statistics
import sys
import time


async def _worker(client, url: str, until: float, out: dict) -> None:  # type: ignore[no-untyped-def]
    while time.monotonic() < until:
        started = time.perf_counter()
        try:
            answer = await client.get(url)
        except Exception:  # a timeout under load: counted, not fatal
            out["errors"] += 1
            continue
        out["latency"].append(time.perf_counter() - started)
        if answer.status_code != 200:
            out["errors"] += 1
            out["statuses"][answer.status_code] = out["statuses"].get(answer.status_code, 0) + 1


async def _main(url: str, cafile: str, seconds: float, concurrency: int, headers: dict) -> dict:
    import httpx

    context = ssl.create_default_context(cafile=cafile)
    out: dict = {"latency": [], "errors": 0, "statuses": {}}
    limits = httpx.Limits(max_connections=concurrency)
    async with httpx.AsyncClient(
        verify=context, headers=headers, limits=limits, timeout=120
    ) as client:
        await client.get(url)  # connect and warm up
        began = time.monotonic()
        until = began + seconds
        await asyncio.gather(*(_worker(client, url, until, out) for _ in range(concurrency)))
        elapsed = time.monotonic() - began
    return {
        "requests": len(out["latency"]),
        "seconds": elapsed,
        "errors": out["errors"],
        "statuses": out["statuses"],
        "median_ms": statistics.median(out["latency"]) * 1000 if out["latency"] else None,
    }


if __name__ == "__main__":
    url, cafile, seconds, concurrency, *pairs = sys.argv[1:]
    headers = dict(pair.split("=", 1) for pair in pairs)
    print(json.dumps(asyncio.run(_main(url, cafile, float(seconds), int(concurrency), headers))))
