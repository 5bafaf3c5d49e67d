// Keeps the Pyodide memory snapshot in the Cache API, keyed by build checksum.
//
// A memory snapshot holds the wasm heap but not Emscripten's in-memory file
// system, so the installed packages (site-packages) are kept beside it as one
// packed blob and written back after a restore: lazily imported modules (for
// example sqlglot dialects) must still find their files.

import { cacheName as namespaceCache } from "./storage.js";

// The build-time snapshot in the site (demo/build/snapshot.py writes it).
const SITE_FILE = "__demo-snapshot.bin";
const SITE_MAGIC = "HELIOSN1";

function cacheName(root) {
  return `${namespaceCache("snapshot")} ${root.pathname}`; // demos on one origin keep their own
}

function keyFor(root, checksum, part) {
  return new URL(`__demo-snapshot/${checksum}/${part}`, root).href;
}

export async function readSnapshot(root, checksum) {
  if (!self.caches) return null;
  const cache = await caches.open(cacheName(root));
  const [memory, files] = await Promise.all([
    cache.match(keyFor(root, checksum, "memory")),
    cache.match(keyFor(root, checksum, "files")),
  ]);
  if (!memory || !files) return null;
  return {
    memory: new Uint8Array(await memory.arrayBuffer()),
    files: new Uint8Array(await files.arrayBuffer()),
  };
}

// The snapshot the build made, for a first visit: null when the site has none or it
// belongs to another build (the worker then boots from scratch, as before).
export async function readSiteSnapshot(root, checksum) {
  const response = await fetch(new URL(SITE_FILE, root));
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`cannot read ${SITE_FILE} (HTTP ${response.status})`);
  // A gzip stream (the heap is mostly zeros), unpacked while it downloads.
  const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
  const data = new Uint8Array(await new Response(unpacked).arrayBuffer());
  const magic = new TextDecoder().decode(data.subarray(0, SITE_MAGIC.length));
  if (magic !== SITE_MAGIC) throw new Error(`${SITE_FILE} is not a demo snapshot`);
  const at = SITE_MAGIC.length;
  const length = new DataView(data.buffer, data.byteOffset + at).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(data.subarray(at + 4, at + 4 + length)));
  if (header.checksum !== checksum) {
    console.warn(`[helio-demo] ${SITE_FILE} is for build ${header.checksum}, not ${checksum}: ignored`);
    return null;
  }
  const start = at + 4 + length;
  return {
    memory: data.subarray(start, start + header.memory),
    files: data.subarray(start + header.memory, start + header.memory + header.files),
  };
}

export async function writeSnapshot(root, checksum, memory, files) {
  if (!self.caches) return;
  const cache = await caches.open(cacheName(root));
  // Drop the snapshots of other builds first: they can never be restored by this worker.
  for (const request of await cache.keys()) {
    if (!request.url.includes(`/__demo-snapshot/${checksum}/`)) await cache.delete(request);
  }
  await cache.put(keyFor(root, checksum, "files"), new Response(files));
  await cache.put(keyFor(root, checksum, "memory"), new Response(memory));
}

export async function dropSnapshot(root) {
  if (self.caches) await caches.delete(cacheName(root));
}

// Pack: 4-byte little-endian header length, JSON [[path, size], ...], then the file bytes.
// `skip(path)` leaves out what a restored worker never needs (micropip itself).
export function packFiles(FS, dirs, skip = () => false) {
  const entries = [];
  const chunks = [];
  const walk = (dir) => {
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = `${dir}/${name}`;
      if (skip(path)) continue;
      const mode = FS.stat(path).mode;
      if (FS.isDir(mode)) walk(path);
      else if (FS.isFile(mode)) {
        const data = FS.readFile(path);
        entries.push([path, data.length]);
        chunks.push(data);
      }
    }
  };
  dirs.forEach(walk);
  const header = new TextEncoder().encode(JSON.stringify(entries));
  const total = 4 + header.length + chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  new DataView(out.buffer).setUint32(0, header.length, true);
  out.set(header, 4);
  let offset = 4 + header.length;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

export function unpackFiles(FS, packed) {
  const headerLength = new DataView(packed.buffer, packed.byteOffset).getUint32(0, true);
  const entries = JSON.parse(new TextDecoder().decode(packed.subarray(4, 4 + headerLength)));
  let offset = 4 + headerLength;
  const made = new Set();
  for (const [path, size] of entries) {
    const dir = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(dir)) {
      FS.mkdirTree(dir);
      made.add(dir);
    }
    FS.writeFile(path, packed.subarray(offset, offset + size));
    offset += size;
  }
}
