"""A loaded image's rows wait until a statement needs them, and no answer shows it.

Every statement is answered by two engines: the one the seed ran on (all rows in
place) and one that loaded that database's image (rows deferred). The answers must be
equal; only which tables still wait differs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from demo.runtime.sql.postgres.engine import DuckEngine

SEED = """
CREATE TABLE artist (id integer PRIMARY KEY, name varchar(40));
CREATE TABLE album (id integer PRIMARY KEY, artist_id integer REFERENCES artist (id), title text);
CREATE TABLE genre (id integer PRIMARY KEY, name text);
CREATE TABLE empty_one (id integer);
CREATE VIEW album_titles AS SELECT a.title, r.name FROM album a JOIN artist r ON r.id = a.artist_id;
INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Accept'), (3, 'Aerosmith');
INSERT INTO album VALUES (1, 1, 'For Those About To Rock'), (2, 2, 'Balls to the Wall'),
  (3, 2, 'Restless and Wild');
INSERT INTO genre VALUES (1, 'Rock'), (2, 'Jazz');
"""
ALL_WITH_ROWS = frozenset({"artist", "album", "genre"})


@pytest.fixture
def engines(open_duck: Callable[[], Any]) -> Iterator[tuple[DuckEngine, DuckEngine]]:
    """(the seeded engine, an engine that loaded its image)."""
    seeded = DuckEngine(open_duck())
    seeded.execute(SEED)
    loaded = DuckEngine(open_duck())
    loaded.load_image(seeded.image())
    yield seeded, loaded
    seeded.close()
    loaded.close()


def _answer(engine: DuckEngine, sql: str) -> Any:
    try:
        return engine.execute(sql)[0]
    except Exception as exc:  # noqa: BLE001 - both engines must fail alike
        return f"error: {exc}"


@pytest.mark.parametrize(
    ("sql", "still_waiting"),
    [
        ("SELECT name FROM artist WHERE id = 1", {"album", "genre"}),
        ("SELECT count(*) AS n FROM album", {"artist", "genre"}),
        ("SELECT 1 AS one", ALL_WITH_ROWS),
        ("SELECT * FROM generate_series(1, 3) AS g(x)", ALL_WITH_ROWS),
        ("SELECT (SELECT count(*) FROM genre) AS genres", {"artist", "album"}),
        ("SELECT a.title FROM album a JOIN artist r ON r.id = a.artist_id ORDER BY 1", {"genre"}),
        # A WITH query named after a table reads that table inside its own body.
        (
            "WITH artist AS (SELECT * FROM artist WHERE id < 3) SELECT count(*) FROM artist",
            {"album", "genre"},
        ),
        ("WITH few AS (SELECT id FROM genre) SELECT count(*) FROM few", {"artist", "album"}),
        # What a read names hides what it reads: every row goes in first.
        ("SELECT * FROM album_titles ORDER BY title", set()),
        ("SELECT table_name FROM information_schema.tables ORDER BY 1", set()),
        # Writes, DDL and transactions see the whole database.
        ("INSERT INTO genre VALUES (3, 'Metal')", set()),
        ("DELETE FROM artist WHERE id = 3", set()),
        ("CREATE TABLE more (x int)", set()),
        ("BEGIN; SELECT count(*) FROM artist; COMMIT", set()),
        ("SELECT nope FROM artist", {"album", "genre"}),
    ],
)
def test_a_statement_sees_every_row_it_reads(
    engines: tuple[DuckEngine, DuckEngine], sql: str, still_waiting: set[str]
) -> None:
    seeded, loaded = engines
    assert loaded.deferred_tables == ALL_WITH_ROWS
    assert _answer(loaded, sql) == _answer(seeded, sql)
    assert loaded.deferred_tables == still_waiting
    # Whatever waited, the database as a whole is the seeded one.
    assert _answer(loaded, "SELECT * FROM album_titles ORDER BY title") == _answer(
        seeded, "SELECT * FROM album_titles ORDER BY title"
    )


def test_a_refused_write_still_sees_every_row(engines: tuple[DuckEngine, DuckEngine]) -> None:
    """The foreign key check of a delete reads the table that references it."""
    seeded, loaded = engines
    sql = "DELETE FROM artist WHERE id = 2"
    assert _answer(loaded, sql) == _answer(seeded, sql)
    assert str(_answer(loaded, sql)).startswith("error: ")


def test_the_image_of_a_partly_read_database_holds_every_row(
    engines: tuple[DuckEngine, DuckEngine],
) -> None:
    seeded, loaded = engines
    loaded.execute("SELECT name FROM artist")
    assert loaded.deferred_tables == {"album", "genre"}
    assert loaded.image() == seeded.image()
    assert loaded.deferred_tables == frozenset()
