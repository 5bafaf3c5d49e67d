"""The demo host leaves each hardware-metrics sample for the demo's `metrics` database.

The database here is the flagship's own seed (fixtures/host-demo/metrics) on the
postgres adapter's engine (native DuckDB), fed as the demo runtime feeds it
(`HostedContext.feed`, asked before the service's next query); tests/demo/host runs
the same through the service worker and duckdb-wasm in Chromium."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from demo.runtime.asgi_service import HostedContext
from demo.runtime.sql.postgres.engine import DuckEngine
from host.demo_profile import create_demo_host
from host.demo_profile.metrics_record import MetricsRecord
from host.demo_profile.simulated import SIMULATED_VRAM_MB, SimulatedSampler

from ..app_client import native_only
from .client import ADDRESS, HostClient

pytestmark = native_only("the postgres engine needs the duckdb package")

SQL_UTC = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")
SEED = Path(__file__).resolve().parents[3] / "fixtures" / "host-demo" / "metrics" / "seed.sql"


class Metrics:
    """The `metrics` service: its seed on the postgres engine, and what is fed to it."""

    def __init__(self) -> None:
        from demo.native import open_native_duck

        self.engine = DuckEngine(open_native_duck())
        self.engine.execute(SEED.read_text())
        self.fed: dict[str, Any] = {}

    def feed(self, service: str, pending: Any) -> None:
        self.fed[service] = pending

    def query(self, sql: str) -> list[list[Any]]:
        """As the service's query route: what was left for it first, then `sql`."""
        pending = self.fed["metrics"]()
        if pending:
            self.engine.execute(pending)
        result, _ = self.engine.execute(sql)
        last = result[-1]  # PGlite's shape: rows by field name
        names = [field["name"] for field in last["fields"]]  # type: ignore[typeddict-item]
        return [[row[n] for n in names] for row in last["rows"]]  # type: ignore[typeddict-item]


@pytest.fixture
def metrics() -> Metrics:
    return Metrics()


@pytest.fixture
def client(metrics: Metrics) -> Iterator[HostClient]:
    host = create_demo_host(HostedContext("host", {"address": ADDRESS}, None, feed=metrics.feed))
    made = HostClient(host)
    made.sign_in()
    yield made
    host.close()


# The metrics panel's first example, as the landing page offers it.
MANIFEST = json.loads((SEED.parents[1] / "manifest.json").read_text())
LIVE = next(s for s in MANIFEST["services"] if s["name"] == "metrics")["config"]["examples"][0]


def test_a_sample_the_host_takes_reaches_the_panels_next_query_once(
    client: HostClient, metrics: Metrics
) -> None:
    seeded = metrics.query("SELECT count(*) FROM samples;")[0][0]
    before = datetime.now(UTC).replace(microsecond=0)
    preview = client.request("GET", "/api/hardware-metrics/preview")
    assert preview.status == 200, preview.body
    rows = metrics.query(LIVE)
    assert len(rows) == 1
    sampled_at, streaming = rows[0][0], rows[0][-1]
    assert streaming is False  # no device streams
    # A readable date in UTC, as the seed's rows and the history's.
    assert SQL_UTC.match(sampled_at), sampled_at
    at = datetime.strptime(sampled_at, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
    assert before <= at <= datetime.now(UTC)
    # Written once: the next query finds nothing new; the seed's rows stand.
    assert metrics.query("SELECT count(*) FROM samples;")[0][0] == seeded + 1
    assert metrics.query("SELECT count(*) FROM gpus;")[0][0] == 2


def test_samples_are_kept_one_a_second_as_the_table_keys_them() -> None:
    """The latest sample of a second stands (the one the console showed last)."""
    record = MetricsRecord(lambda: True, SIMULATED_VRAM_MB)
    sampler = SimulatedSampler()

    def take(at: float) -> float:
        reading = sampler._reading(at)
        record.record(reading, at)
        return float(reading.gpus[0].metrics["gpu_usage_percent"])

    take(1_795_000_000.0)
    latest = take(1_795_000_000.6)
    take(1_795_000_002.0)
    sql = record.pending_sql()
    assert sql is not None
    assert sql.count("'2026-11-18 11:06:40'") == 1 and "'2026-11-18 11:06:42'" in sql
    assert f"('2026-11-18 11:06:40', {latest}," in sql
    assert record.pending_sql() is None  # handed over once
    take(1_795_000_002.3)  # that second is in the database already: its key is taken
    assert record.pending_sql() is None
