// Container-style addresses -> demo URLs, for the worker and the page script alike.
//
// The table is built at build time (demo/build/addresses.py, most specific base path
// first) and stamped into both scripts; this only compares prefixes.

/** @typedef {import("./contract.js").Address} Address */

/**
 * Where a request for a service's address goes: the path below the demo root
 * (`http://api:8080/users` -> `__demo/mock/api/users`), or null when no address matches.
 * The query string and fragment are the caller's to keep.
 * @param {URL} url
 * @param {Address[]} addresses
 * @returns {string | null}
 */
export function addressTarget(url, addresses) {
  for (const address of addresses) {
    // basePath ends with "/"; "/v1" itself belongs to base "/v1/" too.
    if (url.origin !== address.origin || !(url.pathname + "/").startsWith(address.basePath)) continue;
    const rest = url.pathname.slice(address.basePath.length - 1) || "/";
    return `${address.target}${rest}`;
  }
  return null;
}
