"""DuckDB's error messages in Postgres' words.

A statement the translation hands to DuckDB can still fail there: a missing table, a
duplicate key, an overflow, a function that does not exist. DuckDB words those its own
way (`Catalog Error: Table with name x does not exist!`, `Constraint Error: Duplicate
key "id: 1" violates primary key constraint.`); a user's code and tests read Postgres'
(`relation "x" does not exist`, `duplicate key value violates unique constraint
"t_pkey"`). `postgres_message` rewrites each form whose meaning is the same in both,
checked against PGlite's answers (the differential corpus, `11_errors.sql` and
`13_error_messages.sql`, and the regression suite's refusals). A form it does not know
keeps DuckDB's words and their name (`Binder Error: ...`), so a reader can tell them
from Postgres', less DuckDB's excerpt of the statement (`LINE 1: ...`), whose position
is in the translated SQL, not the user's.

Constraint names: DuckDB does not keep the names a CREATE TABLE gives its constraints,
so a violation names the constraint as Postgres names one that was not given a name
(`<table>_pkey`, `<table>_<columns>_key`, `<table>_<column>_check`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

from .dialect import WRITTEN_NAME, PostgresForDuck
from .function_calls import call_arguments, missing_function, postgres_accepts
from .name_lists import POSTGRES_TYPES
from .transforms.division import INTERVAL_QUOTIENT
from .transforms.statement import target_table

__all__ = ["enum_input_message", "postgres_message"]

# DuckDB type names (in its "no function matches" messages) -> Postgres'.
_TYPE_NAMES = {
    "INTEGER_LITERAL": "integer", "STRING_LITERAL": "unknown", "NULL": "unknown",
    "BOOLEAN": "boolean", "TINYINT": "smallint", "SMALLINT": "smallint",
    "INTEGER": "integer", "BIGINT": "bigint", "HUGEINT": "numeric", "FLOAT": "real",
    "DOUBLE": "double precision", "VARCHAR": "text", "BLOB": "bytea", "DATE": "date",
    "TIME": "time without time zone", "TIMESTAMP": "timestamp without time zone",
    # timestamptz is held as TIMESTAMP_NS (transforms/timestamptz.py).
    "TIMESTAMP_NS": "timestamp with time zone",
    "TIMESTAMP WITH TIME ZONE": "timestamp with time zone", "INTERVAL": "interval",
    "UUID": "uuid", "JSON": "json",
}  # fmt: skip
# DuckDB's names for the integer types in overflow messages.
_INTEGERS = {"INT16": "smallint", "INT32": "integer", "INT64": "bigint", "INT128": "numeric"}
# DuckDB operators only the translation writes (`//`: `/` of integers), whose operand
# types are the translation's: a message naming them would not describe the user's SQL.
_WRITTEN_AS = {"//": "/"}
# DuckDB's arithmetic operators -> the nodes of the user's statement that write them.
_ARITHMETIC: dict[str, tuple[type[exp.Expr], ...]] = {
    "+": (exp.Add,), "-": (exp.Sub,), "*": (exp.Mul,), "/": (exp.Div,),
    "//": (exp.Div, exp.IntDiv), "%": (exp.Mod,),
}  # fmt: skip
# DuckDB's error class names: `Binder Error: `, `Out of Range Error: `, ...
_CLASS = re.compile(r"^[A-Z][A-Za-z ]*? Error: ")


def _fold(name: str, statement: str) -> str:
    """An identifier as Postgres names it: folded to lower case unless written quoted."""
    return name if f'"{name}"' in statement else name.lower()


def _path_name(named: str) -> str:
    """A schema of DuckDB's search path message, quoted once (DuckDB keeps the quotes of
    a name session_settings.py quoted for it)."""
    if len(named) > 1 and named[0] == named[-1] == '"':
        named = named[1:-1].replace('""', '"')
    return f'"{named}"'


def _pg_type(duck: str) -> str:
    duck = duck.strip()
    if duck.endswith("[]"):
        return _pg_type(duck[:-2]) + "[]"
    if duck.startswith("DECIMAL"):
        return "numeric"
    return _TYPE_NAMES.get(duck, duck.lower())


def _statement(sql: str) -> exp.Expr | None:
    try:
        return sqlglot.parse_one(sql, read=PostgresForDuck)  # as the translation reads it
    except (SqlglotError, ValueError):
        return None


def _calls(call: exp.Func, name: str) -> bool:
    """Whether `call` is a call of `name` (a call sqlglot knows by name is a node of its own)."""
    if isinstance(call, exp.Anonymous):
        return call.name.lower() == name.lower()
    written = call.meta.get(WRITTEN_NAME)
    return isinstance(written, str) and written.lower() == name.lower()


def _missing_function(name: str, statement: str) -> str:
    """`function f(integer, unknown) does not exist`, the arguments typed from the
    statement's call (function_calls.py)."""
    tree = _statement(statement)
    calls = [] if tree is None else [
        c for c in tree.find_all(exp.Func) if _calls(c, name)
    ]  # fmt: skip
    return missing_function(name, call_arguments(calls[0]) if calls else "...")


def _string_literal_operand(operator: str, statement: str) -> bool:
    """Whether the statement applies `operator` to a string literal written bare
    (`7 % '2'`): Postgres gives such a literal the other operand's type; DuckDB reads it
    as text, and would report an operator Postgres has as missing."""
    kinds = _ARITHMETIC.get(operator)
    tree = _statement(statement)
    if kinds is None or tree is None:
        return False
    return any(
        isinstance(side, exp.Literal) and side.is_string
        for node in tree.find_all(*kinds)
        for side in (node.this, node.expression)
    )


def _written_arities(name: str, statement: str) -> set[int]:
    """How many arguments the statement's calls of `name` are written with."""
    tree = _statement(statement)
    calls = [] if tree is None else [c for c in tree.find_all(exp.Func) if _calls(c, name)]
    return {
        len(c.expressions) if isinstance(c, exp.Anonymous) else len(list(c.iter_expressions()))
        for c in calls
    }


def _no_match(name: str, arguments: str, statement: str) -> str | None:
    types = [_pg_type(t) for t in arguments.split(", ")] if arguments else []
    if re.fullmatch(r"\w+", name):
        # Postgres' verdict only where the user's call is the one DuckDB judged (the
        # translation may have rewritten its arguments) and Postgres has no such call.
        arities = _written_arities(name, statement)
        if arities <= {len(types)} and not postgres_accepts(name, types):
            return f"function {name}({', '.join(types)}) does not exist"
        # The types DuckDB names are its own (the translation's, where it rewrote the call).
        shown = f"{name}({', '.join(types)})" if arities <= {len(types)} else f"{name}()"
        return (
            f"function {shown} is not supported by this demo"
            f" (DuckDB, its engine, has {name}() for other arguments)"
        )
    operator = _WRITTEN_AS.get(name, name)
    if _string_literal_operand(name, statement):
        return (
            f"{operator} of a string literal is not supported by this demo:"
            " cast the literal to the other operand's type"
        )
    if name == "//" and types[:1] == ["interval"]:
        return INTERVAL_QUOTIENT  # an interval the statement did not show (`(b - a) / 2`)
    if name in _WRITTEN_AS:
        return None  # its operand types are the translation's, not the user's
    if postgres_accepts(operator, types):  # Postgres has it: the demo's limit
        return (
            f"operator {operator} of {' and '.join(types)} is not supported by this demo"
            f" (DuckDB, its engine, has {operator} for other operand types)"
        )
    if len(types) == 1:
        return f"operator does not exist: {operator} {types[0]}"
    return f"operator does not exist: {types[0]} {operator} {types[1]}"


def _altered_table(statement: str) -> str | None:
    """The table an ALTER TABLE changes."""
    found = re.match(
        r"\s*ALTER\s+TABLE\s+(?:ONLY\s+)?(?:IF\s+EXISTS\s+)?([\w.\"]+)", statement, re.I
    )
    return found[1].split(".")[-1].strip('"') if found else None


def _target_table(statement: str) -> str | None:
    """The table an INSERT or UPDATE writes to."""
    tree = _statement(statement)
    if isinstance(tree, exp.Insert | exp.Update):
        table = target_table(tree)
        if isinstance(table, exp.Table):
            return table.name
    return None


def _duplicate_key(key: str, kind: str, statement: str) -> str:
    columns = [part.split(": ", 1)[0] for part in re.split(r", (?=\w+: )", key)]
    table = _target_table(statement)
    # A unique index on an expression (`lower(email)`) has a name of its own, never
    # derived from its columns: Postgres' message goes without one.
    if table is None or not all(re.fullmatch(r"\w+", c) for c in columns):
        return "duplicate key value violates unique constraint"
    table = _fold(table, statement)
    name = f"{table}_pkey" if kind == "primary key" else f"{table}_{'_'.join(columns)}_key"
    return f'duplicate key value violates unique constraint "{name}"'


# Numeric texts Postgres reads that DuckDB's DECIMAL does not: NaN and the infinities
# (PG 14+), and non-decimal integers (PG 16+).
_SPECIAL_NUMERIC = re.compile(r"\s*[+-]?(nan|inf|infinity)\s*", re.I)
_PREFIXED_NUMERIC = re.compile(r"\s*[+-]?0[xob]", re.I)


def _bad_input(text: str, type_name: str) -> str:
    """A text DuckDB could not read as `type_name`: Postgres' "invalid input syntax"
    only where Postgres refuses it too, as far as is known here."""
    if type_name == "numeric" and _SPECIAL_NUMERIC.fullmatch(text):
        return f"numeric '{text}' is not supported by this demo: DuckDB's DECIMAL holds no NaN or infinity"
    if type_name == "numeric" and _PREFIXED_NUMERIC.match(text):
        return f'this demo does not read the numeric form "{text}"'
    if type_name == "interval":
        # Obvious mistakes were refused in Postgres' words before DuckDB ran
        # (interval_input.py); Postgres reads forms DuckDB does not ('1-2', ISO 8601).
        return f'this demo does not read the interval form "{text}"'
    return f'invalid input syntax for type {type_name}: "{text}"'


# The last year of Postgres' timestamp range; DuckDB's ends earlier (294247).
_LAST_TIMESTAMP_YEAR = 294276


def _timestamp_range(quoted: str) -> str:
    year = re.match(r'"\s*(\d+)-', quoted)
    if year and int(year[1]) <= _LAST_TIMESTAMP_YEAR:
        return f"this demo holds timestamps up to the year 294247 (DuckDB's range): {quoted}"
    return f"timestamp out of range: {quoted}"


def _array_input(text: str) -> str:
    """A text DuckDB could not read as an array: Postgres' "malformed" only where its
    braces do not balance; a multi-dimensional or bounded form Postgres reads
    (`{{1,2},{3,4}}`, `[0:1]={1,2}`) is the demo's limit."""
    depth = 0
    for char in text:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            break
    if depth == 0 and text.strip().startswith(("{", "[")):
        return f'this demo does not read the array form "{text}"'
    return f'malformed array literal: "{text}"'


def _failed_check(table: str, expression: str) -> str:
    try:
        columns = {
            c.name for c in sqlglot.parse_one(expression, read="duckdb").find_all(exp.Column)
        }
    except (SqlglotError, ValueError):
        columns = set()
    name = f"{table}_{columns.pop()}_check" if len(columns) == 1 else f"{table}_check"
    return f'new row for relation "{table}" violates check constraint "{name}"'


def _missing_relation(kind: str, name: str, statement: str) -> str:
    kind = kind.lower()
    if kind == "type" and name in POSTGRES_TYPES:
        return f'type "{name}" is not supported by this demo (DuckDB, its engine, has no such type)'
    if kind in ("schema", "type"):
        return f'{kind} "{name}" does not exist'
    dropped = re.match(r"\s*DROP\s+(TABLE|VIEW|INDEX|SEQUENCE)\b", statement, re.I)
    if dropped and dropped.group(1).lower() == kind:
        return f'{kind} "{name}" does not exist'
    return f'relation "{name}" does not exist'


def _missing_update_column(column: str, statement: str) -> str | None:
    table = _target_table(statement)
    if table is None:
        return None
    return f'column "{column}" of relation "{_fold(table, statement)}" does not exist'


def _star_in_set(statement: str) -> str | None:
    """The refusal of `UPDATE ... SET a = v.*` or `SET (a, b) = ROW(v.*)`, which Postgres
    expands into the row's columns and DuckDB cannot."""
    tree = _statement(statement)
    if not isinstance(tree, exp.Update) or not any(
        star for e in tree.expressions for star in e.find_all(exp.Star)
    ):
        return None
    return "a row's * in UPDATE ... SET is not supported by this demo: name its columns"


def _alias_of(table: str, statement: str) -> str:
    """The name the statement reads `table` under (`FROM t AS f(a, b)` reads it as f)."""
    tree = _statement(statement)
    for found in [] if tree is None else tree.find_all(exp.Table):
        if found.name.lower() == table.lower() and found.alias:
            return found.alias
    return table


def _aliased(table: str, statement: str) -> bool:
    """Whether the statement reads `table` under another name (`FROM t AS q`)."""
    tree = _statement(statement)
    return tree is not None and any(
        t.name.lower() == table.lower() and t.alias and t.alias.lower() != table.lower()
        for t in tree.find_all(exp.Table)
    )


def _concatenation(left: str, right: str) -> str:
    """DuckDB's `||` takes two lists; Postgres' also appends or prepends an element."""
    if left == right + "[]" or right == left + "[]":
        which = "array_append" if left.endswith("[]") else "array_prepend"
        return f"|| of an array and one element is not supported by this demo; use {which}()"
    return f"operator does not exist: {_pg_type(left)} || {_pg_type(right)}"


def _order_position(highest: str, statement: str) -> str | None:
    """Postgres' words for an ORDER BY position past the select list, naming it."""
    tree = _statement(statement)
    order = tree.args.get("order") if tree is not None else None
    for ordered in order.expressions if isinstance(order, exp.Order) else []:
        key = ordered.this
        if isinstance(key, exp.Literal) and key.is_int and not 1 <= int(key.this) <= int(highest):
            return f"ORDER BY position {key.this} is not in select list"
    return None


def _ungrouped(column: str, statement: str) -> str | None:
    """Postgres names an ungrouped column with its table: known where only one is read."""
    tree = _statement(statement)
    tables = [] if tree is None else list(tree.find_all(exp.Table))
    if "." in column or len(tables) != 1:
        return None
    qualified = f"{_fold(tables[0].alias_or_name, statement)}.{column}"
    return f'column "{qualified}" must appear in the GROUP BY clause or be used in an aggregate function'


def _insert_counts(columns: str, values: str) -> str:
    more = "expressions than target columns" if int(values) > int(columns) else (
        "target columns than expressions"
    )  # fmt: skip
    return f"INSERT has more {more}"


# A rule's wording, or None where the statement does not say enough for Postgres' words.
Rule = tuple[re.Pattern[str], Callable[[re.Match[str], str], str | None]]
_NAME = r'"?([^"\s!]+)"?'
# Missing outright, or only in one of DuckDB's extensions: none is loaded here (engine
# set-up), so both read as Postgres' "does not exist".
_MISSING = r"(?:does not exist!|is not in the catalog, but it exists in the \w+ extension)"
_RULES: list[Rule] = [
    (re.compile(rf"Catalog Error: (Table|View|Index|Sequence|Schema|Type) with name {_NAME} {_MISSING}"),
     lambda m, s: _missing_relation(m[1], _fold(m[2], s), s)),
    (re.compile(rf"Catalog Error: (?:Table|View|Index|Sequence) with name {_NAME} already exists!"),
     lambda m, s: f'relation "{_fold(m[1], s)}" already exists'),
    (re.compile(rf"Catalog Error: (Schema|Type) with name {_NAME} already exists!"),
     lambda m, s: f'{m[1].lower()} "{_fold(m[2], s)}" already exists'),
    (re.compile(rf"Catalog Error: (?:Scalar |Table |Aggregate |Pragma )?(?:Function|Macro) with name {_NAME} {_MISSING}"),
     lambda m, s: _missing_function(_fold(m[1], s), s)),
    # Postgres takes a schema that does not exist yet in the path (and skips it).
    (re.compile(r'Catalog Error: SET search_path: No catalog \+ schema named "(.+)" found'),
     lambda m, s: f'a search_path naming a schema that does not exist ({_path_name(m[1])}) is'
     " not supported by this demo: DuckDB, its engine, takes existing schemas only"),
    (re.compile(r"Binder Error: No function matches the given name and argument types '(.+?)\((.*)\)'"),
     lambda m, s: _no_match(m[1], m[2], s)),
    (re.compile(r'Binder Error: Referenced column "([^"]+)" not found in FROM clause!'),
     lambda m, s: f'column "{_fold(m[1], s)}" does not exist'),
    (re.compile(r'Binder Error: Table "([^"]+)" does not have a column named "([^"]+)"'),
     lambda m, s: f"column {_fold(m[1], s)}.{_fold(m[2], s)} does not exist"),
    (re.compile(r'Binder Error: Table "([^"]+)" does not have a column with name "([^"]+)"'),
     lambda m, s: f'column "{_fold(m[2], s)}" of relation "{_fold(m[1], s)}" does not exist'),
    (re.compile(r'Binder Error: Referenced table "([^"]+)" not found!'),
     lambda m, s: ("invalid reference to" if _aliased(m[1], s) else "missing")
     + f' FROM-clause entry for table "{_fold(m[1], s)}"'),
    (re.compile(r'Binder Error: Ambiguous reference to column name "([^"]+)"'),
     lambda m, s: f'column reference "{_fold(m[1], s)}" is ambiguous'),
    (re.compile(r'Binder Error: Ambiguous reference to table "([^"]+)" \(duplicate alias'),
     lambda m, s: f'table name "{_fold(m[1], s)}" specified more than once'),
    (re.compile(r'Binder Error: table "([^"]+)" has (\d+) columns available but (\d+) columns specified'),
     lambda m, s: f'table "{_fold(_alias_of(m[1], s), s)}" has {m[2]} columns available but {m[3]} columns specified'),
    (re.compile(r'Binder Error: Column name/value mismatch for insert on \S+: expected (\d+) columns but (\d+) values were supplied'),
     lambda m, s: _insert_counts(m[1], m[2])),
    (re.compile(r'Binder Error: Multiple assignments to same column "([^"]+)"'),
     lambda m, s: f'multiple assignments to same column "{_fold(m[1], s)}"'),
    (re.compile(r'Binder Error: Referenced update column (\S+) not found in table!'),
     lambda m, s: _missing_update_column(_fold(m[1], s), s)),
    (re.compile(r'Catalog Error: Column with name "?([^"\s]+)"? already exists!'),
     lambda m, s: f'column "{_fold(m[1], s)}" of relation "{_altered_table(s)}" already exists' if _altered_table(s)
     else f'column "{_fold(m[1], s)}" specified more than once'),
    (re.compile(r"Binder Error: Cannot change the type of a column that has a (CHECK|UNIQUE|PRIMARY KEY|FOREIGN KEY|NOT NULL)"),
     lambda m, s: f"changing the type of a column with a {m[1]} constraint is not supported by this demo"
                  " (DuckDB, its engine, cannot)"),
    (re.compile(r"Binder Error: Cannot concatenate lists of types (\S+) and (\S+) - "),
     lambda m, s: _no_match("||", f"{m[1]}, {m[2]}", s)),
    (re.compile(r"Binder Error: Cannot concatenate types (\S+) and (\S+) - "),
     lambda m, s: _concatenation(m[1], m[2])),
    (re.compile(r"Binder Error: ORDER term out of range - should be between 1 and (\d+)"),
     lambda m, s: _order_position(m[1], s)),
    (re.compile(r'Binder Error: column "([^"]+)" must appear in the GROUP BY clause or must be part of an aggregate function'),
     lambda m, s: _ungrouped(m[1], s)),
    (re.compile(r"Binder Error: Correlated columns not supported in LIMIT/OFFSET"),
     lambda m, s: "a LIMIT or OFFSET that reads a column of the outer query is not supported by this demo"),
    (re.compile(r"Binder Error: DO UPDATE SET clause cannot contain a subquery"),
     lambda m, s: "a subquery in ON CONFLICT ... DO UPDATE SET is not supported by this demo"),
    # DuckDB keeps no constraint names (see above), so it cannot find the one named.
    (re.compile(r"Not implemented Error: ON CONSTRAINT conflict target is not supported"),
     lambda m, s: "ON CONFLICT ON CONSTRAINT is not supported by this demo (DuckDB, its engine, keeps no constraint names); name the key's columns: ON CONFLICT (column, ...)"),
    (re.compile(r"Binder Error: STAR expression is not supported here"),
     lambda m, s: _star_in_set(s)),
    (re.compile(r"Parser Error: Could not perform assignment, expected \d+ values, got \d+"),
     lambda m, s: _star_in_set(s) or "number of columns does not match number of values"),
    (re.compile(r"Binder Error: WHERE clause cannot contain aggregates!"),
     lambda m, s: "aggregate functions are not allowed in WHERE"),
    (re.compile(r"Binder Error: LIMIT/OFFSET cannot be negative"),
     lambda m, s: "LIMIT must not be negative"),
    # DuckDB parses the translated SQL: its stop is not a claim about the user's syntax.
    (re.compile(r"Parser Error: syntax error at (or near \"[^\"]*\"|end of input)"),
     lambda m, s: f"could not parse as Postgres SQL: at {m[1]}"),
    (re.compile(r"Parser Error: Qualified column names in UPDATE \.\. SET not supported"),
     lambda m, s: "an UPDATE ... SET of an array element or a field is not supported by this demo"),
    (re.compile(r"Constraint Error: Duplicate key \"(.+)\" violates (primary key|unique) constraint"),
     lambda m, s: _duplicate_key(m[1], m[2], s)),
    # A key written twice in one transaction: DuckDB names neither the key's columns nor
    # its table, so Postgres' message goes without the constraint's name.
    (re.compile(r'Constraint Error: PRIMARY KEY or UNIQUE constraint violation: duplicate key "'),
     lambda m, s: "duplicate key value violates unique constraint"),
    (re.compile(r'Constraint Error: NOT NULL constraint failed: "?([^".]+)"?\."?([^"]+)"?$', re.M),
     lambda m, s: f'null value in column "{_fold(m[2], s)}" of relation "{_fold(m[1], s)}" violates not-null constraint'),
    (re.compile(r'Constraint Error: CHECK constraint failed on table "?([^"]+)"? with expression CHECK\((.*)\)$', re.M),
     lambda m, s: _failed_check(_fold(m[1], s), m[2])),
    (re.compile(r"Out of Range Error: Overflow in \w+ of (INT16|INT32|INT64|INT128)"),
     lambda m, s: f"{_INTEGERS[m[1]]} out of range"),
    (re.compile(r"Out of Range Error: Overflow in \w+ of INTERVAL"),
     lambda m, s: "interval out of range"),
    (re.compile(r"Conversion Error: Type \w+ with value \S+ can't be cast because the value is out of range for the destination type (INT16|INT32|INT64)"),
     lambda m, s: f"{_INTEGERS[m[1]]} out of range"),
    (re.compile(r'Conversion Error: date field value out of range: (".*")'),
     lambda m, s: f"date/time field value out of range: {m[1]}"),
    (re.compile(r'Conversion Error: timestamp field value out of range: (".*")'),
     lambda m, s: _timestamp_range(m[1])),
    (re.compile(r"""Conversion Error: Could not convert string ['"](.*)['"] to (DECIMAL\(\d+,\d+\)|INTERVAL|UUID)$""", re.M),
     lambda m, s: _bad_input(m[1], _pg_type(m[2]))),
    # duckdb-wasm 1.4 reads a uuid's text as the 128-bit integer it keeps.
    (re.compile(r"""Conversion Error: Could not convert string '(.*)' to INT128$""", re.M),
     lambda m, s: f'invalid input syntax for type uuid: "{m[1]}"' if re.search(r"\buuid\b", s, re.I) else None),
    (re.compile(r"Conversion Error: Type VARCHAR with value '(.*)' can't be cast to the destination type \w+\[\]$", re.M),
     lambda m, s: _array_input(m[1])),
    (re.compile(r"Conversion Error: Unimplemented type for cast \((.+?) -> (.+?)\)"),
     lambda m, s: f"cannot cast type {_pg_type(m[1])} to {_pg_type(m[2])}"),
    (re.compile(r"Out of Memory Error: "),
     lambda m, s: "out of memory"),  # as the native path's memory limit says it
    (re.compile(r"Out of Range Error: (\w+) is out of range!"),
     lambda m, s: f"{m[1].lower()} went out of range in this demo (DuckDB computes it otherwise than Postgres)"),
    # to_date()/to_timestamp(text, format) run as strptime, which reads its input strictly.
    (re.compile(r'Invalid Input Error: Could not parse string "(.*)" according to format specifier'),
     lambda m, s: f'this demo could not read "{m[1]}" with the format given (to_date() and'
                  " to_timestamp() read their input more strictly here than Postgres does)"),
    (re.compile(r"Invalid Input Error: More than one row returned by a subquery used as an expression"),
     lambda m, s: "more than one row returned by a subquery used as an expression"),
]  # fmt: skip


# A word that is not a label of an enum: the duckdb package names the type by its labels,
# duckdb-wasm by the unsigned integer that holds them.
_ENUM_INPUT = re.compile(
    r"Conversion Error: Could not convert string '(.*)' to (ENUM\(.*\)|UINT8|UINT16|UINT32)$", re.M
)


def enum_input_message(
    text: str, statement: str, enum_types: Callable[[], list[tuple[str, list[str]]]]
) -> str | None:
    """`invalid input value for enum mood: "meh"` for DuckDB's failed conversion to an
    enum; None for another error. `enum_types()` (each enum type's name and labels) is
    asked only for this error. By its labels where DuckDB names them; else the enum
    without that label that `statement` names, or the only one without it."""
    found = _ENUM_INPUT.search(text)
    if found is None:
        return None
    word, target = found[1], found[2]
    types = enum_types()
    if not types:
        return None
    if target.startswith("ENUM("):
        named = [n for n, labels in types if target == f"ENUM({_quoted_labels(labels)})"]
    else:
        lacking = [n for n, labels in types if word not in labels]
        written = [n for n in lacking if re.search(rf"\b{re.escape(n)}\b", statement, re.I)]
        named = written or lacking
    if len(named) != 1:
        return f'invalid input value for an enum type: "{word}"'
    return f'invalid input value for enum {named[0]}: "{word}"'


def _quoted_labels(labels: list[str]) -> str:
    return ", ".join("'" + label.replace("'", "''") + "'" for label in labels)


def postgres_message(text: str, statement: str) -> str:
    """DuckDB's error `text` for the user's `statement`, in Postgres' words where the
    form is known; otherwise DuckDB's own first line (its name kept)."""
    for pattern, words in _RULES:
        found = pattern.match(text)
        message = words(found, statement) if found else None
        if message is not None:
            return message
    if _CLASS.match(text):
        return text.split("\n", 1)[0].rstrip()
    return text
