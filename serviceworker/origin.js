// The Origin header a browser sends with a request, which a service worker never sees:
// the browser adds it after the worker, on the way to the network. The apps the worker
// runs (the Helio host) enforce origin and CSRF rules on state-changing requests, so
// the worker adds the header the browser would have sent.
//
// A page the worker controls is always of the worker's own origin; the origin is still
// read from the requesting client, not assumed. A navigation (a form posted from any
// site, the classic cross-site request) has no client yet: its referrer names where it
// came from, and a navigation that hides its referrer is "null", as browsers send for
// origins they will not disclose.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The header pairs to forward: the request's own, plus `origin` for a state-changing one.
 * @param {FetchEvent} event
 * @returns {Promise<[string, string][]>}
 */
export async function forwardedHeaders(event) {
  const request = event.request;
  const headers = [...request.headers];
  if (SAFE_METHODS.has(request.method)) return headers;
  headers.push(["origin", await requestOrigin(event)]);
  return headers;
}

// clientId -> its origin, asked of the browser (a round trip) once per client instead of
// on every query. A client's URL stays of the same origin once it has one (navigating
// makes a new client; pushState and document.open stay same-origin); an about:blank
// client ("null" here) may still get its parent's URL, so it is asked each time.
const clientOrigins = new Map();
const MAX_CLIENTS = 64;

async function requestOrigin(event) {
  const known = event.clientId ? clientOrigins.get(event.clientId) : undefined;
  if (known !== undefined) return known;
  const client = event.clientId ? await self.clients.get(event.clientId) : undefined;
  const origin = originOf(client?.url || event.request.referrer);
  if (client && origin !== "null") {
    if (clientOrigins.size >= MAX_CLIENTS) clientOrigins.delete(clientOrigins.keys().next().value);
    clientOrigins.set(event.clientId, origin);
  }
  return origin;
}

function originOf(url) {
  if (!url || url === "about:client") return "null";
  return new URL(url).origin; // "null" for an opaque origin, as browsers send it
}
