// Loads the duckdb-wasm bridge on the first postgres query.
//
// duckdb-wasm and Arrow are about 2 MB of JavaScript. Bundled into the worker
// they would be parsed at every worker start, a large part of the cold-start
// budget, even for queries that never reach DuckDB. So esbuild bundles
// duck.js apart (<runtime>/duckdb/duck-bridge.js, an IIFE that defines
// `helioDuck`), and it is evaluated from its text here: service workers forbid
// import(), and importScripts() is unavailable to module workers.
//
// `precompileDuckDB` (called as the worker starts, for sites with a postgres
// service) only downloads: the wasm is compiled on the browser's threads and the
// bridge's text fetched, so the first postgres query does not wait for either.

import { precompile } from "./wasm.js";

let bridgeText = null;
let bridge = null;
let compiled = null;
let opened = null; // Promise of duckdb-wasm's factory (duck.js), once per worker

function fetchBridge(baseURL) {
  if (!bridgeText) {
    bridgeText = fetch(new URL("duck-bridge.js", baseURL)).then((response) => {
      if (!response.ok) throw new Error(`cannot load duck-bridge.js (HTTP ${response.status})`);
      return response.text();
    });
    bridgeText.catch(() => {
      bridgeText = null; // retried on the next query
    });
  }
  return bridgeText;
}

function loadBridge(baseURL) {
  if (!bridge) {
    bridge = fetchBridge(baseURL).then((code) => new Function(`${code}\nreturn helioDuck;`)());
    bridge.catch(() => {
      bridge = null;
    });
  }
  return bridge;
}

export function precompileDuckDB(baseURL) {
  compiled ??= precompile(new URL("duckdb-eh.wasm", baseURL));
  fetchBridge(baseURL).catch(() => {});
}

export function openDuckDB(baseURL) {
  if (!opened) {
    const started = performance.now();
    opened = loadBridge(baseURL)
      .then((duck) => duck.openDuckDB(baseURL, compiled))
      .then((factory) => {
        console.info(`[helio-demo] duckdb-wasm ready in ${Math.round(performance.now() - started)} ms`);
        return factory;
      });
    opened.catch(() => {
      opened = null; // retried on the next query
    });
  }
  return opened;
}
