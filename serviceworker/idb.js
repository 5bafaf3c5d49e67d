// Key -> bytes storage over IndexedDB, for demo.browser.store.IndexedDBStore.
//
// One database per storage namespace (storage.js names it), so demos sharing an origin
// never open each other's data; a test's fresh namespace is a database of its own too.
// A put resolves only when its transaction has completed (durable).

import { databaseName } from "./storage.js";

const STORE = "kv";
let opening = null;
let openedName = null;

function database() {
  const name = databaseName();
  if (opening && openedName !== name) {
    opening.then((db) => db.close(), () => {}); // the namespace changed (a test's session)
    opening = null;
  }
  if (!opening) {
    openedName = name;
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => {
        const db = request.result;
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error("IndexedDB open blocked by another tab"));
    });
    opening.catch(() => {
      opening = null;
    });
  }
  return opening;
}

async function transact(mode, work) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode, { durability: "strict" });
    let result;
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("IndexedDB transaction aborted"));
    const request = work(tx.objectStore(STORE));
    if (request) request.onsuccess = () => (result = request.result);
  });
}

// Reads started before Python asks (early-reads.js), by database and key. `idbGet` hands
// each over once; a write or delete drops them all first, so none is older than a write.
const early = new Map();

async function read(key) {
  const value = await transact("readonly", (store) => store.get(key));
  return value === undefined ? undefined : new Uint8Array(value); // undefined -> None in Python
}

// Starts reading `key` for a later `idbGet` (idempotent until then); returns the read.
export function idbGetEarly(key) {
  const slot = `${databaseName()}\0${key}`;
  if (!early.has(slot)) {
    const reading = read(key);
    reading.catch(() => {}); // the reader gets the failure
    early.set(slot, reading);
  }
  return early.get(slot);
}

export function idbGet(key) {
  const slot = `${databaseName()}\0${key}`;
  const started = early.get(slot);
  early.delete(slot);
  return started ?? read(key);
}

export function idbPut(key, bytes) {
  early.clear();
  // Copy: the caller's buffer may be a view into wasm memory.
  return transact("readwrite", (store) => store.put(bytes.slice().buffer, key));
}

export function idbDeletePrefix(prefix) {
  early.clear();
  return transact("readwrite", (store) => store.delete(IDBKeyRange.bound(prefix, prefix + "\uffff")));
}
