"""Foreign keys, savepoints and GROUP BY a key on the postgres adapter, through the service.

The differential suite compares these with PGlite case by case; here the behaviour a
user relies on around them: the seed's `ALTER TABLE ... ADD FOREIGN KEY` is enforced,
also after the database image is stored and restored (in Pyodide: on duckdb-wasm),
a failed request changes nothing, and savepoints leave nothing behind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from demo.native.store import MemoryStore

from ..conftest import Demo


def query(demo: Demo, sql: str) -> tuple[int, dict[str, Any]]:
    reply = demo.client.query("ledger", sql)
    return reply.status, reply.json()


def count(demo: Demo, table: str) -> int:
    status, body = query(demo, f"SELECT count(*) AS n FROM {table}")
    assert status == 200, body
    return int(body["result"][-1]["rows"][0]["n"])


CHILD_ERROR = (
    'insert or update on table "entry" violates foreign key constraint "entry_account_id_fkey"'
)
PARENT_ERROR = (
    'update or delete on table "account" violates foreign key constraint'
    ' "entry_account_id_fkey" on table "entry"'
)
BAD_ENTRY = "INSERT INTO entry (account_id, amount, booked) VALUES (99, 1, '2021-01-05')"


def test_seeded_foreign_key_refuses_a_missing_parent(mini: Demo) -> None:
    status, body = query(
        mini, f"UPDATE account SET name = 'Till' WHERE account_id = 1; {BAD_ENTRY}"
    )
    assert status == 400
    assert body["error"] == CHILD_ERROR and body["statement"] == BAD_ENTRY
    # The request failed as a whole: the rename before it is gone too.
    status, body = query(mini, "SELECT name FROM account WHERE account_id = 1")
    assert body["result"][0]["rows"] == [{"name": "Cash"}]
    assert count(mini, "entry") == 2


def test_seeded_foreign_key_refuses_deleting_a_referenced_row(mini: Demo) -> None:
    status, body = query(mini, "DELETE FROM account WHERE account_id = 1")
    assert status == 400 and body["error"] == PARENT_ERROR
    assert count(mini, "account") == 2
    # Once nothing references it, it goes; updates of a referenced row keep working.
    status, body = query(
        mini,
        "UPDATE account SET name = 'Till' WHERE account_id = 2;"
        "DELETE FROM entry WHERE account_id = 1; DELETE FROM account WHERE account_id = 1",
    )
    assert status == 200, body
    assert count(mini, "account") == 1


def test_foreign_keys_survive_the_stored_image(make_demo: Callable[..., Demo]) -> None:
    store = MemoryStore()
    first = make_demo("mini", store)
    status, body = query(
        first,
        "CREATE TABLE tag (id integer PRIMARY KEY, entry_id bigint REFERENCES entry (entry_id));"
        "INSERT INTO tag VALUES (1, 1)",
    )
    assert status == 200, body
    second = make_demo("mini", store)  # restored from the stored image
    assert query(second, BAD_ENTRY) == (400, {"error": CHILD_ERROR, "statement": BAD_ENTRY})
    status, body = query(second, "DELETE FROM entry WHERE entry_id = 1")
    assert status == 400
    assert body["error"] == (
        'update or delete on table "entry" violates foreign key constraint'
        ' "tag_entry_id_fkey" on table "tag"'
    )


def test_unsupported_referential_action_is_refused(mini: Demo) -> None:
    status, body = query(
        mini, "CREATE TABLE t (id integer, a integer REFERENCES account ON DELETE SET DEFAULT)"
    )
    assert status == 400 and "ON DELETE SET DEFAULT is not supported" in body["error"]
    status, body = query(
        mini, "SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 't'"
    )
    assert body["result"][0]["rows"] == [{"n": 0}]


def test_on_update_cascade_is_kept_and_a_key_change_it_would_carry_is_refused(
    make_demo: Callable[..., Demo],
) -> None:
    # Prisma declares every relation ON DELETE RESTRICT ON UPDATE CASCADE; the key
    # outlives the stored image (in Pyodide: on duckdb-wasm) with both actions.
    store = MemoryStore()
    status, body = query(
        make_demo("mini", store),
        "CREATE TABLE team (id integer PRIMARY KEY); CREATE TABLE member (id integer,"
        " team_id integer REFERENCES team ON DELETE RESTRICT ON UPDATE CASCADE);"
        " INSERT INTO team VALUES (1), (2); INSERT INTO member VALUES (1, 1)",
    )
    assert status == 200, body
    demo = make_demo("mini", store)
    status, body = query(demo, "UPDATE team SET id = 10 WHERE id = 1")
    assert status == 400
    assert body["error"].startswith("ON UPDATE CASCADE is not carried out by this demo")
    status, body = query(demo, "SELECT id FROM team ORDER BY id")  # nothing changed
    assert body["result"][0]["rows"] == [{"id": 1}, {"id": 2}]
    status, body = query(demo, "DELETE FROM team WHERE id = 1")
    assert status == 400
    assert body["error"] == (
        'update or delete on table "team" violates RESTRICT setting of foreign key'
        ' constraint "member_team_id_fkey" on table "member"'
    )
    # A key nothing references may change, as Postgres' cascade would leave it alone.
    status, body = query(demo, "UPDATE team SET id = 20 WHERE id = 2 RETURNING id")
    assert (status, body["result"][0]["rows"]) == (200, [{"id": 20}]), body


def test_error_after_a_savepoint_fails_the_request(mini: Demo) -> None:
    status, body = query(
        mini,
        "BEGIN; INSERT INTO account (name, opened) VALUES ('Till', now()); SAVEPOINT a;"
        f" {BAD_ENTRY}; ROLLBACK TO SAVEPOINT a; COMMIT",
    )
    assert status == 400 and body["error"] == CHILD_ERROR
    assert count(mini, "account") == 2


def test_savepoints_leave_no_copies_behind(mini: Demo) -> None:
    status, body = query(
        mini,
        "BEGIN; SAVEPOINT a; DELETE FROM entry; SAVEPOINT b; DELETE FROM account;"
        " ROLLBACK TO a; UPDATE entry SET memo = 'kept' WHERE entry_id = 2; RELEASE a; COMMIT;"
        # The savepoints' copies are temporary tables (savepoints.py).
        " SELECT count(*) AS n FROM information_schema.tables"
        " WHERE table_type = 'LOCAL TEMPORARY'",
    )
    assert status == 200, body
    assert body["result"][-1]["rows"] == [{"n": 0}]
    assert count(mini, "account") == 2 and count(mini, "entry") == 2
    status, body = query(mini, "SELECT memo FROM entry WHERE entry_id = 2")
    assert body["result"][0]["rows"] == [{"memo": "kept"}]


def test_rollback_to_over_ddl_says_it_is_not_supported(mini: Demo) -> None:
    status, body = query(
        mini, "BEGIN; SAVEPOINT a; CREATE TABLE t (x integer); ROLLBACK TO a; COMMIT"
    )
    assert status == 400
    assert "ROLLBACK TO SAVEPOINT over a schema change" in body["error"]
    assert body["statement"] == "ROLLBACK TO a"


def test_group_by_primary_key_selects_the_other_columns(mini: Demo) -> None:
    status, body = query(
        mini,
        "SELECT a.account_id, a.name, count(e.entry_id) AS n FROM account a"
        " LEFT JOIN entry e ON e.account_id = a.account_id GROUP BY a.account_id ORDER BY a.name",
    )
    assert status == 200, body
    assert body["result"][0]["rows"] == [
        {"account_id": 2, "name": "Bank 'Main'", "n": 1},
        {"account_id": 1, "name": "Cash", "n": 1},
    ]
