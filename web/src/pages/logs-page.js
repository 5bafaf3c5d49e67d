// Logs and troubleshooting: a live tail of the host's log (following rotation), filtered
// by level (warnings and errors at first: what needs attention) and text, with pause and a
// jump to the last error; downloads of the log and the support ZIP; crash dumps;
// restart and quit with confirmation.
import { LitElement, html, css, nothing } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/input/input.js";
import "@shoelace-style/shoelace/dist/components/select/select.js";
import "@shoelace-style/shoelace/dist/components/option/option.js";
import "@shoelace-style/shoelace/dist/components/details/details.js";
import { pageStyles } from "../theme.js";
import { icon } from "../icons.js";
import "../components/page-header.js";
import "../components/error.js";
import { confirmAction } from "../components/confirm.js";
import { Actions, formatBytes, formatTime, saveBlob, sectionStyles } from "./page-kit.js";
import { HostLifecycle } from "./host-lifecycle.js";
import { href } from "../router.js";
import { crashState, dismissCrash, logFile, supportZip, supportZipManifest, tailLog } from "../data/logs.js";
import { inputs, states } from "../element-kit.js";
import { t, words } from "../i18n.js";

const POLL_MS = 1000;
const CHUNK = 65536;
const KEEP_LINES = 5000;
const LEVELS = ["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"];
// "2026-11-24 07:00:00,123 INFO host.app: message": the level is the third word.
const LINE = /^\S+ \S+ (DEBUG|INFO|WARNING|ERROR|CRITICAL) /;

function stamp() {
  return new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
}

export class HelioLogsPage extends Actions(LitElement) {
  static properties = {
    ...inputs("api", "params"),
    ...states("lines", "level", "filter", "paused", "rotations", "crash", "manifest", "lifecycle"),
  };

  static styles = [
    pageStyles,
    sectionStyles,
    css`
      .bar { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-small); align-items: end; margin-bottom: var(--sl-spacing-small); }
      .bar sl-input { flex: 1 1 14rem; }
      .bar sl-select { width: 14rem; max-width: 100%; }
      .log { height: min(60vh, 32rem); overflow: auto; background: var(--sl-color-neutral-50); color: var(--sl-color-neutral-900);
             border: 1px solid var(--helio-border); border-radius: var(--sl-border-radius-medium);
             font: var(--sl-font-size-x-small) / 1.5 var(--sl-font-mono); padding: var(--sl-spacing-x-small) 0; }
      .log:focus-visible { outline: var(--sl-focus-ring); }
      .line { white-space: pre-wrap; overflow-wrap: anywhere; padding: 0 var(--sl-spacing-small); }
      .WARNING { background: color-mix(in srgb, var(--sl-color-warning-200) 45%, transparent); }
      .ERROR, .CRITICAL { background: color-mix(in srgb, var(--sl-color-danger-200) 50%, transparent); color: var(--sl-color-danger-900); }
      .line.marked { outline: 2px solid var(--sl-color-danger-600); outline-offset: -2px; }
      .rotated { text-align: center; color: var(--helio-muted); font-style: italic; border-block: 1px dashed var(--sl-color-neutral-300); }
      .status { color: var(--helio-muted); font-size: var(--sl-font-size-small); margin: var(--sl-spacing-x-small) 0 0; }
      .grid { display: grid; gap: var(--sl-spacing-medium); grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr)); }
      .card { background: var(--helio-surface); border: 1px solid var(--helio-border);
              border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-medium); display: grid; gap: var(--sl-spacing-small); align-content: start; }
      .card h3 { margin: 0; font-size: var(--sl-font-size-medium); display: flex; gap: var(--sl-spacing-x-small); align-items: center; }
      .card p { margin: 0; color: var(--helio-muted); }
      .actions { display: flex; gap: var(--sl-spacing-x-small); flex-wrap: wrap; }
      table { border-collapse: collapse; width: 100%; font-size: var(--sl-font-size-small); }
      td, th { text-align: left; padding: var(--sl-spacing-3x-small) var(--sl-spacing-x-small); border-bottom: 1px solid var(--helio-border); overflow-wrap: anywhere; }
      td.num { text-align: right; white-space: nowrap; }
    `,
  ];

  constructor() {
    super();
    this.lines = [];
    this.level = "WARNING";
    this.filter = "";
    this.paused = false;
    this.rotations = 0;
    this.offset = -1;
    this.crash = null;
    this.manifest = null;
    this.lifecycle = null;
  }

  connectedCallback() {
    super.connectedCallback();
    this.hostProcess = new HostLifecycle(this.api, (state) => (this.lifecycle = state));
    this.follow();
    this.loadCrash();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    clearTimeout(this.timer);
    this.stopped = true;
  }

  /** One tail request, then the next after POLL_MS; paused or gone means no next. */
  async follow() {
    clearTimeout(this.timer);
    if (this.stopped || this.paused) return;
    try {
      const chunk = await tailLog(this.api, this.offset, CHUNK);
      this.errors = { ...this.errors, tail: null };
      this.appendChunk(chunk);
    } catch (error) {
      this.errors = { ...this.errors, tail: error };
    }
    if (!this.stopped && !this.paused) this.timer = setTimeout(() => this.follow(), POLL_MS);
  }

  // Not append(): that is Element.append.
  appendChunk(chunk) {
    const log = this.shadowRoot?.querySelector(".log");
    const atEnd = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    const fresh = [];
    if (chunk.reset && this.offset !== -1) {
      this.rotations += 1;
      fresh.push({ text: t("logs.rotated"), level: "ROTATED" });
    }
    let level = this.lines.at(-1)?.level ?? "INFO";
    for (const text of chunk.text.split("\n")) {
      if (text === "") continue;
      const match = LINE.exec(text);
      if (match) level = match[1]; // continuation lines (tracebacks) keep their record's level
      fresh.push({ text, level });
    }
    this.offset = chunk.offset;
    this.size = chunk.size;
    if (fresh.length) this.lines = [...this.lines, ...fresh].slice(-KEEP_LINES);
    if (atEnd) this.updateComplete.then(() => log && (log.scrollTop = log.scrollHeight));
  }

  /** Show the newest ERROR or CRITICAL line: scrolled into the view, focused and marked. */
  async jumpToLastError() {
    const last = this.lastError();
    if (!last) return;
    this.filter = "";
    this.marked = last;
    this.requestUpdate();
    await this.updateComplete;
    const line = this.shadowRoot.querySelector(".line[data-marked]");
    line?.scrollIntoView({ block: "center" });
    line?.focus();
  }

  lastError() {
    return this.lines.findLast((line) => line.level === "ERROR" || line.level === "CRITICAL");
  }

  togglePause() {
    this.paused = !this.paused;
    if (!this.paused) this.follow();
  }

  visible() {
    const min = LEVELS.indexOf(this.level);
    const needle = this.filter.toLowerCase();
    return this.lines.filter(
      (line) =>
        (line.level === "ROTATED" || LEVELS.indexOf(line.level) >= min) &&
        (!needle || line.text.toLowerCase().includes(needle)),
    );
  }

  async loadCrash() {
    await this.act("crash", async () => {
      this.crash = await crashState(this.api);
    });
  }

  async dismissCrash() {
    await this.act("dismiss", () => dismissCrash(this.api), {
      area: "crash",
      success: t("logs.crashDismissed"),
    });
    await this.loadCrash();
  }

  async loadManifest() {
    await this.act("manifest", async () => {
      this.manifest = await supportZipManifest(this.api);
    });
  }

  async download(read, name, key) {
    await this.act(key, async () => saveBlob(await read(this.api), name), {
      area: "downloads",
      success: t("logs.downloaded", { name }),
    });
  }

  async restart() {
    const sure = await confirmAction({
      heading: t("logs.restartHeading"),
      message: t("logs.restartMessage"),
      confirmLabel: t("logs.restart"),
    });
    if (sure) await this.act("restart", () => this.hostProcess.restart(), { area: "host" });
  }

  async quit() {
    const sure = await confirmAction({
      heading: t("logs.quitHeading"),
      message: t("logs.quitMessage"),
      confirmLabel: t("logs.quitConfirm"),
    });
    if (sure) await this.act("quit", () => this.hostProcess.quit(), { area: "host" });
  }

  renderTail() {
    const shown = this.visible();
    return html`<section aria-labelledby="tail-heading">
      <h2 id="tail-heading">${icon("scroll-text")} ${t("logs.live")}
        ${this.paused ? html`<span class="badge warning">${t("logs.paused")}</span>` : html`<span class="badge success">${t("logs.following")}</span>`}</h2>
      <div class="bar">
        <sl-input label=${t("logs.filter")} type="search" clearable placeholder=${t("logs.textToFind")} .value=${this.filter}
          @sl-input=${(event) => (this.filter = event.target.value)}><span slot="prefix">${icon("search")}</span></sl-input>
        <sl-select label=${t("logs.level")} .value=${this.level} @sl-change=${(event) => (this.level = event.target.value)}>
          ${["DEBUG", "INFO", "WARNING", "ERROR"].map((level) => html`<sl-option value=${level}>${t(`logs.level.${level}`)}</sl-option>`)}
        </sl-select>
        <sl-button @click=${this.togglePause} aria-pressed=${this.paused ? "true" : "false"}>
          ${this.paused ? html`${icon("play")} ${t("logs.resume")}` : html`${icon("pause")} ${t("logs.pause")}`}</sl-button>
        <sl-button @click=${() => (this.lines = [])}>${icon("eraser")} ${t("logs.clear")}</sl-button>
        <sl-button variant="danger" outline ?disabled=${!this.lastError()} @click=${this.jumpToLastError}>
          ${icon("circle-alert")} ${t("logs.jump")}</sl-button>
      </div>
      <p class="status">${words(t("logs.accessNote"), { link: html`<a href=${href("settings")}>${t("logs.accessSetting")}</a>` })}</p>
      <helio-error .error=${this.errors.tail}></helio-error>
      <div class="log" role="log" aria-live="off" tabindex="0" aria-label=${t("logs.hostLog")}>
        ${shown.map((line) => line === this.marked
          ? html`<div class="line ${line.level} marked" data-marked tabindex="-1">${line.text}</div>`
          : html`<div class="line ${line.level}">${line.text}</div>`)}
      </div>
      <p class="status" role="status">${t("logs.shown", { shown: shown.length, total: this.lines.length })}${
        this.size != null ? ` · ${t("logs.fileSize", { size: formatBytes(this.size) })}` : nothing}${
        this.rotations ? ` · ${t("logs.rotations", { count: this.rotations })}` : nothing}</p>
    </section>`;
  }

  renderCrash() {
    const crash = this.crash;
    const dumps = crash?.dumps ?? [];
    return html`<div class="card" data-crash>
      <h3>${icon("bug")} ${t("logs.crashDumps")}
        ${crash?.notice ? html`<span class="badge danger">${t("logs.new")}</span>` : nothing}</h3>
      <helio-error .error=${this.errors.crash}></helio-error>
      ${crash === null
        ? nothing
        : dumps.length
          ? html`<p>${crash.notice
                ? t("logs.crashed")
                : t("logs.crashedSeen")}</p>
              <table><thead><tr><th>${t("logs.file")}</th><th>${t("logs.written")}</th><th class="num">${t("logs.size")}</th></tr></thead>
                <tbody>${dumps.map((d) => html`<tr><td>${d.name}</td><td>${formatTime(d.modified)}</td>
                  <td class="num">${formatBytes(d.size)}</td></tr>`)}</tbody></table>`
          : html`<p>${t("logs.noCrash")}</p>`}
      ${crash?.notice
        ? html`<div class="actions"><sl-button size="small" ?loading=${this.isBusy("dismiss")} @click=${this.dismissCrash}>
            ${t("logs.dismissNotice")}</sl-button></div>`
        : nothing}
    </div>`;
  }

  renderDownloads() {
    return html`<div class="card">
      <h3>${icon("download")} ${t("logs.downloads")}</h3>
      <p>${t("logs.downloadsBody")}</p>
      <div class="actions">
        <sl-button ?loading=${this.isBusy("log")} @click=${() => this.download(logFile, `helio-log-${stamp()}.txt`, "log")}>
          ${icon("file-text")} ${t("logs.downloadLog")}</sl-button>
        <sl-button variant="primary" ?loading=${this.isBusy("zip")}
          @click=${() => this.download(supportZip, `helio-support-${stamp()}.zip`, "zip")}>
          ${icon("file-archive")} ${t("logs.supportZip")}</sl-button>
      </div>
      <helio-error .error=${this.errors.downloads}></helio-error>
      <sl-details summary=${t("logs.zipContains")} @sl-show=${(event) => event.target === event.currentTarget && this.loadManifest()}>
        <helio-error .error=${this.errors.manifest}></helio-error>
        ${this.manifest
          ? html`<table><tbody>${this.manifest.map((f) => html`<tr><td>${f.name}</td><td class="num">${formatBytes(f.size)}</td></tr>`)}</tbody></table>`
          : html`<p>${t("logs.reading")}</p>`}
      </sl-details>
    </div>`;
  }

  renderHost() {
    const state = this.lifecycle;
    return html`<div class="card">
      <h3>${icon("power")} ${t("logs.hostProcess")}</h3>
      <p>${t("logs.hostBody")}</p>
      <div class="actions">
        <sl-button variant="warning" ?loading=${this.isBusy("restart") || state?.phase === "restarting"} @click=${this.restart}>
          ${icon("rotate-cw")} ${t("logs.restart")}</sl-button>
        <sl-button variant="danger" outline ?loading=${this.isBusy("quit")} ?disabled=${state?.phase === "stopped"} @click=${this.quit}>
          ${icon("power")} ${t("logs.quit")}</sl-button>
      </div>
      <helio-error .error=${this.errors.host}></helio-error>
      <p role="status" aria-live="polite" data-lifecycle>${state?.message ?? ""}</p>
    </div>`;
  }

  render() {
    return html`<helio-page-header heading=${t("logs.heading")}
        subtitle=${t("logs.subtitle")}></helio-page-header>
      ${this.renderTail()}
      <section aria-label=${t("logs.troubleshooting")} class="grid">
        ${this.renderDownloads()} ${this.renderCrash()} ${this.renderHost()}
      </section>`;
  }
}
customElements.define("helio-logs-page", HelioLogsPage);
