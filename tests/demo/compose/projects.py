"""The real Compose projects under tests/fixtures/compose and small made-up ones.

The real ones are samples of github.com/docker/awesome-compose (CC0-1.0),
pthom/northwind_psql (Ms-PL), devrimgunduz/pagila's seed (MIT) and
dockersamples/atsea-sample-shop-app (Apache-2.0), see
tests/fixtures/compose/SOURCE.md. `write_project` lays out a made-up project from a
{relative path: text} mapping, for rules no sample exercises.
"""

from __future__ import annotations

from pathlib import Path

from demo.compose.project import DEFAULT_FILES

REPO = Path(__file__).resolve().parents[3]
SAMPLES = REPO / "tests" / "fixtures" / "compose"
# Samples with their own Compose file; a seed kept without one (pagila) has its own tests.
SAMPLE_NAMES = sorted(
    p.name for p in SAMPLES.iterdir() if any((p / n).is_file() for n in DEFAULT_FILES)
)


def sample_file(name: str) -> Path:
    folder = SAMPLES / name
    return next(folder / n for n in DEFAULT_FILES if (folder / n).is_file())


def write_project(root: Path, files: dict[str, str | bytes]) -> Path:
    for relative, content in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root
