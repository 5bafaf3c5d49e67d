// Updates: the installed version, what the update source offers, and the install's
// progress (polled while something is under way); check, install, install now, cancel.
import { LitElement, html, css, nothing } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import { pageStyles } from "../theme.js";
import { icon } from "../icons.js";
import "../components/loading.js";
import "../components/page-header.js";
import "../components/error.js";
import { confirmAction } from "../components/confirm.js";
import { Actions } from "./page-kit.js";
import { updateAction, updateState } from "../data/updates.js";
import { inputs } from "../element-kit.js";
import { formatPercent, t, words } from "../i18n.js";

const MOVING = ["checking", "queued", "downloading", "installing", "restarting"];
const POLL_MS = 1000;
const STATES = {
  // Each state's badge colour; its words are updates.<state> and updates.<state>.help.
  idle: "neutral",
  checking: "primary",
  up_to_date: "success",
  available: "primary",
  queued: "warning",
  downloading: "primary",
  installing: "primary",
  restarting: "primary",
  failed: "danger",
};

export class HelioUpdatesPage extends Actions(LitElement) {
  static properties = { ...inputs("api", "params"), updateState: { state: true } };

  static styles = [
    pageStyles,
    css`
      .card { background: var(--helio-surface); border: 1px solid var(--helio-border);
              border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-large); display: grid; gap: var(--sl-spacing-medium); max-width: 48rem;
              overflow-wrap: anywhere; } /* a failure names a SHA-256: 64 characters, no break */
      .versions { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr)); gap: var(--sl-spacing-medium); }
      .label { color: var(--helio-muted); font-size: var(--sl-font-size-small); }
      .version { font-size: var(--sl-font-size-2x-large); font-weight: 600; font-variant-numeric: tabular-nums; }
      .state { display: flex; gap: var(--sl-spacing-small); align-items: center; flex-wrap: wrap; }
      .state p { margin: 0; color: var(--helio-muted); }
      .notes { white-space: pre-wrap; margin: 0; padding: var(--sl-spacing-small) var(--sl-spacing-medium);
               background: var(--sl-color-neutral-50); border-radius: var(--sl-border-radius-medium); }
      .result { margin: 0; }
      .result.bad { color: var(--sl-color-danger-700); }
      .actions { display: flex; gap: var(--sl-spacing-x-small); flex-wrap: wrap; }
    `,
  ];

  constructor() {
    super();
    this.updateState = null;
  }

  connectedCallback() {
    super.connectedCallback();
    this.load();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    clearTimeout(this.timer);
    this.gone = true;
  }

  async load() {
    const state = await this.act("load", () => updateState(this.api));
    if (state) this.show(state);
  }

  /** Show a state; while it is moving, read it again shortly. */
  show(state) {
    this.updateState = state;
    clearTimeout(this.timer);
    if (!this.gone && MOVING.includes(state.state)) this.timer = setTimeout(() => this.load(), POLL_MS);
  }

  /** The new state shows in the card (a live region), so no toast repeats it. */
  async run(action) {
    const state = await this.act(action, () => updateAction(this.api, action), { area: "action" });
    if (state) this.show(state);
  }

  async installNow() {
    const sure = await confirmAction({
      heading: t("updates.installNowHeading"),
      message: t("updates.installNowMessage"),
      confirmLabel: t("updates.installNowConfirm"),
    });
    if (sure) await this.run("install_now");
  }

  renderResult(result) {
    if (!result) return nothing;
    return result.ok
      ? html`<p class="result" data-result>${t("updates.installedVersion", { version: result.version })}</p>`
      : html`<p class="result bad" data-result>${result.reason === "cancelled"
          ? t("updates.cancelled")
          : words(t("updates.lastFailed"), { reason: html`<span lang="en">${result.reason}</span>` })}</p>`;
  }

  render() {
    const u = this.updateState;
    const known = u?.state in STATES;
    const variant = known ? STATES[u.state] : "neutral";
    const label = known ? t(`updates.${u.state}`) : (u?.state ?? "");
    const help = known ? t(`updates.${u.state}.help`) : "";
    const can = (...states) => u && states.includes(u.state);
    return html`<helio-page-header heading=${t("route.updates")} subtitle=${t("updates.subtitle")}></helio-page-header>
      <helio-error .error=${this.errors.load}></helio-error>
      ${u === null
        ? this.errors.load ? nothing : html`<helio-loading label=${t("updates.reading")}></helio-loading>`
        : html`<div class="card">
            <div class="versions">
              <div><div class="label">${t("updates.installedLabel")}</div><div class="version" data-installed>${u.installed_version ?? "—"}</div></div>
              <div><div class="label">${t("updates.availableLabel")}</div><div class="version" data-available>${u.available?.version ?? "—"}</div></div>
            </div>
            <div class="state" role="status" aria-live="polite">
              <span class="badge ${variant}" data-state=${u.state}>${label}</span>
              <p>${help}</p>
            </div>
            ${can("downloading", "installing", "restarting")
              ? html`<progress max="100" .value=${u.progress} aria-label=${t("updates.progress")}></progress> <span>${formatPercent(u.progress)}</span>`
              : nothing}
            ${u.available?.notes ? html`<div><div class="label">${t("updates.notes")}</div><p class="notes">${u.available.notes}</p></div>` : nothing}
            ${this.renderResult(u.result)}
            <div class="actions">
              <sl-button ?loading=${this.isBusy("check") || u.state === "checking"} ?disabled=${!can("idle", "up_to_date", "available", "failed")}
                @click=${() => this.run("check")}>
                ${icon("refresh-cw")} ${t("updates.check")}</sl-button>
              ${can("available", "failed") && u.available
                ? html`<sl-button variant="primary" ?loading=${this.isBusy("install")}
                      @click=${() => this.run("install")}>
                      ${icon("download")} ${t("updates.install")}</sl-button>
                    <sl-button variant="warning" outline ?loading=${this.isBusy("install_now")} @click=${this.installNow}>
                      ${icon("zap")} ${t("updates.installNow")}</sl-button>`
                : nothing}
              ${can("queued", "downloading")
                ? html`<sl-button variant="danger" outline ?loading=${this.isBusy("cancel")}
                    @click=${() => this.run("cancel")}>${icon("x")} ${t("common.cancel")}</sl-button>`
                : nothing}
            </div>
            <helio-error .error=${this.errors.action}></helio-error>
            ${this.errors.action && /update_source/.test(this.errors.action.message)
              ? html`<p>${words(t("updates.setSource"), { setting: html`<strong>${t("setting.update_source")}</strong>`, link: html`<a href="settings">${t("route.settings")}</a>` })}</p>`
              : nothing}
          </div>`}`;
  }
}
customElements.define("helio-updates-page", HelioUpdatesPage);
