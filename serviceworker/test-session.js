// What a test (the pytest plugin, demo/pytest_plugin.py) asks of the worker through the
// TEST_SESSION message (contract.js): a fresh storage namespace, per-test overrides of
// answers, and the log of every demo call and of every unhandled request. It lives in
// the worker, so it holds for fetches from any page of the demo. Nothing here runs
// until a test sends the message.

import { useSessionNamespace } from "./storage.js";

// Requests the plugin makes itself (demo.query, demo.reset) carry this header and are not logged.
export const HELPER_HEADER = "x-helio-demo-helper";

let session = null; // { namespace, overrides } while a test runs
let calls = []; // not yet taken by the plugin
let unhandled = [];

/**
 * Applies one TEST_SESSION message and returns the reply's fields.
 * @param {Object} data the message
 * @param {() => void} dropPython called when the data moves to another namespace
 */
export function onTestMessage(data, dropPython) {
  if (data.action === "set") {
    const namespace = data.namespace ?? null;
    if ((session?.namespace ?? null) !== namespace) {
      useSessionNamespace(namespace);
      dropPython(); // Python holds the old namespace's data in memory
    }
    session = { namespace, overrides: (data.overrides ?? []).map(compile) };
    return { ok: true };
  }
  if (data.action === "take") {
    const taken = { ok: true, calls, unhandled };
    calls = [];
    unhandled = [];
    return taken;
  }
  if (data.action === "end") {
    if (session?.namespace) {
      useSessionNamespace(null);
      dropPython();
    }
    session = null;
    calls = [];
    unhandled = [];
    return { ok: true };
  }
  return { ok: false, error: `unknown test action ${JSON.stringify(data.action)}` };
}

export function inSession() {
  return session !== null;
}

// "/pet/{petId}" -> /^\/pet\/[^/]+$/; a trailing "*" matches the rest.
function compile(override) {
  const parts = override.route.split(/(\{[^}]*\}|\*$)/).map((part) => {
    if (part === "*") return ".*";
    if (part.startsWith("{")) return "[^/]+";
    return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  });
  return { ...override, pattern: new RegExp(`^${parts.join("")}/?$`) };
}

/** The service a demo path names (`/__demo/<family>/<service>/...`), or null. */
export function serviceOf(path) {
  const parts = path.split("/");
  return parts.length > 3 ? decodeURIComponent(parts[3]) : null;
}

/**
 * The test's override for this call, answered after its delay: a Response, or
 * null to let Python answer (after the delay, when the override only delays).
 */
export async function overridden(request, path) {
  if (!session) return null;
  const service = serviceOf(path);
  const route = "/" + path.split("/").slice(4).join("/");
  const match = session.overrides.find(
    (o) => o.service === service && (o.method === "*" || o.method === request.method) && o.pattern.test(route),
  );
  if (!match) return null;
  if (match.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, match.delayMs));
  if (match.status === null && match.json === undefined) return null;
  const status = match.status ?? 200;
  const empty = request.method === "HEAD" || [204, 205, 304].includes(status);
  const body = empty || match.json === undefined ? null : JSON.stringify(match.json);
  return new Response(body, {
    status,
    headers: {
      "content-type": "application/json",
      "access-control-allow-origin": "*",
      "access-control-expose-headers": "*",
      "x-helio-demo-override": "1",
    },
  });
}

/** Logs a demo call once answered (not the plugin's own). */
export function logCall(request, path, body, status) {
  if (!session || request.headers.has(HELPER_HEADER)) return;
  calls.push({ service: serviceOf(path), method: request.method, url: request.url, body, status });
}

/**
 * During a test, a request to a container-style address (a host name without a dot,
 * such as http://payments:9000/) that no service answers is logged as unhandled.
 */
export function logUnhandled(request, url, root) {
  if (!session || url.origin === root.origin || !/^https?:$/.test(url.protocol)) return;
  const host = url.hostname;
  if (host.includes(".") || host.includes(":") || host === "localhost") return;
  unhandled.push({ method: request.method, url: request.url });
}
