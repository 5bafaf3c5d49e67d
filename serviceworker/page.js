// Helio demo page script (served as <demo root>/__demo-client.js).
//
// Include it with a relative <script src> from any page of the demo. It
// registers the demo's service worker for the demo root (the folder this
// script is served from, so any subpath works), waits until a worker of the
// page's own build controls the page, and sends requests for a mock service's container-style
// address (http://api:8080/users) to <demo root>/__demo/mock/api/users, for
// fetch and XMLHttpRequest (addresses.js, shared with the worker).
// `window.helioDemo` exposes `ready`, `root`, `build`, `reset()`, `rewrite(url)`,
// `adopt(frameWindow)` (an about:blank frame's fetches go through this page's),
// `bootPython()` (start Python before the first request) and `watchPython(listener)` (the
// worker's reports of its Python's boot).

/* global __DEMO_CLIENT__ */
import { addressTarget } from "./addresses.js";
import { BOOT_PYTHON, BUILD_QUERY, CLAIM_PAGE, STATUS_QUERY } from "./contract.js";
import { demoPath } from "./demo-path.js";

(() => {
  /** @type {import("./contract.js").ClientInfo} */
  const CLIENT = __DEMO_CLIENT__;
  if (window.helioDemo) return; // included twice

  const script = document.currentScript;
  const root = new URL("./", script ? script.src : location.href);

  if (!("serviceWorker" in navigator)) {
    console.error("[helio-demo] this browser has no service workers; the demo cannot run here");
  }

  const ready = navigator.serviceWorker
    ? navigator.serviceWorker
        .register(new URL(CLIENT.worker, root), { scope: root.pathname, type: "module", updateViaCache: "none" })
        .then((registration) => controlled(registration).then(() => sameBuild(registration)))
    : Promise.reject(new Error("service workers unavailable"));
  ready.catch((err) => console.error("[helio-demo] service worker registration failed:", err));

  // First visit: the worker's activate handler calls clients.claim(), which fires
  // controllerchange. After a hard reload (Shift+Reload) the page loads past an active
  // worker, which would never control it: ask that worker to claim it.
  function controlled(registration) {
    if (navigator.serviceWorker.controller) return Promise.resolve();
    const change = controllerChange();
    registration.active?.postMessage({ type: CLAIM_PAGE });
    return change;
  }

  function controllerChange() {
    return new Promise((resolve) => {
      navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
    });
  }

  // The build of the worker that controls the page (it answers BUILD_QUERY).
  function controllerBuild() {
    return new Promise((resolve) => {
      const onMessage = (event) => {
        if (event.data?.type !== BUILD_QUERY) return;
        navigator.serviceWorker.removeEventListener("message", onMessage);
        resolve(event.data.build);
      };
      navigator.serviceWorker.addEventListener("message", onMessage);
      navigator.serviceWorker.controller.postMessage({ type: BUILD_QUERY });
    });
  }

  // A worker from an older build may still control the page (the site was rebuilt since
  // it started). `ready` waits until the browser has fetched the new one and it has taken
  // over, so that no request of this page reaches the old one: an old worker answers with
  // a build-mismatch error, and requests keep it busy, while Chromium activates a waiting
  // worker only once the active one is idle.
  async function sameBuild(registration) {
    for (;;) {
      const build = await controllerBuild();
      if (build === CLIENT.checksum) return;
      console.warn(`[helio-demo] worker build ${build} differs from page build ${CLIENT.checksum}; updating`);
      const takenOver = controllerChange();
      try {
        await registration.update();
      } catch (err) {
        console.error("[helio-demo] could not fetch the new service worker; the old one answers:", err);
        return;
      }
      if (!registration.installing && !registration.waiting) {
        // The server has no other worker: the page itself is the stale one (an old copy).
        console.error(`[helio-demo] no newer service worker than build ${build}; reload the page to get its build`);
        return;
      }
      await takenOver;
    }
  }

  // The demo URL for a service address, or null.
  function rewrite(url) {
    let parsed;
    try {
      parsed = new URL(url, location.href);
    } catch {
      return null;
    }
    const target = addressTarget(parsed, CLIENT.addresses);
    return target === null ? null : new URL(`${target}${parsed.search}${parsed.hash}`, root).href;
  }

  function isDemoURL(url) {
    try {
      return demoPath(new URL(url, location.href), root) !== null;
    } catch {
      return false;
    }
  }

  const nativeFetch = window.fetch.bind(window);
  window.fetch = function (input, init) {
    // A Request from another frame (`adopt`) is no `instanceof Request` here.
    const url = typeof input === "object" && typeof input?.url === "string" ? input.url : String(input);
    const target = rewrite(url);
    if (target === null && !isDemoURL(url)) return nativeFetch(input, init);
    let request = new Request(input, init);
    if (target !== null) request = new Request(target, request);
    // A /__demo/ request before the worker controls the page would reach the static server.
    return ready.then(() => nativeFetch(request));
  };

  const xhrOpen = XMLHttpRequest.prototype.open;
  const xhrSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    const target = rewrite(String(url));
    this.__helioDemo = target !== null || isDemoURL(String(url));
    this.__helioAsync = rest.length === 0 || rest[0] !== false;
    return xhrOpen.call(this, method, target ?? url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (body) {
    if (!this.__helioDemo || !this.__helioAsync) return xhrSend.call(this, body);
    ready.then(() => xhrSend.call(this, body));
  };

  async function reset() {
    await ready;
    const response = await nativeFetch(new URL("__demo/reset", root), { method: "POST" });
    if (!response.ok) throw new Error(`reset failed: HTTP ${response.status} ${await response.text()}`);
    return response.json().catch(() => ({}));
  }

  // A srcdoc frame inherits the page's worker; an about:blank frame the page made does
  // not (Chromium gives its initial document no controller), so its fetches are sent
  // through this page's (docs/demo-kit.md, "Embedding").
  function adopt(frameWindow) {
    frameWindow.fetch = (input, init) => window.fetch(input, init);
  }

  // Asks the worker to start Python now (contract.js, BOOT_PYTHON): a page that knows a
  // request will follow (the flagship's landing page) saves the visitor the boot's wait.
  async function bootPython() {
    await ready;
    navigator.serviceWorker.controller?.postMessage({ type: BOOT_PYTHON });
  }

  // Calls `listener(status)` with the worker's reports of its Python (contract.js,
  // WorkerStatus): the current one once a worker of this build controls the page, then one
  // per change, until the returned function is called. A worker that cannot be registered
  // is reported as a failed boot.
  function watchPython(listener) {
    let watching = true;
    const onMessage = (event) => {
      if (!watching || event.data?.type !== STATUS_QUERY) return;
      const { type: _, ...status } = event.data;
      if (status.build === CLIENT.checksum) listener(status);
    };
    navigator.serviceWorker?.addEventListener("message", onMessage);
    ready.then(
      () => watching && navigator.serviceWorker.controller?.postMessage({ type: STATUS_QUERY }),
      (err) => watching && listener(unregistered(err)),
    );
    return () => {
      watching = false;
      navigator.serviceWorker?.removeEventListener("message", onMessage);
    };
  }

  /** @returns {import("./contract.js").WorkerStatus} */
  function unregistered(err) {
    return {
      build: CLIENT.checksum,
      workerStartedAt: Date.now(),
      python: "failed",
      how: null,
      bootMs: null,
      error: `the service worker could not be registered: ${err?.message ?? err}`,
      stage: null,
      stepsDone: 0,
      stepsTotal: 0,
    };
  }

  window.helioDemo = {
    ready,
    root: root.href,
    build: CLIENT.checksum,
    reset,
    rewrite,
    adopt,
    bootPython,
    watchPython,
  };
})();
