// duckdb-wasm's Node blocking bundle, instantiated: what the Node test runners put under
// the worker's own serviceworker/duck-database.js in place of the browser bundle.

import path from "node:path";
import { createRequire } from "node:module";

export async function instantiateNodeDuck(repo) {
  const require = createRequire(path.join(repo, "package.json"));
  const duckdb = require("@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs");
  const dist = path.join(repo, "node_modules/@duckdb/duckdb-wasm/dist");
  const bundle = (name) => ({
    mainModule: path.join(dist, `duckdb-${name}.wasm`),
    mainWorker: path.join(dist, `duckdb-node-${name}.worker.cjs`),
  });
  const db = await duckdb.createDuckDB({ mvp: bundle("mvp"), eh: bundle("eh") }, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate(() => {});
  return db;
}
