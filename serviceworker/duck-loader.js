// Loads the duckdb-wasm bridge on the first postgres query.
//
// duckdb-wasm and Arrow are about 2 MB of JavaScript. Bundled into the worker
// they would be parsed at every worker start, a large part of the cold-start
// budget, even for queries that never reach DuckDB. So esbuild bundles
// duck.js apart (<runtime>/duckdb/duck-bridge.js, an IIFE that defines
// `helioDuck`), and it is evaluated from its text here: service workers forbid
// import(), and importScripts() is unavailable to module workers.

let bridge = null;

function loadBridge(baseURL) {
  if (!bridge) {
    bridge = fetch(new URL("duck-bridge.js", baseURL))
      .then((response) => {
        if (!response.ok) throw new Error(`cannot load duck-bridge.js (HTTP ${response.status})`);
        return response.text();
      })
      .then((code) => new Function(`${code}\nreturn helioDuck;`)());
    bridge.catch(() => {
      bridge = null; // retried on the next query
    });
  }
  return bridge;
}

export function openDuckDB(baseURL) {
  return loadBridge(baseURL).then((duck) => duck.openDuckDB(baseURL));
}
