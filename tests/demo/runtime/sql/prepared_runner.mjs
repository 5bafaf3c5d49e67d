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
import { instantiateNodeDuck } from "../node_duck.mjs";

const repo = path.resolve(process.argv[2] || ".");
const { newDatabase } = await import(path.join(repo, "serviceworker/duck-database.js"));
const db = await instantiateNodeDuck(repo);

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
