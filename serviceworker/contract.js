// Every shape that crosses a boundary of the worker, declared once on this side:
//
// - worker <-> Python: the functions the worker calls in demo.browser.worker_entry
//   (`WorkerEntry`, `PythonHandler`, `HandlerReply`) and the JavaScript functions it
//   hands Python (`WorkerApi`). Python side: demo/browser/contract.py.
// - build -> worker and page script: the values stamped by `python -m demo build`
//   (`BuildInfo`, `ClientInfo`, `Address`). Python side: demo/build/bundle.py and
//   demo/build/addresses.py.
// - page <-> worker: the messages besides fetches (`BUILD_QUERY`, `STATUS_QUERY` and its
//   `WorkerStatus`, `CLAIM_PAGE`, `BOOT_PYTHON`, `RESTART_PYTHON`, and from a test `TEST_SESSION`).
// - the error body of an answer the worker makes itself (`errorResponse`): the shape of
//   http_errors.error_body.
//
// tests/demo/serviceworker/test_contract.py fails when a typedef here and its Python
// declaration drift apart (members, and parameter names in snake_case).

/**
 * What Python calls on the worker's side (passed to `WorkerEntry.attach` after every start).
 * @typedef {Object} WorkerApi
 * @property {(path: string) => Promise<Uint8Array | undefined>} readAsset a site file by site-relative path; undefined when missing
 * @property {(key: string) => Promise<Uint8Array | undefined>} idbGet
 * @property {(key: string, value: Uint8Array) => Promise<void>} idbPut resolves once the transaction is durable
 * @property {(prefix: string) => Promise<void>} idbDeletePrefix
 * @property {() => DuckFactory | null} duckFactory duckdb-wasm once started (engine-start.js starts it before a postgres query), else null
 */

/**
 * duckdb-wasm as `duckFactory` hands it over (serviceworker/duck.js).
 * @typedef {Object} DuckFactory
 * @property {() => DuckDatabase} open a fresh, empty in-memory database
 */

/**
 * @typedef {Object} DuckDatabase
 * @property {(sql: string) => DuckAnswer} query runs one statement; throws with DuckDB's message
 * @property {() => void} close
 */

/**
 * One statement's result: raw column values and Arrow type descriptions (demo.browser.duck converts them).
 * @typedef {Object} DuckAnswer
 * @property {string[]} names
 * @property {Object[]} types
 * @property {Array[]} columns
 * @property {number} numRows
 */

/**
 * The module demo.browser.worker_entry, as boot.js calls it.
 * @typedef {Object} WorkerEntry
 * @property {(manifestText: string, warmFolder: string | null) => void} prepare builds the app before the memory snapshot; holds no JavaScript object
 * @property {(api: WorkerApi) => PythonHandler} attach hands over the worker's functions after every start
 */

/**
 * @typedef {Object} PythonHandler
 * @property {(method: string, path: string, query: string, headers: [string, string][], body: Uint8Array) => HandlerReply | Promise<HandlerReply>} handle one forwarded fetch (a promise when it has to wait); path is relative to the demo root, query has no "?"
 * @property {() => Promise<string[]>} open_services builds the stateful services' apps (asgi) now, as their first request would; resolves with their names
 */

/**
 * @typedef {Object} HandlerReply
 * @property {number} status
 * @property {[string, string][]} headers
 * @property {Uint8Array} body
 */

/**
 * Stamped into the worker as __DEMO_BUILD__.
 * @typedef {Object} BuildInfo
 * @property {string} version the kit's version
 * @property {string} checksum of everything the worker loads; keys the memory snapshot
 * @property {string} runtimeDir folder of the runtime files, relative to the demo root, ending "/"
 * @property {string} micropip the micropip wheel's file name
 * @property {string[]} wheels the other wheels, installed with micropip
 * @property {string} demoPackage the zip of demo.runtime and demo.browser
 * @property {Object<string, string>} pyodideInfo the `info` of Pyodide's lock
 * @property {boolean} duckdb whether duckdb-wasm ships with the site
 * @property {Address[]} addresses the rewrite table
 * @property {string[]} prefetch site files fetched while Python boots
 * @property {string[]} duckQueries query paths of the services on duckdb-wasm: the requests that start it (engine-start.js)
 * @property {Object<string, DatabaseImage>} databaseImages by query path: what opening each database service reads (early-reads.js reads it while Python restores)
 * @property {string} storageNamespace the built manifest's
 * @property {boolean} namespaceNamed whether the source manifest named it (copies at other paths share it)
 * @property {boolean} snapshot false when the site ships compiled wheels: no memory snapshot is made or restored
 */

/**
 * Where a database service's image is read from, as Python reads it (demo/runtime/services.py).
 * @typedef {Object} DatabaseImage
 * @property {string} key the stored image's IndexedDB key (services.image_key)
 * @property {string} seed the seed image, a site file relative to the demo root
 */

/**
 * Stamped into the page script as __DEMO_CLIENT__.
 * @typedef {Object} ClientInfo
 * @property {string} checksum the build's checksum
 * @property {string} worker the worker's file name, relative to the demo root
 * @property {Address[]} addresses the rewrite table
 */

/**
 * One row of the address rewrite table (serviceworker/addresses.js applies it).
 * @typedef {Object} Address
 * @property {string} origin as URL.origin prints it
 * @property {string} basePath ends with "/"
 * @property {string} service
 * @property {string} target the service's URL prefix relative to the demo root, e.g. "__demo/mock/api"
 */

// page -> worker: { type: BUILD_QUERY }; worker -> page: { type: BUILD_QUERY, build: <checksum> }.
export const BUILD_QUERY = "helio-demo:build";

// page -> worker: { type: CLAIM_PAGE }: a page the active worker does not control asks to
// be (a hard reload, Shift+Reload, bypasses the worker); the worker calls clients.claim().
export const CLAIM_PAGE = "helio-demo:claim";

// page -> worker: { type: STATUS_QUERY }. The worker answers { type: STATUS_QUERY,
// ...WorkerStatus }, and tells every page it controls again whenever its Python changes
// state or a boot step ends (for <demo-controls> and the flagship console's boot screen).
export const STATUS_QUERY = "helio-demo:status";

/**
 * What the worker reports of its Python (the STATUS_QUERY message, less its type).
 * Python side: demo/browser/contract.py.
 * @typedef {Object} WorkerStatus
 * @property {string} build the worker's build checksum
 * @property {number} workerStartedAt epoch ms of this worker's start
 * @property {"idle" | "booting" | "ready" | "failed"} python
 * @property {"snapshot" | "site snapshot" | "fresh" | null} how "site snapshot": the build's, on a first visit
 * @property {number | null} bootMs what the last boot took
 * @property {string | null} error why the last boot failed
 * @property {"downloading" | "starting" | "opening" | null} stage of the boot (serviceworker/boot-progress.js): downloading the runtime, starting Python, opening the host (until a warm-up opened it or it answered); null once it is open
 * @property {number} stepsDone boot steps ended, each a real event of the boot (a download, Python loaded, the first answer)
 * @property {number} stepsTotal boot steps in all
 */

// page -> worker: { type: BOOT_PYTHON }: start Python now if it is not started or its last
// boot failed (a page warms it before its first request; a boot screen's retry). The
// worker answers with a STATUS_QUERY message, then one per boot step.
export const BOOT_PYTHON = "helio-demo:boot";

// page -> worker: { type: RESTART_PYTHON }: the worker drops its Python and everything
// it holds in memory, as when the browser stops an idle worker; the next request boots
// Python again (from the memory snapshot) and reads the data back from IndexedDB. The
// worker answers with a STATUS_QUERY message.
export const RESTART_PYTHON = "helio-demo:restart";

// page -> worker, from a test (demo/pytest_plugin.py; serviceworker/test-session.js):
//   { type: TEST_SESSION, id, action: "set", namespace: <string> | null, overrides: [Override] }
//     the data moves to the demo's namespace + "#" + namespace (a fresh, empty one; null:
//     the demo's own), Python restarts when it moved, and the overrides replace the last
//     ones; demo calls are logged until "end".
//   { type: TEST_SESSION, id, action: "take" }: the worker replies with the calls and the
//     unhandled requests logged since the last "take", and forgets them.
//   { type: TEST_SESSION, id, action: "end" }: back to the demo's namespace, no override.
// The worker replies { type: TEST_SESSION, id, ok: true, ...} ("take": calls: [Call],
// unhandled: [{method, url}]) or { ok: false, error }. Requests carrying the header
// x-helio-demo-helper (the plugin's own queries and resets) are not logged.
export const TEST_SESSION = "helio-demo:test";

/**
 * One per-test answer (demo.use): the first whose service, method ("*": any) and
 * route match answers, after `delayMs`; without `status` and `json` it only delays.
 * @typedef {Object} Override
 * @property {string} service
 * @property {string} method
 * @property {string} route below the service, "{name}" for one segment, a trailing "*" for the rest
 * @property {number | null} status
 * @property {*} json the body, as JSON; absent: the service answers (after the delay)
 * @property {number} delayMs
 */

/**
 * One demo call a test made (demo.calls).
 * @typedef {Object} Call
 * @property {string | null} service null for /__demo/reset and /__demo/manifest
 * @property {string} method
 * @property {string} url as the worker got it (the page script sends an address call to the demo URL)
 * @property {string | null} body the request body as text
 * @property {number} status the answer's
 */

/**
 * The body of an error the worker answers itself (Python could not): `{"error": message}`.
 * @param {string} message
 * @returns {string}
 */
export function errorBody(message) {
  return JSON.stringify({ error: message });
}

/**
 * @param {number} status
 * @param {string} message
 * @returns {Response}
 */
export function errorResponse(status, message) {
  return new Response(errorBody(message), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}
