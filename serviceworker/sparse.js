// The kept memory snapshot without its zero pages.
//
// About a third of the heap's 64 KiB pages are all zeros; reading the kept snapshot
// from the Cache API is a large part of a restart, so those pages are left out of
// what is stored and rebuilt (a fresh Uint8Array is already zero) on restore.
//
// Layout: 8-byte magic, the heap length (float64, little-endian), one byte per page
// (1: stored, 0: all zeros), then the stored pages in order; the last page may be short.

const MAGIC = new TextEncoder().encode("HELIOSP1");
const PAGE = 65536;
const HEADER = MAGIC.length + 8;

export function sparseMemory(memory) {
  const pages = Math.ceil(memory.length / PAGE);
  const map = new Uint8Array(pages);
  let storedBytes = 0;
  for (let page = 0; page < pages; page++) {
    const bytes = pageOf(memory, page);
    if (!allZero(bytes)) {
      map[page] = 1;
      storedBytes += bytes.length;
    }
  }
  const out = new Uint8Array(HEADER + pages + storedBytes);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setFloat64(MAGIC.length, memory.length, true);
  out.set(map, HEADER);
  let offset = HEADER + pages;
  for (let page = 0; page < pages; page++) {
    if (!map[page]) continue;
    const bytes = pageOf(memory, page);
    out.set(bytes, offset);
    offset += bytes.length;
  }
  return out;
}

// The heap again; throws on anything not written by sparseMemory (the worker then
// boots as if nothing was kept).
export function denseMemory(stored) {
  if (stored.length < HEADER || !MAGIC.every((byte, i) => stored[i] === byte)) {
    throw new Error("the kept snapshot is not in the sparse format");
  }
  const length = new DataView(stored.buffer, stored.byteOffset).getFloat64(MAGIC.length, true);
  const pages = Math.ceil(length / PAGE);
  if (!Number.isSafeInteger(length) || length < 0 || stored.length < HEADER + pages) {
    throw new Error("the kept snapshot's header is damaged");
  }
  const map = stored.subarray(HEADER, HEADER + pages);
  const memory = new Uint8Array(length);
  let offset = HEADER + pages;
  for (let page = 0; page < pages; page++) {
    if (!map[page]) continue;
    const size = Math.min(PAGE, length - page * PAGE);
    if (offset + size > stored.length) throw new Error("the kept snapshot is truncated");
    memory.set(stored.subarray(offset, offset + size), page * PAGE);
    offset += size;
  }
  if (offset !== stored.length) throw new Error("the kept snapshot has trailing bytes");
  return memory;
}

function pageOf(memory, page) {
  return memory.subarray(page * PAGE, Math.min(memory.length, (page + 1) * PAGE));
}

function allZero(bytes) {
  // Four bytes at a time where the page is aligned (it is, in a heap copy).
  let i = 0;
  if (bytes.byteOffset % 4 === 0) {
    const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
    for (let w = 0; w < words.length; w++) if (words[w] !== 0) return false;
    i = words.length * 4;
  }
  for (; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}
