// Client-side routing with real URLs below the base path (document.baseURI), the
// history API, deep links and back/forward. The route table is the one list of pages:
// the shell builds the nav from it and renders `tag` (or the "coming" placeholder
// while no element of that name is defined).
import { basePath } from "./config.js";
import { t } from "./i18n.js";

// The route table lives in routes.json, data only: the build reads the same file to
// write a page per route for static hosts (web/build.mjs --deep-links).
import TABLE from "./routes.json";

/** Nav groups in display order. */
export const GROUPS = TABLE.groups;

/** @type {{path: string, tag: string, title: string, icon: string, group: string}[]} */
export const ROUTES = TABLE.routes;

const NOT_FOUND = { path: null, tag: "helio-not-found-page", title: "Page not found", icon: "circle-alert", group: null };

/** The app-relative path of a URL ("" for the dashboard), or null when outside the base. */
export function appPath(url) {
  const { pathname } = new URL(url, document.baseURI);
  if (!pathname.startsWith(basePath) && `${pathname}/` !== basePath) return null;
  return pathname.slice(basePath.length).replace(/\/+$/, "");
}

/**
 * Match an app path against the table: "apps" and "apps/<id>" both give the apps page,
 * with the rest of the path in params.rest and every query parameter in params.
 */
export function match(path, search = "") {
  const [first, ...rest] = path.split("/");
  const route = ROUTES.find((r) => r.path === first) ?? NOT_FOUND;
  const params = Object.fromEntries(new URLSearchParams(search));
  params.rest = rest.map(decodeURIComponent);
  return { route, params, path };
}

/** The URL of an app path (for <a href> and history). */
export function href(path) {
  return `${basePath}${path}`;
}

export class Router {
  /** @param {(state: ReturnType<typeof match>) => void} onChange */
  constructor(onChange) {
    this.onChange = onChange;
    this.current = this.read();
    window.addEventListener("popstate", () => this.update());
    document.addEventListener("click", (event) => this.intercept(event));
  }

  read() {
    return match(appPath(location.href) ?? "", location.search);
  }

  update() {
    this.current = this.read();
    this.onChange(this.current);
  }

  /** Go to an app path ("apps", "settings?x=1"); `replace` keeps the history entry. */
  navigate(path, { replace = false } = {}) {
    const url = new URL(path, new URL(basePath, location.origin)).href;
    if (url === location.href) return;
    history[replace ? "replaceState" : "pushState"](null, "", url);
    this.update();
  }

  // Plain <a href="apps"> anywhere (shadow DOM included) is a client-side navigation.
  intercept(event) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.composedPath().find((n) => n instanceof HTMLAnchorElement);
    if (!anchor || anchor.target || anchor.hasAttribute("download")) return;
    const url = new URL(anchor.getAttribute("href") ?? "", document.baseURI);
    if (url.origin !== location.origin) return;
    const path = appPath(url.href);
    if (path === null || path.startsWith("api/") || path === "api") return;
    event.preventDefault();
    if (url.href !== location.href) {
      history.pushState(null, "", url.href);
      this.update();
    }
  }
}

/** A route's title in the console's language. */
export function routeTitle(route) {
  return t(route.path === null ? "route.notFound" : `route.${route.path || "dashboard"}`);
}
