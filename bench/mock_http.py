"""mock-http on the largest real documents of the corpus: Stripe's 3.92 MB spec3.json
and Twilio's 1.87 MB API v2010.

Build: `load_openapi` (read, bundle, check the whole document) against plain
`json.loads` of the same file, medians of repeated runs. Per request: one valid
request for every operation (credentials, required parameters, a generated body;
tests/demo/runtime/mock/corpus_requests.py), answered in process by `MockService`
with its checks on (validation, security), against the same requests with both
checks off, in the same run: the ratio is what the checks cost. Where Prism
is installed (`npm ci`), its answers to the same Twilio requests over loopback HTTP
are given as a reference (they include the HTTP round trip, so no ratio is drawn);
Prism does not finish starting on Stripe's document.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlencode

from bench.report import Result, Row
from demo.build.openapi_load import load_openapi
from demo.runtime.mock.openapi import operations
from demo.runtime.mock.router import MockService

TITLE = "mock-http on Stripe's 3.92 MB and Twilio's 1.87 MB OpenAPI documents: build and latency"

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "demo" / "runtime" / "mock" / "corpus"
LARGE = (CORPUS / "stripe-spec3.json", CORPUS / "twilio-api-v2010.json")
SMALL = CORPUS / "redocly-museum.yaml"
PRISM_STARTS = {"twilio-api-v2010.json", "redocly-museum.yaml"}


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def run(work: Path, quick: bool = False) -> Result:
    rows: list[Row] = []
    notes: list[str] = []
    figures: dict[str, Any] = {}
    for path in (SMALL,) if quick else LARGE:
        _measure(path, quick, rows, notes, figures)
    return Result(rows, figures=figures, notes=notes)


def _measure(
    path: Path, quick: bool, rows: list[Row], notes: list[str], figures: dict[str, Any]
) -> None:
    from tests.demo.runtime.mock.corpus_requests import base_request

    rounds = 1 if quick else 5
    build, parse = [], []
    for _ in range(rounds):
        if path.suffix == ".json":
            started = time.perf_counter()
            json.loads(path.read_text())
            parse.append(time.perf_counter() - started)
        started = time.perf_counter()
        document = load_openapi(path, path.name)
        json.dumps(document)  # what the build writes
        build.append(time.perf_counter() - started)
    checked = MockService("bench", document, [])
    plain = MockService("bench", document, [], validate=False, security=False)
    requests = [base_request(document, op) for op in operations(document)]
    timings: dict[str, list[float]] = {"checked": [], "plain": []}
    repeats = 1 if quick else 10
    for _ in range(repeats):
        for request in requests:
            headers = {k.lower(): v for k, v in request.headers.items()}
            query = urlencode(request.query)
            for name, service in (("checked", checked), ("plain", plain)):
                started = time.perf_counter()
                service.respond(
                    request.method,
                    unquote(request.path),
                    headers,
                    query=query,
                    body=request.body,
                    raw_path=request.path,
                )
                timings[name].append(time.perf_counter() - started)
    ms = 1000.0
    short = path.name.split("-")[0]
    rows += [
        Row(
            f"{short}: build {path.name} ({path.stat().st_size / 1e6:.2f} MB): read, bundle, check",
            statistics.median(build) * ms,
            "ms",
            statistics.median(parse) * ms if parse else None,
            "json.loads of the same file" if parse else "",
        ),
        Row(
            f"{short}: answer, median over {len(requests)} operations (checks on)",
            statistics.median(timings["checked"]) * ms,
            "ms",
            statistics.median(timings["plain"]) * ms,
            "same requests, validate and security off",
        ),
        Row(
            f"{short}: answer, p90 (checks on)",
            _p90(timings["checked"]) * ms,
            "ms",
            _p90(timings["plain"]) * ms,
            "same requests, validate and security off",
        ),
    ]
    notes.append(
        f"{path.name}: in process (`MockService.respond`, native CPython), {repeats} passes "
        f"over one valid request per operation ({len(requests)}), interleaved with the baseline."
    )
    figures[path.name] = {k: sorted(v) for k, v in timings.items()} | {
        "build_s": build,
        "parse_s": parse,
    }
    prism = _prism_reference(path, requests, quick) if path.name in PRISM_STARTS else None
    if prism is not None:
        rows.append(
            Row(f"{short}: Prism 5.16, same requests over loopback HTTP, median", prism[0], "ms")
        )
        rows.append(
            Row(f"{short}: Prism 5.16, same requests over loopback HTTP, p90", prism[1], "ms")
        )
        notes.append("Prism's figures include an HTTP round trip on loopback; Helio's do not.")


def _prism_reference(path: Path, requests: list[Any], quick: bool) -> tuple[float, float] | None:
    from tests.demo.runtime.mock.prism import PRISM, Prism

    if quick or not PRISM.exists():
        return None
    prism = Prism(path)
    try:
        if prism.error is not None:
            return None
        times = []
        for _ in range(3):
            for request in requests:
                started = time.perf_counter()
                prism.ask(
                    request.method,
                    request.path,
                    urlencode(request.query),
                    request.headers,
                    request.body,
                )
                times.append(time.perf_counter() - started)
    finally:
        prism.stop()
    return statistics.median(times) * 1000.0, _p90(times) * 1000.0
