// The console's configuration, from <meta> tags of the page that loads the bundle
// (CONSOLE_CONTRACT: helio-api-base, helio-auth). Natively both are absent: same
// origin, cookie sessions. The flagship demo sets the host's service address and
// "bearer", because a service worker cannot set cookies on answers it builds.

function meta(name) {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute("content") ?? "";
}

/** Where API paths (`/api/...`) are sent: "" (same origin) or an origin such as https://host:47990. */
export const apiBase = meta("helio-api-base").replace(/\/+$/, "");

/** "cookie" (HttpOnly session cookies) or "bearer" (tokens from the JSON login answer). */
export const authMode = meta("helio-auth") === "bearer" ? "bearer" : "cookie";

/** The folder the console is served from (the router's base; a demo may sit under a subpath). */
export const basePath = new URL(".", document.baseURI).pathname;
