// Where a demo keeps what it stores in the browser: one decision, read by idb.js (the
// services' data), snapshot.js and site-files.js (the Cache API).
//
// A demo's storage namespace is the manifest's `storageNamespace` when it names one (two
// copies of a demo that name one namespace share their data on purpose); else the
// build's default namespace plus the demo's path, so two copies of one build under two
// subpaths of an origin never see each other's rows. Each namespace has its own
// IndexedDB database and its own Cache API names: another demo's code never opens them by
// accident. (Any script of the origin can still open them on purpose: docs/demo-kit.md.)

let base = null; // the demo's namespace, set once per worker by `configureStorage`
let session = null; // a test's fresh namespace inside it (contract.js TEST_SESSION), or null

/**
 * @param {import("./contract.js").BuildInfo} build
 * @param {URL} root the demo root
 */
export function configureStorage(build, root) {
  base = build.namespaceNamed ? build.storageNamespace : `${build.storageNamespace}@${root.pathname}`;
}

/** The namespace the services' data lives in now. */
export function storageNamespace() {
  if (base === null) throw new Error("configureStorage was not called");
  return session === null ? base : `${base}#${session}`;
}

/** Switches the data to a test's own namespace (null: back to the demo's). */
export function useSessionNamespace(name) {
  session = name;
}

/** The IndexedDB database of the current namespace. */
export function databaseName() {
  return `helio-demo ${storageNamespace()}`;
}

/** A Cache API name of the demo's namespace (code and files; a test's session shares them). */
export function cacheName(kind) {
  if (base === null) throw new Error("configureStorage was not called");
  return `helio-demo-${kind} ${base}`;
}
