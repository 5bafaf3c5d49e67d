"""sqlglot transform: Postgres' JSON operators and functions on JSON held as text.

Without DuckDB's json extension (duckdb-wasm cannot load it offline), json and
jsonb columns are VARCHAR. `postgres_json` rewrites a parsed Postgres tree so each
JSON operator or function becomes a call of the text functions in
`json_functions.py` (registered on the connection), or of DuckDB core:

- `->`, `->>`, `#>`, `#>>`, `?`, `@>`, `<@`, jsonb `||` and `-`, jsonb_set,
  json[b]_typeof, json[b]_array_length: one scalar function each.
- json[b]_build_object, to_json[b]: JSON text built with `||`; a value becomes JSON
  from its text and `typeof()` (json values are passed through as they are).
- json[b]_agg: `'[' || string_agg(<element as JSON>, ', ' ORDER BY ...) || ']'`.
- json[b]_object_keys, json[b]_array_elements[_text] and json[b]_each[_text]:
  `unnest` over the NUL-joined set a function returns; in FROM, a subquery with
  Postgres' column names (key, value).
- `x::jsonb` of a non-literal: validated and put in jsonb's normal form.

Anything else JSON-flavoured fails with a clear message rather than running as a
text operation. `json_kind` says which expressions are json or jsonb, which the
rewrite needs (is `a || b` jsonb concatenation?) and results report (OIDs).
Nothing here knows the demo runtime: it could be offered to sqlglot's Postgres ->
DuckDB transpilation for engines without the json extension.
"""

from __future__ import annotations

import json

from sqlglot import exp

from .json_functions import JsonError, jsonb_text
from .transforms.statement import output_targets
from .type_match import is_type

__all__ = [
    "JSON_SET_RETURNING",
    "ROW_OBJECT",
    "arrows_read_as_lambdas",
    "json_columns",
    "json_kind",
    "json_output_types",
    "json_typed_literals",
    "postgres_json",
    "sql_json_options",
]

_UNSURE = "?"  # a column name that is json in one table and not in another

_BUILD = {"json_build_object": "json", "jsonb_build_object": "jsonb"}
_BUILD_ARRAY = {"json_build_array": "json", "jsonb_build_array": "jsonb"}
_JSON_TYPES = (exp.DataType.Type.JSON, exp.DataType.Type.JSONB)
# Meta key of a json_build_object call that stands for a row (transforms/row_json.py):
# Postgres writes a row's JSON without spaces, and json_agg of rows a line apart.
ROW_OBJECT = "pg_row_object"
_TO_JSON = {"to_json": "json", "to_jsonb": "jsonb"}
_AGG = {"json_agg": "json", "jsonb_agg": "jsonb"}
# A row made JSON: transforms/row_json.py builds it where the row's columns are known.
_ROW_TO_JSON = {"row_to_json": "json"}
_OBJECT_AGG = {"json_object_agg": "json", "jsonb_object_agg": "jsonb"}
_KEYS = ("json_object_keys", "jsonb_object_keys")
_ELEMENTS = {
    "json_array_elements": "json",
    "jsonb_array_elements": "jsonb",
    "json_array_elements_text": None,
    "jsonb_array_elements_text": None,
}
_EACH = {
    "json_each": "json",
    "jsonb_each": "jsonb",
    "json_each_text": None,
    "jsonb_each_text": None,
}
# The JSON functions that return a set of rows (transforms/set_returning.py reads them too).
JSON_SET_RETURNING = frozenset((*_KEYS, *_ELEMENTS, *_EACH))
_TYPEOF = ("json_typeof", "jsonb_typeof")
_LENGTH = ("json_array_length", "jsonb_array_length")
_JSON_PREFIXES = ("json", "to_json", "row_to_json", "array_to_json")
# Calls that edit a jsonb document at a path -> their last argument's default
# (jsonb_set's create_if_missing, jsonb_insert's insert_after).
_PATH_EDITS = {"jsonb_set": exp.true(), "jsonb_insert": exp.false()}


def _name(node: exp.Expr) -> str:
    if isinstance(node, exp.Anonymous):
        return str(node.this).lower()
    if isinstance(node, exp.JSONArrayAgg):
        return "json_agg"
    if isinstance(node, exp.JSONBObjectAgg):
        return "jsonb_object_agg"
    if isinstance(node, exp.JSONObjectAgg):
        return "json_object_agg"
    return ""


def json_columns(
    table_types: dict[str, dict[str, str]], declared: dict[str, dict[str, str]]
) -> dict[str, str]:
    """Column name -> its type for `json_kind`: "json"/"jsonb", "?" where that depends
    on the table (the rewrite then refuses to guess), else the column's DuckDB type."""
    out: dict[str, str] = {}
    for table, columns in table_types.items():
        for name, duck_type in columns.items():
            kind = declared.get(table, {}).get(name, duck_type)
            if out.setdefault(name, kind) != kind and _UNSURE in (
                _kind_of(out[name]),
                _kind_of(kind),
            ):
                out[name] = _UNSURE
    return out


def _kind_of(column_type: str) -> str:
    return _UNSURE if column_type in ("json", "jsonb", _UNSURE) else ""


def json_kind(node: exp.Expr, columns: dict[str, str]) -> str | None:
    """ "json", "jsonb" or None (not JSON) for an expression of the original tree.

    `columns`: column name -> type (the Postgres type declared, json/jsonb among them,
    else DuckDB's), for the database's tables.
    """
    if isinstance(node, exp.Paren):
        return json_kind(node.this, columns)
    if isinstance(node, exp.Subquery) and isinstance(node.this, exp.Select):
        outputs = node.this.expressions  # a scalar subquery is its one column
        return json_kind(outputs[0].unalias(), columns) if len(outputs) == 1 else None
    if isinstance(node, exp.Coalesce):  # its values' JSON type (`coalesce(json_agg(x), '[]')`)
        values = [node.this, *node.expressions]
        return next(filter(None, (json_kind(v, columns) for v in values)), None)
    if isinstance(node, exp.Column):
        kind = columns.get(node.name.lower())
        return kind if kind in ("json", "jsonb") else None  # "?": see _unsure
    if isinstance(node, exp.Cast):
        return (
            "jsonb" if is_type(node.to, "jsonb") else "json" if is_type(node.to, "json") else None
        )
    if isinstance(node, exp.JSONExtract | exp.JSONBExtract):
        return json_kind(node.this, columns) or "jsonb"
    if isinstance(node, exp.DPipe | exp.Sub):
        kinds = {json_kind(node.left, columns), json_kind(node.right, columns)}
        return "jsonb" if kinds & {"json", "jsonb"} else None
    name = _name(node)
    for table in (_BUILD, _BUILD_ARRAY, _TO_JSON, _ROW_TO_JSON, _AGG, _OBJECT_AGG, _ELEMENTS):
        if name in table:
            return table[name]
    return "jsonb" if name in _PATH_EDITS else None


def json_output_types(tree: exp.Expr, columns: dict[str, str]) -> dict[str, str]:
    """Output column name -> json/jsonb for JSON expressions in the select list or RETURNING."""
    targets = output_targets(tree)
    srf_columns = _set_function_columns(tree)
    srf_tables = {
        t.alias_or_name.lower()
        for t in tree.find_all(exp.Table, exp.Lateral)
        if _ELEMENTS.get(_name(t.this)) or _EACH.get(_name(t.this))
    }
    out = {}
    for node in targets:
        value = node.this if isinstance(node, exp.Alias) else node
        kind: str | None
        if (
            isinstance(value, exp.Column)
            and (not value.table or value.table.lower() in srf_tables)  # `e.value`
            and value.name in srf_columns
        ):
            kind = srf_columns[value.name]
        elif isinstance(value, exp.Column):
            continue  # plain table columns: declared.output_types
        else:
            kind = json_kind(value, columns)
        if kind:
            out[node.alias_or_name] = kind
    return out


def _set_function_columns(select: exp.Expr) -> dict[str, str]:
    """json/jsonb columns of the JSON set-returning functions in a SELECT's FROM."""
    out: dict[str, str] = {}
    for table in select.find_all(exp.Table, exp.Lateral):
        name = _name(table.this)
        kind = _ELEMENTS.get(name) or _EACH.get(name)
        if kind:
            out[_srf_names(table, name)[-1]] = kind
    return out


def _srf_names(table: exp.Expr, name: str) -> list[str]:
    alias = table.args.get("alias")
    given = [c.name for c in alias.columns] if alias is not None else []
    default = ["key", "value"] if name in _EACH else ["value"]
    return given + default[len(given) :]


def _call(name: str, *args: exp.Expr) -> exp.Expr:
    return exp.Anonymous(this=name, expressions=list(args))


def _text(node: exp.Expr) -> exp.Expr:
    if isinstance(node, exp.Literal) and node.is_string:
        return node
    return exp.cast(node, "VARCHAR")


def _scalar_key(key: exp.Expr) -> exp.Expr:
    """An object key as text, failing as Postgres does for a list or a row (DuckDB's
    text of `[1]` would become the key "[1]")."""
    kind = exp.func("typeof", key.copy())
    composite = exp.or_(
        exp.Like(this=kind, expression=_string("%[]")),
        exp.Like(this=kind.copy(), expression=_string("STRUCT(%")),
    )
    message = "key value must be scalar, not array, composite, or json"
    return exp.Case(
        ifs=[exp.If(this=composite, true=exp.func("error", _string(message)))],
        default=_text(key),
    )


def _string(value: str) -> exp.Expr:
    return exp.Literal.string(value)


def _is_int(node: exp.Expr) -> bool:
    if isinstance(node, exp.Literal):
        return node.is_int
    if isinstance(node, exp.Neg):
        return _is_int(node.this)
    return isinstance(node, exp.Cast) and is_type(node.to, *exp.DataType.INTEGER_TYPES)


class _Rewriter:
    def __init__(self, tree: exp.Expr, columns: dict[str, str]) -> None:
        self.columns = columns
        # Kinds of the original nodes, kept for the nodes that replace them. Keyed by
        # id(), so every node seen is kept alive: a freed node's id could be reused.
        self.seen = list(tree.walk())
        self.kinds: dict[int, str | None] = {id(n): json_kind(n, columns) for n in self.seen}

    def kind(self, node: exp.Expr) -> str | None:
        return self.kinds.get(id(node))

    def replace(self, node: exp.Expr, new: exp.Expr) -> None:
        self.kinds[id(new)] = self.kinds.get(id(node))
        self.seen.append(new)
        node.replace(new)

    def as_json(self, node: exp.Expr, flavour: str) -> exp.Expr:
        """SQL giving `node` as JSON text (`to_json[b](node)`; NULL stays NULL)."""
        kind = self.kind(node)
        if kind is not None:
            return _call("pg_jsonb", node) if flavour == "jsonb" and kind == "json" else node
        self.refuse_unsure(node)
        if isinstance(node, exp.Column) and node.name.lower() not in self.columns:
            raise ValueError(
                f"cannot tell whether {node.sql('postgres')} is json here (a column of a "
                "subquery or CTE): cast it, ::jsonb or ::text"
            )
        if isinstance(node, exp.Literal):
            return _string(
                json.dumps(node.this, ensure_ascii=False) if node.is_string else node.this
            )
        if isinstance(node, exp.Null):
            return exp.Null()
        if isinstance(node, exp.Boolean):
            return _string("true" if node.this else "false")
        if self.is_flat_array(node):
            return self.array_as_json(node)
        return _call("pg_to_json", _text(node.copy()), exp.func("typeof", node.copy()))

    def is_flat_array(self, node: exp.Expr) -> bool:
        """An array of scalars whose type the statement shows: a column or a cast."""
        if isinstance(node, exp.Column):
            duck = self.columns.get(node.name.lower(), "")
            return duck.endswith("[]") and not duck.endswith("[][]") and "JSON" not in duck
        if isinstance(node, exp.Cast):
            to = node.to
            return (
                to.this is exp.DataType.Type.ARRAY
                and len(to.expressions) == 1
                and to.expressions[0].this not in (exp.DataType.Type.ARRAY, *_JSON_TYPES)
            )
        return False

    def array_as_json(self, node: exp.Expr) -> exp.Expr:
        """`to_json(tags)` of a text[] (or any array of scalars): `["a","b"]`, each element
        as to_json writes it, without spaces, as Postgres' array_to_json writes it (DuckDB's
        list text cannot be read back: `[a, b]` for text)."""
        item = exp.to_identifier("pg_json_item")
        element = exp.func(
            "coalesce",
            _call("pg_to_json", _text(exp.column(item)), exp.func("typeof", exp.column(item))),
            _string("null"),
        )
        items = exp.Array(
            expressions=[exp.Comprehension(this=element, expression=item, iterator=node.copy())]
        )
        # duckdb-wasm's array_to_string of an empty list is NULL (native DuckDB's: '').
        joined = exp.func("coalesce", exp.func("array_to_string", items, _string(",")), _string(""))
        whole = _concat([_string("["), joined, _string("]")])
        return exp.If(
            this=exp.Is(this=node.copy(), expression=exp.Null()), true=exp.Null(), false=whole
        )

    def element(self, node: exp.Expr, flavour: str) -> exp.Expr:
        return exp.func("coalesce", self.as_json(node, flavour), _string("null"))

    def arrow(self, node: exp.Expr, as_text: bool) -> exp.Expr:
        doc = node.this
        path = node.expression
        steps: list[tuple[exp.Expr, str]] = []
        if isinstance(path, exp.JSONPath):
            for part in path.expressions:
                if isinstance(part, exp.JSONPathKey):
                    steps.append((_string(str(part.this)), "key"))
                elif isinstance(part, exp.JSONPathSubscript):
                    steps.append((_string(str(part.this)), "index"))
                elif not isinstance(part, exp.JSONPathRoot):
                    raise ValueError(f"JSON path step {part.sql()} is not supported by this demo")
        else:
            steps.append((_text(path), "index" if _is_int(path) else "key"))
        for i, (key, mode) in enumerate(steps):
            last = i == len(steps) - 1
            doc = _call(
                "pg_json_arrow", doc, key, _string(mode + ("_text" if last and as_text else ""))
            )
        return doc

    def set_function(self, node: exp.Expr, name: str) -> exp.Expr:
        """json[b]_object_keys / json[b]_array_elements[_text] as one unnest()ed column."""
        doc = node.expressions[0]
        if name in _KEYS:
            joined = _call("pg_json_object_keys", doc, _string(name))
        else:
            joined = _call("pg_json_array_elements", doc, _string(name))
        items = exp.func(
            "unnest", exp.func("string_split", joined, exp.func("chr", exp.Literal.number(0)))
        )
        # Elements as text: strings unquoted, JSON null as NULL.
        return _call("pg_json_text", items) if name.endswith("_text") else items

    def rewrite(self, node: exp.Expr) -> exp.Expr | None:
        """The DuckDB replacement for one node (children already rewritten), or None."""
        if isinstance(node, exp.JSONExtract | exp.JSONExtractScalar):
            return self.arrow(node, isinstance(node, exp.JSONExtractScalar))
        if isinstance(node, exp.JSONBExtract | exp.JSONBExtractScalar):
            mode = "text" if isinstance(node, exp.JSONBExtractScalar) else "json"
            return _call("pg_json_path", node.this, _text(node.expression), _string(mode))
        if isinstance(node, exp.JSONBContainsTopKey):
            return exp.cast(_call("pg_jsonb_exists", node.this, _text(node.expression)), "BOOLEAN")
        if isinstance(node, exp.ArrayContainsAll | exp.ArrayContainedBy) and (
            self.kind(node.this) or self.kind(node.expression)
        ):
            a, b = (node.this, node.expression)
            if isinstance(node, exp.ArrayContainedBy):
                a, b = b, a
            return exp.cast(_call("pg_jsonb_contains", _text(a), _text(b)), "BOOLEAN")
        if isinstance(node, exp.DPipe) and self.kind(node):
            return _call("pg_jsonb_concat", _text(node.left), _text(node.right))
        if isinstance(node, exp.DPipe):
            self.check_text_concat(node)
        if isinstance(node, exp.EQ | exp.NEQ | exp.NullSafeEQ | exp.NullSafeNEQ):
            self.compare(node)
        if isinstance(node, exp.Sub) and self.kind(node.left):
            mode = "index" if _is_int(node.right) else "key"
            return _call("pg_jsonb_delete", node.left, _text(node.right), _string(mode))
        if (
            isinstance(node, exp.Cast)
            and is_type(node.to, "jsonb")
            and not (isinstance(node.this, exp.Literal) and node.this.is_string)
        ):
            return _call("pg_jsonb", _text(node.this))
        return self.function(node)

    def compare(self, node: exp.Binary) -> None:
        """jsonb = '...' (or <>, IS [NOT] DISTINCT FROM): the literal in jsonb's normal
        form, as Postgres compares; json has no =."""
        for side, other in ((node.left, node.right), (node.right, node.left)):
            kind = self.kind(side)
            if kind == "json":
                raise ValueError("operator does not exist: json = json (compare as jsonb or text)")
            if kind == "jsonb" and isinstance(other, exp.Literal) and other.is_string:
                try:
                    other.replace(_string(jsonb_text(other.this)))
                except JsonError:
                    other.replace(_call("pg_jsonb", other.copy()))

    def refuse_unsure(self, node: exp.Expr) -> None:
        if isinstance(node, exp.Column) and self.columns.get(node.name.lower()) == _UNSURE:
            raise ValueError(
                f"column {node.name} is json in one table and not in another: "
                "cast it to say which (this demo types columns by name)"
            )

    def check_text_concat(self, node: exp.Binary) -> None:
        """`x || '{...}'`: text concatenation only if x is known to be text."""
        for literal, other in ((node.left, node.right), (node.right, node.left)):
            if not _json_text_literal(literal) or isinstance(other, exp.Literal):
                continue
            known = (
                isinstance(other, exp.Column)
                and self.columns.get(other.name.lower(), _UNSURE) != _UNSURE
            )
            if not known and not isinstance(other, exp.Cast | exp.DPipe | exp.Func):
                raise ValueError(
                    f"cannot tell whether {node.sql('postgres')} concatenates text or jsonb: "
                    "cast the other operand to jsonb or text"
                )

    def function(self, node: exp.Expr) -> exp.Expr | None:
        name = _name(node)
        if not name:
            return None
        args = list(node.expressions) if isinstance(node, exp.Anonymous) else [node.this]
        if name in _BUILD:
            row = bool(node.meta.get(ROW_OBJECT))
            built = self.build_object(args, _BUILD[name], compact=row)
            if row:
                built.meta[ROW_OBJECT] = True  # json_agg of it puts rows a line apart
            return built
        if name in _BUILD_ARRAY:
            return self.build_array(list(node.expressions), _BUILD_ARRAY[name])
        if name in _TO_JSON and len(args) == 1:
            return self.as_json(args[0], _TO_JSON[name])
        if name in _AGG:
            return self.aggregate(node, args, _AGG[name])
        if name in _OBJECT_AGG:
            return self.object_aggregate(node, _OBJECT_AGG[name])
        if name in _PATH_EDITS and len(args) in (3, 4):
            flag = args[3] if len(args) == 4 else _PATH_EDITS[name].copy()
            # All as text: an untyped NULL reaches duckdb-wasm's functions as a type they refuse.
            return _call(f"pg_{name}", *(_text(a) for a in (args[0], args[1], args[2], flag)))
        if name in _TYPEOF and len(args) == 1:
            return _call("pg_json_typeof", args[0])
        if name in _LENGTH and len(args) == 1:
            return exp.cast(_call("pg_json_array_length", args[0]), "INTEGER")
        if (name in _KEYS or name in _ELEMENTS) and len(args) == 1:
            if isinstance(node.parent, exp.Table | exp.Lateral):
                return None  # FROM jsonb_...(): rewritten with its table (`from_function`)
            return self.set_function(node, name)
        if name in _EACH and len(args) == 1 and isinstance(node.parent, exp.Table | exp.Lateral):
            return None
        if name.startswith(_JSON_PREFIXES):
            raise ValueError(f"{name}() is not supported by this demo")
        return None

    def build_object(self, args: list[exp.Expr], flavour: str, compact: bool = False) -> exp.Expr:
        """json_build_object's text, `{"a" : 1, "b" : 2}`; `compact`: a row's, `{"a":1,"b":2}`."""
        if len(args) % 2:
            raise ValueError("argument list must have even number of elements")
        parts: list[exp.Expr | None] = [_string("{")]
        for i in range(0, len(args), 2):
            key = exp.func(
                "coalesce",
                _call("pg_to_json", _scalar_key(args[i]), _string("VARCHAR")),
                exp.func("error", _string(f"argument {i + 1}: key must not be null")),
            )
            parts += [
                _string("," if compact else ", ") if i else None,
                key,
                _string(":" if compact else " : "),
                self.element(args[i + 1], flavour),
            ]
        parts.append(_string("}"))
        text = _concat([p for p in parts if p is not None])
        return _call("pg_jsonb", text) if flavour == "jsonb" else text

    def build_array(self, args: list[exp.Expr], flavour: str) -> exp.Expr:
        """json_build_array(a, b, ...): each value written as build_object writes one."""
        parts: list[exp.Expr] = [_string("[")]
        for i, arg in enumerate(args):
            parts += [_string(", ")] if i else []
            parts.append(self.element(arg, flavour))
        parts.append(_string("]"))
        text = _concat(parts)
        return _call("pg_jsonb", text) if flavour == "jsonb" else text

    def aggregate(self, node: exp.Expr, args: list[exp.Expr], flavour: str) -> exp.Expr:
        if isinstance(node.parent, exp.Filter | exp.Window) or len(args) != 1:
            raise ValueError(
                f"{_name(node)}() with FILTER, OVER or several arguments is not supported by this demo"
            )
        value = args[0]
        if isinstance(value, exp.Distinct):
            raise ValueError(f"{_name(node)}(DISTINCT ...) is not supported by this demo")
        order = None
        if isinstance(value, exp.Order):
            order, value = value, value.this
        # Rows and arrays a line apart, as Postgres writes them (`[{"a":1}, \n {"a":2}]`).
        structured = value.meta.get(ROW_OBJECT) or self.is_flat_array(value)
        element = self.element(value, flavour)
        if order is not None:
            element = exp.Order(this=element, expressions=[o.copy() for o in order.expressions])
        joined = exp.GroupConcat(this=element, separator=_string(", \n " if structured else ", "))
        return _concat([_string("["), joined, _string("]")])

    def object_aggregate(self, node: exp.Expr, flavour: str) -> exp.Expr:
        """json_object_agg(k, v): each pair written as build_object writes one (DuckDB's
        namesake wrote a jsonb column's value as a string, and answered json for jsonb)."""
        if isinstance(node.parent, exp.Filter | exp.Window):
            raise ValueError(f"{_name(node)}() with FILTER or OVER is not supported by this demo")
        # sqlglot reads json_object_agg's two arguments as a list, jsonb_object_agg's apart.
        key, value = node.expressions if node.expressions else (node.this, node.expression)
        pair = _concat([
            exp.func("coalesce", _call("pg_to_json", _scalar_key(key), _string("VARCHAR")),
                     exp.func("error", _string("field name must not be null"))),
            _string(" : "),
            self.element(value, flavour),
        ])  # fmt: skip
        joined = exp.GroupConcat(this=pair, separator=_string(", "))
        text = _concat([_string("{ "), joined, _string(" }")])  # `{ "k1" : 1, "k2" : 2 }`
        return _call("pg_jsonb", text) if flavour == "jsonb" else text


def _json_text_literal(node: exp.Expr) -> bool:
    return isinstance(node, exp.Literal) and node.is_string and node.this.lstrip()[:1] in ("{", "[")


def _concat(parts: list[exp.Expr]) -> exp.Expr:
    out = parts[0]
    for part in parts[1:]:
        out = exp.DPipe(this=out, expression=part, safe=True)
    return exp.Paren(this=out)


def arrows_read_as_lambdas(tree: exp.Expr) -> None:
    """Undo, in place, sqlglot reading `f(col->'key')` as a lambda (Postgres has none):
    the JSON rewrites, and the checks before them, see the arrow."""
    for lam in list(tree.find_all(exp.Lambda)):
        fixed = _lambda_arrow(lam)
        if fixed is not None:
            lam.replace(fixed)


def _lambda_arrow(node: exp.Expr) -> exp.Expr | None:
    """Undo sqlglot reading `f(col->'key')` as a lambda `col -> 'key'` (Postgres has none)."""
    params = node.expressions
    if len(params) != 1 or not isinstance(params[0], exp.Identifier):
        return None
    body = node.this
    leaf = body
    while isinstance(leaf, exp.JSONExtract | exp.JSONExtractScalar):
        leaf = leaf.this
    if not isinstance(leaf, exp.Literal):
        return None
    step = (
        exp.JSONPathSubscript(this=int(leaf.this))
        if leaf.is_int
        else exp.JSONPathKey(this=leaf.this)
    )
    arrow = exp.JSONExtract(
        this=exp.column(params[0].copy()),
        expression=exp.JSONPath(expressions=[exp.JSONPathRoot(), step]),
        only_json_types=True,
    )
    if leaf is body:
        return arrow
    leaf.replace(arrow)
    return body


def _from_functions(tree: exp.Expr) -> None:
    """`FROM jsonb_each_text(x) [AS t(k, v)]` and friends (also after JOIN LATERAL) become
    subqueries with their columns."""
    for table in list(tree.find_all(exp.Table, exp.Lateral)):
        name = _name(table.this)
        if name not in _EACH and name not in _KEYS and name not in _ELEMENTS:
            continue
        doc = table.this.expressions[0] if table.this.expressions else None
        if doc is None or len(table.this.expressions) != 1:
            raise ValueError(f"{name}() takes one argument")
        names = _srf_names(table, name) if name not in _KEYS else _srf_names(table, "")[:1]
        if name in _KEYS and not (table.args.get("alias") and table.args["alias"].columns):
            names = [table.alias_or_name if table.args.get("alias") else name]
        item = exp.column("item")
        if name in _EACH:
            mode = "key" if _EACH[name] else "key_text"
            joined = _call("pg_json_object_keys", doc.copy(), _string(name))
            selects = [
                exp.alias_(item, names[0], quoted=True),
                exp.alias_(
                    _call("pg_json_arrow", doc.copy(), item.copy(), _string(mode)),
                    names[1],
                    quoted=True,
                ),
            ]
        else:
            function = "pg_json_object_keys" if name in _KEYS else "pg_json_array_elements"
            joined = _call(function, doc.copy(), _string(name))
            value = _call("pg_json_text", item) if name.endswith("_text") else item
            selects = [exp.alias_(value, names[0], quoted=True)]
        inner = exp.select(
            exp.alias_(
                exp.func(
                    "unnest",
                    exp.func("string_split", joined, exp.func("chr", exp.Literal.number(0))),
                ),
                "item",
            )
        )
        query = exp.select(*selects).from_(inner.subquery("_items"))
        alias = table.args.get("alias")
        alias_name = alias.name if alias is not None and alias.name else name
        named = exp.TableAlias(
            this=exp.to_identifier(alias_name), columns=[exp.to_identifier(n) for n in names]
        )
        if isinstance(table, exp.Lateral):  # `JOIN LATERAL f(...) x ON ...`: stays lateral
            table.set("this", query.subquery())
            table.set("alias", named)
        else:
            table.replace(exp.Subquery(this=query, alias=named))


def _invalid_json_literal(tree: exp.Expr) -> str | None:
    """Postgres' error for a `'text'::json` literal it would refuse (DuckDB keeps the text)."""
    for cast in tree.find_all(exp.Cast):
        text = cast.this
        if not (
            isinstance(text, exp.Literal) and text.is_string or isinstance(text, exp.RawString)
        ):
            continue
        if not (is_type(cast.to, "json") or is_type(cast.to, "jsonb")):
            continue
        try:
            json.loads(text.this, parse_constant=_no_constant)
        except ValueError:
            return "invalid input syntax for type json"
        except RecursionError:
            return "stack depth limit exceeded"
    return None


def _no_constant(name: str) -> exp.Expr:
    raise ValueError(name)  # NaN and Infinity are not JSON to Postgres


def json_typed_literals(tree: exp.Expr) -> None:
    """The literal `json '{...}'` as the `'{...}'::json` it is. sqlglot reads it as a call
    of DuckDB's json() (its json extension, which duckdb-wasm lacks: "function json(...)
    does not exist" in the browser), which the JSON rewrites took for jsonb."""
    for literal in list(tree.find_all(exp.ParseJSON)):
        if literal.args.get("is_literal"):
            literal.replace(exp.Cast(this=literal.this.copy(), to=exp.DataType.build("json")))


def sql_json_options(tree: exp.Expr) -> str | None:
    """The refusal of a JSON_OBJECT(...) option DuckDB's json_object would ignore
    (RETURNING, ENCODING, ABSENT ON NULL, WITH UNIQUE KEYS), or None."""
    for node in tree.find_all(exp.JSONObject):
        options = {
            "RETURNING": node.args.get("return_type"),
            "ENCODING": node.args.get("encoding"),
            "ABSENT ON NULL": node.args.get("null_handling") == "ABSENT ON NULL",
            "WITH UNIQUE KEYS": node.args.get("unique_keys"),
        }
        for option, given in options.items():
            if given:
                return f"JSON_OBJECT(... {option}) is not supported by this demo"
    return None


def postgres_json(tree: exp.Expr, columns: dict[str, str]) -> str | None:
    """Rewrite the tree's JSON operators and functions; return a message for what cannot be."""
    invalid = _invalid_json_literal(tree)
    if invalid is not None:
        return invalid

    # Columns of FROM jsonb_array_elements(...) and the like are json too.
    columns = {**columns, **_set_function_columns(tree)}
    rewriter = _Rewriter(tree, columns)
    try:
        for node in reversed(list(tree.walk(bfs=False))):  # children before their parents
            new = rewriter.rewrite(node)
            if new is not None:
                rewriter.replace(node, new)
        _from_functions(tree)
    except ValueError as exc:
        return str(exc)
    return None
