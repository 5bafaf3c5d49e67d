// The demo's URLs as the components call them: the route table, stamped by the build
// from demo/runtime/routes.py (`page_templates`), so no component spells a `__demo/`
// path itself. Paths are relative to the demo root (shared.js `demoURL` resolves them).

/* global __DEMO_ROUTES__ */
/** Route name (an HTTP family's as `http/<family>`) -> path template. */
export const ROUTES = typeof __DEMO_ROUTES__ === "undefined" ? {} : __DEMO_ROUTES__;

/** The path of route `name` for `service` (URL-encoded) and, for an HTTP service, `route`. */
export function routePath(name, { service = "", route = "" } = {}, routes = ROUTES) {
  const template = routes[name];
  if (template === undefined) throw new Error(`the demo's route table has no route “${name}”`);
  return template.replace("{service}", encodeURIComponent(service)).replace("{route}", route);
}
