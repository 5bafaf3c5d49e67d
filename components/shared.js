// What the three demo components share: the way to reach the demo (its root, the
// page script's `helioDemo`, the built manifest), the theme, and small UI helpers.
//
// The components find the demo through `window.helioDemo` (set by __demo-client.js,
// which every demo page includes), so every URL is relative to the demo root and a
// page in a subfolder, or a demo served under a subpath, works unchanged.

/* global __DEMO_ADAPTERS__ */
import { LitElement, css, html } from "lit";
import { states, visuallyHidden } from "../web/src/element-kit.js";

/** Per adapter, stamped from the adapter registry (demo/runtime/adapters.py) by the build. */
export const ADAPTERS = typeof __DEMO_ADAPTERS__ === "undefined" ? {} : __DEMO_ADAPTERS__;

export class DemoUnavailable extends Error {}

/** The page script's API, or a clear error when the page does not include it. */
export function demoClient() {
  const client = window.helioDemo;
  if (!client) {
    throw new DemoUnavailable(
      "This page does not load the demo's page script: add <script src=\"__demo-client.js\"></script> " +
        "(relative to the demo root) before the components.",
    );
  }
  return client;
}

export function demoURL(path) {
  return new URL(path, demoClient().root);
}

let manifestRead = null;

/** The built manifest.json: a static file, readable before the worker runs. */
export function loadManifest() {
  if (!manifestRead) {
    manifestRead = fetch(demoURL("manifest.json")).then((response) => {
      if (!response.ok) throw new Error(`cannot read the demo's manifest.json (HTTP ${response.status})`);
      return response.json();
    });
    manifestRead.catch(() => {
      manifestRead = null;
    });
  }
  return manifestRead;
}

/** The manifest entry of `name` in `family` ("db", "http" or null: any), or an error naming those that exist. */
export async function findService(name, family = null) {
  const manifest = await loadManifest();
  // "http": any HTTP adapter's service (every family but the databases').
  const inFamily = (s) => !family || (family === "http" ? ADAPTERS[s.adapter]?.family !== "db" : ADAPTERS[s.adapter]?.family === family);
  const services = manifest.services.filter(inFamily);
  const found = services.find((s) => s.name === name);
  if (found) return { manifest, service: found };
  const names = services.map((s) => s.name).join(", ") || "none";
  const what = family === "db" ? "database service" : family ? "HTTP service" : "service";
  throw new DemoUnavailable(
    name ? `This demo has no ${what} named “${name}” (${what}s: ${names}).` : `Set the service attribute (${what}s: ${names}).`,
  );
}

/** Resolves once the worker controls the page; `onWait` is called if that takes a moment. */
export async function workerReady(onWait) {
  const client = demoClient();
  if (!navigator.serviceWorker?.controller) onWait?.();
  try {
    await client.ready;
  } catch (err) {
    throw new DemoUnavailable(`The demo's service worker could not start, so nothing can answer here: ${errorText(err)}`);
  }
}

const WAITING = "Waiting for the demo's service worker to take control of this page…";

/**
 * What a component for one service shares: the `service`, `theme` and `heading`
 * attributes, and its life: "loading" (`prepare()`, the subclass's reading of the
 * manifest and the service's files), "waiting" for the worker (with a notice saying
 * so), then "ready"; or "unavailable" with the reason as a notice.
 */
export class DemoServiceElement extends LitElement {
  static properties = {
    service: { type: String, reflect: true },
    theme: { type: String, reflect: true },
    heading: { type: String },
    ...states("_state", "_notice"),
  };

  constructor() {
    super();
    this.service = "";
    this._state = "loading";
  }

  connectedCallback() {
    super.connectedCallback();
    this._start();
  }

  /** Reads what the component needs before the worker answers; throws DemoUnavailable. */
  async prepare() {}

  async _start() {
    this._state = "loading";
    try {
      await this.prepare();
      this._state = "waiting";
      await workerReady(() => (this._notice = WAITING));
      this._notice = null;
      this._state = "ready";
    } catch (err) {
      this._state = "unavailable";
      this._notice = errorText(err);
      if (!(err instanceof DemoUnavailable)) console.error(`[${this.localName}]`, err);
    }
  }
}

/** A service component's header: its title, the adapter's tag, and the URL it calls. */
export function serviceHeader(title, adapter, tag, endpoint) {
  return html`<header>
    <h2>
      <span>${title}</span>
      ${adapter ? html`<span class="tag" title="adapter ${adapter.name}">${tag}</span>` : ""}
    </h2>
    ${adapter ? html`<code class="muted">${endpoint}</code>` : ""}
  </header>`;
}

/** The component's whole body when it cannot work here. */
export function unavailableNotice(text) {
  return html`<p class="notice error" role="alert"><strong>Unavailable.</strong> ${text}</p>`;
}

/** Dispatch a documented event (bubbles out of the shadow root). */
export function emit(element, name, detail) {
  element.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

export function errorText(err) {
  if (err && typeof err === "object" && "message" in err) return String(err.message);
  return String(err);
}

export function formatMs(ms) {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function download(filename, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// The theme: every colour is a `--demo-*` custom property a page may set (on the
// component or any ancestor); the defaults follow the system's light or dark
// scheme, and `theme="light|dark"` on a component forces one.
const light = css`
  --_bg: var(--demo-bg, #ffffff);
  --_surface: var(--demo-surface, #f5f7f9);
  --_fg: var(--demo-fg, #17202a);
  --_muted: var(--demo-muted, #566370);
  --_border: var(--demo-border, #d3dae1);
  --_accent: var(--demo-accent, #2456c9);
  --_accent-fg: var(--demo-accent-fg, #ffffff);
  --_focus: var(--demo-focus, #2456c9);
  --_error: var(--demo-error, #b3261e);
  --_error-bg: var(--demo-error-bg, #fdecea);
  --_ok: var(--demo-ok, #1b7a3d);
  --_warn: var(--demo-warn, #8a5a00);
  --_mark: var(--demo-mark, #ffe58a);
  --_code-keyword: #8a2bb9;
  --_code-string: #1b7a3d;
  --_code-number: #b35900;
  --_code-comment: #4f5b67;
  --_get: #1b7a3d;
  --_post: #2456c9;
  --_put: #8a5a00;
  --_patch: #7a4bc2;
  --_delete: #b3261e;
`;
const dark = css`
  --_bg: var(--demo-bg, #161b22);
  --_surface: var(--demo-surface, #1f262e);
  --_fg: var(--demo-fg, #e6edf3);
  --_muted: var(--demo-muted, #9aa7b4);
  --_border: var(--demo-border, #38434f);
  --_accent: var(--demo-accent, #7aa7ff);
  --_accent-fg: var(--demo-accent-fg, #0d1117);
  --_focus: var(--demo-focus, #7aa7ff);
  --_error: var(--demo-error, #ff8a80);
  --_error-bg: var(--demo-error-bg, #3a1d1b);
  --_ok: var(--demo-ok, #6fd08c);
  --_warn: var(--demo-warn, #f2c063);
  --_mark: var(--demo-mark, #6b5200);
  --_code-keyword: #d2a8ff;
  --_code-string: #a5d6a7;
  --_code-number: #ffb86b;
  --_code-comment: #8b98a5;
  --_get: #6fd08c;
  --_post: #7aa7ff;
  --_put: #f2c063;
  --_patch: #c9a6ff;
  --_delete: #ff8a80;
`;

export const themeStyles = css`
  :host {
    ${light}
    display: block;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--demo-radius, 10px);
    font: var(--demo-font, 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif);
    padding: 1rem 1.1rem;
    margin: 0 0 1rem;
    box-sizing: border-box;
    min-width: 0;
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme="light"])) {
      ${dark}
    }
  }
  :host([theme="dark"]) {
    ${dark}
  }
  :host([hidden]) {
    display: none;
  }
  * {
    box-sizing: border-box;
  }
  code,
  pre,
  textarea,
  .mono {
    font-family: var(--demo-mono, ui-monospace, "SF Mono", Menlo, Consolas, monospace);
    font-size: 0.85rem;
  }
  header {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: 0.5rem;
    flex-wrap: wrap;
    margin-bottom: 0.6rem;
  }
  h2 {
    font-size: 1.05rem;
    margin: 0;
    display: flex;
    gap: 0.5rem;
    align-items: baseline;
    flex-wrap: wrap;
  }
  h3 {
    font-size: 0.95rem;
    margin: 0.6rem 0 0.3rem;
  }
  .muted {
    color: var(--_muted);
  }
  .tag {
    font-size: 0.75rem;
    font-weight: 600;
    color: var(--_muted);
    border: 1px solid var(--_border);
    border-radius: 999px;
    padding: 0 0.5rem;
  }
  button,
  select,
  input,
  textarea {
    font: inherit;
    color: inherit;
  }
  button {
    cursor: pointer;
    border: 1px solid var(--_border);
    background: var(--_surface);
    border-radius: 6px;
    padding: 0.3rem 0.7rem;
  }
  button:hover:not(:disabled) {
    border-color: var(--_accent);
  }
  button.primary {
    background: var(--_accent);
    color: var(--_accent-fg);
    border-color: var(--_accent);
    font-weight: 600;
  }
  button.danger {
    color: var(--_error);
  }
  button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  button.link {
    border: none;
    background: none;
    padding: 0 0.2rem;
    color: var(--_accent);
    text-decoration: underline;
  }
  select,
  input,
  textarea {
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: 6px;
    padding: 0.3rem 0.45rem;
    min-width: 0;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  label {
    font-size: 0.85rem;
    color: var(--_muted);
  }
  .row {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    flex-wrap: wrap;
  }
  .grow {
    flex: 1;
  }
  .notice {
    border: 1px solid var(--_border);
    background: var(--_surface);
    border-radius: 8px;
    padding: 0.6rem 0.8rem;
    margin: 0.6rem 0 0;
  }
  .notice.error {
    border-color: var(--_error);
    background: var(--_error-bg);
    color: var(--_fg);
  }
  .notice.error strong {
    color: var(--_error);
  }
  .ok {
    color: var(--_ok);
  }
  .bad {
    color: var(--_error);
  }
  .sr-only {
    ${visuallyHidden}
  }
`;
