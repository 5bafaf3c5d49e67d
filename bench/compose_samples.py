"""Compose samples: `python -m demo build -f` time and site size for each sample project.

Each sample of tests/fixtures/compose (docker/awesome-compose, northwind_psql) goes through the
analyzer, `init` into a temporary folder and the site build (gzip siblings as the CLI
makes them; no memory snapshot, which is the same Chromium step for every site). The
baseline, in the same run, is the same build of the hand-written example demo
(fixtures/example-demo). Sizes: every file of the site, and what a server sending
the gzip siblings transfers for all of it (a visit loads only part of it), and the
size of the Studio page (no gzip siblings: `demo studio` writes none). Every build is
a first one, with the seed cache (demo/build/seed_cache.py) off; one more row is the
example demo rebuilt with the seed image its first build kept. A quick run (the smoke
test) leaves the cache as its caller set it: it checks that the benchmark runs, and a
seed the suite has transpiled already need not be transpiled again.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.report import Result, Row

TITLE = "Compose samples: build -f time and site size vs the hand-written example demo"
ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "tests" / "fixtures" / "compose"
EXAMPLE = ROOT / "fixtures" / "example-demo" / "manifest.json"


def _compose_file(folder: Path) -> Path:
    from demo.compose.project import DEFAULT_FILES

    return next(folder / n for n in DEFAULT_FILES if (folder / n).is_file())


def _build(manifest: Path, out: Path) -> None:
    from demo.build.site import build_site

    if out.exists():
        shutil.rmtree(out)
    build_site(manifest, out, precompress=True)


@contextlib.contextmanager
def _seed_cache(folder: Path | None) -> Iterator[None]:
    """Builds inside keep and reuse seed images in `folder`; None: the cache is off."""
    before = os.environ.get("HELIO_BUILD_CACHE")
    os.environ["HELIO_BUILD_CACHE"] = str(folder) if folder is not None else "off"
    try:
        yield
    finally:
        if before is None:
            del os.environ["HELIO_BUILD_CACHE"]
        else:
            os.environ["HELIO_BUILD_CACHE"] = before


def _samples() -> list[str]:
    """The samples with their own Compose file (a seed kept alone has none)."""
    from demo.compose.project import DEFAULT_FILES

    return sorted(
        p.name for p in SAMPLES.iterdir() if any((p / n).is_file() for n in DEFAULT_FILES)
    )


def _compose_build(sample: Path, work: Path) -> float:
    from demo.compose.analysis import analyze
    from demo.compose.generate import plan_init, write_init

    started = time.perf_counter()
    init = work / "init"
    if init.exists():
        shutil.rmtree(init)
    files = [_compose_file(sample)]
    if (sample / "helio.compose.yaml").is_file():  # the sample's overlay, as the tests use it
        files.append(sample / "helio.compose.yaml")
    write_init(plan_init(analyze(files, environ={}), init))
    _build(init / "manifest.json", work / "site")
    return time.perf_counter() - started


def _sizes(site: Path) -> tuple[int, int]:
    raw = served = 0
    for path in site.rglob("*"):
        if not path.is_file() or path.suffix == ".gz":
            continue
        size = path.stat().st_size
        sibling = path.with_name(path.name + ".gz")
        raw += size
        served += sibling.stat().st_size if sibling.exists() else size
    return raw, served


def run(work: Path, quick: bool = False) -> Result:
    repeats = 1 if quick else 3
    names = _samples()
    if quick:
        names = names[:1]
    if work.exists():
        shutil.rmtree(work)
    # Every build is a first one (the seed cache off), except the example demo's
    # rebuilds at the end, which reuse the seed image its first build kept. A quick run
    # leaves the cache as its caller set it.
    seed_cache = (lambda folder: contextlib.nullcontext()) if quick else _seed_cache
    seed_images = work / "seed-images"
    baseline_times = []
    for repeat in range(repeats):
        started = time.perf_counter()
        with seed_cache(seed_images if repeat == 0 else None):  # a miss: it keeps the image
            _build(EXAMPLE, work / "example")
        baseline_times.append(time.perf_counter() - started)
    baseline_time = statistics.median(baseline_times)
    baseline_raw, baseline_served = _sizes(work / "example")
    rows: list[Row] = []
    figures: dict[str, Any] = {
        "example": {"seconds": baseline_times, "raw": baseline_raw, "served": baseline_served}
    }
    for name in names:
        with seed_cache(None):
            times = [_compose_build(SAMPLES / name, work / name) for _ in range(repeats)]
        raw, served = _sizes(work / name / "site")
        figures[name] = {"seconds": times, "raw": raw, "served": served}
        rows.append(
            Row(
                f"{name}: build -f",
                statistics.median(times),
                "s",
                baseline_time,
                "example demo build",
            )
        )
        rows.append(
            Row(f"{name}: site size", raw / 1e6, "MB", baseline_raw / 1e6, "example demo site")
        )
        rows.append(
            Row(
                f"{name}: site size, gzip siblings served",
                served / 1e6,
                "MB",
                baseline_served / 1e6,
                "example demo site",
            )
        )
    rebuild_times = []
    for _ in range(repeats):
        started = time.perf_counter()
        with seed_cache(seed_images):
            _build(EXAMPLE, work / "example")
        rebuild_times.append(time.perf_counter() - started)
    figures["example-rebuild"] = {"seconds": rebuild_times}
    rows.append(
        Row(
            "example demo: rebuild, seed image kept by the last build",
            statistics.median(rebuild_times),
            "s",
            baseline_time,
            "example demo build",
        )
    )
    from demo.studio import build_studio

    studio = build_studio(work / "studio")
    studio_raw, _ = _sizes(studio)
    figures["studio"] = {"raw": studio_raw}
    rows.append(
        Row(
            "Studio page (python -m demo studio)",
            studio_raw / 1e6,
            "MB",
            baseline_raw / 1e6,
            "example demo site",
        )
    )
    notes = [
        f"Median of {repeats} build(s) per sample, without the memory snapshot (the same "
        "Chromium step for every site). A Postgres service ships duckdb-wasm, which is most "
        "of a site's size; a site with none is Pyodide and the wheels only.",
        "Every build but the example demo's rebuild is a first build (HELIO_BUILD_CACHE=off)."
        if not quick
        else "A quick run: builds reuse seed images the caller's cache kept, so none is "
        "a first build.",
    ]
    return Result(rows, figures, notes)
