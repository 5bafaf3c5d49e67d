// duckdb-wasm called directly (no Python, no worker): the baseline of bench/browser_sql.py.
// esbuild bundles it into an IIFE defining `benchDuck`.
import {
  BROWSER_RUNTIME,
  VoidLogger,
  createDuckDB,
} from "../../node_modules/@duckdb/duckdb-wasm/dist/duckdb-browser-blocking.mjs";

export async function connect(wasmURL) {
  const bundle = { mainModule: wasmURL, mainWorker: null };
  const db = await createDuckDB({ mvp: bundle, eh: bundle }, new VoidLogger(), BROWSER_RUNTIME);
  await db.instantiate(() => {});
  return db.connect();
}
