"""The postgres adapter: transpiling, PGlite result shape with OIDs, atomicity, persistence."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from demo.native.store import MemoryStore
from demo.runtime.services import image_key

from ..conftest import Demo


def rows(demo: Demo, sql: str, service: str = "ledger") -> list[dict[str, Any]]:
    reply = demo.client.query(service, sql)
    assert reply.status == 200, reply.text
    return reply.json()["result"][-1]["rows"]


def test_seed_with_postgres_isms(mini: Demo) -> None:
    # SERIAL ids, N'..' literals, '2021/1/2 10:30:00' timestamps, quotes; psql lines skipped.
    assert rows(mini, "SELECT account_id, name, opened FROM account ORDER BY account_id") == [
        {"account_id": 1, "name": "Cash", "opened": "2021-01-01T00:00:00.000Z"},
        {"account_id": 2, "name": "Bank 'Main'", "opened": "2021-01-02T10:30:00.000Z"},
    ]
    assert rows(mini, "SELECT memo FROM entry WHERE entry_id = 1") == [{"memo": "coffee; beans"}]
    # The same Postgres-isms in a query at run time (inside Pyodide: on duckdb-wasm).
    inserted = rows(
        mini,
        "INSERT INTO account (name, opened) VALUES (N'Till', '2021/1/3 08:00') RETURNING account_id, opened::text AS o",
    )
    assert inserted == [{"account_id": 3, "o": "2021-01-03 08:00:00"}]


def test_serial_keeps_counting_after_seed_and_restore(make_demo: Callable[..., Demo]) -> None:
    store = MemoryStore()
    first = make_demo("mini", store)
    assert rows(
        first, "INSERT INTO account (name, opened) VALUES ('Card', now()) RETURNING account_id"
    ) == [{"account_id": 3}]
    second = make_demo("mini", store)
    assert rows(
        second, "INSERT INTO account (name, opened) VALUES ('Loan', now()) RETURNING account_id"
    ) == [{"account_id": 4}]


def test_pglite_shape_and_oids(mini: Demo) -> None:
    reply = mini.client.query(
        "ledger",
        "SELECT 1::int AS i4, 2::bigint AS i8, 3::smallint AS i2, 'x'::text AS t, 'y'::varchar(5) AS v, "
        "1.50::numeric(6,2) AS n, 0.5::float8 AS f8, 0.25::real AS f4, true AS b, DATE '2024-02-03' AS d, "
        "TIMESTAMP '2024-02-03 04:05:06' AS ts, '\\xdeadbeef'::bytea AS raw, '{\"k\": [1]}'::jsonb AS j, "
        "ARRAY[1, 2] AS arr",
    )
    assert reply.status == 200, reply.text
    body = reply.json()
    assert body["service"] == "ledger" and body["adapter"] == "postgres"
    (result,) = body["result"]
    assert result["affectedRows"] == 0
    assert {f["name"]: f["dataTypeID"] for f in result["fields"]} == {
        "i4": 23,
        "i8": 20,
        "i2": 21,
        "t": 25,
        "v": 1043,
        "n": 1700,
        "f8": 701,
        "f4": 700,
        "b": 16,
        "d": 1082,
        "ts": 1114,
        "raw": 17,
        "j": 3802,
        "arr": 1007,
    }
    assert result["rows"] == [
        {
            "i4": 1,
            "i8": 2,
            "i2": 3,
            "t": "x",
            "v": "y",
            "n": "1.50",
            "f8": 0.5,
            "f4": 0.25,
            "b": True,
            "d": "2024-02-03T00:00:00.000Z",
            "ts": "2024-02-03T04:05:06.000Z",
            "raw": [0xDE, 0xAD, 0xBE, 0xEF],
            "j": {"k": [1]},
            "arr": [1, 2],
        }
    ]


def test_uuid_and_null_oids(mini: Demo) -> None:
    reply = mini.client.query(
        "ledger", "SELECT '00000000-0000-4000-8000-000000000001'::uuid AS u, NULL AS nothing"
    )
    (result,) = reply.json()["result"]
    assert result["fields"] == [
        {"name": "u", "dataTypeID": 2950},
        {"name": "nothing", "dataTypeID": 25},
    ]
    assert result["rows"] == [{"u": "00000000-0000-4000-8000-000000000001", "nothing": None}]


def test_timestamptz_is_utc_text(mini: Demo) -> None:
    reply = mini.client.query("ledger", "SELECT TIMESTAMPTZ '2024-01-01 12:00:00+02' AS t")
    (result,) = reply.json()["result"]
    assert result["fields"] == [{"name": "t", "dataTypeID": 1184}]
    assert result["rows"] == [{"t": "2024-01-01T10:00:00.000Z"}]


def test_multi_statement_results_and_affected_rows(mini: Demo) -> None:
    reply = mini.client.query(
        "ledger",
        "CREATE TABLE tag (id SERIAL PRIMARY KEY, label TEXT NOT NULL);"
        "INSERT INTO tag (label) VALUES ('a'), (N'b');"
        "UPDATE tag SET label = upper(label) WHERE label ILIKE 'A';"
        "SELECT id, label::varchar AS label FROM tag ORDER BY id;",
    )
    assert reply.status == 200, reply.text
    create, insert, update, select = reply.json()["result"]
    assert create == {"rows": [], "fields": [], "affectedRows": 0}
    assert insert == {"rows": [], "fields": [], "affectedRows": 2}
    assert update["affectedRows"] == 3  # PGlite's running total over the request
    assert select["rows"] == [{"id": 1, "label": "A"}, {"id": 2, "label": "b"}]


def test_select_without_rows_keeps_fields(mini: Demo) -> None:
    (result,) = mini.client.query("ledger", "SELECT name FROM account WHERE false").json()["result"]
    assert result == {
        "rows": [],
        "fields": [{"name": "name", "dataTypeID": 1043}],
        "affectedRows": 0,
    }


def test_atomic_batch_and_stored_image_unchanged(mini: Demo) -> None:
    assert mini.client.query("ledger", "DELETE FROM entry WHERE entry_id = 2").status == 200
    key = image_key(mini.namespace, "ledger")
    stored = mini.store.data[key]
    reply = mini.client.query(
        "ledger",
        "INSERT INTO account (name, opened) VALUES ('New', now()); INSERT INTO account (name, opened) VALUES ('Cash', now())",
    )
    assert reply.status == 400
    assert "Cash" in reply.json()["statement"] and "New" not in reply.json()["statement"]
    assert reply.json()["error"]
    assert rows(mini, "SELECT count(*) AS n FROM account") == [{"n": 2}]
    assert mini.store.data[key] == stored


def test_unparseable_statement_runs_nothing(mini: Demo) -> None:
    reply = mini.client.query("ledger", "DELETE FROM entry; SELEC oops FROM")
    assert reply.status == 400
    assert reply.json()["statement"] == "SELEC oops FROM"
    assert rows(mini, "SELECT count(*) AS n FROM entry") == [{"n": 2}]


def test_own_transaction_control(mini: Demo) -> None:
    reply = mini.client.query(
        "ledger",
        "BEGIN; DELETE FROM entry; ROLLBACK; START TRANSACTION; DELETE FROM entry WHERE entry_id = 1; COMMIT;"
        "SELECT entry_id FROM entry",
    )
    assert reply.status == 200, reply.text
    assert reply.json()["result"][-1]["rows"] == [{"entry_id": 2}]


def test_repeated_statement_sees_schema_changes(mini: Demo) -> None:
    # Transpiled statements are remembered (transpile_cache.py), and `a / b` is
    # transpiled differently for integer and float columns: the same text must
    # follow the table through DDL, in later requests and later in the same one.
    divide = "SELECT a / b AS q FROM ratio"
    assert (
        rows(mini, "CREATE TABLE ratio (a integer, b integer); INSERT INTO ratio VALUES (7, 2)")
        == []
    )
    assert rows(mini, divide) == [{"q": 3}]
    recreate = "DROP TABLE ratio; CREATE TABLE ratio (a float8, b float8); INSERT INTO ratio VALUES (7, 2);"
    assert rows(mini, recreate + divide) == [{"q": 3.5}]
    assert rows(mini, divide) == [{"q": 3.5}]
    # DDL undone by a ROLLBACK, or by a failure later in the request, is undone for it too.
    back_to_int = "DROP TABLE ratio; CREATE TABLE ratio (a integer, b integer); INSERT INTO ratio VALUES (7, 2);"
    assert rows(mini, "BEGIN;" + back_to_int + "ROLLBACK;" + divide) == [{"q": 3.5}]
    assert rows(mini, divide) == [{"q": 3.5}]
    assert mini.client.query("ledger", back_to_int + "SELECT * FROM nowhere").status == 400
    assert rows(mini, divide) == [{"q": 3.5}]
    assert rows(mini, "ALTER TABLE ratio ALTER COLUMN a TYPE integer") == []
    assert rows(mini, "ALTER TABLE ratio ALTER COLUMN b TYPE integer") == []
    assert rows(mini, divide) == [{"q": 3}]


def test_persistence_and_namespaces(make_demo: Callable[..., Demo]) -> None:
    store = MemoryStore()
    first = make_demo("mini", store)
    rows(first, "UPDATE account SET name = 'Till' WHERE account_id = 1")
    assert rows(make_demo("mini", store), "SELECT name FROM account WHERE account_id = 1") == [
        {"name": "Till"}
    ]
    other = make_demo("mini", store, namespace="elsewhere")
    assert rows(other, "SELECT name FROM account WHERE account_id = 1") == [{"name": "Cash"}]


def test_duckdb_opened_lazily_once(mini: Demo) -> None:
    mini.client.get("/__demo/mock/api/apps")
    mini.client.query("notes", "SELECT 1")
    assert mini.opened == 0
    rows(mini, "SELECT 1 AS one")
    rows(mini, "SELECT 2 AS two")
    assert mini.opened == 1


def test_reset_reloads_the_seed(mini: Demo) -> None:
    rows(mini, "DELETE FROM entry")
    assert mini.client.post("/__demo/db/ledger/reset").status == 200
    assert rows(mini, "SELECT count(*) AS n FROM entry") == [{"n": 2}]


@pytest.fixture
def example(make_demo: Callable[..., Demo]) -> Demo:
    return make_demo("example")


def test_chinook_prepared_seed_answers_a_join(example: Demo) -> None:
    result = rows(
        example,
        "SELECT ar.name AS artist, count(*) AS tracks FROM artist ar "
        "JOIN album al ON al.artist_id = ar.artist_id JOIN track t ON t.album_id = al.album_id "
        "GROUP BY ar.name ORDER BY tracks DESC, artist LIMIT 3",
        service="chinook",
    )
    assert result == [
        {"artist": "Iron Maiden", "tracks": 213},
        {"artist": "U2", "tracks": 135},
        {"artist": "Led Zeppelin", "tracks": 114},
    ]
    totals = rows(
        example, "SELECT count(*) AS n, sum(total)::text AS s FROM invoice", service="chinook"
    )
    assert totals == [{"n": 412, "s": "2328.60"}]


def test_chinook_warnings_recorded(example: Demo) -> None:
    (service,) = [s for s in example.manifest["services"] if s["name"] == "chinook"]
    warnings = service["config"]["warnings"]
    assert not any("foreign key" in w for w in warnings)  # ALTER TABLE ... ADD FOREIGN KEY is kept
    assert any("\\c chinook" in w for w in warnings)
