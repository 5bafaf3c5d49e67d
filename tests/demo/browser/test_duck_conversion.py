"""demo.browser.duck: Arrow type descriptions and raw values from duck.js, natively."""

from __future__ import annotations

from typing import Any

import pytest

from demo.browser.duck import AskedDuck, BrowserDuckConnection, convert_column, duck_type_name

INT, FLOAT, BINARY, UTF8, BOOL, DECIMAL, DATE, TIME, TIMESTAMP = 2, 3, 4, 5, 6, 7, 8, 9, 10
INTERVAL, LIST, STRUCT, MAP = 11, 12, 13, 17
MONTH_DAY_NANO = 2


@pytest.mark.parametrize(
    ("desc", "name"),
    [
        ({"id": INT, "bitWidth": 32, "signed": True}, "INTEGER"),
        ({"id": INT, "bitWidth": 64, "signed": True}, "BIGINT"),
        ({"id": INT, "bitWidth": 8, "signed": False}, "UTINYINT"),
        ({"id": FLOAT, "precision": 2}, "DOUBLE"),
        ({"id": FLOAT, "precision": 1}, "FLOAT"),
        ({"id": UTF8}, "VARCHAR"),
        ({"id": UTF8, "enum": True}, "ENUM"),  # duck-database.js marks a dictionary's labels
        ({"id": LIST, "children": [{"name": "l", "type": {"id": UTF8, "enum": True}}]}, "ENUM[]"),
        ({"id": BOOL}, "BOOLEAN"),
        ({"id": BINARY}, "BLOB"),
        ({"id": DECIMAL, "precision": 10, "scale": 2}, "DECIMAL(10,2)"),
        ({"id": DATE, "unit": 0}, "DATE"),
        ({"id": TIME, "unit": 2}, "TIME"),
        ({"id": TIMESTAMP, "unit": 2}, "TIMESTAMP"),
        ({"id": TIMESTAMP, "unit": 2, "timezone": "UTC"}, "TIMESTAMP WITH TIME ZONE"),
        (
            {"id": LIST, "children": [{"name": "l", "type": {"id": INT, "bitWidth": 32}}]},
            "INTEGER[]",
        ),
        ({"id": STRUCT, "children": [{"name": "a", "type": {"id": UTF8}}]}, 'STRUCT("a" VARCHAR)'),
        (
            {
                "id": MAP,
                "children": [
                    {
                        "name": "entries",
                        "type": {
                            "id": STRUCT,
                            "children": [
                                {"name": "key", "type": {"id": UTF8}},
                                {"name": "value", "type": {"id": INT, "bitWidth": 32}},
                            ],
                        },
                    }
                ],
            },
            "MAP(VARCHAR, INTEGER)",
        ),
    ],
)
def test_duckdb_type_names(desc: dict[str, Any], name: str) -> None:
    assert duck_type_name(desc) == name


def test_values_match_the_native_adapter_text_forms() -> None:
    assert convert_column(["12345", None], {"id": DECIMAL, "scale": 2}) == ["123.45", None]
    assert convert_column([19723], {"id": DATE, "unit": 0}) == ["2024-01-01"]
    assert convert_column([1_704_067_200_000_000], {"id": TIMESTAMP, "unit": 2}) == [
        "2024-01-01 00:00:00"
    ]
    assert convert_column(
        [1_704_067_200_000_000], {"id": TIMESTAMP, "unit": 2, "timezone": "UTC"}
    ) == ["2024-01-01 00:00:00+00"]
    assert convert_column([45_296_000_000], {"id": TIME, "unit": 2}) == ["12:34:56"]
    assert convert_column([45_296_500_000], {"id": TIME, "unit": 2}) == ["12:34:56.5"]
    assert convert_column([1_704_067_200_250_000], {"id": TIMESTAMP, "unit": 2}) == [
        "2024-01-01 00:00:00.25"
    ]
    assert convert_column([memoryview(b"\x01\x02")], {"id": BINARY}) == [b"\x01\x02"]
    assert convert_column([7, "x", True], {"id": UTF8}) == [7, "x", True]


def test_intervals_and_list_elements_read_as_the_native_adapter_gives_them() -> None:
    # Raw forms as serviceworker/duck-database.js sends them: MONTH_DAY_NANO as
    # [months, days, nanoseconds], list elements by their own type.
    from demo.native.duck import NativeDuckConnection

    native = NativeDuckConnection().execute(
        "SELECT interval '1 day 2 hours', interval '14 months 3 days 0.5 seconds', "
        "interval '-3 days', [1.5, -2.25, NULL]::DECIMAL(18,3)[], [interval '36 hours']"
    )
    interval = {"id": INTERVAL, "unit": MONTH_DAY_NANO}
    decimals = {"id": LIST, "children": [{"name": "l", "type": {"id": DECIMAL, "scale": 3}}]}
    intervals = {"id": LIST, "children": [{"name": "l", "type": interval}]}
    browser = [
        convert_column([[0, 1, 7_200_000_000_000]], interval)[0],
        convert_column([[14, 3, 500_000_000]], interval)[0],
        convert_column([[0, -3, 0]], interval)[0],
        convert_column([["1500", "-2250", None]], decimals)[0],
        convert_column([[[0, 0, 129_600_000_000_000]]], intervals)[0],
    ]
    assert browser == list(native.rows[0])


class _FakeAnswer:
    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    def to_py(self) -> dict[str, Any]:
        return self._data


class _FakeDatabase:
    closed = False

    def query(self, sql: str, repeated: bool = False) -> _FakeAnswer:
        if "bad" in sql:
            raise RuntimeError("Error: Catalog Error: Table with name bad does not exist!")
        return _FakeAnswer(
            {
                "names": ["id", "price"],
                "types": [
                    {"id": INT, "bitWidth": 32, "signed": True},
                    {"id": DECIMAL, "precision": 5, "scale": 1},
                ],
                "columns": [[1, 2], ["15", "250"]],
                "numRows": 2,
            }
        )

    def close(self) -> None:
        self.closed = True


def test_connection_turns_columns_into_rows_and_js_errors_into_messages() -> None:
    db = _FakeDatabase()
    conn = BrowserDuckConnection(db)
    result = conn.execute("SELECT 1")
    assert list(result.columns) == ["id", "price"]
    assert list(result.types) == ["INTEGER", "DECIMAL(5,1)"]
    assert [list(r) for r in result.rows] == [[1, "1.5"], [2, "25.0"]]
    with pytest.raises(Exception, match=r"^Catalog Error: Table with name bad"):
        conn.execute("SELECT * FROM bad")
    conn.close()
    assert db.closed


def test_python_asks_the_worker_for_duckdb_and_refuses_before_it_started() -> None:
    # When it starts is the worker's decision (serviceworker/engine-start.js).

    class Factory:
        def open(self) -> _FakeDatabase:
            return _FakeDatabase()

    started: list[Factory] = []
    duck = AskedDuck(lambda: started[0] if started else None)
    with pytest.raises(RuntimeError, match="duckdb-wasm is not started"):
        duck()
    started.append(Factory())
    assert list(duck().execute("SELECT 1").columns) == ["id", "price"]
