"""Differential SQL suite: the adapters against the real engines, in one test run.

The corpus (`corpus/`) runs on PGlite and sql.js (`oracle.mjs`, Node) and through
the `postgres` and `sqlite` adapters natively; `test_browser_path.py` adds the
browser path. Nothing here is a hand-written expected answer: a case is "equal"
when the adapter's JSON matches the engine's (success/failure, field names,
dataTypeIDs, rows, affectedRows, and the state the probe query reads afterwards).
A difference is an "error" when the adapter fails with a message where the engine
answers, "deliberate" when docs/demo-runtime.md lists it with its reason, and
otherwise a silent wrong answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.demo.sites import REPO, native_only
from tests.waiting import heavy

from . import differential as diff

pytestmark = [native_only, heavy]

# The target is 97 %. The corpus also holds the demo's refusals of forms it
# cannot answer (34 of 1,242 cases natively, 35 on the browser path: `"char"`, a time of
# day with a zone, a key moved onto another updated row's, an upsert's rows from a query
# returned, holding NULL keys or leaving a UNIQUE column to its default, an upsert's
# VALUES rows reading their own table, a computed numeric's quotient, a computed
# integer's stddev, to_number(), pg_size_pretty() of a fraction, substring() of a
# pattern whose group may not take part, encode() to 'escape', an interval divided, a
# constrained column's type changed, a numeric grown by a recursive WITH query, a numeric
# quotient or average whose own scale would show through arithmetic, a subquery
# or a WITH query); the others are equal on both paths (1,208 equal natively, 97.3 %),
# so the floor sits at the target, just under that: a regression of four cases fails
# here. Silent wrong answers: none.
POSTGRES_EQUAL_FLOOR = 0.970
SQLITE_EQUAL_FLOOR = 0.99


def doc_table(heading: str) -> dict[str, str]:
    """Case -> reason, from a table of docs/demo-runtime.md."""
    text = (REPO / "docs" / "demo-runtime.md").read_text(encoding="utf-8")
    section = text.split(heading, 1)[1].split("\n#", 1)[0]
    return dict(re.findall(r"^\| `([^`]+)` \| (.+?) \|$", section, re.M))


def deliberate_cases() -> dict[str, str]:
    return doc_table("### Deliberate differences")


@pytest.fixture(scope="module")
def node_runs(request: pytest.FixtureRequest) -> Iterator[dict[str, diff.NodeRun]]:
    """The engines' reference and the browser path, both started before the native run:
    each takes a core of its own while it runs (idle CI has two)."""
    runs = diff.start_needed(
        request,
        {
            "reference": lambda: diff.NodeRun("oracle.mjs", stdin=diff.corpus_json()),
            "browser": lambda: diff.NodeRun("browser_runner.mjs"),
        },
    )
    yield runs
    for run in runs.values():
        run.stop()


@pytest.fixture(scope="module")
def reference(node_runs: dict[str, diff.NodeRun]) -> dict[str, Any]:
    return node_runs["reference"].result()


@pytest.fixture(scope="module")
def native_postgres() -> dict[str, Any]:
    from demo.native.duck import open_native_duck

    return diff.run_postgres(open_native_duck)


@pytest.fixture(scope="module")
def browser(node_runs: dict[str, diff.NodeRun]) -> dict[str, Any]:
    """The corpus through Pyodide + duckdb-wasm under Node, the worker's own code."""
    return node_runs["browser"].result()


def figures(
    verdicts: list[diff.Verdict], deliberate: dict[str, str]
) -> tuple[dict[str, int], list[diff.Verdict]]:
    counts = {"equal": 0, "error": 0, "deliberate": 0, "silent": 0}
    silent = []
    for v in verdicts:
        kind = "deliberate" if v.kind != "equal" and v.case in deliberate else v.kind
        counts[kind] += 1
        if kind == "silent":
            silent.append(v)
    return counts, silent


def report(title: str, counts: dict[str, int], total: int, silent: list[diff.Verdict]) -> str:
    lines = [
        f"{title}: {counts['equal']}/{total} cases equal ({100 * counts['equal'] / total:.1f} %), "
        f"{counts['error']} errors, {counts['deliberate']} deliberate, {counts['silent']} silent wrong answers"
    ]
    lines += [f"  silent: {v.case}: {v.detail[:600]}" for v in silent]
    return "\n".join(lines)


def test_postgres_adapter_matches_pglite(
    reference: dict[str, Any], native_postgres: dict[str, Any], capsys: Any
) -> None:
    ours = native_postgres
    verdicts = diff.compare(ours, reference["postgres"], engine="postgres")
    counts, silent = figures(verdicts, deliberate_cases())
    compared, mismatches = diff.oid_agreement(ours, reference["postgres"])
    deliberate = deliberate_cases()
    # "<group>: <case>: <field> ..." -> unexplained unless the case is listed.
    unexplained = [
        m for m in mismatches if "postgres/" + ": ".join(m.split(": ")[:2]) not in deliberate
    ]
    with capsys.disabled():
        print("\n" + report("postgres vs PGlite (native)", counts, len(verdicts), silent))
        print(
            f"dataTypeID agreement on the common types: {compared - len(mismatches)}/{compared}"
            f" (the {len(mismatches) - len(unexplained)} others in deliberate cases)"
        )
        for m in mismatches:
            print(f"  dataTypeID: {m}")
    assert counts["equal"] / len(verdicts) >= POSTGRES_EQUAL_FLOOR
    assert not silent
    assert not unexplained


def test_postgres_refusals_read_as_pglite_words_them(
    reference: dict[str, Any], native_postgres: dict[str, Any], browser: dict[str, Any], capsys: Any
) -> None:
    """Where PGlite refuses a case too, the adapter's message is PGlite's, word for word,
    on both paths, unless docs/demo-runtime.md lists why not; none is in DuckDB's words;
    and where PGlite answers, a refusal says the limit is the demo's."""
    listed = doc_table("### Error messages that differ from Postgres'")
    paths = {"native": native_postgres, "browser path": browser["postgres"]}
    found = {
        name: diff.messages(ours, reference["postgres"], prefix="postgres/")
        for name, ours in paths.items()
    }
    with capsys.disabled():
        for name, m in found.items():
            print(
                f"\nrefusals ({name}): {len(m.same)} of {m.refused} in PGlite's words,"
                f" {len(m.differ)} differ ({len(set(m.differ) & set(listed))} listed),"
                f" {len(m.engine_words)} in DuckDB's words"
            )
            for case, both in m.differ.items():
                print(f"  {case}: {both}")
            for case, said in m.posing.items():
                print(f"  refused where PGlite answers, as if Postgres refused: {case}: {said}")
    for m in found.values():
        assert not m.engine_words
        assert not m.posing  # the demo's limits say "this demo", never Postgres' words
        assert set(m.differ) <= set(listed), set(m.differ) - set(listed)
    # A listed case that now reads as PGlite words it leaves the list.
    assert set(listed) <= set().union(*(m.differ for m in found.values())), set(listed) - set(
        found["native"].differ
    )


def test_sqlite_adapter_matches_sqljs(reference: dict[str, Any], capsys: Any) -> None:
    ours = diff.run_sqlite()
    verdicts = diff.compare(ours, reference["sqlite"], engine="sqlite")
    counts, silent = figures(verdicts, deliberate_cases())
    messages = diff.messages(ours, reference["sqlite"], prefix="sqlite/")
    with capsys.disabled():
        print("\n" + report("sqlite vs sql.js (native)", counts, len(verdicts), silent))
        print(f"refusals: {len(messages.same)} of {messages.refused} in sql.js's words")
    assert counts["equal"] / len(verdicts) >= SQLITE_EQUAL_FLOOR
    assert not silent
    assert not messages.differ  # both are SQLite: the same words


def test_browser_path_answers_like_the_native_path(
    reference: dict[str, Any], native_postgres: dict[str, Any], browser: dict[str, Any], capsys: Any
) -> None:
    """duckdb-wasm behind the worker's code gives the native answers, case by case."""
    differ = []
    for engine, native in (("postgres", native_postgres), ("sqlite", diff.run_sqlite())):
        differ += diff.path_differences(browser[engine], native, engine=engine)
    verdicts = diff.compare(browser["postgres"], reference["postgres"], engine="postgres")
    counts, silent = figures(verdicts, deliberate_cases())
    gaps = doc_table("### Browser path gaps")
    unknown = [line for line in differ if ": ".join(line.split(": ")[:2]) not in gaps]
    with capsys.disabled():
        print("\n" + report("postgres vs PGlite (browser path)", counts, len(verdicts), silent))
        print(
            f"browser path differs from native in {len(differ)} cases"
            f" ({len(differ) - len(unknown)} listed as browser path gaps)"
        )
        for line in differ:
            print(f"  browser != native: {line[:600]}")
    assert not unknown
