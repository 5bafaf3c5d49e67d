"""<demo-query-panel> on the built shop demo (under /demos/shop/), in headless Chromium.

Expected tables come from the query endpoint itself (the engine's answer), never from
a hand-written copy: the panel must show what the engine returned.
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.demo.serviceworker.pagejs import query

from .conftest import PHONE, Shots

pytestmark = pytest.mark.browser


def _panel(page: Any, service: str) -> Any:
    panel = page.locator(f"demo-query-panel[service={service}]")
    panel.locator("button.primary:has-text('Run'):not([disabled])").wait_for()
    return panel


def _type_sql(panel: Any, sql: str) -> None:
    """Replace the editor's text by typing, as a user does."""
    editor = panel.locator(".cm-content")
    editor.click()
    editor.press("ControlOrMeta+a")
    editor.press("Delete")
    editor.type(sql)


def _table(panel: Any, index: int = 0) -> dict[str, Any]:
    return (
        panel.locator(".statement")
        .nth(index)
        .evaluate(
            """(el) => ({
          columns: [...el.querySelectorAll("th")].map((th) => th.textContent.trim()),
          rows: [...el.querySelectorAll("tbody tr")].map((tr) =>
            [...tr.querySelectorAll("td")].map((td) => ({
              text: td.textContent.replace(/\\s*(more|show)$/, "").trim(),
              align: getComputedStyle(td).textAlign,
              isNull: !!td.querySelector(".null"),
            }))),
        })"""
        )
    )


def test_a_query_with_rows_matches_the_engine(page: Any, shots: Shots) -> None:
    panel = _panel(page, "notes")
    sql = "SELECT id, body, NULL AS missing, length(body) * 1.5 AS score FROM notes ORDER BY id"
    _type_sql(panel, sql)
    panel.locator(".cm-content").press("ControlOrMeta+Enter")  # the keyboard shortcut runs it
    panel.locator(".summary").wait_for()
    engine = query(page, "notes", sql)["body"]["result"][0]
    shown = _table(panel)
    assert shown["columns"] == engine["columns"]
    assert [[c["text"] for c in row] for row in shown["rows"]] == [
        ["NULL" if v is None else str(v) for v in row] for row in engine["values"]
    ]
    first = shown["rows"][0]
    assert first[0]["align"] == "right" and first[3]["align"] == "right"  # numbers
    assert first[1]["align"] == "left"
    assert first[2]["isNull"] and not first[1]["isNull"]  # NULL is not the text "NULL"
    assert "answered in" in panel.locator(".summary").inner_text()
    assert panel.locator(".results").get_attribute("aria-live") == "polite"
    shots.take(panel, "query-panel-rows-desktop-light")


def test_long_cells_are_cut_and_blobs_summarised(page: Any) -> None:
    panel = _panel(page, "notes")
    long = "x" * 150
    panel.evaluate("(el, sql) => { el.sql = sql; }", f"SELECT '{long}' AS long, x'00ff10' AS raw")
    panel.locator("button.primary").click()
    panel.locator(".summary").wait_for()
    cells = panel.locator("tbody td")
    assert long not in cells.nth(0).inner_text()
    assert "BLOB · 3 bytes" in cells.nth(1).inner_text()
    cells.nth(0).get_by_role("button", name="Show the full value").click()
    assert long in cells.nth(0).inner_text()
    cells.nth(1).get_by_role("button").click()
    assert "\\x00ff10" in cells.nth(1).inner_text()


def test_a_write_reports_affected_rows(page: Any, shots: Shots) -> None:
    panel = _panel(page, "ledger")
    owner = f"w-{uuid.uuid4().hex[:6]}"
    sql = f"INSERT INTO accounts (owner, balance) VALUES ('{owner}', 1), ('{owner}', 2)"
    panel.evaluate("(el, sql) => { el.sql = sql; }", sql)
    panel.locator("button.primary").click()
    affected = panel.locator(".affected")
    affected.wait_for()
    assert affected.inner_text() == "2 rows affected"
    # The engine agrees: both rows are there (PGlite shape).
    rows = query(page, "ledger", f"SELECT owner FROM accounts WHERE owner = '{owner}'")
    assert len(rows["body"]["result"][0]["rows"]) == 2
    shots.take(panel, "query-panel-write-desktop-light")


def test_an_error_names_and_highlights_its_statement(page: Any, shots: Shots) -> None:
    panel = _panel(page, "notes")
    sql = "SELECT 1;\nSELECT nope FROM notes;\nSELECT 2;"
    panel.evaluate("(el, sql) => { el.sql = sql; }", sql)
    events = page.evaluate_handle(
        """() => { const seen = []; document.addEventListener("demo-query-run", (e) => seen.push(e.detail)); return seen; }"""
    )
    panel.locator("button.primary").click()
    alert = panel.get_by_role("alert")
    alert.wait_for()
    engine = query(page, "notes", sql)["body"]
    assert engine["error"] in alert.inner_text()
    marked = panel.locator("mark.failed")
    assert marked.inner_text() in engine["statement"] or engine["statement"] in marked.inner_text()
    assert "nope" in marked.inner_text() and "SELECT 1" not in marked.inner_text()
    # The editor selects the failing statement too.
    selection = panel.evaluate(
        "(el) => { const s = el._view.state.selection.main; return el.sql.slice(s.from, s.to); }"
    )
    assert selection == marked.inner_text()
    detail = events.evaluate("(seen) => seen.at(-1)")
    assert detail["ok"] is False and detail["statement"] == engine["statement"]
    shots.take(panel, "query-panel-error-desktop-light")


def test_history_and_export(page: Any, shots: Shots) -> None:
    panel = _panel(page, "notes")
    first = "SELECT id FROM notes ORDER BY id"
    second = "SELECT body, id FROM notes ORDER BY id DESC"
    for sql in (first, second):
        panel.evaluate("(el, sql) => { el.sql = sql; }", sql)
        panel.locator("button.primary").click()
        panel.locator(".summary").wait_for()
        page.wait_for_function("(el) => !el._running", arg=panel.element_handle())
    history = panel.locator("details.history")
    history.locator("summary").click()
    entries = history.locator("li")
    assert entries.nth(0).inner_text().find("SELECT body, id") >= 0
    assert entries.nth(1).inner_text().find("SELECT id FROM notes") >= 0
    entries.nth(1).locator("button").click()
    assert panel.evaluate("(el) => el.sql") == first

    engine = query(page, "notes", second)["body"]["result"][0]
    with page.expect_download() as info:
        panel.locator("button.export-csv").click()
    rows = list(csv.reader(io.StringIO(Path(info.value.path()).read_text())))
    assert rows == [engine["columns"], *[[str(v) for v in row] for row in engine["values"]]]
    with page.expect_download() as info:
        panel.locator("button.export-json").click()
    exported = json.loads(Path(info.value.path()).read_text())
    assert exported == [dict(zip(engine["columns"], row, strict=True)) for row in engine["values"]]
    assert info.value.suggested_filename == "notes-result.json"
    shots.take(panel, "query-panel-history-desktop-light")


def test_example_queries_come_from_the_manifest(page: Any) -> None:
    panel = _panel(page, "ledger")
    options = panel.locator("#examples option")
    labels = [options.nth(i).inner_text() for i in range(options.count())]
    assert labels[1] == "Accounts by balance"  # the manifest's `examples`, labelled by its comment
    panel.locator("#examples").select_option(label="Accounts by balance")
    assert panel.evaluate("(el) => el.sql").startswith("-- Accounts by balance\nSELECT owner")


def test_phone_and_dark(page: Any, shots: Shots) -> None:
    panel = _panel(page, "ledger")
    panel.evaluate("(el) => el.run('SELECT owner, balance, opened FROM accounts ORDER BY id')")
    panel.locator(".summary").wait_for()
    page.emulate_media(color_scheme="dark")
    shots.take(panel, "query-panel-rows-desktop-dark")
    page.set_viewport_size(PHONE)
    shots.take(panel, "query-panel-rows-phone-dark")
    page.emulate_media(color_scheme="light")
    shots.take(panel, "query-panel-rows-phone-light")
    width = panel.evaluate("(el) => el.getBoundingClientRect().width")
    assert width <= PHONE["width"]
    background = panel.evaluate("(el) => getComputedStyle(el).backgroundColor")
    assert background == "rgb(255, 255, 255)"
    page.emulate_media(color_scheme="dark")
    assert panel.evaluate("(el) => getComputedStyle(el).backgroundColor") != background


def test_words_in_cells_are_never_split_across_lines(page: Any) -> None:
    # A narrow panel with several columns once wrapped "Celeste" as "Celest / e": a
    # cell may wrap between words, never inside one; too wide a table scrolls instead.
    panel = _panel(page, "notes")
    page.set_viewport_size(PHONE)
    words = ["Celeste", "Hollow Knight", "Stardew Valley", "2026-11-26 07:10", "Opened"]
    columns = ", ".join(f"'{word}' AS c{i}" for i, word in enumerate(words))
    panel.evaluate("(el, sql) => el.run(sql)", f"SELECT {columns}")
    panel.locator(".summary").wait_for()
    split = panel.locator("tbody td").evaluate_all(
        """(cells) => cells.flatMap((td) => {
          const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
          const text = walker.nextNode();
          const found = [];
          for (const match of text.textContent.matchAll(/[\\p{L}\\p{N}]+/gu)) {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) found.push(match[0]);
          }
          return found;
        })"""
    )
    assert panel.locator("tbody td").count() == len(words)
    assert split == []


def _lines(panel: Any) -> list[dict[str, Any]]:
    """Per body cell of the first table: its column, text and the lines its text takes."""
    return panel.locator("tbody td").evaluate_all(
        """(cells) => cells.map((td) => {
          const range = document.createRange();
          range.selectNodeContents(td);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          const table = td.closest("table");
          return { column: table.querySelectorAll("th")[td.cellIndex].textContent.trim(),
                   text: td.textContent.trim(), lines: tops.size };
        })"""
    )


def _looks(page: Any, panel: Any, shots: Shots, name: str) -> list[list[dict[str, Any]]]:
    """At phone width in light and dark: a screenshot each, axe, and each look's cell lines."""
    from tests.web.conftest import check_axe

    page.set_viewport_size(PHONE)
    seen = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shots.take(panel, f"{name}-phone-{scheme}")
        seen.append(_lines(panel))
        check_axe(page)
        scroll = panel.locator(".scroll")
        # Too wide a table scrolls inside its frame; the page itself never does.
        assert panel.evaluate("(el) => el.getBoundingClientRect().width") <= PHONE["width"]
        assert scroll.evaluate("(el) => el.scrollWidth > el.clientWidth")
        scroll.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }")
        shots.take(panel, f"{name}-phone-{scheme}-scrolled")
        scroll.evaluate("(el) => { el.scrollLeft = 0; }")
    page.emulate_media(color_scheme="light")
    return seen


# A Postgres row with every date/time type, a number and a sentence, as a user's table has.
DATED = (
    "SELECT DATE '2024-01-01' AS opened, TIMESTAMP '2024-01-01 10:00:00' AS seen_at,"
    " TIMESTAMP '2024-01-01 00:00:00' AS midnight, TIMESTAMPTZ '2024-01-01 10:00:00+02' AS zoned,"
    " -1234567.25 AS balance, 'a remark long enough to wrap between its words at phone width' AS remark"
)


def test_dates_read_as_psql_prints_them_and_stay_on_one_line(page: Any, shots: Shots) -> None:
    panel = _panel(page, "ledger")
    panel.evaluate("(el, sql) => el.run(sql)", DATED)
    panel.locator(".summary").wait_for()
    shown = [cell["text"] for cell in _table(panel)["rows"][0]]
    looks = _looks(page, panel, shots, "query-panel-dates")
    texts = query(
        page, "ledger", f"SELECT opened::text, seen_at::text, midnight::text FROM ({DATED}) q"
    )
    engine = texts["body"]["result"][0]["rows"][0]
    # date and timestamp as Postgres writes them (the engine's own ::text); timestamptz
    # as psql prints it in the demo's UTC session, with its zone (PGlite's answer:
    # tests/demo/components/test_helpers.py).
    assert shown[:3] == [engine["opened"], engine["seen_at"], engine["midnight"]]
    assert shown[:3] == ["2024-01-01", "2024-01-01 10:00:00", "2024-01-01 00:00:00"]
    assert shown[3] == "2024-01-01 08:00:00+00"
    for cells in looks:
        whole = {cell["column"]: cell["lines"] for cell in cells if cell["column"] != "remark"}
        assert whole == dict.fromkeys(["opened", "seen_at", "midnight", "zoned", "balance"], 1)
        assert [c["lines"] for c in cells if c["column"] == "remark"] != [1]  # prose still wraps


# Short names with hyphens beside a sentence, in more columns than a phone is wide.
NAMES = ["Jean-Luc", "Marie-Claire Dubois", "Saint-Étienne", "e-mail"]
REMARK = "a remark long enough to wrap between its words"
NAMED = "SELECT " + ", ".join(f"'{text}' AS c{i}" for i, text in enumerate([*NAMES, REMARK]))


@pytest.mark.parametrize("service", ["notes", "ledger"])
def test_short_names_never_break_at_their_hyphen(page: Any, shots: Shots, service: str) -> None:
    # At phone width "Jean-Luc" once read "Jean-" over "Luc": a short cell (a name, a
    # code) stays on one line in either engine's table, a sentence wraps between words.
    panel = _panel(page, service)
    panel.evaluate("(el, sql) => el.run(sql)", NAMED)
    panel.locator(".summary").wait_for()
    for cells in _looks(page, panel, shots, f"query-panel-names-{service}"):
        lines = {cell["text"]: cell["lines"] for cell in cells}
        assert {name: lines[name] for name in NAMES} == dict.fromkeys(NAMES, 1)
        # The sentence wraps, in a column wide enough to read (not a word a line).
        assert 1 < lines[REMARK] <= 4
