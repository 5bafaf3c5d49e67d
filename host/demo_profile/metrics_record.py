"""What the live demo host writes into the demo's `metrics` database.

The flagship's landing page has a query panel on its `metrics` service (Postgres dialect,
run on duckdb-wasm). So that the panel reads what the visitor's host measured, not only
its seed, each hardware-metrics sample the host takes (the console's Hardware metrics
page, a paired device reading its stream's metrics) becomes a row of `samples`
(fixtures/host-demo/metrics/seed.sql): one a second (the latest), `sampled_at` in UTC as the
seed's rows, for the GPU the sampler names (its `gpus` row is added once).

The rows wait here until the `metrics` service runs its next query: duckdb-wasm starts
only for a query of that service (serviceworker/engine-start.js decides; a host request
never starts it), so the demo runtime asks for them (`HostedContext.feed`) just before
that query runs, under the service's lock, and saves them before the query's answer.
Samples not queried yet are lost when the worker stops; at most MAX_PENDING wait.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from host.core.metrics.rules import Reading

from .history import sql_text, sqlite_utc

__all__ = ["METRICS_SERVICE", "FeedDatabase", "MetricsRecord"]

# demo.runtime.adapters.FeedDatabase: leave SQL for a database service's next query.
FeedDatabase = Callable[[str, Callable[[], str | None]], None]

METRICS_SERVICE = "metrics"  # the flagship manifest's service name
MAX_PENDING = 3 * 3600  # three hours of samples, a second apart: the oldest go first

_COLUMNS = (  # samples' columns after sampled_at and gpu_id, as the sampler names them
    "gpu_usage_percent",
    "gpu_temperature_c",
    "gpu_power_w",
    "gpu_vram_used_mb",
)


class MetricsRecord:
    """Samples of the live host, kept until `pending_sql` hands them to the database."""

    def __init__(self, streaming: Callable[[], bool], vram_mb: int) -> None:
        """`streaming`: whether a stream is active now; `vram_mb`: the GPU's memory."""
        self._streaming = streaming
        self._vram_mb = vram_mb
        self._pending: deque[str] = deque(maxlen=MAX_PENDING)
        self._gpu: str | None = None
        self._last_second = ""

    def record(self, reading: Reading, at: float) -> None:
        """One full sample (every metric) taken at `at` (the host's clock, seconds)."""
        second = sqlite_utc(at)  # the text the seed's timestamps are written in
        if not reading.gpus or second < self._last_second:
            return
        if second == self._last_second:  # the table keys samples by the second
            if not self._pending or not self._pending[-1].startswith(f"('{second}'"):
                return  # that second's sample is in the database already
            self._pending.pop()  # the latest of a second stands, as the console showed it
        self._last_second = second
        gpu = reading.gpus[0]
        self._gpu = gpu.name
        values = [sql_text(second)]
        values += [str(float(gpu.metrics[name])) for name in _COLUMNS]
        values.append(str(float(reading.cpu["cpu_usage_percent"])))
        values.append("TRUE" if self._streaming() else "FALSE")
        self._pending.append(f"({', '.join(values)})")

    def pending_sql(self) -> str | None:
        """The SQL that writes every waiting sample (adapters.PendingSql); None: none."""
        if not self._pending or self._gpu is None:
            return None
        rows, self._pending = list(self._pending), deque(maxlen=MAX_PENDING)
        gpu = sql_text(self._gpu)
        columns = ", ".join(("sampled_at", "gpu_id", *_COLUMNS, "cpu_usage_percent", "streaming"))
        picked = ", ".join(f"v.{name}" for name in (*_COLUMNS, "cpu_usage_percent", "streaming"))
        names = ", ".join(("sampled_at", *_COLUMNS, "cpu_usage_percent", "streaming"))
        return (
            f"INSERT INTO gpus (name, vram_mb) SELECT {gpu}, {self._vram_mb}\n"
            f"WHERE NOT EXISTS (SELECT 1 FROM gpus WHERE name = {gpu});\n"
            f"INSERT INTO samples ({columns})\n"
            f"SELECT CAST(v.sampled_at AS TIMESTAMP), g.id, {picked}\n"
            f"FROM (VALUES {', '.join(rows)}) AS v({names})\n"
            f"JOIN gpus g ON g.name = {gpu};"
        )
