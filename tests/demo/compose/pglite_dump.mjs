// A pg_dump file loaded into PGlite (real Postgres in WebAssembly) as psql loads it,
// then queries answered: the reference for the build's own pg_dump loading.
//
//   node tests/demo/compose/pglite_dump.mjs REPO
//   stdin: one request a line, {"id": n, "seed": text, "queries": [sql...]}
//   stdout: one answer a line, {"id": n, "answers": [rows of each query]} or {"id": n, "error": text}
//
// Each request gets a fresh PGlite, closed after it; one process answers them all, so
// Node starts and PGlite's WebAssembly compiles once per test session, not per test.
// A fresh PGlite is the cluster `initdb` made for the first request, restored from
// its data folder (dumped before anything ran on it): the same empty cluster, in a
// fraction of initdb's time.
//
// psql sends the data block after `COPY ... FROM stdin;` (up to the line `\.`) over
// the COPY protocol; PGlite takes that data as a blob (`FROM '/dev/blob'`).

import path from "node:path";
import readline from "node:readline";

const repo = path.resolve(process.argv[2] || ".");
const { PGlite } = await import(path.join(repo, "node_modules/@electric-sql/pglite/dist/index.js"));

const copyStart = /^COPY\s.*\bFROM\s+stdin\s*;\s*$/i;

let pristine = null; // the data folder of a cluster just initialised, nothing run on it

async function freshPGlite() {
  if (pristine) return PGlite.create({ loadDataDir: pristine });
  const db = await PGlite.create();
  pristine = await db.dumpDataDir("none");
  return db;
}

async function answer({ seed, queries }) {
  const db = await freshPGlite();
  try {
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
    return { answers };
  } finally {
    await db.close();
  }
}

const bigints = (_k, v) => (typeof v === "bigint" ? Number(v) : v);
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const request = JSON.parse(line);
  let reply;
  try {
    reply = { id: request.id, ...(await answer(request)) };
  } catch (error) {
    reply = { id: request.id, error: String(error?.stack || error) };
  }
  process.stdout.write(JSON.stringify(reply, bigints) + "\n");
}
