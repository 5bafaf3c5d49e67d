// Helio demo service worker: transport only.
//
// It turns fetch events for the demo's /__demo/ calls (demo-path.js: root-relative,
// under <demo root>/ or under a page's folder; and requests to a mock
// service's container-style address) into ASGI calls inside Pyodide and the
// answers back into Responses. Every routing, matching, SQL and persistence
// decision is Python in demo/runtime, tested natively; this file boots,
// forwards and reports failures.
//
// `BUILD` is stamped by `python -m demo build` (esbuild --define); the shapes it and
// Python exchange with this file are declared in contract.js.

import { addressTarget } from "./addresses.js";
import { loadAnswers, recordedAnswer } from "./answers.js";
import { bootPython, checkSiteBuild } from "./boot.js";
import { BootProgress } from "./boot-progress.js";
import { demoPath } from "./demo-path.js";
import { configureEarlyReads, startEarlyReads } from "./early-reads.js";
import { configureEngine, readyFor, requestArrived } from "./engine-start.js";
import { BOOT_PYTHON, BUILD_QUERY, CLAIM_PAGE, RESTART_PYTHON, STATUS_QUERY, TEST_SESSION, errorResponse } from "./contract.js";
import { forwardedHeaders } from "./origin.js";
import { siteFiles } from "./site-files.js";
import { configureStorage } from "./storage.js";
import { inSession, logCall, logUnhandled, onTestMessage, overridden } from "./test-session.js";

/* global __DEMO_BUILD__ */
/** @type {import("./contract.js").BuildInfo} */
const BUILD = __DEMO_BUILD__;
const ROOT = new URL(self.registration.scope);
const DEMO_PREFIX = ROOT.pathname + "__demo/";
configureStorage(BUILD, ROOT); // before anything opens a cache or the database
const SITE = siteFiles(ROOT, BUILD.checksum); // pages, offline copies, deep links
self.fetch = SITE.ownFetch(); // Pyodide and the boot read the kept copy when offline

let booting = null; // Promise of the Python handler; reset on failure so the next request retries.
let checked = null; // Promise of the site build check (boot.js checkSiteBuild); reset on failure.
let answers = null; // Promise of the recorded mock answers (answers.js), read once per start.
let progress = null; // The steps of the current boot (boot-progress.js); null while idle.
// What pages are told about this worker's Python (contract.js, WorkerStatus).
/** @type {Omit<import("./contract.js").WorkerStatus, "build">} */
const status = {
  python: "idle",
  how: null,
  bootMs: null,
  error: null,
  workerStartedAt: Date.now(),
  ...new BootProgress(() => {}).report(),
};

// `duckLoader`: duck-loader.js's functions, for sites with a postgres service; when
// duckdb-wasm starts is engine-start.js's decision.
export function startWorker(duckLoader = {}) {
  configureEngine(BUILD, ROOT, duckLoader);
  configureEarlyReads(BUILD, ROOT);
  self.addEventListener("install", (event) => {
    event.waitUntil(self.skipWaiting());
  });
  self.addEventListener("activate", (event) => {
    event.waitUntil(Promise.all([self.clients.claim(), SITE.dropOthers()]));
  });
  self.addEventListener("fetch", onFetch);
  self.addEventListener("message", onMessage);
}

// Which demo path a request maps to, or null to let it pass through untouched.
function demoPathOf(url) {
  const own = demoPath(url, ROOT);
  if (own !== null) return own;
  const target = addressTarget(url, BUILD.addresses);
  return target === null ? null : `/${target}`;
}

function onFetch(event) {
  const url = new URL(event.request.url);
  const path = demoPathOf(url);
  if (path !== null) {
    event.respondWith(answer(event, path, url.search.slice(1)));
  } else if (["GET", "HEAD"].includes(event.request.method) && SITE.owns(url, DEMO_PREFIX)) {
    event.respondWith(SITE.answer(event));
  } else {
    logUnhandled(event.request, url, ROOT); // during a test only
  } // not ours: the browser handles it as if no worker existed
}

function onMessage(event) {
  const type = event.data?.type;
  if (type === BUILD_QUERY) {
    event.source?.postMessage({ type: BUILD_QUERY, build: BUILD.checksum });
  } else if (type === STATUS_QUERY) {
    event.source?.postMessage(statusMessage());
  } else if (type === CLAIM_PAGE) {
    event.waitUntil(self.clients.claim()); // the page sees controllerchange
  } else if (type === BOOT_PYTHON) {
    // A page warms Python before its first request (the flagship's landing page), or asks
    // again after a failed boot; the status messages report the boot. The warm-up goes on
    // to build the stateful services' apps (the host): the console's first request then
    // finds it open instead of building it from its seed.
    const warming = pythonHandler(event).then(openServices);
    event.waitUntil(warming.catch(() => {}));
    event.source?.postMessage(statusMessage());
  } else if (type === RESTART_PYTHON) {
    dropPython();
  } else if (type === TEST_SESSION) {
    const reply = onTestMessage(event.data, dropPython);
    event.source?.postMessage({ type: TEST_SESSION, id: event.data.id, ...reply });
  }
}

function dropPython() {
  booting = null; // the Python instance, its engines and caches go with it
  progress = null;
  setStatus({ python: "idle", how: null, bootMs: null, error: null, ...new BootProgress(() => {}).report() });
}

function statusMessage() {
  return { type: STATUS_QUERY, build: BUILD.checksum, ...status };
}

function setStatus(change) {
  Object.assign(status, change);
  const message = statusMessage();
  self.clients.matchAll({ type: "window" }).then((pages) => pages.forEach((page) => page.postMessage(message)));
}

async function answer(event, path, query) {
  if (!inSession()) return pythonAnswer(event, path, query);
  // A test runs (test-session.js): its override answers, and every call is logged.
  const request = event.request;
  const body = request.method === "GET" || request.method === "HEAD" ? null : await request.clone().text();
  const response = (await overridden(request, path)) ?? (await pythonAnswer(event, path, query));
  logCall(request, path, body || null, response.status);
  return response;
}

async function pythonAnswer(event, path, query) {
  const request = event.request;
  try {
    requestArrived(path, status.python === "ready");
    startEarlyReads(path, status.python === "ready");
    const starting = pythonHandler(event);
    starting.catch(() => {}); // awaited below unless a recorded answer is sent
    if (status.python !== "ready") {
      const early = await recorded(request, path, query);
      if (early) return early;
    }
    const { handler: python, answered } = await starting;
    const engine = readyFor(path);
    if (engine) {
      try {
        await engine;
      } catch (err) {
        return errorResponse(500, `could not start duckdb-wasm: ${errorText(err)}`);
      }
    }
    const body = new Uint8Array(await request.arrayBuffer());
    const headers = await forwardedHeaders(event);
    const reply = await python.handle(request.method, path, query, headers, body);
    answered(); // what a restart leaves until Python's first answer (boot.js)
    progress?.step("opened");
    SITE.keepWhenQuiet(); // a copy of the site for offline visits, once Python is idle
    return toResponse(request, reply.status, reply.headers, reply.body);
  } catch (err) {
    console.error(`[helio-demo] ${request.method} ${path} failed:`, err);
    return errorResponse(500, `demo service worker: ${errorText(err)}`);
  }
}

// While Python starts: the answer the build recorded for this request, if any (answers.js),
// once the site is known to be this worker's build.
async function recorded(request, path, query) {
  answers ??= loadAnswers(ROOT, BUILD.checksum);
  const table = await answers;
  const early = recordedAnswer(table, request, path, query);
  if (!early) return null;
  try {
    await siteChecked();
  } catch {
    return null; // Python's boot reports the mismatch
  }
  return early;
}

function siteChecked() {
  if (!checked) {
    checked = checkSiteBuild(BUILD, ROOT);
    checked.catch(() => {
      checked = null; // checked again on the next request
    });
  }
  return checked;
}

function toResponse(request, status, headers, body) {
  const empty = request.method === "HEAD" || [204, 205, 304].includes(status);
  return new Response(empty ? null : body, { status, headers });
}

// Builds the stateful services' apps (asgi) of a booted Python (again: a no-op); a failure
// is only logged: the first request that needs the app builds it and reports the error.
async function openServices({ handler }) {
  try {
    const started = performance.now();
    const names = await handler.open_services();
    if (!names.length) return;
    progress?.step("opened");
    console.info(`[helio-demo] opened ${names.join(", ")} in ${Math.round(performance.now() - started)} ms`);
  } catch (err) {
    console.warn("[helio-demo] could not open the services ahead of their first request:", err);
  }
}

// Resolves with bootPython's result: the handler, and `answered` to call after each answer.
function pythonHandler(event) {
  if (!booting) {
    const started = performance.now();
    const steps = new BootProgress((report) => {
      if (progress === steps) setStatus(report);
    });
    progress = steps;
    const boot = bootPython({
      build: BUILD,
      root: ROOT,
      checked: siteChecked(),
      waitUntil: (p) => event.waitUntil(p),
      progress: (step) => steps.step(step),
    });
    booting = boot;
    // The boot outlives a request answered from the recorded answers; it keeps its own work
    // (the snapshot kept for restarts) alive through this event.
    event.waitUntil(boot.catch(() => {}));
    setStatus({ python: "booting", how: null, bootMs: null, error: null, ...steps.report() });
    boot.then(
      ({ how }) => {
        if (booting === boot) setStatus({ python: "ready", how, bootMs: Math.round(performance.now() - started) });
      },
      (err) => {
        if (booting !== boot) return;
        booting = null; // a failed boot is retried on the next request
        setStatus({ python: "failed", error: errorText(err) });
      },
    );
  }
  return booting;
}

function errorText(err) {
  if (err && typeof err === "object" && "message" in err) return String(err.message).trim();
  return String(err);
}
