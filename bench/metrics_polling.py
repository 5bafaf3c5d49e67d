"""Benchmark: GET /api/hardware-metrics under many polling devices.

    .venv/bin/python -m bench.metrics_polling [--devices 40] [--seconds 10]
        [--interval-ms 1000] [--poll-ms 100] [--json]

Starts a real host (`python -m host serve --simulate-streams`) with the fake
sampler (HELIO_FAKE_SAMPLER: instant, and it logs every sample it takes),
pairs N devices with real client certificates, gives each an active stream,
and lets every device poll over its own TLS keep-alive connection, faster
than the interval. Each poll also asks a trivial route on the same HTTPS
server (an unrouted path: same TLS, same identity middleware, a small JSON
404), so both latencies come from one run under one load. Reported:
- samples taken, and samples per interval (must stay at most 1);
- the smallest gap between two consecutive samples' `sampled_at_unix_ms`;
- median and p95 latency of metrics answers vs the trivial route, and the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import ssl
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.hosting import ADMIN, free_base_port, start_host, trusting

__all__ = ["TITLE", "main", "poll", "run"]

TITLE = "hardware-metrics fan-out: 1, 10 and 100 polling devices vs a trivial route"


def _make_device(folder: Path, index: int) -> tuple[Path, Path, str, str]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    from cryptography.x509.oid import NameOID

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"bench device {index}")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=30))
        .sign(key, hashes.SHA256())
    )
    pem = cert.public_bytes(serialization.Encoding.PEM)
    cert_path, key_path = folder / f"d{index}.pem", folder / f"d{index}.key"
    cert_path.write_bytes(pem)
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
    )
    from host.native.pairing_crypto import load_client_certificate

    return cert_path, key_path, pem.decode(), load_client_certificate(pem)[1]


def _prepare(data: Path, devices: int, interval_ms: int) -> list[tuple[Path, Path, str]]:
    """Credentials, settings and paired devices written straight into a new data folder."""
    from host.core.auth.credentials import Credentials
    from host.core.context import SettingsStore
    from host.core.devices.clients import ClientStore
    from host.native.server import open_state

    db = open_state(data)
    Credentials(db).set(*ADMIN)
    SettingsStore(db).update({"hardware_metrics": True, "hardware_metrics_interval": interval_ms})
    made = []
    certs = data.parent / "certs"
    certs.mkdir()
    for index in range(devices):
        cert_path, key_path, pem, fingerprint = _make_device(certs, index)
        made.append(
            (cert_path, key_path, ClientStore(db).add(f"bench {index}", pem, fingerprint).uuid)
        )
    db.close()
    return made


async def _poll(
    base: int,
    cafile: Path,
    device: tuple[Path, Path, str],
    until: float,
    poll_s: float,
    out: dict[str, Any],
) -> None:
    import httpx

    context = ssl.create_default_context(cafile=str(cafile))
    context.load_cert_chain(str(device[0]), str(device[1]))
    async with httpx.AsyncClient(
        base_url=f"https://127.0.0.1:{base - 5}", verify=context, timeout=30
    ) as client:
        while time.monotonic() < until:
            started = time.perf_counter()
            answer = await client.get(
                "/api/hardware-metrics", headers={"Accept": "application/json"}
            )
            out["metrics_s"].append(time.perf_counter() - started)
            if answer.status_code == 200:
                out["stamps"].add(answer.json()["sampled_at_unix_ms"])
            else:
                out["errors"].append(answer.status_code)
            started = time.perf_counter()
            await client.get("/bench-trivial")
            out["trivial_s"].append(time.perf_counter() - started)
            await asyncio.sleep(poll_s)


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def poll(
    devices: int = 40, seconds: float = 10.0, interval_ms: int = 1000, poll_ms: int = 100
) -> dict[str, Any]:
    import httpx

    with tempfile.TemporaryDirectory(prefix="helio-bench-") as tmp:
        data = Path(tmp) / "data"
        paired = _prepare(data, devices, interval_ms)
        control = Path(tmp) / "sampler.json"
        control.write_text(
            json.dumps(
                {
                    "cpu_times": [[i * 10, i * 100] for i in range(1, 1000)],
                    "gpus": [{"id": 0, "name": "Fake GPU", "metrics": {"gpu_usage_percent": 50}}],
                }
            )
        )
        base = free_base_port()
        host = start_host(data, base, {"HELIO_FAKE_SAMPLER": str(control)})
        try:
            with httpx.Client(
                base_url=f"https://127.0.0.1:{base + 1}",
                verify=trusting(data / "cert.pem"),
                auth=ADMIN,
            ) as admin:
                for _, _, uuid in paired:
                    admin.post(
                        "/api/debug/streams",
                        json={"device": uuid, "kind": "normal", "state": "active"},
                    ).raise_for_status()
            out: dict[str, Any] = {"metrics_s": [], "trivial_s": [], "stamps": set(), "errors": []}
            log = Path(str(control) + ".log")
            before = log.read_text().count("start") if log.exists() else 0
            began = time.monotonic()

            async def everyone() -> None:
                until = time.monotonic() + seconds
                await asyncio.gather(
                    *(_poll(base, data / "cert.pem", d, until, poll_ms / 1000, out) for d in paired)
                )

            asyncio.run(everyone())
            elapsed = time.monotonic() - began
            samples = log.read_text().count("start") - before
        finally:
            host.terminate()
            host.wait(30)
    stamps = sorted(out["stamps"])
    gaps = [b - a for a, b in zip(stamps, stamps[1:], strict=False)]
    # The most samples completed inside any window of one interval (the rule: at most 1).
    most, start = 0, 0
    for end, stamp in enumerate(stamps):
        while stamp - stamps[start] >= interval_ms:
            start += 1
        most = max(most, end - start + 1)
    metrics_med, trivial_med = (
        statistics.median(out["metrics_s"]) * 1000,
        statistics.median(out["trivial_s"]) * 1000,
    )
    return {
        "devices": devices,
        "seconds": round(elapsed, 2),
        "interval_ms": interval_ms,
        "poll_ms": poll_ms,
        "requests": len(out["metrics_s"]),
        "errors": len(out["errors"]),
        "samples": samples,
        "distinct_sampled_at": len(stamps),
        "max_samples_in_any_interval": most,
        "mean_samples_per_interval": round(samples / (elapsed * 1000 / interval_ms), 3),
        "min_gap_between_samples_ms": min(gaps) if gaps else None,
        "metrics_median_ms": round(metrics_med, 2),
        "metrics_p95_ms": round(_p(out["metrics_s"], 0.95), 2),
        "trivial_median_ms": round(trivial_med, 2),
        "trivial_p95_ms": round(_p(out["trivial_s"], 0.95), 2),
        "median_ratio_metrics_to_trivial": round(metrics_med / trivial_med, 2),
    }


def run(work: Path, quick: bool = False) -> Any:
    """The fan-out at 1, 10 and 100 devices (quick: 1 and 2 devices, 2 s each)."""
    from bench.report import Result, Row

    rows, figures = [], {}
    for devices in (1, 2) if quick else (1, 10, 100):
        result = poll(devices, 2.0 if quick else 8.0)
        figures[f"devices_{devices}"] = result
        rows += [
            Row(
                f"{devices} device(s): most samples in one interval",
                result["max_samples_in_any_interval"],
                "samples",
                limit=1,
            ),
            Row(
                f"{devices} device(s): metrics answer p50",
                result["metrics_median_ms"],
                "ms",
                result["trivial_median_ms"],
                "trivial route, same server, same run",
            ),
        ]
        if result["errors"]:
            raise RuntimeError(f"{devices} devices: {result['errors']} failed requests")
    notes = [
        "Each device polls over its own TLS keep-alive connection every 100 ms "
        "(interval 1000 ms), a trivial route after each poll; samples counted by the fake sampler."
    ]
    return Result(rows, figures, notes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.metrics_polling", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--devices", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--interval-ms", type=int, default=1000)
    parser.add_argument(
        "--poll-ms",
        type=int,
        default=100,
        help="pause between one device's polls (faster than the interval)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    args = parser.parse_args(argv)
    result = poll(args.devices, args.seconds, args.interval_ms, args.poll_ms)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:34} {value}")
    # The rule under test: never more than one sample per interval, every sample seen by a client.
    ok = (
        result["max_samples_in_any_interval"] <= 1
        and result["samples"] == result["distinct_sampled_at"]
    )
    return 0 if ok and not result["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
