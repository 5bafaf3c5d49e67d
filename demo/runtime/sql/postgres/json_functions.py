"""Postgres' JSON operators and functions over JSON text, as scalar SQL functions.

DuckDB's json extension cannot be loaded offline in duckdb-wasm (it is not linked
into the npm bundle and extensions are fetched from extensions.duckdb.org), so
json/jsonb are held as text and `json_rewrite.py` rewrites Postgres' JSON operators to
calls of these functions. They are registered on every connection
(`register_json_functions`): natively through DuckDB's Python UDFs, in the browser
through duckdb-wasm's JS UDFs calling back into Pyodide. Both paths run this code,
so they answer alike.

Every function takes text arguments and returns text or NULL (the one type both
UDF APIs carry reliably); SQL casts booleans and integers back. A NULL argument
gives NULL without a call, as Postgres' strict functions do. jsonb results are in
jsonb's normal text form (`jsonb_text`): keys shortest first then bytewise, one
space after `:` and `,`, numbers as numeric prints them. Sets (object keys, array
elements) come back joined by NUL, which jsonb text can never contain (Postgres
rejects `\\u0000` in jsonb), and SQL splits them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from ...ports import DuckConnection
from .transforms.arrays import parse_array_text
from .values import JsonTooDeep, check_json_depth

__all__ = [
    "FUNCTIONS",
    "SET_SEPARATOR",
    "JsonError",
    "dump_json",
    "jsonb_text",
    "register_json_functions",
    "uses_json_functions",
]

SET_SEPARATOR = "\x00"


class JsonError(ValueError):
    """A Postgres JSON error (its message is Postgres' own)."""


def _load(text: str) -> Any:
    try:
        check_json_depth(text)
    except JsonTooDeep as exc:
        raise JsonError(str(exc)) from None
    try:
        return json.loads(text, parse_float=Decimal)
    except ValueError:
        raise JsonError("invalid input syntax for type json") from None


def _number(value: int | Decimal) -> str:
    # jsonb keeps numbers as numeric, which prints plain digits: 1e2 -> 100.
    return str(value) if isinstance(value, int) else format(value, "f")


def dump_json(value: Any, *, jsonb: bool = True) -> str:
    """JSON text of a parsed value, in jsonb's normal form when `jsonb`."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int | Decimal):
        return _number(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(dump_json(v, jsonb=jsonb) for v in value) + "]"
    keys = _jsonb_keys(value) if jsonb else list(value)
    return (
        "{"
        + ", ".join(
            f"{json.dumps(k, ensure_ascii=False)}: {dump_json(value[k], jsonb=jsonb)}" for k in keys
        )
        + "}"
    )


def _jsonb_keys(value: dict[str, Any]) -> list[str]:
    return sorted(value, key=lambda k: (len(k.encode()), k.encode()))


# Postgres' text cannot hold the character 0: jsonb refuses `\u0000`, and so does text
# taken out of a json string.
_NUL_ESCAPE = "unsupported Unicode escape sequence"


def _holds_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, list):
        return any(_holds_nul(v) for v in value)
    if isinstance(value, dict):
        return any(_holds_nul(k) or _holds_nul(v) for k, v in value.items())
    return False


def _refuse_nul(text: str, value: Any) -> None:
    """Postgres' refusal of a document holding `\\u0000`: jsonb's input, and `->`, `->>`,
    `#>`, `#>>` on json, which read every string of the document as text."""
    if "\\u0000" in text and _holds_nul(value):
        raise JsonError(_NUL_ESCAPE)


def jsonb_text(text: str) -> str:
    """`text::jsonb` as text: validated, in jsonb's normal form."""
    value = _load(text)
    _refuse_nul(text, value)
    return dump_json(value)


def _as_text(value: Any) -> str | None:
    """A JSON value as `->>` gives it: strings unquoted, JSON null as SQL NULL."""
    if value is None:
        return None
    if isinstance(value, str):
        if "\x00" in value:
            raise JsonError(_NUL_ESCAPE)
        return value
    return dump_json(value)


def _step(value: Any, key: str, kind: str) -> Any:
    """One `->` step: kind "key" (text key, objects only) or "index" (arrays only)."""
    if kind == "key":
        return value.get(key) if isinstance(value, dict) else None
    if not isinstance(value, list):
        return None
    index = int(key)
    if index < 0:
        index += len(value)
    return value[index] if 0 <= index < len(value) else None


_MISSING = object()


def _arrow(doc: str, key: str, mode: str) -> str | None:
    """`doc -> key` / `doc ->> key`: mode is key|index, then _text for `->>`."""
    kind, _, text = mode.partition("_")
    value = _load(doc)
    if kind == "index" and not _is_index(key):
        return None
    if not _has(value, key, kind):
        return None
    _refuse_nul(doc, value)
    found = _step(value, key, kind)
    return _as_text(found) if text else dump_json(found)


def _has(value: Any, key: str, kind: str) -> bool:
    if kind == "key":
        return isinstance(value, dict) and key in value
    if not isinstance(value, list):
        return False
    index = int(key)
    return -len(value) <= index < len(value)


def _path_value(value: Any, path: str) -> Any:
    steps = parse_array_text(path)
    if steps is None:
        raise JsonError(f'malformed array literal: "{path}"')
    for step in steps:
        if step is None:
            return _MISSING
        if isinstance(value, dict) and step in value:
            value = value[step]
        elif isinstance(value, list) and _is_index(step) and _has(value, step, "index"):
            value = value[int(step)]
        else:
            return _MISSING
    return value


def _is_index(text: str) -> bool:
    return text.strip().lstrip("-").isdigit()


def _path(doc: str, path_text: str, mode: str) -> str | None:
    """`doc #> '{a,b}'` (mode json) / `doc #>> '{a,b}'` (mode text)."""
    value = _load(doc)
    _refuse_nul(doc, value)
    found = _path_value(value, path_text)
    if found is _MISSING:
        return None
    return _as_text(found) if mode == "text" else dump_json(found)


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _exists(doc: str, key: str) -> str:
    """`doc ? key`: a top-level key, or a string element of an array."""
    value = _load(doc)
    if isinstance(value, dict):
        return _bool(key in value)
    if isinstance(value, list):
        return _bool(key in [v for v in value if isinstance(v, str)])
    return _bool(isinstance(value, str) and value == key)


def _contains(a: Any, b: Any) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return all(k in a and _contains(a[k], v) for k, v in b.items())
    if isinstance(a, list) and isinstance(b, list):
        return all(any(_contains(x, y) for x in a) for y in b)
    if isinstance(a, list) and not isinstance(b, dict | list):
        return any(_same_scalar(x, b) for x in a)  # a top-level array contains a scalar
    return _same_scalar(a, b)


def _same_scalar(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        return a is b
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    if isinstance(a, dict | list) or isinstance(b, dict | list):
        return False
    return Decimal(a) == Decimal(b)


def _contains_text(a: str, b: str) -> str:
    """`a @> b`."""
    return _bool(_contains(_load(a), _load(b)))


def _concat(a: str, b: str) -> str:
    """`a || b` for jsonb: objects merge (right wins), anything else makes an array."""
    left, right = _load(a), _load(b)
    if isinstance(left, dict) and isinstance(right, dict):
        return dump_json({**left, **right})
    as_list = lambda v: v if isinstance(v, list) else [v]  # noqa: E731
    return dump_json(as_list(left) + as_list(right))


def _delete(doc: str, key: str, kind: str) -> str:
    """`doc - 'key'` (kind key) / `doc - 2` (kind index)."""
    value = _load(doc)
    if not isinstance(value, dict | list):
        raise JsonError("cannot delete from scalar")
    if kind == "index":
        if not isinstance(value, list):
            raise JsonError("cannot delete from object using integer index")
        index = int(key) + (len(value) if int(key) < 0 else 0)
        return dump_json([v for i, v in enumerate(value) if i != index])
    if isinstance(value, dict):
        return dump_json({k: v for k, v in value.items() if k != key})
    return dump_json([v for v in value if v != key or not isinstance(v, str)])


def _path_steps(path_text: str) -> list[str]:
    """The keys of a `text[]` path (`'{a,b}'`), as jsonb_set() and jsonb_insert() read it."""
    steps = parse_array_text(path_text)
    if steps is None:
        raise JsonError(f'malformed array literal: "{path_text}"')
    if any(s is None for s in steps):
        raise JsonError("path element at position 1 is null")
    return [s for s in steps if s is not None]


def _container(doc: str) -> Any:
    """The object or array a path is set in."""
    value = _load(doc)
    if not isinstance(value, dict | list):
        raise JsonError("cannot set path in scalar")
    return value


def _array_step(step: str, level: int) -> int:
    if not _is_index(step):
        raise JsonError(f'path element at position {level + 1} is not an integer: "{step}"')
    return int(step)


def _jsonb_set(doc: str, path_text: str, new: str, create_missing: str) -> str:
    """`jsonb_set(doc, '{a,b}', new [, create_missing])`."""
    steps = _path_steps(path_text)
    value = _container(doc)
    replacement = _load(new)
    create = create_missing == "true"

    def put(node: Any, rest: list[str]) -> Any:
        step, tail = rest[0], rest[1:]
        if isinstance(node, dict):
            if step in node:
                node[step] = put(node[step], tail) if tail else replacement
            elif create and not tail:
                node[step] = replacement
        elif isinstance(node, list):
            position = _array_step(step, len(steps) - len(rest))
            index = position + (len(node) if position < 0 else 0)
            if 0 <= index < len(node):
                node[index] = put(node[index], tail) if tail else replacement
            elif create and not tail:
                node.insert(0 if index < 0 else len(node), replacement)
        return node

    return dump_json(put(value, steps) if steps else value)


def _jsonb_insert(doc: str, path_text: str, new: str, insert_after: str) -> str:
    """`jsonb_insert(doc, '{a,1}', new [, insert_after])`: `new` before (or after) the
    array element the path names, or under a key the object lacks; an existing key is
    Postgres' error, a path that leads nowhere changes nothing."""
    steps = _path_steps(path_text)
    value = _container(doc)
    item = _load(new)
    after = insert_after == "true"

    def put(node: Any, level: int) -> None:
        step, last = steps[level], level == len(steps) - 1
        if isinstance(node, dict):
            if step in node and last:
                raise JsonError("cannot replace existing key")
            if step in node:
                put(node[step], level + 1)
            elif last:
                node[step] = item
        elif isinstance(node, list):
            index = _array_step(step, level)
            if index < 0:  # from the end; before the first element where it is past it
                index = len(node) + index if -index <= len(node) else -1
            if last:
                node.insert(0 if index < 0 else min(index + (1 if after else 0), len(node)), item)
            elif 0 <= index < len(node):
                put(node[index], level + 1)

    if steps:
        put(value, 0)
    return dump_json(value)


def _typeof(doc: str) -> str:
    value = _load(doc)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | Decimal):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _array_length(doc: str) -> str:
    value = _load(doc)
    if isinstance(value, list):
        return str(len(value))
    if isinstance(value, dict):
        raise JsonError("cannot get array length of a non-array")
    raise JsonError("cannot get array length of a scalar")


def _object_keys(doc: str, function: str) -> str | None:
    """The keys, NUL-joined (NULL for none); `function` names the caller in errors."""
    value = _load(doc)
    if not isinstance(value, dict):
        what = "an array" if isinstance(value, list) else "a scalar"
        raise JsonError(f"cannot call {function} on {what}")
    return SET_SEPARATOR.join(_jsonb_keys(value)) if value else None


def _array_elements(doc: str, function: str) -> str | None:
    """The elements as jsonb text, NUL-joined (NULL for none)."""
    value = _load(doc)
    if not isinstance(value, list):
        what = "an object" if isinstance(value, dict) else "a scalar"
        raise JsonError(f"cannot extract elements from {what}")
    del function
    return SET_SEPARATOR.join(dump_json(v) for v in value) if value else None


def _element_text(doc: str) -> str | None:
    """An element of json[b]_array_elements_text: strings unquoted, JSON null as NULL."""
    return _as_text(_load(doc))


# DuckDB type names (typeof()) whose values are JSON numbers or booleans as printed.
_NUMBER_TYPES = (
    "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "FLOAT", "DOUBLE", "DECIMAL",
    "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT",
)  # fmt: skip


def _to_json(text: str, duck_type: str) -> str:
    """`to_jsonb(value)`: the value's text and DuckDB type name -> JSON text."""
    base = duck_type.split("(", 1)[0].strip().upper()
    if base in _NUMBER_TYPES:
        special = {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}.get(text.lower())
        return json.dumps(special) if special else text  # Postgres: NaN/Infinity as strings
    if base == "BOOLEAN":
        return text.lower()
    if base in ("DATE", "TIME", "UUID", "VARCHAR", '"NULL"', "NULL"):
        return json.dumps(text, ensure_ascii=False)
    if base.startswith("TIMESTAMP"):
        # ISO 8601 as Postgres writes it; timestamptz (held as TIMESTAMP_NS) is UTC.
        iso = text.replace(" ", "T", 1).removesuffix("+00")
        zoned = base in ("TIMESTAMP_NS", "TIMESTAMP WITH TIME ZONE")
        return json.dumps(iso + ("+00:00" if zoned else ""))
    raise JsonError(f"converting {duck_type} values to JSON is not supported by this demo")


# SQL name -> (implementation, number of text arguments).
FUNCTIONS: dict[str, tuple[Callable[..., str | None], int]] = {
    "pg_json_arrow": (_arrow, 3),
    "pg_json_path": (_path, 3),
    "pg_jsonb_exists": (_exists, 2),
    "pg_jsonb_contains": (_contains_text, 2),
    "pg_jsonb_concat": (_concat, 2),
    "pg_jsonb_delete": (_delete, 3),
    "pg_jsonb_set": (_jsonb_set, 4),
    "pg_jsonb_insert": (_jsonb_insert, 4),
    "pg_json_typeof": (_typeof, 1),
    "pg_json_array_length": (_array_length, 1),
    "pg_json_object_keys": (_object_keys, 2),
    "pg_json_array_elements": (_array_elements, 2),
    "pg_json_text": (_element_text, 1),
    "pg_to_json": (_to_json, 2),
    "pg_jsonb": (jsonb_text, 1),
}


_CALL = re.compile(rb"\bpg_(?:to_)?json", re.I)


def uses_json_functions(sql: str | bytes) -> bool:
    """Whether DuckDB SQL (or a database image) may call FUNCTIONS."""
    return _CALL.search(sql.encode() if isinstance(sql, str) else sql) is not None


def register_json_functions(conn: DuckConnection) -> None:
    """Make FUNCTIONS callable from SQL on `conn` (a DuckConnection)."""
    for name, (function, arity) in FUNCTIONS.items():
        conn.create_function(name, function, arity)
