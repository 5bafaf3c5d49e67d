// The site's own files (pages, the console, the components), answered by the worker so
// that a loaded demo keeps working with the network off, and so that a deep link works
// on any static host.
//
// - Network first: a reachable site is always answered fresh, and the answer is kept.
// - With the network off, the kept copy answers.
// - Once per worker, when Python has answered and nothing has been asked of it for a
//   moment (so the copy never competes with the boot, the first answers or a sign-in),
//   every file the build listed in __demo-offline.json is kept: files a first visit
//   loaded before the worker controlled the page are there too.
// - A navigation to a folder without its slash (console/settings) that the host answers
//   404 is redirected to the folder (console/settings/), as hosts that redirect do; the
//   per-route pages the console's build writes take it from there.
// - A navigation that matches no file, below a folder with a `404.html` (the console's
//   build writes one: its index), gets that page as if opened at the folder, so the
//   console's router shows a deep link (console/apps/<id>) or its not-found page.
// - The worker's own fetches (Pyodide's files, the build check, site assets) fall back to
//   the kept copy too, so a worker the browser stopped while offline boots again.

import { cacheName } from "./storage.js";

const QUIET_MS = 1500; // how long Python must have been idle before the copy starts
const OFFLINE_LIST = "__demo-offline.json";
const FALLBACK_PAGE = "404.html";

// `html` as if opened at `folder`: its <base> (the folder itself when it has none),
// resolved against the folder, moved to the top of <head>, so that what comes before it
// (the page script the demo build adds) resolves against the folder too.
function asFolderPage(html, folder) {
  const base = /<base\s+href="([^"]*)"\s*\/?>/i;
  const found = html.match(base);
  const tag = `<base href="${new URL(found ? found[1] : "./", folder).href}">`;
  const page = html.replace(base, "").replace(/<head[^>]*>/i, (head) => head + tag);
  return new Response(page, { status: 200, headers: { "content-type": "text/html; charset=utf-8" } });
}

/**
 * @param {URL} root the demo root (the worker's scope)
 * @param {string} checksum the build's, so a rebuilt site starts a fresh copy
 */
export function siteFiles(root, checksum) {
  const mine = `${cacheName("site")} ${root.pathname} `; // demos on one origin keep their own
  const name = mine + checksum;
  let kept = null; // the keep-everything pass, once per worker
  let quiet = null; // its timer, restarted by every answer from Python
  const network = self.fetch.bind(self); // before `ownFetch` replaces it

  async function keepListed() {
    const cache = await caches.open(name);
    const response = await network(new URL(OFFLINE_LIST, root), { cache: "no-store" });
    if (!response.ok) return; // an older build without the list: files are kept as they load
    const paths = await response.json();
    await Promise.all(
      paths.map(async (path) => {
        const url = new URL(path, root);
        if (await cache.match(url)) return;
        const answer = await network(url);
        if (answer.ok) await cache.put(url, answer);
      }),
    );
  }

  // The network's answer to `request`, else the kept copy; throws when neither.
  // The copy is written while the page already reads the answer.
  async function lookup(request, cache, waitUntil) {
    try {
      const response = await network(request);
      if (response.ok && response.type === "basic" && request.method === "GET") {
        waitUntil(cache.put(request.url, response.clone()).catch(() => {}));
      }
      return response;
    } catch (err) {
      const copy = await cache.match(request.url, { ignoreSearch: request.mode === "navigate" });
      if (copy) return copy;
      throw err;
    }
  }

  // An app that routes in the page (the console) writes a `404.html` in its folder: a
  // navigation below that folder that matches no file gets it, as the nearest folder's
  // page, with its relative URLs resolved against that folder (its <base> made absolute),
  // so the app's router shows the page or its own not-found page at any depth. Folders
  // strictly below the demo root only: the root's 404.html is the build's generic page.
  async function appFallback(url, cache, waitUntil) {
    let folder = new URL("./", url);
    if (folder.pathname === url.pathname) folder = new URL("../", url); // "console/x/" looks from console/
    for (; folder.pathname.length > root.pathname.length; folder = new URL("../", folder)) {
      const page = await lookup(new Request(new URL(FALLBACK_PAGE, folder)), cache, waitUntil).catch(() => null);
      if (page?.ok) return asFolderPage(await page.text(), folder);
    }
    return null;
  }

  return {
    /** Whether `url` is a site file this worker answers. */
    owns(url, demoPrefix) {
      return url.origin === root.origin && url.pathname.startsWith(root.pathname) && !url.pathname.startsWith(demoPrefix);
    },

    /**
     * `fetch` for the worker's own requests: the network's answer, else the kept copy.
     * @returns {typeof fetch}
     */
    ownFetch() {
      return async (input, init) => {
        try {
          return await network(input, init);
        } catch (err) {
          const request = new Request(input, init);
          const copy = request.method === "GET" && (await caches.open(name).then((c) => c.match(request.url)));
          if (copy) return copy;
          throw err;
        }
      };
    },

    /**
     * Called as Python answers: keeps every listed file once it has been idle for QUIET_MS,
     * once per worker (about 50 MB for the flagship, most of it Pyodide's and duckdb-wasm's
     * files, which the browser's HTTP cache may drop).
     */
    keepWhenQuiet() {
      if (kept) return;
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        kept = keepListed().catch((err) => console.warn("[helio-demo] could not keep the site for offline use:", err));
      }, QUIET_MS);
    },

    /** @param {FetchEvent} event */
    async answer(event) {
      const cache = await caches.open(name);
      const request = event.request;
      const url = new URL(request.url);
      const waitUntil = (promise) => event.waitUntil(promise);
      const response = await lookup(request, cache, waitUntil).catch(() => null);
      if (request.mode === "navigate" && !url.pathname.endsWith("/") && (!response || response.status === 404)) {
        const folder = new URL(url.pathname + "/", url);
        const inside = await lookup(new Request(folder), cache, waitUntil).catch(() => null);
        if (inside?.ok) return Response.redirect(folder.href + url.search + url.hash, 302);
      }
      if (request.mode === "navigate" && (!response || response.status === 404)) {
        const fallback = await appFallback(url, cache, waitUntil);
        if (fallback) return fallback;
      }
      return response ?? Response.error();
    },

    /** Drops the copies of other builds (after this worker took over). */
    async dropOthers() {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(mine) && n !== name).map((n) => caches.delete(n)));
    },
  };
}
