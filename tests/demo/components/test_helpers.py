"""The components' pure helpers in Node: result tables from the real engines, exports,
statement ranges, and what the explorer reads from an OpenAPI document.

Result shapes come from sql.js and PGlite themselves (npm), not from hand-written
copies: the panel must draw what those engines answer.
"""

from __future__ import annotations

import csv
import io
import json
import re

import yaml

from tests.demo.serviceworker.node import module_url, run_module
from tests.demo.sites import REPO, SHOP

RESULTS = module_url("components/results.js")
OPENAPI = module_url("components/openapi.js")

ENGINES = f"""
import initSqlJs from "sql.js";
import {{ PGlite }} from "@electric-sql/pglite";
import {{ toTables, toCSV, toJSON, cellText, blobSummary }} from "{RESULTS}";
const SQL = await initSqlJs();
const lite = new SQL.Database().exec(input.sqlite);
const pg = await new PGlite().exec(input.postgres);
const plain = (tables) => tables.map((t) => ({{ ...t, rows: t.rows.map((r) => r.map(cellText)) }}));
const sqlite = toTables(lite), postgres = toTables(pg);
console.log(JSON.stringify({{
  sqlite: plain(sqlite), postgres: plain(postgres),
  csv: toCSV(postgres.at(-1)), json: JSON.parse(toJSON(postgres.at(-1))),
  blob: blobSummary(sqlite[0].rows[0][1]),
}}));
"""


def test_tables_from_sqljs_and_pglite() -> None:
    out = run_module(
        ENGINES,
        {
            "sqlite": "CREATE TABLE t(a, b, c); "
            "INSERT INTO t VALUES (1, x'00ff', 'x'), (NULL, NULL, 'y, \"z\"'); SELECT * FROM t;",
            "postgres": "CREATE TABLE t(a int, b bytea, c numeric, d text); "
            "INSERT INTO t VALUES (1, '\\x00ff', 1.50, 'x'), (NULL, NULL, 2, 'y, \"z\"'); "
            "SELECT * FROM t;",
        },
    )
    # sql.js: one table, for the statement that returned rows; no row counts.
    [lite] = out["sqlite"]
    assert lite["columns"] == ["a", "b", "c"]
    assert lite["numeric"] == [True, False, False] and lite["binary"] == [False, True, False]
    assert lite["rows"] == [["1", "\\x00ff", "x"], [None, None, 'y, "z"']]
    assert lite["affectedRows"] is None
    assert out["blob"] == "BLOB · 2 bytes"
    # PGlite: one per statement; the INSERT is a write with its count.
    create, insert, select = out["postgres"]
    assert (create["hasRows"], insert["hasRows"], insert["affectedRows"]) == (False, False, 2)
    assert select["numeric"] == [True, False, True, False]  # int4 and numeric (sent as text)
    assert select["binary"] == [False, True, False, False]
    assert select["rows"][0] == ["1", "\\x00ff", "1.50", "x"]
    rows = list(csv.reader(io.StringIO(out["csv"])))
    assert rows == [["a", "b", "c", "d"], ["1", "\\x00ff", "1.50", "x"], ["", "", "2", 'y, "z"']]
    assert out["json"][1] == {"a": None, "b": None, "c": "2", "d": 'y, "z"'}


def test_statement_range_and_labels() -> None:
    script = f"""
    import {{ statementRange, queryLabel }} from "{RESULTS}";
    const sql = "SELECT 1;\\n  SELECT   nope\\n FROM t;\\nSELECT 2;";
    console.log(JSON.stringify({{
      exact: statementRange(sql, "SELECT 2"),
      spaced: statementRange(sql, "SELECT nope FROM t"),
      missing: statementRange(sql, "DROP TABLE x"),
      comment: queryLabel("-- Top artists\\nSELECT 1"),
      first: queryLabel("\\nSELECT a,\\n b FROM t"),
    }}));
    """
    out = run_module(script)
    sql = "SELECT 1;\n  SELECT   nope\n FROM t;\nSELECT 2;"
    assert sql[slice(*out["exact"])] == "SELECT 2"
    assert sql[slice(*out["spaced"])] == "SELECT   nope\n FROM t"
    assert out["missing"] is None
    assert (out["comment"], out["first"]) == ("Top artists", "SELECT a,")


def test_explorer_reads_the_openapi_document() -> None:
    document = yaml.safe_load((SHOP / "api" / "openapi.yaml").read_text())
    fixtures = json.loads((SHOP / "api" / "fixtures" / "users.json").read_text())
    script = f"""
    import * as o from "{OPENAPI}";
    const groups = o.routeGroups(input.document, input.fixtures);
    const put = groups[0][1].find((r) => r.method === "PUT");
    console.log(JSON.stringify({{
      groups: groups.map(([tag, routes]) => [tag, routes.map((r) => `${{r.method}} ${{r.path}}`)]),
      params: o.pathParameters(put).map((p) => [p.name, o.parameterExample(input.document, p)]),
      query: o.queryParameters(put).map((p) => [p.name, o.parameterExample(input.document, p)]),
      body: JSON.parse(o.bodyExample(input.document, put.requestBody)),
      codes: o.responseCodes(put),
      examples: o.exampleNames(put, "200"),
      path: o.buildPath(put.path, {{ id: "a/b" }}, {{ notify: "true", empty: "" }}),
      prefer: [o.preferHeader("409", ""), o.preferHeader("", "admin"), o.preferHeader("", "")],
      source: o.describeSource(o.parseSource("openapi; method=GET; path=/a; response=200; media=application/json; example=gro%C3%9F")),
      fixture: o.describeSource(o.parseSource("fixture=3; method=GET; path=/users/2")),
    }}));
    """
    out = run_module(script, {"document": document, "fixtures": fixtures})
    assert out["groups"] == [
        ["users", ["GET /users", "POST /users", "GET /users/{id}", "PUT /users/{id}"]],
        ["Fixtures", ["GET /users/2", "GET /health"]],
    ]
    assert out["params"] == [["id", "7"]] and out["query"] == [["notify", "false"]]
    assert out["body"] == {"name": "Linus", "admin": False}
    assert out["codes"] == ["200", "409"] and out["examples"] == ["plain", "admin"]
    assert out["path"] == "users/a%2Fb?notify=true"
    assert out["prefer"] == ["code=409", "example=admin", ""]
    assert out["source"] == "OpenAPI GET /a, response 200, application/json, example “groß”"
    assert out["fixture"] == "Fixture #3 of fixtures.json (GET /users/2)"


def test_components_read_no_undeclared_adapter_field() -> None:
    """The fields the components read from ADAPTERS are the ones the build stamps."""
    from demo.build.bundle import component_adapters

    stamped = {key for entry in component_adapters().values() for key in entry}
    source = "\n".join(p.read_text() for p in (REPO / "components").glob("*.js"))
    read = set(re.findall(r"(?:\b_?adapter|ADAPTERS\[[^\]]+\])\??\.(\w+)", source))
    read -= {"name"}  # the manifest's adapter name, which the component adds itself
    assert read and read <= stamped, read - stamped


def test_components_build_their_urls_from_the_stamped_route_table() -> None:
    """No component spells a `__demo/` path; the routes they name are the table's."""
    from demo.runtime.adapters import http_families
    from demo.runtime.routes import page_templates

    templates = page_templates()
    code = "\n".join(
        re.sub(r"^\s*//.*$", "", p.read_text(), flags=re.M)
        for p in (REPO / "components").glob("*.js")
    )
    assert "__demo/" not in code
    named = set(re.findall(r"routePath\(\s*\"([^\"]+)\"", code))
    assert named and named <= set(templates), named - set(templates)
    # The explorer names an HTTP family's route (`http/${family}`): one for every family.
    assert {f"http/{family}" for family in http_families()} <= set(templates)
    out = run_module(
        f"""
        import {{ routePath }} from "{module_url("components/routes.js")}";
        console.log(JSON.stringify([
          routePath("db-query", {{ service: "ledger" }}, input),
          routePath("http/mock", {{ service: "a b" }}, input),
          routePath("reset", {{}}, input),
          (() => {{ try {{ routePath("nope", {{}}, input); }} catch (err) {{ return err.message; }} }})(),
        ]));
        """,
        templates,
    )
    assert out == [
        "__demo/db/ledger/query",
        "__demo/mock/a%20b/",
        "__demo/reset",
        "the demo's route table has no route “nope”",
    ]


# Every Postgres date/time type, with and without fractions, at midnight and not.
TEMPORAL = (
    "SELECT DATE '2024-01-01' AS day, TIMESTAMP '2024-01-01 10:00:00' AS at,"
    " TIMESTAMP '2024-01-01 00:00:00' AS midnight, TIMESTAMP '2024-01-01 10:00:00.25' AS fraction,"
    " TIMESTAMPTZ '2024-01-01 10:00:00+02' AS zoned, TIMESTAMPTZ '2024-01-01 10:00:00.5+02' AS zf,"
    " NULL::date AS none"
)


def test_dates_and_timestamps_read_as_postgres_prints_them() -> None:
    # The panel gets PGlite's values through JSON (a JS Date becomes its UTC ISO text, a
    # date its UTC midnight); it must show what psql would, which is PGlite's own `::text`
    # of the same values (its session time zone is UTC, as the demo runtime's).
    script = f"""
    import {{ PGlite }} from "@electric-sql/pglite";
    import {{ toTables, columnText, toCSV }} from "{RESULTS}";
    const pg = new PGlite();
    const sql = input.sql;
    const [sent] = JSON.parse(JSON.stringify(await pg.exec(sql)));
    const [table] = toTables([sent]);
    const texts = await pg.exec(`SELECT ${{sent.fields.map((f) => f.name + "::text").join(", ")}} FROM (${{sql}}) q`);
    console.log(JSON.stringify({{
      shown: table.rows[0].map((v, i) => columnText(table, i, v)),
      postgres: sent.fields.map((f) => texts[0].rows[0][f.name]),
      temporal: table.temporal,
      csv: toCSV(table),
    }}));
    """
    out = run_module(script, {"sql": TEMPORAL})
    assert out["shown"] == out["postgres"]
    assert out["shown"][2] == "2024-01-01 00:00:00"  # never a midnight T00:00:00.000Z
    assert out["temporal"] == [True] * 7  # kept on one line in the table
    assert list(csv.reader(io.StringIO(out["csv"])))[1] == [*out["postgres"][:-1], ""]


def test_sqlite_text_dates_are_shown_as_stored_and_kept_whole() -> None:
    script = f"""
    import initSqlJs from "sql.js";
    import {{ toTables, columnText }} from "{RESULTS}";
    const SQL = await initSqlJs();
    const [table] = toTables(new SQL.Database().exec(input.sql));
    console.log(JSON.stringify({{ shown: table.rows[0].map((v, i) => columnText(table, i, v)), temporal: table.temporal }}));
    """
    sql = (
        "SELECT date('2024-01-01') AS d, datetime('2024-01-01 10:00:00') AS ts,"
        " '2024-01-01T10:00:00Z' AS iso, 'Jean-Luc' AS name, 12 AS n"
    )
    out = run_module(script, {"sql": sql})
    assert out["shown"] == [
        "2024-01-01",
        "2024-01-01 10:00:00",
        "2024-01-01T10:00:00Z",
        "Jean-Luc",
        "12",
    ]
    assert out["temporal"] == [True, True, True, False, False]
