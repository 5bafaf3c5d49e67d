// <demo-controls>: the demo's storage namespace and build, the worker's state and
// boot, reset (all databases or one) and "stop and restart the worker".
// The worker reports its Python's state with the STATUS_QUERY message and drops its
// Python on RESTART_PYTHON (serviceworker/contract.js). API in docs/demo-components.md.

import { LitElement, css, html, nothing } from "lit";
import { RESTART_PYTHON, STATUS_QUERY } from "../serviceworker/contract.js";
import { routePath } from "./routes.js";
import {
  ADAPTERS,
  DemoUnavailable,
  demoClient,
  demoURL,
  emit,
  errorText,
  formatMs,
  loadManifest,
  themeStyles,
  unavailableNotice,
} from "./shared.js";
import { states } from "../web/src/element-kit.js";

const PYTHON_STATES = {
  idle: "Python not started (it starts on the first request)",
  booting: "booting Python…",
  ready: "ready",
  failed: "Python failed to start",
};

export class DemoControls extends LitElement {
  static properties = {
    service: { type: String }, // preselects this service for reset
    theme: { type: String, reflect: true },
    heading: { type: String },
    ...states("_state", "_notice", "_manifest", "_worker", "_python", "_target", "_busy", "_result"),
  };

  constructor() {
    super();
    this._state = "loading";
    this._worker = "checking";
    this._python = null;
    this._target = "";
    this._onMessage = (event) => {
      if (event.data?.type === STATUS_QUERY) this._python = event.data;
    };
    this._onController = () => this._watch();
  }

  connectedCallback() {
    super.connectedCallback();
    this._load();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    navigator.serviceWorker?.removeEventListener("message", this._onMessage);
    navigator.serviceWorker?.removeEventListener("controllerchange", this._onController);
  }

  async _load() {
    try {
      const client = demoClient();
      this._manifest = await loadManifest();
      if (this.service && this._databases().includes(this.service)) this._target = this.service;
      if (!navigator.serviceWorker) throw new DemoUnavailable("This browser has no service workers, so the demo cannot run here.");
      navigator.serviceWorker.addEventListener("message", this._onMessage);
      navigator.serviceWorker.addEventListener("controllerchange", this._onController);
      this._state = "ready";
      this._watch();
      client.ready.then(
        () => this._watch(),
        (err) => (this._notice = `The service worker could not be registered: ${errorText(err)}`),
      );
    } catch (err) {
      this._state = "unavailable";
      this._notice = errorText(err);
    }
  }

  _databases() {
    return (this._manifest?.services ?? []).filter((s) => ADAPTERS[s.adapter]?.family === "db").map((s) => s.name);
  }

  // What the `reset` route (POST __demo/reset) reaches: the databases and the HTTP services that keep state (asgi).
  _resettable() {
    return (this._manifest?.services ?? []).filter((s) => ADAPTERS[s.adapter]?.family === "db" || ADAPTERS[s.adapter]?.resettable);
  }

  // The registration's state, and a status request to the controlling worker.
  async _watch() {
    const registration = await navigator.serviceWorker.getRegistration(demoURL("").pathname);
    const worker = registration?.installing ?? registration?.waiting ?? registration?.active;
    this._worker = !registration ? "not registered" : registration.active && navigator.serviceWorker.controller ? "active" : worker?.state ?? "installing";
    if (worker && worker.state !== "activated") worker.addEventListener("statechange", () => this._watch(), { once: true });
    navigator.serviceWorker.controller?.postMessage({ type: STATUS_QUERY });
  }

  /** Resets one database service (`name`) or all of them; resolves with the `demo-reset` detail. */
  async reset(name = this._target) {
    this._busy = "reset";
    this._result = null;
    try {
      await demoClient().ready;
      const path = name ? routePath("db-reset", { service: name }) : routePath("reset");
      const response = await fetch(demoURL(path), { method: "POST" });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
      const detail = { service: name || null, reset: body.reset ?? [] };
      this._result = { ok: true, text: detail.reset.length ? `Reset to the seed data: ${detail.reset.join(", ")}.` : "Nothing was reset." };
      emit(this, "demo-reset", detail);
      return detail;
    } catch (err) {
      this._result = { ok: false, text: `Reset failed: ${errorText(err)}` };
      return null;
    } finally {
      this._busy = null;
    }
  }

  /** Drops the worker's Python and boots it again; resolves with the new status. */
  async restart() {
    this._busy = "restart";
    this._result = null;
    try {
      await demoClient().ready;
      const dropped = this._nextStatus((s) => s.python === "idle");
      navigator.serviceWorker.controller.postMessage({ type: RESTART_PYTHON });
      await dropped;
      const ready = this._nextStatus((s) => s.python === "ready" || s.python === "failed");
      // Any request reaching Python boots it again: the manifest is the cheapest.
      await fetch(demoURL(routePath("manifest")));
      const status = await ready;
      if (status.python === "failed") throw new Error(status.error);
      this._result = { ok: true, text: `Worker restarted: Python booted again in ${formatMs(status.bootMs)}${status.how === "fresh" ? "" : " from the memory snapshot"}; data is read back from IndexedDB.` };
      emit(this, "demo-worker-restart", { ...status });
      return status;
    } catch (err) {
      this._result = { ok: false, text: `Restart failed: ${errorText(err)}` };
      return null;
    } finally {
      this._busy = null;
    }
  }

  _nextStatus(test) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        navigator.serviceWorker.removeEventListener("message", listener);
        reject(new Error("the worker did not answer within 120 s"));
      }, 120_000);
      const listener = (event) => {
        if (event.data?.type !== STATUS_QUERY || !test(event.data)) return;
        clearTimeout(timer);
        navigator.serviceWorker.removeEventListener("message", listener);
        resolve(event.data);
      };
      navigator.serviceWorker.addEventListener("message", listener);
    });
  }

  static styles = [
    themeStyles,
    css`
      dl {
        display: grid;
        grid-template-columns: max-content minmax(0, 1fr);
        gap: 0.35rem 1rem;
        margin: 0.7rem 0;
        font-size: 0.9rem;
      }
      dt {
        color: var(--_muted);
      }
      dd {
        margin: 0;
        word-break: break-word;
      }
      .dot {
        display: inline-block;
        width: 0.6rem;
        height: 0.6rem;
        border-radius: 50%;
        background: var(--_muted);
        margin-right: 0.35rem;
      }
      .dot.ready {
        background: var(--_ok);
      }
      .dot.booting,
      .dot.idle {
        background: var(--_warn);
      }
      .dot.failed {
        background: var(--_error);
      }
      .actions {
        display: flex;
        gap: 0.5rem 1rem;
        flex-wrap: wrap;
        align-items: end;
        border-top: 1px solid var(--_border);
        padding-top: 0.7rem;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 0.15rem;
      }
      .result {
        margin: 0.6rem 0 0;
        font-size: 0.9rem;
      }
      dialog {
        max-width: min(28rem, calc(100vw - 2rem));
        border: 1px solid var(--_border);
        border-radius: 0.5rem;
        background: var(--_bg);
        color: var(--_fg);
      }
      dialog::backdrop {
        background: rgb(0 0 0 / 0.45);
      }
      dialog h3 {
        margin-top: 0;
      }
      .confirm-actions {
        display: flex;
        gap: 0.5rem;
        justify-content: flex-end;
      }
      @media (max-width: 480px) {
        dl {
          grid-template-columns: minmax(0, 1fr);
          gap: 0 0;
        }
        dd {
          margin-bottom: 0.4rem;
        }
      }
    `,
  ];

  render() {
    if (this._state === "unavailable") {
      return html`<h2>${this.heading || "Demo controls"}</h2>
        ${unavailableNotice(this._notice)}`;
    }
    const status = this._python;
    const python = status?.python ?? (this._worker === "active" ? "idle" : null);
    const pageBuild = window.helioDemo?.build;
    const databases = this._databases();
    return html`
      <h2>${this.heading || "Demo controls"}</h2>
      <dl aria-live="polite">
        <dt>Service worker</dt>
        <dd class="worker-state"><span class="dot ${python ?? "idle"}" aria-hidden="true"></span>${this._workerText(python)}</dd>
        <dt>Python boot</dt>
        <dd class="boot">${this._bootText(status)}</dd>
        <dt>Storage namespace</dt>
        <dd><code class="namespace">${this._manifest?.storageNamespace ?? "…"}</code></dd>
        <dt>Build</dt>
        <dd><code class="build">${pageBuild ?? "…"}</code>${status && pageBuild && status.build !== pageBuild
          ? html` <span class="bad">(the worker runs build <code>${status.build}</code>: reload to update)</span>`
          : nothing}</dd>
      </dl>
      ${this._notice ? html`<p class="notice" role="status">${this._notice}</p>` : nothing}
      <div class="actions">
        ${this._resettable().length ? this._resetControls(databases) : html`<span class="muted">Nothing to reset: this demo's services keep no data.</span>`}
        <button id="restart" @click=${() => this.restart()} ?disabled=${Boolean(this._busy) || this._worker !== "active"}
          title="Drops the worker's Python and memory, as when the browser stops an idle worker">
          ${this._busy === "restart" ? "Restarting…" : "Stop and restart the worker"}
        </button>
      </div>
      <div aria-live="polite">${this._result
        ? html`<p class="result ${this._result.ok ? "ok" : "bad"}" role=${this._result.ok ? "status" : "alert"}>${this._result.text}</p>`
        : nothing}</div>
    `;
  }

  _resetControls(databases) {
    return html`
        <div class="field">
          <label for="target">Reset which data</label>
          <select id="target" @change=${(e) => (this._target = e.target.value)}>
            <option value="" ?selected=${!this._target}>All services</option>
            ${databases.map((name) => html`<option value=${name} ?selected=${this._target === name}>${name}</option>`)}
          </select>
        </div>
        <button class="danger" id="reset" @click=${this._askReset} ?disabled=${Boolean(this._busy)}>
          ${this._busy === "reset" ? "Resetting…" : "Reset to seed data"}
        </button>
        <dialog id="confirm-reset" aria-labelledby="confirm-reset-title" @close=${this._answered}>
          <h3 id="confirm-reset-title">Reset ${this._target || "every service"} to its seed data?</h3>
          <p>Every change you made to it in this browser is lost.</p>
          <form method="dialog" class="confirm-actions">
            <button value="cancel" autofocus>Cancel</button>
            <button value="reset" class="danger" id="reset-confirm">Reset</button>
          </form>
        </dialog>`;
  }

  // Reset loses the visitor's changes: it asks first (a modal dialog; Escape cancels).
  _askReset() {
    this.renderRoot.querySelector("#confirm-reset").showModal();
  }

  _answered(event) {
    if (event.target.returnValue === "reset") this.reset();
    event.target.returnValue = "";
  }

  _workerText(python) {
    if (this._worker !== "active") {
      const states = { checking: "checking…", installing: "installing…", installed: "installed, activating…", activating: "activating…" };
      return states[this._worker] ?? this._worker;
    }
    const text = PYTHON_STATES[python] ?? python;
    return html`active · ${text}${python === "failed" && this._python?.error ? html`: <span class="bad">${this._python.error}</span>` : nothing}`;
  }

  _bootText(status) {
    if (!status || status.bootMs === null || status.bootMs === undefined) return html`<span class="muted">not booted yet</span>`;
    const hows = {
      snapshot: "restored from the memory snapshot",
      "site snapshot": "restored from the memory snapshot made at build time",
      fresh: "fresh start, no snapshot used (a snapshot is kept for the next start)",
    };
    const how = hows[status.how] ?? status.how;
    return `${formatMs(status.bootMs)} · ${how}`;
  }
}

customElements.define("demo-controls", DemoControls);
