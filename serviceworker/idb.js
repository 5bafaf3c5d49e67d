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

export async function idbGet(key) {
  const value = await transact("readonly", (store) => store.get(key));
  return value === undefined ? undefined : new Uint8Array(value); // undefined -> None in Python
}

export function idbPut(key, bytes) {
  // Copy: the caller's buffer may be a view into wasm memory.
  return transact("readwrite", (store) => store.put(bytes.slice().buffer, key));
}

export function idbDeletePrefix(prefix) {
  return transact("readwrite", (store) => store.delete(IDBKeyRange.bound(prefix, prefix + "\uffff")));
}
