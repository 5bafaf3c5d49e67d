// Runs statements through serviceworker/duck-database.js twice, on two fresh databases of
// one duckdb-wasm instance (Node bundle): once as plain queries, once with `repeated`
// (kept prepared). Started by test_prepared.py:
//
//   node tests/demo/runtime/sql/prepared_runner.mjs REPO < steps.json > answers.json
//
// stdin: [[sql, repeated], ...]; stdout: {"plain": [...], "prepared": [...]}, one answer
// per step: the result as duck-database.js gives it, or {"error": message}.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const repo = path.resolve(process.argv[2] || ".");
const require = createRequire(path.join(repo, "package.json"));
const { newDatabase } = await import(path.join(repo, "serviceworker/duck-database.js"));
const duckdb = require("@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs");
const dist = path.join(repo, "node_modules/@duckdb/duckdb-wasm/dist");
const bundle = (name) => ({
  mainModule: path.join(dist, `duckdb-${name}.wasm`),
  mainWorker: path.join(dist, `duckdb-node-${name}.worker.cjs`),
});
const db = await duckdb.createDuckDB({ mvp: bundle("mvp"), eh: bundle("eh") }, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
await db.instantiate(() => {});

const steps = JSON.parse(fs.readFileSync(0, "utf8"));
const plain = (value) => JSON.parse(JSON.stringify(value, (k, v) => (typeof v === "bigint" ? `${v}n` : v)));

function run(useRepeated) {
  const database = newDatabase(db);
  try {
    return steps.map(([sql, repeated]) => {
      try {
        return plain(database.query(sql, useRepeated && repeated));
      } catch (err) {
        return { error: String(err.message) };
      }
    });
  } finally {
    database.close();
  }
}

process.stdout.write(JSON.stringify({ plain: run(false), prepared: run(true) }));
