"""A SQLite seed's PRAGMA settings hold in the demo's database, as they hold for the
application that runs them on each connection it opens.

`PRAGMA foreign_keys = ON` belongs to the connection, not to the database file: the
image a build makes of the seed does not keep it (sql.js's `export()` does not either),
so before the build recorded the seed's settings a demo whose seed turned foreign keys
on took rows that broke them, silently.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.demo.sites import native_only

from .conftest import Demo

pytestmark = native_only  # preparing a site needs the build tools

SEED = """\
PRAGMA foreign_keys = ON;
CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER NOT NULL REFERENCES author(id));
INSERT INTO author VALUES (1, 'Ada');
INSERT INTO book VALUES (1, 1);
"""
ORPHAN = "INSERT INTO book VALUES (2, 99)"


def _site(tmp_path: Path) -> Path:
    from demo.build.prepare import prepare_site_services

    source = tmp_path / "source"
    source.mkdir()
    (source / "seed.sql").write_text(SEED)
    manifest = {
        "name": "settings",
        "storageNamespace": "settings-v1",
        "services": [{"name": "library", "adapter": "sqlite", "config": {"seed": "seed.sql"}}],
    }
    (source / "manifest.json").write_text(json.dumps(manifest))
    prepare_site_services(source / "manifest.json", tmp_path / "site")
    return tmp_path / "site"


def test_the_built_manifest_carries_the_seeds_settings(tmp_path: Path) -> None:
    built = json.loads((_site(tmp_path) / "manifest.json").read_text())
    assert built["services"][0]["config"]["settings"] == ["PRAGMA foreign_keys = ON;"]


def test_a_seed_that_turns_foreign_keys_on_has_them_checked_after_every_open(
    tmp_path: Path, open_duck: Callable[[], Any]
) -> None:
    from demo.native.store import MemoryStore

    site, store = _site(tmp_path), MemoryStore()
    demo = Demo(site, store, open_duck)
    refused = demo.client.query("library", ORPHAN)
    assert refused.status == 400
    assert refused.json()["error"] == "FOREIGN KEY constraint failed"
    assert demo.client.query("library", "INSERT INTO author VALUES (2, 'Bo')").status == 200

    # A new worker opens the stored image (the row above is in it): still checked.
    again = Demo(site, store, open_duck)
    assert again.client.query("library", ORPHAN).json()["error"] == "FOREIGN KEY constraint failed"
    kept = again.client.query("library", "SELECT count(*) FROM author").json()
    assert kept["result"][0]["values"] == [[2]]
    # And after a reset to the seed.
    assert again.client.post("/__demo/db/library/reset").status == 200
    assert again.client.query("library", ORPHAN).status == 400
