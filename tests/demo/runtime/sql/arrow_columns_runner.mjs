// Reads duckdb-wasm's answers to each statement both ways: with serviceworker/
// arrow-columns.js and through apache-arrow (duck-database.js's other path). Started by
// test_arrow_columns.py:
//
//   node tests/demo/runtime/sql/arrow_columns_runner.mjs REPO < statements.json > answers.json
//
// stdout: one {"direct", "apacheArrow"} per statement, values tagged so that JSON keeps
// what tells them apart (BigInt "<n>n", undefined, -0); `direct` is null where
// arrow-columns.js leaves the answer to apache-arrow.

import fs from "node:fs";
import path from "node:path";
import { instantiateNodeDuck } from "../node_duck.mjs";

const repo = path.resolve(process.argv[2] || ".");
const { readColumns } = await import(path.join(repo, "serviceworker/arrow-columns.js"));
const { columnsViaApacheArrow } = await import(path.join(repo, "serviceworker/duck-database.js"));
const db = await instantiateNodeDuck(repo);
const conn = db.connect();
let bindings, connection;
conn.useUnsafe((b, id) => {
  bindings = b;
  connection = id;
});

const tagged = (value) =>
  JSON.parse(
    JSON.stringify(value, (k, v) => {
      if (typeof v === "bigint") return `${v}n`;
      if (v === undefined) return "<undefined>";
      if (Object.is(v, -0)) return "<-0>";
      if (typeof v === "number" && !Number.isFinite(v)) return `<${v}>`;
      return v;
    }),
  );

const statements = JSON.parse(fs.readFileSync(0, "utf8"));
const answers = statements.map((sql) => {
  const bytes = bindings.runQuery(connection, sql);
  return { direct: tagged(readColumns(bytes)), apacheArrow: tagged(columnsViaApacheArrow(bytes)) };
});
conn.close();
process.stdout.write(JSON.stringify(answers));
