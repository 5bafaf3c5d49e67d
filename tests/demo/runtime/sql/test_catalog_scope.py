"""Two postgres databases open at once each see only their own objects in the catalog.

A site's postgres services are catalogs of one DuckDB instance (duckdb-wasm's in the
browser, the process's natively), whose information_schema and pg_catalog views list
every catalog's objects: a site with two services showed each one's tables in the
other's `information_schema.tables`, and `pg_tables` listed a table twice where both had
one of its name (transforms/catalog_scope.py). Natively and, in the Pyodide run, on
duckdb-wasm. What one database shows alone is the corpus's part (09_catalog and
49_catalog_scope, judged by PGlite).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from demo.runtime.sql.postgres import DuckEngine
from demo.runtime.sql.postgres.session_names import SessionNames

SHOP = (
    "CREATE TABLE orders (id serial PRIMARY KEY, total numeric(8,2));"
    "CREATE TABLE shared_name (a int); CREATE INDEX orders_total ON orders (total);"
    "CREATE VIEW big_orders AS SELECT id FROM orders WHERE total > 100;"
    "CREATE TYPE status AS ENUM ('open', 'paid')"
)
BLOG = (
    "CREATE TABLE posts (id serial PRIMARY KEY, title text);"
    "CREATE TABLE shared_name (b text); CREATE INDEX posts_title ON posts (title);"
    "CREATE VIEW titles AS SELECT title FROM posts; CREATE TYPE mood AS ENUM ('glad')"
)


@pytest.fixture
def two(open_duck: Callable[[], Any]) -> Iterator[tuple[DuckEngine, DuckEngine]]:
    shop = DuckEngine(open_duck(), SessionNames(database="shop", user="shop"))
    blog = DuckEngine(open_duck(), SessionNames(database="blog", user="blog"))
    shop.execute(SHOP)
    blog.execute(BLOG)
    yield shop, blog
    shop.close()
    blog.close()


def rows(engine: DuckEngine, sql: str) -> list[tuple[Any, ...]]:
    return [tuple(row.values()) for row in engine.execute(sql)[0][-1]["rows"]]


def test_information_schema_lists_this_databases_objects_under_its_name(
    two: tuple[DuckEngine, DuckEngine],
) -> None:
    shop, blog = two
    tables = (
        "SELECT table_catalog, table_name, table_type FROM information_schema.tables"
        " WHERE table_schema = 'public' ORDER BY table_name"
    )
    assert rows(shop, tables) == [
        ("shop", "big_orders", "VIEW"),
        ("shop", "orders", "BASE TABLE"),
        ("shop", "shared_name", "BASE TABLE"),
    ]
    assert rows(blog, tables) == [
        ("blog", "posts", "BASE TABLE"),
        ("blog", "shared_name", "BASE TABLE"),
        ("blog", "titles", "VIEW"),
    ]
    columns = (
        "SELECT table_catalog, column_name FROM information_schema.columns"
        " WHERE table_name = 'shared_name'"
    )
    assert rows(shop, columns) == [("shop", "a")]
    assert rows(blog, columns) == [("blog", "b")]
    keys = (
        "SELECT constraint_catalog, table_name FROM information_schema.table_constraints"
        " WHERE constraint_type = 'PRIMARY KEY' AND table_schema = 'public'"
    )
    assert rows(shop, keys) == [("shop", "orders")]
    schemata = "SELECT catalog_name FROM information_schema.schemata WHERE schema_name = 'public'"
    assert rows(blog, schemata) == [("blog",)]


def test_pg_catalog_lists_this_databases_objects_once(
    two: tuple[DuckEngine, DuckEngine],
) -> None:
    shop, blog = two
    assert rows(shop, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1") == [
        ("orders",),
        ("shared_name",),
    ]
    assert rows(blog, "SELECT viewname FROM pg_catalog.pg_views WHERE schemaname = 'public'") == [
        ("titles",)
    ]
    assert rows(shop, "SELECT indexname FROM pg_indexes WHERE schemaname = 'public'") == [
        ("orders_total",)
    ]
    assert rows(blog, "SELECT sequencename FROM pg_sequences") == [("posts_id_seq",)]
    relations = (
        "SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid ="
        " c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v') ORDER BY 1"
    )
    assert rows(blog, relations) == [("posts", "r"), ("shared_name", "r"), ("titles", "v")]
    assert rows(shop, "SELECT enumlabel FROM pg_enum ORDER BY 1") == [("open",), ("paid",)]
    # The built-in types stay visible beside the database's own.
    types = "SELECT typname FROM pg_type WHERE typname IN ('int4', 'status', 'mood') ORDER BY 1"
    assert rows(shop, types) == [("int4",), ("status",)]
