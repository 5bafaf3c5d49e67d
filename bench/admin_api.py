"""Admin API overhead: authenticated GET /api/session/status vs a public trivial route.

A real host (`python -m host serve`) over HTTPS; the load comes from a second
process (bench/_load.py: a bounded number of keep-alive connections for a fixed
time). Each credential kind (scoped token, web session, HTTP Basic) and the
public `GET /api/auth/status` are measured in turn, the rounds interleaved.
"""

from __future__ import annotations

import base64
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.hosting import ADMIN, ROOT, free_base_port, start_host, trusting
from bench.report import Result, Row

TITLE = "admin API: authenticated GET /api/session/status vs a public trivial route"
CONCURRENCY = 8


def _credentials(admin_url: str, cafile: Path) -> dict[str, dict[str, str]]:
    import httpx

    with httpx.Client(base_url=admin_url, verify=trusting(cafile), auth=ADMIN) as client:
        made = client.post(
            "/api/token", json={"scopes": [{"path": "/api/session/status", "methods": ["GET"]}]}
        )
        made.raise_for_status()
        token = made.json()["token"]
    with httpx.Client(base_url=admin_url, verify=trusting(cafile)) as client:
        login = client.post("/api/auth/login", json={"username": ADMIN[0], "password": ADMIN[1]})
        login.raise_for_status()
        session = login.json()["access_token"]
    basic = base64.b64encode(f"{ADMIN[0]}:{ADMIN[1]}".encode()).decode()
    return {
        "public": {},
        "token": {"Authorization": f"Bearer {token}"},
        "session": {"Cookie": f"__Host-helio_session={session}"},
        "basic": {"Authorization": f"Basic {basic}"},
    }


def _load(url: str, cafile: Path, seconds: float, headers: dict[str, str]) -> dict[str, Any]:
    pairs = [f"{k}={v}" for k, v in headers.items()]
    done = subprocess.run(
        [sys.executable, "-m", "bench._load", url, str(cafile), str(seconds), str(CONCURRENCY)]
        + pairs,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=seconds + 300,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the load generator failed:\n{done.stderr[-2000:]}")
    return dict(json.loads(done.stdout))


def run(work: Path, quick: bool = False) -> Result:
    from host.core.auth.credentials import Credentials
    from host.native.server import open_state

    seconds, rounds = (0.5, 1) if quick else (3.0, 3)
    samples: dict[str, list[float]] = {k: [] for k in ("public", "token", "session", "basic")}
    errors: dict[str, int] = dict.fromkeys(samples, 0)
    statuses: dict[str, dict[str, int]] = {k: {} for k in samples}
    with tempfile.TemporaryDirectory(prefix="helio-bench-") as tmp:
        data = Path(tmp) / "data"
        db = open_state(data)
        Credentials(db).set(*ADMIN)
        db.close()
        base = free_base_port()
        host = start_host(data, base)
        try:
            admin_url = f"https://127.0.0.1:{base + 1}"
            cafile = data / "cert.pem"
            kinds = _credentials(admin_url, cafile)
            for _ in range(rounds):
                for kind, headers in kinds.items():
                    path = "/api/auth/status" if kind == "public" else "/api/session/status"
                    figures = _load(admin_url + path, cafile, seconds, headers)
                    samples[kind].append(figures["requests"] / figures["seconds"])
                    errors[kind] += figures["errors"]
                    statuses[kind].update(figures["statuses"])
        finally:
            host.terminate()
            host.wait(30)
    rps = {k: statistics.median(v) for k, v in samples.items()}
    public = "public GET /api/auth/status, same server"
    rows = [
        Row(f"GET /api/session/status, {label}", rps[kind], "req/s", rps["public"], public)
        for kind, label in (
            ("token", "scoped token"),
            ("session", "web session"),
            ("basic", "HTTP Basic"),
        )
    ]
    rows.append(Row("public GET /api/auth/status", rps["public"], "req/s"))
    notes = [
        f"{CONCURRENCY} keep-alive HTTPS connections from a second process, {seconds:g} s per "
        f"figure, {rounds} interleaved rounds; a ratio under 1 is the cost of authenticating "
        "(Basic hashes the password once, then recognises the verified pair for 5 minutes)."
    ]
    if any(errors.values()):
        notes.append(
            f"Failed requests (timeouts or non-200, by kind): {errors}; statuses {statuses}."
        )
    figures = {"requests_per_second": rps, "samples": samples, "errors": errors}
    return Result(rows, figures, notes)
