"""A postgres service's `database` and `user` (the image's POSTGRES_DB, POSTGRES_USER)."""

from __future__ import annotations

from typing import Any

import pytest

from demo.runtime.sql.postgres import DuckEngine
from demo.runtime.sql.postgres.session_names import session_names

NAMES_QUERY = (
    "SELECT current_database() AS db, current_catalog AS catalog,"
    " current_user AS u, session_user AS s"
)


def _names(open_duck: Any, config: dict[str, str]) -> dict[str, Any]:
    engine = DuckEngine(open_duck(), session_names(config))
    try:
        rows: list[dict[str, Any]] = engine.execute(NAMES_QUERY)[0][-1]["rows"]
    finally:
        engine.close()
    return rows[0]


@pytest.mark.parametrize(
    ("config", "database", "user"),
    [
        # As the Postgres image: POSTGRES_DB defaults to POSTGRES_USER, which defaults to postgres.
        ({}, "postgres", "postgres"),
        ({"user": "app"}, "app", "app"),
        ({"database": "northwind"}, "northwind", "postgres"),
        ({"database": "shop", "user": "app"}, "shop", "app"),
    ],
)
def test_session_functions_name_the_services_database_and_user(
    open_duck: Any, config: dict[str, str], database: str, user: str
) -> None:
    assert _names(open_duck, config) == {"db": database, "catalog": database, "u": user, "s": user}


def test_a_seed_reading_the_names_sees_the_services_names(open_duck: Any) -> None:
    # A seed (or a page) that records who and where it runs, as against the container.
    engine = DuckEngine(open_duck(), session_names({"database": "shop", "user": "app"}))
    try:
        engine.execute(
            "CREATE TABLE audit (who text DEFAULT current_user, db text);"
            "INSERT INTO audit (db) VALUES (current_database());"
        )
        rows = engine.execute("SELECT who, db FROM audit")[0][-1]["rows"]
    finally:
        engine.close()
    assert rows == [{"who": "app", "db": "shop"}]
