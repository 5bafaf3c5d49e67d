"""The differential SQL suite's machinery: corpus, runs through the adapters, comparison.

Free of pytest so that `browser_runner.mjs` can run the same code inside Pyodide
(duckdb-wasm behind the worker's own bridge). `test_differential.py` drives it.
A case's answer (`Answer`) is `{"ok": True, "result": [...]}`, the result in the
engine's declared shape (`demo.runtime.sql.results`: sql.js's or PGlite's, through
JSON, ours and the reference's alike), or `{"ok": False, "error": msg}`; after each
case the group's probe query is answered the same way, so a case that
left the wrong state behind (a failed request that committed half) is caught.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Required, TypedDict

if TYPE_CHECKING:  # only the shapes: this module also runs inside Pyodide
    from demo.runtime.sql.results import SqlResult

CORPUS = Path(__file__).with_name("corpus")

# Postgres type OIDs whose agreement the suite checks (the "common set"):
# bool, int2/4/8, numeric, float4/8, text, varchar, date, timestamp, timestamptz,
# json, jsonb, uuid, and the arrays of these.
COMMON_OIDS = {
    16: "bool", 21: "int2", 23: "int4", 20: "int8", 1700: "numeric", 700: "float4",
    701: "float8", 25: "text", 1043: "varchar", 1082: "date", 1114: "timestamp",
    1184: "timestamptz", 114: "json", 3802: "jsonb", 2950: "uuid",
    1000: "bool[]", 1005: "int2[]", 1007: "int4[]", 1016: "int8[]", 1231: "numeric[]",
    1021: "float4[]", 1022: "float8[]", 1009: "text[]", 1015: "varchar[]", 1182: "date[]",
    1115: "timestamp[]", 1185: "timestamptz[]", 199: "json[]", 3807: "jsonb[]", 2951: "uuid[]",
}  # fmt: skip


@dataclass
class Group:
    name: str
    setup: str
    probe: str
    cases: list[tuple[str, str]] = field(default_factory=list)


class Answer(TypedDict, total=False):
    """One request's outcome: `result` (one entry per statement) when `ok`, else `error`."""

    ok: Required[bool]
    result: list[SqlResult]
    error: str


class CaseRun(TypedDict):
    """A case's answer, and the group's probe answered right after it."""

    answer: Answer
    probe: Answer


class GroupRun(TypedDict):
    """A group: the probe on the freshly seeded database, and each case's run."""

    seed: Answer
    cases: dict[str, CaseRun]


# Group name -> its run, for one engine (ours, or the reference's from its runner).
Run = dict[str, GroupRun]


_MARK = re.compile(r"^-- (setup|probe|case: (.+))$")


def parse_group(path: Path) -> Group:
    sections: dict[str, list[str]] = {}
    order: list[str] = []
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        mark = _MARK.match(line)
        if mark:
            current = mark.group(2) or mark.group(1)
            if current in sections:
                raise ValueError(f"{path.name}: section {current!r} twice")
            sections[current] = []
            order.append(current)
        elif current is not None:
            sections[current].append(line)
    text = {k: "\n".join(v).strip() for k, v in sections.items()}
    cases = [(name, text[name]) for name in order if name not in ("setup", "probe")]
    return Group(path.stem, text["setup"], text["probe"], cases)


def load_corpus(engine: str) -> list[Group]:
    return [parse_group(p) for p in sorted((CORPUS / engine).glob("*.sql"))]


def corpus_json() -> str:
    """The corpus as oracle.mjs reads it on stdin."""
    return json.dumps(
        {
            engine: [
                {
                    "name": g.name,
                    "setup": g.setup,
                    "probe": g.probe,
                    "cases": [{"name": n, "sql": s} for n, s in g.cases],
                }
                for g in load_corpus(engine)
            ]
            for engine in ("postgres", "sqlite")
        }
    )


# -- running the adapters -----------------------------------------------------------


def _attempt(run: Callable[[], Any]) -> Answer:
    from demo.runtime.sql import SqlError

    try:
        result = run()
    except SqlError as exc:
        return {"ok": False, "error": exc.message}
    # Through JSON, as the service answers.
    return {"ok": True, "result": json.loads(json.dumps(result))}


def run_engine_corpus(
    make_engine: Callable[[], Any], groups: list[Group], *, from_image: bool
) -> Run:
    """Every case of `groups` on a fresh engine holding the group's setup.

    from_image: the setup runs once and each case starts from the image it left, as a
    service's database does after a reload (`run_regress` does the same). Otherwise the
    setup runs again before each case, on the case's connection: SQLite's PRAGMAs
    (`foreign_keys`) belong to the connection, and an image does not keep them (nor
    does sql.js's).
    """
    out: Run = {}
    for group in groups:
        engine = make_engine()
        setup = _attempt(lambda e=engine, g=group: e.execute(g.setup)[0])
        seed = _attempt(lambda e=engine, g=group: e.execute(g.probe)[0])
        image = engine.image() if from_image and setup["ok"] else b""
        engine.close()
        cases: dict[str, CaseRun] = {}
        for name, sql in group.cases:
            if not setup["ok"]:  # every case of the group fails with the setup's error
                failed = Answer(ok=False, error=f"setup: {setup['error']}")
                cases[name] = {"answer": failed, "probe": failed}
                continue
            engine = make_engine()
            try:
                if from_image:
                    engine.load_image(image)
                else:
                    engine.execute(group.setup)
                answer = _attempt(lambda e=engine, s=sql: e.execute(s)[0])
                probe = _attempt(lambda e=engine, g=group: e.execute(g.probe)[0])
            finally:
                engine.close()
            cases[name] = CaseRun(answer=answer, probe=probe)
        out[group.name] = GroupRun(seed=seed, cases=cases)
    return out


def run_postgres(open_duck: Callable[[], Any]) -> Run:
    from demo.runtime.sql.postgres import DuckEngine

    return run_engine_corpus(
        lambda: DuckEngine(open_duck()), load_corpus("postgres"), from_image=True
    )


def run_sqlite() -> Run:
    from demo.runtime.sql import SqliteEngine

    return run_engine_corpus(SqliteEngine, load_corpus("sqlite"), from_image=False)


# -- comparing ----------------------------------------------------------------------


def same_value(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, int | float) and isinstance(b, int | float):
        if a == b:
            return True
        return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-300)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


# Postgres numbers the types a database creates (an enum's) from 16384 on, each run anew
# (PGlite's numbers differ from case to case); the adapter reports such values as text
# (25), which node-postgres reads alike. docs/demo-runtime.md lists it as deliberate.
FIRST_CREATED_OID = 16384
TEXT_OID = 25


def _created_types_as_text(result: list[dict[str, Any]]) -> list[dict[str, Any]]:
    def field(f: dict[str, Any]) -> dict[str, Any]:
        created = f.get("dataTypeID", 0) >= FIRST_CREATED_OID
        return {**f, "dataTypeID": TEXT_OID} if created else f

    return [
        {**r, "fields": [field(f) for f in r["fields"]]} if "fields" in r else r for r in result
    ]


def _same_answer(ours: Answer, ref: Answer) -> bool:
    if ours["ok"] != ref["ok"]:
        return False
    return not ours["ok"] or same_value(ours["result"], _created_types_as_text(ref["result"]))


def _state(answer: Answer) -> Any:
    """What a probe says about the database: its rows (types are the cases' concern)."""
    if not answer["ok"]:
        return None
    return [r.get("rows", r.get("values")) for r in answer["result"]]


def _same_state(ours: Answer, ref: Answer) -> bool:
    return ours["ok"] == ref["ok"] and same_value(_state(ours), _state(ref))


@dataclass
class Verdict:
    """How one case compares: equal, error (we fail where the engine answers), silent."""

    case: str
    kind: str
    detail: str = ""


def compare(ours: Run, ref: Run, *, engine: str) -> list[Verdict]:
    verdicts = []
    for group, answers in ref.items():
        for name, expected in answers["cases"].items():
            case = f"{engine}/{group}: {name}"
            got = ours[group]["cases"][name]
            ref_answer, our_answer = expected["answer"], got["answer"]
            # A failed request changes nothing. sql.js itself runs statement by statement
            # (a failure keeps what ran before), so there the seed state is the reference.
            ref_probe = expected["probe"]
            if engine == "sqlite" and not ref_answer["ok"]:
                ref_probe = answers["seed"]
            if _same_answer(our_answer, ref_answer) and _same_state(got["probe"], ref_probe):
                verdicts.append(Verdict(case, "equal"))
            elif (
                ref_answer["ok"]
                and not our_answer["ok"]
                and _same_state(got["probe"], answers["seed"])
            ):
                # Failing where the engine answers is an error, not a wrong answer, as
                # long as the failed request changed nothing.
                verdicts.append(Verdict(case, "error", our_answer["error"]))
            else:
                detail = json.dumps({"ours": got, "reference": expected}, default=str)
                verdicts.append(Verdict(case, "silent", detail))
    return verdicts


# DuckDB's own words (`Binder Error: ...`), or sqlglot's or Python's internals, in a
# message a user reads: what duck_messages.py and syntax_errors.py reword.
ENGINE_WORDS = re.compile(
    r"^[A-Z][A-Za-z ]*? Error: |^(?:Type|Range)Error: |<class |<Token |\x1b\[|Error tokenizing"
    r"|Python int"
)


@dataclass
class Messages:
    """The error messages of the cases both the adapter and the engine refused."""

    refused: int = 0
    same: list[str] = field(default_factory=list)
    differ: dict[str, str] = field(default_factory=dict)  # case -> "ours | theirs"
    engine_words: list[str] = field(default_factory=list)  # cases in DuckDB's words
    # Refused where the engine answers, in words that claim an error of the engine's
    # own (not "this demo ...", not "could not parse ..."): the demo's limit must say so.
    posing: dict[str, str] = field(default_factory=dict)


# How a refusal says the limit is the demo's, not the engine's.
# The statement timeout and the memory limit are the demo's too, in Postgres' words.
DEMO_LIMIT = re.compile(
    r"this demo|could not parse as Postgres SQL|^setup: |^canceling statement due to"
    r" statement timeout$|^out of memory$"
)


def messages(ours: Run, ref: Run, *, prefix: str = "") -> Messages:
    found = Messages()
    for group, answers in ref.items():
        for name, expected in answers["cases"].items():
            case = f"{prefix}{group}: {name}" if prefix else name
            mine, theirs = ours[group]["cases"][name]["answer"], expected["answer"]
            if mine["ok"] or "error" not in mine:
                continue
            if ENGINE_WORDS.search(mine["error"]):
                found.engine_words.append(case)
            if theirs["ok"]:
                if not DEMO_LIMIT.search(mine["error"]):
                    found.posing[case] = mine["error"][:160]
                continue
            found.refused += 1
            if mine["error"] == theirs["error"]:
                found.same.append(case)
            else:
                found.differ[case] = f"{mine['error'][:160]} | {theirs['error'][:160]}"
    return found


def _field_pairs(
    ref_fields: list[dict[str, Any]], our_fields: list[dict[str, Any]]
) -> list[tuple[dict[str, Any], int]]:
    """(reference field, our dataTypeID) by position where the names agree in order (names
    may repeat: every unnamed column is `?column?`), else by name."""
    if [f["name"] for f in ref_fields] == [f["name"] for f in our_fields]:
        return [(f, o["dataTypeID"]) for f, o in zip(ref_fields, our_fields, strict=True)]
    ours = {f["name"]: f["dataTypeID"] for f in our_fields}
    return [(f, ours[f["name"]]) for f in ref_fields if f["name"] in ours]


def oid_agreement(ours: Run, ref: Run) -> tuple[int, list[str]]:
    """(fields compared, mismatches) over the reference's fields of the common types."""
    compared = 0
    mismatches = []
    for group, answers in ref.items():
        for name, expected in answers["cases"].items():
            got = ours[group]["cases"][name]["answer"]
            want = expected["answer"]
            if not (want["ok"] and got["ok"]) or len(want["result"]) != len(got["result"]):
                continue
            for ref_stmt, our_stmt in zip(want["result"], got["result"], strict=True):
                for f, our_type in _field_pairs(ref_stmt["fields"], our_stmt["fields"]):
                    if f["dataTypeID"] not in COMMON_OIDS:
                        continue
                    compared += 1
                    if our_type != f["dataTypeID"]:
                        mismatches.append(
                            f"{group}: {name}: {f['name']} {COMMON_OIDS[f['dataTypeID']]}"
                            f" ({f['dataTypeID']}) != {our_type}"
                        )
    return compared, mismatches


def path_differences(ours: Run, native: Run, *, engine: str) -> list[str]:
    """Cases where two runs of the adapter (browser, native) answer differently.

    Error texts may differ between DuckDB builds; success, results and state may not.
    """
    out = []
    for group, answers in native.items():
        for name, want in answers["cases"].items():
            got = ours[group]["cases"][name]
            if not (
                _same_answer(got["answer"], want["answer"])
                and _same_state(got["probe"], want["probe"])
            ):
                detail = json.dumps({"browser": got, "native": want}, default=str)
                out.append(f"{engine}/{group}: {name}: {detail}")
    return out


# -- the second part: PostgreSQL's regression suite (corpus/postgres_regress/) --------

REGRESS = "postgres_regress"
# A statement still running after this is a hang (DuckDB is interrupted). A backstop far
# past the adapter's own 10 s statement timeout, which cancels a long statement cleanly:
# at 30 s a loaded machine (load 32) once took that clean cancel for a hang.
HANG_SECONDS = 120.0


# A case that reads the clock (`'now'`, `now()`, `current_timestamp`...) starts at least
# this long after its setup ended, on PGlite and on the adapter alike: its moment is
# then never the setup's at any precision down to whole seconds (`timestamp(0)` rounds to
# one), as in a service, where the seed was written before any request. Otherwise the
# answer of `d1 = timestamp(2) 'now'` against rows the setup wrote with `'now'` would
# depend on whether the engine ran both within one hundredth of a second (PGlite runs
# the setup again right before each case; the adapter starts each case from an image).
CLOCK_AFTER_SETUP_S = 1.1
_CLOCK = re.compile(
    r"'\s*now\s*'|\b(now|current_timestamp|current_time|localtimestamp|localtime"
    r"|transaction_timestamp|statement_timestamp|clock_timestamp)\b",
    re.I,
)


def reads_clock(sql: str) -> bool:
    """Whether the statement reads the current time (see CLOCK_AFTER_SETUP_S)."""
    return _CLOCK.search(sql) is not None


def _wait_past(moment: float) -> None:
    """Returns once the clock is past `moment` (Unix seconds)."""
    import time

    while (left := moment - time.time()) > 0:
        time.sleep(left)


def _oracle_case(name: str, sql: str) -> dict[str, Any]:
    """A case as oracle.mjs reads it: a clock-reading one says how long after setup."""
    case: dict[str, Any] = {"name": name, "sql": sql}
    if reads_clock(sql):
        case["after_setup_s"] = CLOCK_AFTER_SETUP_S
    return case


def regress_sql() -> dict[str, str]:
    """Case ("<group>: <file>.sql:<line>") -> its SQL."""
    return {f"{g.name}: {n}": s for g in load_corpus(REGRESS) for n, s in g.cases}


def regress_corpus_json(groups: list[Group] | None = None) -> str:
    """The second part (or `groups`) as oracle.mjs reads it (under its "postgres" key)."""
    groups = load_corpus(REGRESS) if groups is None else groups
    cases = [{"name": g.name, "setup": g.setup, "probe": g.probe,
              "cases": [_oracle_case(n, s) for n, s in g.cases]} for g in groups]  # fmt: skip
    return json.dumps({"postgres": cases, "sqlite": []})


def accepted_setup_corpus_json(ours: dict[str, Any], cases: set[str]) -> str | None:
    """`cases` ("<group>: <name>") of groups where the adapter refused setup statements,
    each group with the setup it accepted (oracle.mjs's input); None if there are none.

    PGlite's answers on that setup tell a case that differs only because of rows its
    setup could not write (the user saw that statement refused) from a wrong answer.
    """
    from demo.runtime.sql.postgres.split import split_postgres

    groups = []
    for group in load_corpus(REGRESS):
        refused = ours.get(group.name, {}).get("refused_sql", [])
        picked = [(n, q) for n, q in group.cases if f"{group.name}: {n}" in cases]
        if not refused or not picked:
            continue
        kept = [s for s in split_postgres(group.setup) if s not in refused]
        created = " ".join(refused)
        probe = [p.group(0) for p in _PROBE_PART.finditer(group.probe)
                 if not re.search(rf"table\s+{p.group(1)}\b", created, re.I)]  # fmt: skip
        groups.append({"name": group.name, "setup": ";\n".join(kept),
                       "probe": "SELECT " + ", ".join(probe) if probe else "SELECT 1",
                       "cases": [_oracle_case(n, q) for n, q in picked]})  # fmt: skip
    return json.dumps({"postgres": groups, "sqlite": []}) if groups else None


def _guarded(run: Callable[[], Any], interrupt: Callable[[], None] | None) -> dict[str, Any]:
    """`_attempt`, plus: any other exception is a crash, a statement past HANG_SECONDS a hang."""
    import threading

    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["answer"] = _attempt(run)
        except RecursionError as exc:  # the message is a page long
            box["answer"] = {"ok": False, "crash": f"RecursionError: {str(exc)[:200]}"}
        except Exception as exc:  # noqa: BLE001 - what a crash is, is the point
            box["answer"] = {"ok": False, "crash": f"{type(exc).__name__}: {exc}"[:500]}

    if interrupt is None:  # Pyodide has no threads: the browser path's hangs end the run
        target()
        return box["answer"]
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(HANG_SECONDS)
    if thread.is_alive():
        interrupt()
        thread.join(5)
        return {"ok": False, "crash": f"hang: no answer after {HANG_SECONDS:.0f} s"}
    return box["answer"]


_PROBE_PART = re.compile(r"\(SELECT count\(\*\) FROM (\w+)\) AS (\w+)", re.I)


def _probe_of_kept_tables(engine: Any, probe: str) -> str:
    """The group's probe (one row counting each setup table), over the tables the
    adapter's setup kept: a table it refused must not blind the probe to the others.
    The judge compares the counts both sides have."""
    kept = []
    for found in _PROBE_PART.finditer(probe):
        try:
            engine.execute(f"SELECT count(*) FROM {found.group(1)}")
        except Exception:  # noqa: BLE001 - refused at setup
            continue
        kept.append(found.group(0))
    return "SELECT " + ", ".join(kept) if kept else probe


def run_regress(
    open_duck: Callable[[], Any], *, threads: bool = True, groups: list[Group] | None = None
) -> dict[str, Any]:
    """Every case of the second part (or `groups`) through the `postgres` adapter,
    crashes caught."""
    import time

    from demo.runtime.sql.postgres import DuckEngine

    out: dict[str, Any] = {}
    for group in load_corpus(REGRESS) if groups is None else groups:
        # The setup runs once; each case starts from its image, as a service does.
        # It runs as one request, as PGlite runs it (one transaction: `now` is one
        # moment); where the adapter refuses a statement of it, it runs statement by
        # statement, the refused ones left out (their cases then fail cleanly or differ,
        # and are judged so); `refused` says which.
        from demo.runtime.sql.postgres.split import split_postgres

        seeded = DuckEngine(open_duck())
        refused, refused_sql = [], []
        whole = _guarded(lambda e=seeded, s=group.setup: e.execute(s)[0], None)
        if not whole["ok"]:
            with contextlib.suppress(Exception):
                seeded.close()
            seeded = DuckEngine(open_duck())
            for statement in split_postgres(group.setup):
                done = _guarded(lambda e=seeded, s=statement: e.execute(s)[0], None)
                if not done["ok"]:
                    refused.append(f"{statement[:80]}: {done.get('error') or done['crash']}")
                    refused_sql.append(statement)
            # Then the setup less those, as one request again (`'now'` one moment, as in
            # PGlite's run of the same statements: accepted_setup_corpus_json).
            accepted = ";\n".join(s for s in split_postgres(group.setup) if s not in refused_sql)
            again = DuckEngine(open_duck())
            if _guarded(lambda e=again, s=accepted: e.execute(s)[0], None)["ok"]:
                seeded.close()
                seeded = again
            else:
                again.close()
        setup = {"ok": True}
        probe_sql = _probe_of_kept_tables(seeded, group.probe)
        seed = _guarded(lambda e=seeded, p=probe_sql: e.execute(p)[0], None)
        image = seeded.image()
        seeded.close()
        seeded_at = time.time()  # the setup's `now` was before this
        cases: dict[str, Any] = {}
        for name, sql in group.cases:
            if not setup["ok"]:
                failed = {"ok": False, "error": f"setup: {setup.get('error') or setup['crash']}"}
                cases[name] = {"answer": failed, "probe": failed}
                continue
            if reads_clock(sql):
                _wait_past(seeded_at + CLOCK_AFTER_SETUP_S)
            conn = open_duck()
            engine = DuckEngine(conn)
            engine.load_image(image)
            stop = getattr(getattr(conn, "_conn", None), "interrupt", None) if threads else None
            interrupt = stop or ((lambda: None) if threads else None)
            answer = _guarded(lambda e=engine, s=sql: e.execute(s)[0], interrupt)
            probe = _guarded(lambda e=engine, p=probe_sql: e.execute(p)[0], interrupt)
            cases[name] = {"answer": answer, "probe": probe}
            with contextlib.suppress(Exception):
                engine.close()
        out[group.name] = {
            "seed": seed, "refused": refused, "refused_sql": refused_sql, "cases": cases
        }  # fmt: skip
    return out


def _unordered(sql: str) -> bool:
    """Whether the statement leaves its row order open (no ORDER BY on the outer query)."""
    import sqlglot
    from sqlglot import exp

    try:
        tree = sqlglot.parse_one(sql, read="postgres")
    except Exception:  # noqa: BLE001 - unreadable here: compare in order
        return False
    while isinstance(tree, exp.Subquery):
        tree = tree.this
    return isinstance(tree, exp.Query) and not tree.args.get("order")


def _counts(answer: dict[str, Any]) -> dict[str, Any] | None:
    if not answer["ok"] or not answer["result"] or not answer["result"][-1].get("rows"):
        return None
    return dict(answer["result"][-1]["rows"][0])


def _same_counts(ours: dict[str, Any], ref: dict[str, Any]) -> bool:
    """The probes' table counts agree on every table both sides have."""
    a, b = _counts(ours), _counts(ref)
    if a is None or b is None:
        return a is None and b is None
    common = a.keys() & b.keys()
    return bool(common) and all(same_value(a[k], b[k]) for k in common)


def _same_change(ours: tuple[Any, Any], ref: tuple[Any, Any]) -> bool:
    """Each side's case changed the table counts both sides have by the same amounts.

    Compared as changes from each side's own seed: where the adapter refused a setup
    statement, its counts start elsewhere, and only what the case did is the case's.
    """
    (our_seed, our_probe), (ref_seed, ref_probe) = ours, ref
    before, after = _counts(our_seed), _counts(our_probe)
    ref_before, ref_after = _counts(ref_seed), _counts(ref_probe)
    if None in (before, after, ref_before, ref_after):
        return _same_counts(our_probe, ref_probe)
    assert before and after and ref_before and ref_after
    common = before.keys() & after.keys() & ref_before.keys() & ref_after.keys()
    return bool(common) and all(
        after[k] - before[k] == ref_after[k] - ref_before[k] for k in common
    )


def _order_keys(sql: str) -> list[str | int] | None:
    """The outer ORDER BY as output column names/positions, or None if it is anything else.

    A key written as one of the select list's expressions (`ORDER BY rank() OVER w` where
    the list holds `rank() OVER w`) is that output column, as Postgres reads it.
    """
    import sqlglot
    from sqlglot import exp

    try:
        tree = sqlglot.parse_one(sql, read="postgres")
    except Exception:  # noqa: BLE001
        return None
    order = tree.args.get("order") if isinstance(tree, exp.Query) else None
    if order is None:
        return None
    keys: list[str | int] = []
    assert isinstance(tree, exp.Query)
    outputs = [e.this if isinstance(e, exp.Alias) else e for e in tree.selects]
    written = [e.sql("postgres") for e in outputs]
    for item in order.expressions:
        key = item.this
        if not isinstance(key, exp.Column | exp.Literal) and key.sql("postgres") in written:
            keys.append(written.index(key.sql("postgres")))
        elif isinstance(key, exp.Column) and not key.table:
            keys.append(key.name)
        elif isinstance(key, exp.Literal) and key.is_int:
            keys.append(int(key.this) - 1)
        else:
            return None
    return keys


def _ties_only(sql: str, ours: dict[str, Any], ref: dict[str, Any]) -> bool:
    """Both answers are the same rows in the same order of the ORDER BY keys: they differ
    at most in the order of ties, which SQL leaves open."""
    keys = _order_keys(sql)
    if not keys or not (ours["ok"] and ref["ok"]) or len(ours["result"]) != 1:
        return False
    if len(ref["result"]) != 1:
        return False
    mine, theirs = ours["result"][0], ref["result"][0]
    names = [f["name"] for f in theirs.get("fields", [])]
    if len(set(names)) != len(names):
        return False
    columns = [names[k] if isinstance(k, int) and k < len(names) else k for k in keys]
    if any(c not in names for c in columns):
        return False

    def projection(rows: list[dict[str, Any]]) -> list[list[Any]]:
        return [[row.get(c) for c in columns] for row in rows]

    return same_value(projection(mine.get("rows", [])), projection(theirs.get("rows", [])))


def _row_key(row: Any) -> str:
    """A row's sort key; a whole float sorts as its integer (PGlite sends float8 1 as 1,
    the adapter as 1.0, and `same_value` holds them equal)."""

    def whole(value: Any) -> Any:
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, dict):
            return {k: whole(v) for k, v in value.items()}
        if isinstance(value, list):
            return [whole(v) for v in value]
        return value

    return json.dumps(whole(row), sort_keys=True)


def _as_set(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer with each result's rows in a fixed order (for statements without one)."""
    if not answer["ok"]:
        return answer
    results = [{**r, "rows": sorted(r.get("rows", []), key=_row_key)} for r in answer["result"]]
    return {**answer, "result": results}


# An ISO moment as the JSON of a timestamp carries it (PGlite's Date, the adapter's).
_MOMENT = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")


def _masked(answer: dict[str, Any], run: tuple[float, float]) -> dict[str, Any]:
    """The answer with each timestamp that falls in `run` (the test run's own span, as
    Unix seconds) written `<moment of the run>`: the rows `'now'` wrote at setup."""
    import datetime as dt

    def mask(value: Any) -> Any:
        if isinstance(value, str) and _MOMENT.fullmatch(value):
            moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
            return "<moment of the run>" if run[0] <= moment <= run[1] else value
        if isinstance(value, dict):
            return {k: mask(v) for k, v in value.items()}
        if isinstance(value, list):
            return [mask(v) for v in value]
        return value

    return mask(answer)


def _verdict(
    case: str,
    got: dict[str, Any],
    expected: dict[str, Any],
    seeds: tuple[dict[str, Any], dict[str, Any]],
    sql: str | None,
    run: tuple[float, float] | None,
) -> Verdict:
    ours_answer, ref_answer = got["answer"], expected["answer"]
    if run is not None:
        ours_answer, ref_answer = _masked(ours_answer, run), _masked(ref_answer, run)
    if sql is not None and (_unordered(sql) or _ties_only(sql, ours_answer, ref_answer)):
        ours_answer, ref_answer = _as_set(ours_answer), _as_set(ref_answer)
    crash = ours_answer.get("crash") or got["probe"].get("crash")
    if crash:
        return Verdict(case, "crash", crash)
    if _same_answer(ours_answer, ref_answer) and _same_change(
        (seeds[0], got["probe"]), (seeds[1], expected["probe"])
    ):
        return Verdict(case, "equal")
    if not ours_answer["ok"] and _same_counts(got["probe"], seeds[0]):
        # A refusal that changed nothing: not the answer, but never a wrong one.
        return Verdict(case, "error", ours_answer["error"])
    detail = json.dumps({"ours": got, "reference": expected}, default=str)
    return Verdict(case, "silent", detail)


def judge_regress(
    ours: dict[str, Any],
    ref: dict[str, Any],
    sql: dict[str, str] | None = None,
    *,
    now_rows: tuple[set[str], tuple[float, float]] | None = None,
) -> list[Verdict]:
    """Each case: equal, error (a clean refusal where Postgres answers), silent, crash.

    Rows are compared as a multiset where the statement has no outer ORDER BY: SQL
    leaves that order open, and the suite's expected files only fix Postgres' plan's.
    `now_rows`: the cases that read rows `'now'` wrote at setup (each engine's own
    moment, listed in docs/demo-runtime.md) and the test run's span; in those cases a
    timestamp within the span is compared as "a moment of the run", every other value
    and the number of such rows as they are.
    """
    verdicts = []
    for group, answers in ref.items():
        for name, expected in answers["cases"].items():
            case = f"{group}: {name}"
            run = now_rows[1] if now_rows and case in now_rows[0] else None
            seeds = (ours[group]["seed"], answers["seed"])
            statement = sql[case] if sql is not None else None
            got = ours[group]["cases"][name]
            verdicts.append(_verdict(case, got, expected, seeds, statement, run))
    return verdicts


def judge_on_accepted_setup(
    verdicts: list[Verdict],
    ours: dict[str, Any],
    accepted: dict[str, Any],
    sql: dict[str, str],
    *,
    now_rows: tuple[set[str], tuple[float, float]] | None = None,
) -> list[Verdict]:
    """`verdicts` with each silent case that answers as PGlite does on the setup the
    adapter accepted (`accepted`: oracle.mjs's answers to `accepted_setup_corpus_json`)
    judged "setup": it differs only by rows a setup statement could not write, and the
    user saw that statement refused. Compared to the full setup's seed, not the case's."""
    judged = []
    for verdict in verdicts:
        group, _, name = verdict.case.partition(": ")
        expected = accepted.get(group, {}).get("cases", {}).get(name)
        if verdict.kind != "silent" or expected is None:
            judged.append(verdict)
            continue
        run = now_rows[1] if now_rows and verdict.case in now_rows[0] else None
        seeds = (ours[group]["seed"], accepted[group]["seed"])
        got = ours[group]["cases"][name]
        again = _verdict(verdict.case, got, expected, seeds, sql[verdict.case], run)
        refused = len(ours[group].get("refused_sql", []))
        detail = f"equal to PGlite on the setup less the {refused} statements refused there"
        judged.append(Verdict(verdict.case, "setup", detail) if again.kind == "equal" else verdict)
    return judged


class NodeRun:
    """A Node script of this folder (oracle.mjs, browser_runner.mjs), started at once, its
    JSON read when `result()` is asked for.

    Started early, a run takes one core while the suite does other work on the other:
    the modules that need PGlite's reference and the browser path start both before
    their native run. Input and output go through files, so a run never waits on a pipe
    nobody reads yet.
    """

    def __init__(self, script: str, *args: str, stdin: str | None = None) -> None:
        import shutil
        import subprocess
        import tempfile

        import pytest

        from tests.demo.sites import REPO

        node = shutil.which("node")
        if node is None:
            pytest.fail(f"needs node to run {script} (PGlite, sql.js, Pyodide, duckdb-wasm)")
        self.script = script
        # stdin, stdout, stderr; closed by stop()
        self._files = [tempfile.TemporaryFile() for _ in range(3)]  # noqa: SIM115
        given, self._out, self._err = self._files
        given.write((stdin or "").encode())
        given.seek(0)
        self._process = subprocess.Popen(
            [node, str(CORPUS.parent / script), str(REPO), *args],
            stdin=given,
            stdout=self._out,
            stderr=self._err,
            cwd=REPO,
        )

    def result(self) -> Any:
        from tests.waiting import HEAVY_RUN_S

        try:
            code = self._process.wait(timeout=HEAVY_RUN_S)
            self._err.seek(0)
            assert code == 0, self._err.read().decode(errors="replace")[-3000:]
            self._out.seek(0)
            return json.loads(self._out.read())
        finally:
            self.stop()

    def stop(self) -> None:
        """Ends the run if it still goes (its test failed before needing it), and its files."""
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        for file in self._files:
            file.close()


def start_needed(request: Any, runs: dict[str, Callable[[], NodeRun]]) -> dict[str, NodeRun]:
    """Starts now each of `runs` (fixture name -> how to start it) that a test selected in
    the requesting module uses, so the runs overlap each other and the native run."""
    wanted = {
        name
        for item in request.session.items
        if getattr(item, "module", None) is request.module
        for name in item.fixturenames
    }
    return {name: start() for name, start in runs.items() if name in wanted}
