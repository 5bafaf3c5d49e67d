// The reference answers for the differential SQL suite: every corpus case run on
// PGlite (real Postgres in WebAssembly) or sql.js (real SQLite), in this test run.
//
//   node tests/demo/runtime/sql/oracle.mjs REPO < corpus.json > answers.json
//
// stdin: {"postgres": [group...], "sqlite": [group...]}, a group being
// {"name", "setup", "probe", "cases": [{"name", "sql", "after_setup_s"?}]} (parsed by
// differential.py); a case with `after_setup_s` (one that reads the clock) starts that
// long after its setup ended, as differential.CLOCK_AFTER_SETUP_S says why.
// stdout: {"postgres": {group: {"seed": probe, "cases": {case: {"answer", "probe"}}}}, "sqlite": ...}
// where an answer is {"ok": true, "result": ...} or {"ok": false, "error": message}.
//
// Values are written as a page would see them after JSON.stringify of the engine's
// result: Dates through toJSON, bytes (Uint8Array) as arrays of numbers, 64-bit
// integers as numbers when exact and strings otherwise.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const repo = path.resolve(process.argv[2] || ".");
const require = createRequire(path.join(repo, "package.json"));
const corpus = JSON.parse(fs.readFileSync(0, "utf8"));

function plain(value) {
  return JSON.parse(
    JSON.stringify(value, (_key, v) => {
      if (typeof v === "bigint") {
        const safe = v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER);
        return safe ? Number(v) : v.toString();
      }
      if (v instanceof Uint8Array) return Array.from(v);
      return v;
    }),
  );
}

async function attempt(run) {
  try {
    return { ok: true, result: plain(await run()) };
  } catch (error) {
    return { ok: false, error: String(error?.message ?? error) };
  }
}

async function postgresAnswers(groups) {
  if (!groups.length) return {};
  const { PGlite } = await import(path.join(repo, "node_modules/@electric-sql/pglite/dist/index.js"));
  const db = await PGlite.create();
  const pgResult = (results) =>
    results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows ?? 0 }));
  const fresh = async (group) => {
    if (db.isInTransaction()) await db.exec("ROLLBACK");
    // public and any schema a setup made (corpus group 24's app): each run starts bare.
    const made = await db.query(
      "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'",
    );
    const drops = made.rows.map((row) => `DROP SCHEMA "${row.nspname}" CASCADE;`).join(" ");
    await db.exec(`RESET ALL; DISCARD TEMP; ${drops} CREATE SCHEMA public;`);
    await db.exec(group.setup);
  };
  const out = {};
  for (const group of groups) {
    await fresh(group);
    const seed = await attempt(async () => pgResult(await db.exec(group.probe)));
    const cases = {};
    for (const item of group.cases) {
      await fresh(group);
      if (item.after_setup_s) await new Promise((done) => setTimeout(done, item.after_setup_s * 1000));
      const answer = await attempt(async () => pgResult(await db.exec(item.sql)));
      // Every request is a session of its own: what it left open is rolled back.
      if (db.isInTransaction()) await db.exec("ROLLBACK");
      const probe = await attempt(async () => pgResult(await db.exec(group.probe)));
      cases[item.name] = { answer, probe };
    }
    out[group.name] = { seed, cases };
  }
  await db.close();
  return out;
}

async function sqliteAnswers(groups) {
  if (!groups.length) return {};
  const initSqlJs = require("sql.js");
  const SQL = await initSqlJs({ locateFile: (f) => path.join(repo, "node_modules/sql.js/dist", f) });
  const out = {};
  for (const group of groups) {
    const fresh = () => {
      const db = new SQL.Database();
      db.exec(group.setup);
      return db;
    };
    const seedDb = fresh();
    const seed = await attempt(() => seedDb.exec(group.probe));
    seedDb.close();
    const cases = {};
    for (const item of group.cases) {
      const db = fresh();
      const answer = await attempt(() => db.exec(item.sql));
      const probe = await attempt(() => db.exec(group.probe));
      db.close();
      cases[item.name] = { answer, probe };
    }
    out[group.name] = { seed, cases };
  }
  return out;
}

const answers = {
  postgres: await postgresAnswers(corpus.postgres || []),
  sqlite: await sqliteAnswers(corpus.sqlite || []),
};
process.stdout.write(JSON.stringify(answers));
