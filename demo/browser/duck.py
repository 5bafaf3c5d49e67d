"""`DuckConnection` over duckdb-wasm (serviceworker/duck.js).

duck.js answers each statement with raw column values plus a structural
description of every Arrow column type; this module names the DuckDB type
(`INTEGER`, `DECIMAL(10,2)`, `VARCHAR[]`, ...) and turns raw values into the
plain values demo.native.duck gives (decimals, dates and times as DuckDB's text).
Those two functions are pure and tested natively.

duckdb-wasm is started by the worker (serviceworker/engine-start.js decides when:
before a request reaches a postgres service), so the synchronous `OpenDuck` port
(`AskedDuck`) only asks the worker for it and hands out connections without waiting.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from decimal import Context, Decimal
from typing import Any

from demo.runtime.duck_text import OUTSIDE_PYTHON_RANGE, interval_text, month_day_nano
from demo.runtime.ports import DuckConnection, DuckResult

__all__ = ["BrowserDuckConnection", "AskedDuck", "convert_column", "duck_type_name"]

# apache-arrow's Type enum.
_NULL, _INT, _FLOAT, _BINARY, _UTF8, _BOOL, _DECIMAL, _DATE, _TIME, _TIMESTAMP = range(1, 11)
_INTERVAL, _LIST, _STRUCT, _UNION, _FIXED_BINARY, _FIXED_LIST, _MAP, _DURATION = range(11, 19)
_LARGE_BINARY, _LARGE_UTF8 = 19, 20
_EXACT = Context(prec=100)
_MONTH_DAY_NANO = 2  # Arrow IntervalUnit; duck-database.js sends [months, days, nanoseconds]

_INT_NAMES = {8: "TINYINT", 16: "SMALLINT", 32: "INTEGER", 64: "BIGINT"}
_SIMPLE_NAMES: dict[Any, str] = {
    _NULL: "NULL",
    _BINARY: "BLOB",
    _LARGE_BINARY: "BLOB",
    _FIXED_BINARY: "BLOB",
    _UTF8: "VARCHAR",
    _LARGE_UTF8: "VARCHAR",
    _BOOL: "BOOLEAN",
    _DATE: "DATE",
    _TIME: "TIME",
    _INTERVAL: "INTERVAL",
    _DURATION: "INTERVAL",
    _UNION: "UNION",
}
_TIMESTAMP_NAMES = {0: "TIMESTAMP_S", 1: "TIMESTAMP_MS", 2: "TIMESTAMP", 3: "TIMESTAMP_NS"}
# Units per second for Arrow's TimeUnit (SECOND, MILLISECOND, MICROSECOND, NANOSECOND).
_PER_SECOND = {0: 1, 1: 1_000, 2: 1_000_000, 3: 1_000_000_000}
_EPOCH = dt.datetime(1970, 1, 1)
_EPOCH_DATE = dt.date(1970, 1, 1)


def duck_type_name(t: Mapping[str, Any]) -> str:
    """DuckDB's name for an Arrow type description from duck.js."""
    kind = t.get("id")
    children = t.get("children") or []
    if t.get("enum"):  # duckdb-wasm's Arrow carries an enum's labels, not its type's name
        return "ENUM"
    if kind == _INT:
        name = _INT_NAMES.get(int(t.get("bitWidth", 32)), "BIGINT")
        return name if t.get("signed", True) else "U" + name
    if kind == _FLOAT:
        return "FLOAT" if t.get("precision", 2) < 2 else "DOUBLE"
    if kind == _DECIMAL:
        return f"DECIMAL({t.get('precision', 18)},{t.get('scale', 3)})"
    if kind == _TIMESTAMP:
        if t.get("timezone"):
            return "TIMESTAMP WITH TIME ZONE"
        return _TIMESTAMP_NAMES.get(t.get("unit", 2), "TIMESTAMP")
    if kind in (_LIST, _FIXED_LIST) and children:
        return duck_type_name(children[0]["type"]) + "[]"
    if kind == _STRUCT:
        return (
            "STRUCT("
            + ", ".join(f'"{c["name"]}" {duck_type_name(c["type"])}' for c in children)
            + ")"
        )
    if kind == _MAP and children:
        entry = children[0]["type"].get("children") or []
        if len(entry) == 2:
            return f"MAP({duck_type_name(entry[0]['type'])}, {duck_type_name(entry[1]['type'])})"
        return "MAP"
    return _SIMPLE_NAMES.get(kind, "VARCHAR")


def _since_epoch(raw: int, unit: int) -> dt.timedelta:
    per_second = _PER_SECOND.get(unit, 1_000_000)
    return dt.timedelta(microseconds=int(raw) * 1_000_000 // per_second)


def _text(moment: dt.datetime | dt.time) -> str:
    # DuckDB prints fractional seconds without trailing zeros (05.25, not 05.250000).
    text = (
        moment.replace(microsecond=0).isoformat(sep=" ")
        if isinstance(moment, dt.datetime)
        else (moment.replace(microsecond=0).isoformat())
    )
    if moment.microsecond:
        text += f".{moment.microsecond:06d}".rstrip("0")
    return text


def _convert(value: Any, t: Mapping[str, Any]) -> Any:
    # Text forms match DuckDB's CAST(... AS VARCHAR), as demo.native.duck gives them.
    if value is None:
        return None
    kind = t.get("id")
    if kind == _TIMESTAMP:
        moment = _EPOCH + _since_epoch(value, t.get("unit", 2))
        return _text(moment) + ("+00" if t.get("timezone") else "")
    if kind == _DATE:
        # DateUnit DAY (0) counts days; MILLISECOND (1) counts milliseconds.
        days = int(value) if t.get("unit", 0) == 0 else int(value) // 86_400_000
        return (_EPOCH_DATE + dt.timedelta(days=days)).isoformat()
    if kind == _TIME:
        return _text((_EPOCH + _since_epoch(value, t.get("unit", 2))).time())
    if kind == _DECIMAL:
        # Exact (DECIMAL(38,s) has more digits than the default context's 28) and
        # positional ("0.0000000005", not "5E-10"), as Postgres prints numeric.
        unscaled = Decimal(int(str(value)))
        return format(unscaled.scaleb(-int(t.get("scale", 0)), _EXACT), "f")
    if kind == _INTERVAL and t.get("unit") == _MONTH_DAY_NANO and isinstance(value, list | tuple):
        return interval_text(month_day_nano(*(int(v) for v in value)))
    if kind in (_LIST, _FIXED_LIST) and isinstance(value, list | tuple):
        children = t.get("children") or []
        element = children[0]["type"] if children else {}
        return [_convert(v, element) for v in value]
    if kind in (_BINARY, _LARGE_BINARY, _FIXED_BINARY):
        return bytes(value)
    if kind == _INT and isinstance(value, float):
        return int(value)
    return value


def convert_column(values: Sequence[Any], t: Mapping[str, Any]) -> list[Any]:
    """Raw column values from duck.js -> Python values for a column of type `t`."""
    return [_convert(v, t) for v in values]


def _js_message(exc: Exception) -> str:
    message = str(exc).strip().removeprefix("Error: ")
    if message.startswith(("TypeError: ", "RangeError: ")):
        # Not DuckDB's refusal: the worker's JavaScript failed reading the answer.
        return f"this demo could not read DuckDB's answer in the browser ({message})"
    return message


# duckdb-wasm's Arrow output turns HUGEINT into this decimal.
_HUGEINT_LOOKALIKE = "DECIMAL(38,0)"
_HUGEINT_MEMORY = 256  # repeated statements whose HUGEINT columns are remembered


class BrowserDuckConnection:
    """One fresh in-memory database inside the worker's duckdb-wasm instance."""

    def __init__(self, js_database: Any) -> None:
        self._db = js_database
        # sql -> its HUGEINT columns, for reads the caller repeats (no DESCRIBE each time).
        self._hugeints: dict[str, list[int]] = {}

    def execute(self, sql: str, *, repeated: bool = False) -> DuckResult:
        try:
            answer = self._db.query(sql, repeated)
        except Exception as exc:  # JsException: duckdb-wasm's message is what the user needs
            raise Exception(_js_message(exc)) from None
        data = answer.to_py()
        types = data["types"]
        try:
            columns = [
                convert_column(col, t) for col, t in zip(data["columns"], types, strict=True)
            ]
        except OverflowError:  # Python's datetime types hold less than DuckDB's
            raise Exception(OUTSIDE_PYTHON_RANGE) from None
        names = [duck_type_name(t) for t in types]
        if _HUGEINT_LOOKALIKE in names:
            hugeints = self._hugeints.get(sql) if repeated else None
            if hugeints is None:
                hugeints = self._hugeint_columns(sql, names)
                if repeated and len(self._hugeints) < _HUGEINT_MEMORY:
                    self._hugeints[sql] = hugeints
            for i in hugeints:
                names[i] = "HUGEINT"
                columns[i] = [None if v is None else int(v) for v in columns[i]]
        rows = [list(row) for row in zip(*columns, strict=True)] if columns else []
        return DuckResult(columns=list(data["names"]), types=names, rows=rows)

    def _hugeint_columns(self, sql: str, names: list[str]) -> list[int]:
        """The DECIMAL(38,0) columns that DuckDB types HUGEINT (an integer sum, say).

        duckdb-wasm's Arrow output gives both the same type; DESCRIBE (which binds
        the query without running it) tells them apart. Statements it does not take
        (DML with RETURNING) keep DECIMAL(38,0).
        """
        try:
            described = self._db.query("DESCRIBE " + sql).to_py()
        except Exception:
            return []
        declared = described["columns"][1] if len(described["columns"]) > 1 else []
        if len(declared) != len(names):
            return []
        return [
            i
            for i, (name, duck) in enumerate(zip(names, declared, strict=True))
            if name == _HUGEINT_LOOKALIKE and duck == "HUGEINT"
        ]

    def create_function(self, name: str, function: Callable[..., str | None], arity: int) -> None:
        from pyodide.ffi import create_proxy, to_js

        def call(*args: Any) -> Any:
            try:
                return function(*args)
            except Exception as exc:  # the statement fails with the function's message
                return to_js({"error": str(exc)})  # a plain JavaScript object

        del arity  # JS functions take what they are given
        self._db.createFunction(name, create_proxy(call))

    def close(self) -> None:
        self._db.close()


class AskedDuck:
    """The `OpenDuck` port: asks the worker for duckdb-wasm, which it started before the
    request (`WorkerApi.duckFactory`); never decides when it starts."""

    def __init__(self, started_factory: Callable[[], Any]) -> None:
        self._started_factory = started_factory

    def __call__(self) -> DuckConnection:
        factory = self._started_factory()
        if factory is None:
            raise RuntimeError(
                "duckdb-wasm is not started; the worker starts it before postgres queries "
                "(serviceworker/engine-start.js)"
            )
        return BrowserDuckConnection(factory.open())
