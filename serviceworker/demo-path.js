// Which same-origin URLs are calls to the demo's `/__demo` app, for the worker and the
// page script alike.
//
// Callers write relative URLs starting `/__demo/` (spec/demo-urls.md), so from a page of a
// demo served under a subpath the same call arrives in three shapes: root-relative
// (`/__demo/mock/api/pets`), below the demo root (`<root>__demo/...`) and below a page's
// own folder (`./__demo/...` from `<root>console/`). Only requests of clients the worker
// controls reach it, so a root-relative call is always its own clients'; two demos under
// two subpaths of one origin each answer their own.

const MARK = "/__demo/";

/**
 * The path from the `/__demo/` segment on (`/__demo/mock/api/pets`), or null when `url`
 * is not a demo call of the demo rooted at `root`.
 * @param {URL} url
 * @param {URL} root the demo root (the worker's scope), ending "/"
 * @returns {string | null}
 */
export function demoPath(url, root) {
  if (url.origin !== root.origin) return null;
  const path = url.pathname;
  if (path.startsWith(MARK)) return path;
  if (!path.startsWith(root.pathname)) return null;
  const at = path.indexOf(MARK, root.pathname.length - 1);
  return at < 0 ? null : path.slice(at);
}

// `path` decoded, as Python routes it (`/__demo/db/l%65dger/query` is ledger's query).
export function decodedPath(path) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // a malformed escape: Python keeps it as written too
  }
}
