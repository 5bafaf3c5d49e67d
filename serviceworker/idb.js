// Key -> bytes storage over IndexedDB, for demo.browser.store.IndexedDBStore.
//
// One database per origin; the runtime's keys start with the demo's
// storageNamespace, so demos sharing an origin never see each other's data.
// A put resolves only when its transaction has completed (durable).

const DB_NAME = "helio-demo";
const STORE = "kv";
let opening = null;

function database() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 1);
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
