// A pg_dump file loaded into PGlite (real Postgres in WebAssembly) as psql loads it,
// then queries answered: the reference for the build's own pg_dump loading.
//
//   node tests/demo/compose/pglite_dump.mjs REPO < {"seed": text, "queries": [sql...]}
//
// psql sends the data block after `COPY ... FROM stdin;` (up to the line `\.`) over
// the COPY protocol; PGlite takes that data as a blob (`FROM '/dev/blob'`).
// stdout: [rows of each query].

import fs from "node:fs";
import path from "node:path";

const repo = path.resolve(process.argv[2] || ".");
const { seed, queries } = JSON.parse(fs.readFileSync(0, "utf8"));
const { PGlite } = await import(path.join(repo, "node_modules/@electric-sql/pglite/dist/index.js"));
const db = await PGlite.create();

const copyStart = /^COPY\s.*\bFROM\s+stdin\s*;\s*$/i;
let sql = [];
const lines = seed.split("\n");
for (let i = 0; i < lines.length; i++) {
  if (!copyStart.test(lines[i])) {
    sql.push(lines[i]);
    continue;
  }
  if (sql.length) await db.exec(sql.join("\n"));
  sql = [];
  const data = [];
  for (i++; lines[i] !== "\\."; i++) data.push(lines[i] + "\n");
  const copy = lines[i - data.length - 1].replace(/\bstdin\b/i, "'/dev/blob'");
  await db.query(copy, [], { blob: new Blob([data.join("")]) });
}
if (sql.length) await db.exec(sql.join("\n"));
// The seed ran in psql's session (pg_dump empties search_path there); the app's
// queries come in a session of their own.
await db.exec("RESET ALL");
const answers = [];
for (const query of queries) answers.push((await db.query(query)).rows);
process.stdout.write(JSON.stringify(answers, (_k, v) => (typeof v === "bigint" ? Number(v) : v)));
