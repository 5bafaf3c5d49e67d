// The flagship's boot screen: while the console waits for the host's first answer, what
// the host in the page's service worker is doing (downloading the runtime, starting
// Python, opening the host) and how many of its boot steps are done. Every figure is the
// worker's own report (serviceworker/contract.js, WorkerStatus, through the page script's
// `helioDemo.watchPython`); nothing advances on a timer. Natively there is no worker and
// the shell never shows it.
//
// Fires `helio-boot-progress` (detail: the stage shown and the report) on every report,
// and `helio-boot-retry` when the visitor asks to try a failed boot again.
import { LitElement, css, html } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import { states, visuallyHidden } from "../element-kit.js";
import { t } from "../i18n.js";
import { icon } from "../icons.js";
import { pageStyles } from "../theme.js";
import "./error.js";

const STAGES = ["downloading", "starting", "opening"];

/** Whether the page runs the host in its service worker (the flagship). */
export function hostInWorker() {
  return typeof window.helioDemo?.watchPython === "function";
}

export class HelioBootScreen extends LitElement {
  static properties = {
    error: { attribute: false }, // the console's own failed request, if any
    ...states("report"),
  };

  static styles = [
    pageStyles,
    css`
      :host {
        display: block;
      }
      section {
        display: grid;
        gap: var(--sl-spacing-medium);
        padding: var(--sl-spacing-x-large);
        border: 1px solid var(--helio-border);
        border-radius: var(--sl-border-radius-large);
        background: var(--helio-surface);
        box-shadow: var(--helio-shadow);
      }
      h1 {
        margin: 0;
        font-size: var(--sl-font-size-x-large);
      }
      p {
        margin: 0;
      }
      .lead {
        color: var(--helio-muted);
      }
      .now {
        font-weight: var(--sl-font-weight-semibold);
      }
      .track {
        height: 0.6rem;
        border-radius: 999px;
        background: var(--helio-bg);
        border: 1px solid var(--helio-border);
        overflow: hidden;
      }
      .fill {
        height: 100%;
        background: var(--helio-link);
        transition: width 0.2s ease-out;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: var(--sl-spacing-x-small);
      }
      li {
        display: flex;
        align-items: center;
        gap: var(--sl-spacing-small);
        color: var(--helio-muted);
      }
      li[data-state="current"] {
        color: var(--helio-text);
        font-weight: var(--sl-font-weight-semibold);
      }
      li[data-state="failed"] {
        color: var(--helio-danger-text);
      }
      li[data-state="done"] {
        color: var(--helio-success-text);
      }
      .state {
        ${visuallyHidden}
      }
      @media (prefers-reduced-motion: reduce) {
        .fill {
          transition: none;
        }
      }
    `,
  ];

  connectedCallback() {
    super.connectedCallback();
    this.report = null;
    this.stopWatching = window.helioDemo.watchPython((report) => {
      this.report = report;
      const detail = { stage: this.stage(), percent: this.percent(), report };
      this.dispatchEvent(new CustomEvent("helio-boot-progress", { detail, bubbles: true, composed: true }));
    });
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.stopWatching?.();
  }

  /** The stage shown: the worker's, "downloading" before it reports (its script loads). */
  stage() {
    return this.report?.stage ?? (this.report?.python === "ready" ? "opening" : "downloading");
  }

  percent() {
    const { stepsDone = 0, stepsTotal = 0 } = this.report ?? {};
    return stepsTotal ? Math.round((100 * stepsDone) / stepsTotal) : 0;
  }

  /** Why the boot failed: the worker's report first, else the console's failed request. */
  failure() {
    if (this.report?.python === "failed") return this.report.error || t("boot.failed");
    return this.error ?? null;
  }

  retry() {
    this.report = this.report && { ...this.report, python: "booting", error: null };
    window.helioDemo.bootPython?.().catch(() => {});
    this.dispatchEvent(new CustomEvent("helio-boot-retry", { bubbles: true, composed: true }));
  }

  render() {
    const failure = this.failure();
    const stage = this.stage();
    const percent = this.percent();
    const current = STAGES.indexOf(stage);
    return html`<section aria-labelledby="boot-title" data-stage=${failure ? "failed" : stage}>
      <h1 id="boot-title">${t("boot.title")}</h1>
      <p class="lead">${t("boot.lead")}</p>
      ${failure
        ? html`<helio-error heading=${t("boot.failed")} .error=${failure} retry @retry=${() => this.retry()}></helio-error>`
        : html`<p class="now" role="status">${t(`boot.stage.${stage}`)} · ${t("boot.percent", { percent })}</p>`}
      <div
        class="track"
        role="progressbar"
        aria-label=${t("boot.progress")}
        aria-valuemin="0"
        aria-valuemax="100"
        aria-valuenow=${percent}
        aria-valuetext=${`${t(`boot.stage.${stage}`)}, ${t("boot.percent", { percent })}`}
      >
        <div class="fill" style="width: ${percent}%"></div>
      </div>
      <ol>
        ${STAGES.map((name, i) => {
          const now = failure ? "failed" : "current"; // the stage a failed boot stopped at
          const state = i < current || (name === stage && percent === 100) ? "done" : i === current ? now : "pending";
          const mark = { done: "circle-check", current: "loader-circle", failed: "circle-x", pending: "circle-dot" }[state];
          return html`<li data-stage=${name} data-state=${state}>
            ${icon(mark)}<span>${t(`boot.stage.${name}`)}</span><span class="state">(${t(`boot.state.${state}`)})</span>
          </li>`;
        })}
      </ol>
    </section>`;
  }
}
customElements.define("helio-boot-screen", HelioBootScreen);
