// When duckdb-wasm starts: the one place that decides it (Python asks here, never decides).
//
// Which requests need it comes from the manifest, through the build: `BUILD.duckQueries`
// lists the query paths of the services whose adapter runs on duckdb-wasm (postgres).
// Timing, measured on cold starts (bench/demo_cold_start.py):
// - a first visit (no snapshot kept yet) compiles it at once, overlapping the download and
//   restore of Python (`compileEngine`, from boot.js);
// - a restart (code cached by the browser) compiles it after Python's first answer
//   (`compileEngine` again, as `answered`): compiling it beside the restore of Python slowed
//   a first sqlite answer after a stop (250-1080 ms in Python, most of it while it compiled);
// - a query that needs it, arriving while Python starts, starts it at once beside Python's
//   restore (`requestArrived`): on a restart the first postgres answer went from
//   2.3-2.5 s to about 2.1 s;
// - a query that needs it waits for it before it reaches Python (`readyFor`); a failed
//   start is that query's 500, and the next query tries again (duck-loader.js).
// Python's DuckDB port (demo/browser/duck.py) asks `startedEngine()` for the factory.

import { decodedPath } from "./demo-path.js";

let open = null; // () => Promise of duckdb-wasm's factory (duck-loader.js), null without it
let compile = null; // () => void: starts compiling duckdb-wasm
let needing = new Set(); // request paths that need it
let factory = null; // duckdb-wasm's factory once started

// `build`: the stamped BuildInfo; `root`: the demo root URL; the loader's two functions
// (duck-loader.js; absent where a worker is built without duckdb-wasm).
export function configureEngine(build, root, { openDuckDB = null, precompileDuckDB = null } = {}) {
  needing = new Set(build.duckQueries);
  if (build.duckdb && openDuckDB && precompileDuckDB) {
    const duckURL = new URL("duckdb/", new URL(build.runtimeDir, root));
    open = () => openDuckDB(duckURL);
    compile = () => precompileDuckDB(duckURL);
  }
}

// Whether a request to `path` (relative to the demo root) runs on duckdb-wasm. The path is
// compared decoded, as Python routes it (`/__demo/db/l%65dger/query` is ledger's query).
export function needsEngine(path) {
  return needing.has(decodedPath(path));
}

// Starts compiling duckdb-wasm, if the site has it (idempotent).
export function compileEngine() {
  compile?.();
}

// A request arrived; `pythonReady`: whether Python can answer it at once.
export function requestArrived(path, pythonReady) {
  if (pythonReady || !open || factory || !needsEngine(path)) return;
  console.info("[helio-demo] duckdb-wasm starting beside Python: a postgres query came first");
  compileEngine();
  start().catch(() => {}); // the query's own `readyFor` reports a failure
}

// Resolves once what `path` needs is started; rejects with why it cannot start.
// Returns null at once when nothing is to wait for (warm queries, other requests).
export function readyFor(path) {
  if (factory || !needsEngine(path)) return null;
  return start();
}

// duckdb-wasm's factory once started, else null (WorkerApi.duckFactory).
export function startedEngine() {
  return factory;
}

function start() {
  if (!open) return Promise.reject(new Error("this site has no duckdb-wasm"));
  return open().then((started) => {
    factory = started;
    return started;
  });
}
