// Reads Python will make as it opens, started while it restores: they are I/O, so they
// overlap the restore instead of following it.
//
// - The small site files the adapters `prefetch` (BUILD.prefetch), read as a boot starts.
// - A database query arriving while Python starts (a stopped worker's first query): its
//   service's stored image (IndexedDB) and, when none is stored, its seed (a site file),
//   as BUILD.databaseImages names them. Python opens the database only once restored (and,
//   for postgres, once duckdb-wasm started): on restarts these two reads took 45-185 ms
//   after that (bench/results.md, issue 24). Python still makes both reads and decides which
//   image it opens (demo/runtime/services.py); it is handed these answers (`readAsset`,
//   idb.js `idbGet`) instead of waiting for new ones.
// Each early answer is handed over once; a site file is the build's (the worker checks
// the site's build), and idb.js drops early reads whenever something is written.

import { decodedPath } from "./demo-path.js";
import { idbGetEarly } from "./idb.js";

let root = null; // the demo root URL
let images = new Map(); // query path -> DatabaseImage (contract.js)
const assets = new Map(); // site path -> Promise of its bytes (undefined: no such file)

/** @param {import("./contract.js").BuildInfo} build @param {URL} demoRoot */
export function configureEarlyReads(build, demoRoot) {
  root = demoRoot;
  images = new Map(Object.entries(build.databaseImages));
}

// Starts reading the site file `path` (idempotent until it is read).
export function fetchAssetEarly(path) {
  if (assets.has(path)) return;
  const reading = fetchAsset(root, path);
  reading.catch(() => {}); // the reader gets the failure
  assets.set(path, reading);
}

// The site file `path` (WorkerApi.readAsset): the early read if one was started.
export function readAsset(path) {
  const early = assets.get(path);
  assets.delete(path);
  return early ?? fetchAsset(root, path);
}

// A request arrived; `pythonReady`: whether Python answers it at once (nothing to overlap).
export function startEarlyReads(path, pythonReady) {
  const image = pythonReady ? undefined : images.get(decodedPath(path));
  if (!image) return;
  console.info(`[helio-demo] reading ${image.key} beside Python: a database query came first`);
  idbGetEarly(image.key).then(
    (stored) => stored === undefined && fetchAssetEarly(image.seed),
    () => {}, // Python's own read reports it
  );
}

export async function fetchAsset(demoRoot, path) {
  const response = await fetch(new URL(path.replace(/^\/+/, ""), demoRoot));
  if (response.status === 404) return undefined; // None in Python
  if (!response.ok) throw new Error(`cannot read asset ${path} (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}
