// duckdb-wasm inside the service worker, through its blocking (synchronous) API.
//
// One DuckDB instance is started on the first postgres query (the wasm is
// large). Each `open()` gives a fresh, empty database: a connection with its
// own attached in-memory catalog. Results go to Python as raw column values
// plus a structural description of each Arrow type; demo.browser.duck turns
// them into DuckDB type names and Python values.

import {
  BROWSER_RUNTIME,
  VoidLogger,
  createDuckDB,
} from "../node_modules/@duckdb/duckdb-wasm/dist/duckdb-browser-blocking.mjs";
import { newDatabase } from "./duck-database.js";
import { fromCompiled } from "./wasm.js";

let instance = null;

// `compiled`: duckdb-eh.wasm already compiling (duck-loader.js), or null.
export function openDuckDB(baseURL, compiled = null) {
  if (!instance) {
    instance = start(baseURL, compiled);
    instance.catch(() => {
      instance = null;
    });
  }
  return instance.then((db) => ({ open: () => newDatabase(db) }));
}

async function start(baseURL, compiled) {
  // Only the exception-handling build ships; every current engine supports wasm exceptions.
  const bundle = { mainModule: new URL("duckdb-eh.wasm", baseURL).href, mainWorker: null };
  const db = await createDuckDB({ mvp: bundle, eh: bundle }, new VoidLogger(), BROWSER_RUNTIME);
  if (compiled) await fromCompiled(bundle.mainModule, compiled, () => db.instantiate(() => {}));
  else await db.instantiate(() => {});
  // DuckDB sets much of itself up on an instance's first query (110-180 ms measured on
  // restarts): done here, it runs while Python restores when Python is the later of the
  // two, instead of after both (bench/results.md, issue 24).
  const warm = db.connect();
  try {
    warm.query("SELECT 1");
  } finally {
    warm.close();
  }
  return db;
}
