// Configuration from the <meta> tags of the page that loads the bundle (see index.html).
// Natively the API is same-origin with cookies; the in-browser demo names a service
// address and uses bearer tokens (a service worker cannot set cookies).

function meta(name, fallback) {
  const element = document.querySelector(`meta[name="${name}"]`);
  const value = element?.getAttribute("content")?.trim();
  return value ? value : fallback;
}

/** API origin without a trailing slash; "" means the page's own origin. */
export const apiBase = meta("helio-api-base", "").replace(/\/+$/, "");

/** "cookie" (HttpOnly session cookies) or "bearer" (tokens kept by the client). */
export const authMode = meta("helio-auth", "cookie") === "bearer" ? "bearer" : "cookie";

/** The router's base path: the path of document.baseURI, always ending in "/". */
export const basePath = new URL(document.baseURI).pathname.replace(/[^/]*$/, "");

/** A page outside the console to go back to (the flagship's landing page), or null. */
export const homeLink = meta("helio-home", "") ? new URL(meta("helio-home", ""), document.baseURI).href : null;
