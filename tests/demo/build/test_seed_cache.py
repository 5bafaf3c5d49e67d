"""A postgres seed is transpiled once per content: rebuilds reuse its image (seed_cache.py).

What a user relies on: a rebuild of unchanged seeds gives the same site without the
minute a large seed costs, and any change (a seed's bytes, the service's config, a new
Helio) builds the image again; a seed that fails fails every build; `HELIO_BUILD_CACHE=off`
keeps nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from demo.build import seed_cache
from demo.build.prepare import prepare_site_services
from demo.runtime.manifest import ManifestError
from demo.runtime.sql.postgres.duckdump import parse_dump
from tests.demo.sites import native_only

pytestmark = native_only

SEED = """\\c ledger
CREATE TABLE entry (id serial PRIMARY KEY, label varchar(20), amount numeric(8, 2));
INSERT INTO entry (label, amount) VALUES ('rent', 800.00), ('food', 12.5);
"""


def demo(folder: Path, seed: str = SEED, config: dict[str, object] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ledger.sql").write_text(seed)
    service = {
        "name": "ledger",
        "adapter": "postgres",
        "config": {"seed": ["ledger.sql"], **(config or {})},
    }
    manifest = {"name": "ledger-demo", "services": [service]}
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return folder / "manifest.json"


def build(manifest: Path, out: Path) -> tuple[list[str], bytes, list[str]]:
    """The progress lines, the image and the built warnings of one build."""
    lines: list[str] = []
    built = prepare_site_services(manifest, out, progress=lines.append)
    config = built["services"][0]["config"]
    return lines, (out / config["image"]).read_bytes(), config["warnings"]


def seeded(lines: list[str]) -> bool:
    """Whether the build transpiled the seed (rather than reusing a kept image)."""
    transpiled = any(line.startswith("ledger: transpiled and loaded") for line in lines)
    reused = any(line.startswith("ledger: seed unchanged") for line in lines)
    assert transpiled != reused, lines
    return transpiled


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("HELIO_BUILD_CACHE", str(folder))
    return folder


def test_a_rebuild_of_the_same_seed_reuses_its_image(tmp_path: Path, cache: Path) -> None:
    manifest = demo(tmp_path / "src")
    first_lines, first_image, first_warnings = build(manifest, tmp_path / "one")
    again_lines, again_image, again_warnings = build(manifest, tmp_path / "two")
    assert seeded(first_lines) and not seeded(again_lines)
    assert again_image == first_image
    # The psql command the seed skipped is still reported, on the console and in the site.
    assert again_warnings == first_warnings and any("\\c ledger" in w for w in again_warnings)
    assert [line for line in again_lines if "warning" in line] == [
        line for line in first_lines if "warning" in line
    ]


@pytest.mark.parametrize(
    "change",
    ["seed", "config", "code"],
)
def test_any_change_builds_the_image_again(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    build(demo(tmp_path / "src"), tmp_path / "one")
    if change == "seed":
        manifest = demo(tmp_path / "src", SEED + "INSERT INTO entry (label) VALUES ('gas');\n")
    elif change == "config":
        manifest = demo(tmp_path / "src", config={"database": "books"})
    else:  # another Helio (or sqlglot, duckdb, Python) builds the same seed
        fingerprint = seed_cache.code_fingerprint()
        monkeypatch.setattr(seed_cache, "code_fingerprint", lambda: fingerprint + "-next")
        manifest = demo(tmp_path / "src")
    lines, image, _ = build(manifest, tmp_path / "two")
    assert seeded(lines)
    if change == "seed":
        assert any("gas" in statement for statement in parse_dump(image))


def test_a_seed_that_fails_fails_every_build(tmp_path: Path, cache: Path) -> None:
    manifest = demo(tmp_path / "src", "CREATE TABLE a (x int);\nINSERT INTO b VALUES (1);\n")
    for out in ("one", "two"):
        with pytest.raises(ManifestError, match='relation "b" does not exist'):
            build(manifest, tmp_path / out)
    assert not list(cache.glob("*.image"))


def test_a_damaged_entry_is_built_again(tmp_path: Path, cache: Path) -> None:
    manifest = demo(tmp_path / "src")
    _, image, _ = build(manifest, tmp_path / "one")
    (kept,) = cache.glob("*.image")
    kept.write_bytes(kept.read_bytes()[:-10])  # cut short, as by a full disk
    lines, again, _ = build(manifest, tmp_path / "two")
    assert seeded(lines) and again == image


def test_off_keeps_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HELIO_BUILD_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    manifest = demo(tmp_path / "src")
    assert seeded(build(manifest, tmp_path / "one")[0])
    assert seeded(build(manifest, tmp_path / "two")[0])
    assert not (tmp_path / "xdg").exists()


def test_the_default_folder_is_the_users_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HELIO_BUILD_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    manifest = demo(tmp_path / "src")
    build(manifest, tmp_path / "one")
    assert not seeded(build(manifest, tmp_path / "two")[0])
    assert list((tmp_path / "xdg" / "helio" / "seed-images").glob("*.image"))


def test_only_the_newest_entries_are_kept(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(seed_cache, "KEEP", 2)
    for label in ("a", "b", "c"):
        seed = SEED + f"INSERT INTO entry (label) VALUES ('{label}');\n"
        build(demo(tmp_path / label, seed), tmp_path / f"out-{label}")
    assert len(list(cache.glob("*.image"))) == len(list(cache.glob("*.json"))) == 2
    # The oldest ("a") went: building it again transpiles it.
    newest = SEED + "INSERT INTO entry (label) VALUES ('c');\n"
    assert not seeded(build(demo(tmp_path / "c", newest), tmp_path / "again-c")[0])
    oldest = SEED + "INSERT INTO entry (label) VALUES ('a');\n"
    assert seeded(build(demo(tmp_path / "a", oldest), tmp_path / "again-a")[0])
