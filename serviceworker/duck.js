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

let instance = null;

export function openDuckDB(baseURL) {
  if (!instance) {
    instance = start(baseURL);
    instance.catch(() => {
      instance = null;
    });
  }
  return instance.then((db) => ({ open: () => newDatabase(db) }));
}

async function start(baseURL) {
  // Only the exception-handling build ships; every current engine supports wasm exceptions.
  const bundle = { mainModule: new URL("duckdb-eh.wasm", baseURL).href, mainWorker: null };
  const db = await createDuckDB({ mvp: bundle, eh: bundle }, new VoidLogger(), BROWSER_RUNTIME);
  await db.instantiate(() => {});
  return db;
}
