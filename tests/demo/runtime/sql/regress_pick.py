"""Builds corpus/postgres_regress/ from PostgreSQL's own regression suite, by a stated rule.

Run by hand (never by the tests), with a git directory holding the suite's SQL files:

    python -m tests.demo.runtime.sql.regress_pick GIT_DIR COMMIT PREFIX

e.g. `/work/.mirror/pganalyze+libpg_query/repo 0667029... test/sql/postgres_regress/`
(libpg_query keeps an unchanged copy of PostgreSQL 17's src/test/regress/sql/).

The rule, per file of FILES (deterministic; the only judge consulted is PGlite, at
pick time, to learn which fill statements Postgres accepts and which statements need
an object another regress file makes):
1. The file is split into statements (quotes, E'' strings, dollar quotes, comments
   honoured); psql meta-commands (`\\...`) and statements using psql variables are dropped.
2. Setup: test_setup.sql's small tables filled by INSERT ... VALUES (CHAR_TBL,
   FLOAT8_TBL, INT2_TBL, INT4_TBL, INT8_TBL, TEXT_TBL, VARCHAR_TBL), then the file's own
   CREATE TABLE and INSERT ... VALUES (without RETURNING) statements, in file order,
   each kept when PGlite accepts it after the ones kept before it. CREATE TEMP TABLE
   becomes CREATE TABLE (setup and case are separate requests, so separate sessions).
3. Cases: the file's remaining statements that start with SELECT, WITH, VALUES, TABLE,
   `(`, INSERT, UPDATE or DELETE, at most MAX_CHARS long, deduplicated on their text
   with whitespace collapsed; a statement Postgres answers with `relation ... does not
   exist` (an object of another regress file) is left out; the first PER_FILE remain.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

FILES = [
    "int2",
    "int4",
    "int8",
    "numeric",
    "float8",
    "text",
    "strings",
    "boolean",
    "case",
    "select",
    "select_distinct",
    "aggregates",
    "join",
    "union",
    "subselect",
    "window",
    "with",
    "json",
    "jsonb",
    "arrays",
    "date",
    "timestamp",
    "timestamptz",
    "interval",
    "limit",
    "insert",
    "update",
    "delete",
]
SETUP_TABLES = (
    "char_tbl",
    "float8_tbl",
    "int2_tbl",
    "int4_tbl",
    "int8_tbl",
    "text_tbl",
    "varchar_tbl",
)
MAX_CHARS = 400
PER_FILE = 30
OUT = Path(__file__).with_name("corpus") / "postgres_regress"
REPO_ROOT = Path(__file__).resolve().parents[4]


def split_statements(text: str) -> list[tuple[int, str]]:
    """(line, statement) for each `;`-terminated statement, psql meta-commands dropped."""
    out: list[tuple[int, str]] = []
    i, n, line = 0, len(text), 1
    start, start_line, buf = 0, 1, []
    while i < n:
        c = text[i]
        if not "".join(buf).strip() and c == "\\" and (i == 0 or text[i - 1] == "\n"):
            end = text.find("\n", i)  # a psql meta-command line
            i = n if end < 0 else end
            continue
        if c == "-" and text.startswith("--", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if c == "/" and text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            line += text.count("\n", i, j)
            buf.append(" ")
            i = j
            continue
        if c in "'\"":
            escaped = (
                c == "'" and i > 0 and text[i - 1] in "eE" and not text[i - 2 : i - 1].isalnum()
            )
            j = i + 1
            while j < n:
                if escaped and text[j] == "\\":
                    j += 2
                    continue
                if text[j] == c:
                    if text.startswith(c * 2, j):
                        j += 2
                        continue
                    break
                j += 1
            chunk = text[i : j + 1]
            if not "".join(buf).strip():
                start_line = line
            buf.append(chunk)
            line += chunk.count("\n")
            i = j + 1
            continue
        if c == "$":
            tag = re.match(r"\$[A-Za-z_]*\$", text[i:])
            if tag and not (i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_")):
                end = text.find(tag.group(), i + len(tag.group()))
                j = n if end < 0 else end + len(tag.group())
                chunk = text[i:j]
                buf.append(chunk)
                line += chunk.count("\n")
                i = j
                continue
        if c == ";":
            stmt = "".join(buf).strip()
            if stmt:
                out.append((start_line, stmt))
            buf = []
            i += 1
            continue
        if not c.isspace() and not "".join(buf).strip():
            start_line = line
        if c == "\n":
            line += 1
        buf.append(c)
        i += 1
    del start
    return out


_PSQL_VARIABLE = re.compile(r"(?<![:\w]):['\"]?[A-Za-z_]")
_CASE_START = re.compile(r"^(select|with|values|table|\(|insert|update|delete)\b", re.I)
_FILL = re.compile(r"^insert\s+into\s+(\w+)[\s(]", re.I)
_CREATE = re.compile(r"^create\s+(?:temp\s+|temporary\s+)?table\s+(\w+)\s*\(", re.I)


def _outside_quotes(stmt: str) -> str:
    return re.sub(r"'(?:[^']|'')*'", "''", stmt)


def candidates(text: str) -> tuple[list[str], list[tuple[int, str]]]:
    fill: list[str] = []
    cases: list[tuple[int, str]] = []
    seen: set[str] = set()
    for line, stmt in split_statements(text):
        if _PSQL_VARIABLE.search(_outside_quotes(stmt)):
            continue
        if _CREATE.match(stmt):
            # The adapter runs the setup and each case as separate requests (sessions),
            # so a temporary table is made an ordinary one.
            fill.append(re.sub(r"^create\s+temp(orary)?\s+", "CREATE ", stmt, flags=re.I))
            continue
        fills = _FILL.match(stmt)
        if (
            fills
            and re.search(r"\bvalues\b", stmt, re.I)
            and not re.search(r"\breturning\b", stmt, re.I)
        ):
            fill.append(stmt)
        if not _CASE_START.match(stmt) or len(stmt) > MAX_CHARS:
            continue
        key = " ".join(stmt.split()).lower()
        if key in seen:
            continue
        seen.add(key)
        cases.append((line, stmt))
    return fill, cases


_JUDGE = r"""
import fs from "node:fs";
import path from "node:path";
const repo = process.argv[2];
const { PGlite } = await import(path.join(repo, "node_modules/@electric-sql/pglite/dist/index.js"));
const files = JSON.parse(fs.readFileSync(0, "utf8"));
const db = await PGlite.create();
const reset = async () => {
  if (db.isInTransaction()) await db.exec("ROLLBACK");
  await db.exec("RESET ALL; DISCARD TEMP; DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
};
const out = {};
for (const [name, f] of Object.entries(files)) {
  await reset();
  const kept = [];
  for (const s of f.fill) {
    try { await db.exec(s); kept.push(s); } catch (e) { if (db.isInTransaction()) await db.exec("ROLLBACK"); }
  }
  const errors = [];
  for (const [line, s] of f.cases) {
    await reset();
    for (const k of kept) await db.exec(k);
    try { await db.exec(s); errors.push(null); } catch (e) { errors.push(String(e.message)); }
  }
  out[name] = { kept, errors };
}
process.stdout.write(JSON.stringify(out));
"""


def main(git_dir: str, commit: str, prefix: str) -> None:
    def show(name: str) -> str:
        return subprocess.run(
            ["git", f"--git-dir={git_dir}", "show", f"{commit}:{prefix}{name}.sql"],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip

    base_fill, _ = candidates(show("test_setup"))
    base_fill = [
        s for s in base_fill
        if (_CREATE.match(s) or _FILL.match(s)) and ((_CREATE.match(s) or _FILL.match(s)).group(1).lower() in SETUP_TABLES)  # type: ignore[union-attr]
    ]  # fmt: skip
    files = {}
    for name in FILES:
        fill, cases = candidates(show(name))
        fill_set, capped, others = set(fill), [], 0
        for case in cases:  # the fill statements are judged too: a rejected one is a case
            others += case[1] not in fill_set
            if others > PER_FILE * 4:
                break
            capped.append(case)
        cases = capped
        files[name] = {"fill": base_fill + fill, "cases": cases}
    judge = Path(tempfile.gettempdir()) / "helio_regress_judge.mjs"
    judge.write_text(_JUDGE, encoding="utf-8")
    done = subprocess.run(
        ["node", str(judge), str(REPO_ROOT)], input=json.dumps(files),
        stdout=subprocess.PIPE, text=True, check=True,
    )  # fmt: skip
    judged = json.loads(done.stdout)
    OUT.mkdir(exist_ok=True)
    for number, name in enumerate(FILES, 1):
        kept = judged[name]["kept"]
        picked = [
            (line, stmt)
            for (line, stmt), error in zip(
                files[name]["cases"], judged[name]["errors"], strict=True
            )
            if stmt not in kept and not (error and re.match(r'relation ".*" does not exist', error))
        ][:PER_FILE]
        tables = [m.group(1) for s in kept if (m := _CREATE.match(s))]
        probe = (
            "SELECT " + ", ".join(f"(SELECT count(*) FROM {t}) AS {t.lower()}" for t in tables)
            if tables else "SELECT 1 AS one"
        )  # fmt: skip
        lines = [
            f"-- PostgreSQL regression suite, {name}.sql, picked by tests/demo/runtime/sql/regress_pick.py.",
            f"-- Source: {prefix}{name}.sql of https://github.com/pganalyze/libpg_query at {commit}",
            f"-- (a copy of postgres/postgres src/test/regress/sql/{name}.sql, PostgreSQL 17).",
            "-- PostgreSQL Licence: Portions Copyright (c) 1996-2024, The PostgreSQL Global Development",
            "-- Group; Portions Copyright (c) 1994, The Regents of the University of California.",
            "-- setup",
            *[s + ";" for s in kept],
            "-- probe",
            probe + ";",
        ]
        for line, stmt in picked:
            lines += [f"-- case: {name}.sql:{line}", _strip_comment_lines(stmt) + ";"]
        (OUT / f"{number:02d}_{name}.sql").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{name}: {len(kept)} setup statements, {len(picked)} cases")


def _strip_comment_lines(stmt: str) -> str:
    return "\n".join(x for x in stmt.splitlines() if not x.lstrip().startswith("--"))


if __name__ == "__main__":
    main(*sys.argv[1:4])
