// Helpers: the frame limiters, overlay, upscalers and the HDR Vulkan layer this PC has,
// as the host detects them (never assumed), and registering the HDR layer.
import { LitElement, html, css, nothing } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import { pageStyles } from "../theme.js";
import { icon } from "../icons.js";
import "../components/loading.js";
import "../components/page-header.js";
import "../components/error.js";
import { Actions, simulatedNote, simulatedNoteStyles } from "./page-kit.js";
import { hdrLayer, helperStatus, registerHdrLayer } from "../data/helpers.js";
import { inputs, states } from "../element-kit.js";
import { t, words } from "../i18n.js";

const GROUPS = [
  // [key, icon]: the title is helpers.<key>, the line under it helpers.<key>.blurb.
  ["limiter", "gauge"],
  ["overlay", "layers"],
  ["upscaler", "scaling"],
];
const KINDS = new Set(["fps_limit", "overlay", "fsr_nis", "sharpening", "frame_generation"]);

export class HelioHelpersPage extends Actions(LitElement) {
  static properties = { ...inputs("api", "params"), ...states("status", "hdr") };

  static styles = [
    pageStyles,
    simulatedNoteStyles,
    css`
      .grid { display: grid; gap: var(--sl-spacing-medium); grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr)); margin-top: var(--sl-spacing-large); }
      .card { background: var(--helio-surface); border: 1px solid var(--helio-border);
              border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-medium); display: grid; gap: var(--sl-spacing-small); align-content: start; min-width: 0; }
      h2 { font-size: var(--sl-font-size-medium); margin: 0; display: flex; gap: var(--sl-spacing-x-small); align-items: center; }
      p { margin: 0; color: var(--helio-muted); }
      ul { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--sl-spacing-x-small); }
      li { display: grid; gap: var(--sl-spacing-3x-small); padding: var(--sl-spacing-x-small) 0; border-top: 1px solid var(--helio-border); }
      .tool { display: flex; gap: var(--sl-spacing-x-small); align-items: center; justify-content: space-between; font-weight: 600; }
      .detail { font-size: var(--sl-font-size-small); color: var(--helio-muted); overflow-wrap: anywhere; }
      .mono { font-family: var(--sl-font-mono); }
      .actions { display: flex; gap: var(--sl-spacing-x-small); flex-wrap: wrap; }
    `,
  ];

  constructor() {
    super();
    this.status = {};
    this.hdr = null;
  }

  connectedCallback() {
    super.connectedCallback();
    this.load();
  }

  async load() {
    await Promise.all([
      ...GROUPS.map(([key]) =>
        this.act(`load:${key}`, async () => {
          const status = await helperStatus(this.api, key); // awaited first: the loads run side by side
          this.status = { ...this.status, [key]: status };
        }),
      ),
      this.act("load:hdr", async () => {
        this.hdr = await hdrLayer(this.api);
      }),
    ]);
  }

  async register() {
    const answer = await this.act("register", () => registerHdrLayer(this.api), {
      success: (a) => (a.changed ? t("helpers.registered") : t("helpers.alreadyRegistered")),
    });
    if (answer) await this.act("load:hdr", async () => (this.hdr = await hdrLayer(this.api)));
  }

  renderTool(tool) {
    const layer = tool.layer;
    return html`<li data-tool=${tool.name}>
      <div class="tool"><span>${tool.name}</span>
        <span class="badge ${tool.installed ? "success" : "neutral"}">${tool.installed ? t("helpers.found") : t("helpers.notFound")}</span></div>
      <div class="detail">${KINDS.has(tool.kind) ? t(`helpers.kind.${tool.kind}`) : tool.kind}</div>
      ${tool.binary ? html`<div class="detail">${words(t("helpers.program"), { path: html`<span class="mono">${tool.binary}</span>` })}</div>` : nothing}
      ${layer
        ? html`<div class="detail">${words(t("helpers.vulkanLayer"), { name: html`<span class="mono">${layer.name}</span>`, kind: layer.implicit ? t("helpers.implicit") : t("helpers.explicit") })}
            ${layer.library_exists === false ? html` · <strong>${t("helpers.libraryMissing")}</strong>` : nothing}</div>`
        : nothing}
    </li>`;
  }

  renderGroup([key, iconName]) {
    const status = this.status[key];
    const error = this.errors[`load:${key}`];
    return html`<section class="card" aria-labelledby="h-${key}" data-group=${key}>
      <h2 id="h-${key}">${icon(iconName)} ${t(`helpers.${key}`)}
        ${status ? html`<span class="badge ${status.installed ? "success" : "neutral"}">${status.installed ? t("helpers.available") : t("helpers.noneFound")}</span>` : nothing}</h2>
      <p>${t(`helpers.${key}.blurb`)}</p>
      <helio-error .error=${error}></helio-error>
      ${status
        ? html`<ul>${status.tools.map((tool) => this.renderTool(tool))}</ul>
            ${status.installed ? nothing : html`<p class="detail">${t("helpers.installHint")}</p>`}`
        : error ? nothing : html`<helio-loading label=${t("helpers.looking")}></helio-loading>`}
    </section>`;
  }

  renderHdr() {
    const hdr = this.hdr;
    const layer = hdr?.layer;
    return html`<section class="card" aria-labelledby="h-hdr" data-group="hdr">
      <h2 id="h-hdr">${icon("sun")} ${t("helpers.hdr")}
        ${hdr ? html`<span class="badge ${hdr.registered ? "success" : hdr.installed ? "warning" : "neutral"}">
          ${hdr.registered ? t("helpers.hdrRegistered") : hdr.installed ? t("helpers.hdrNotRegistered") : t("helpers.hdrNotInstalled")}</span>` : nothing}</h2>
      <p>${t("helpers.hdrBlurb")}</p>
      <helio-error .error=${this.errors["load:hdr"]}></helio-error>
      ${hdr
        ? html`${layer
              ? html`<div class="detail">${words(t("helpers.manifest"), { path: html`<span class="mono">${layer.manifest}</span>` })}</div>
                  <div class="detail">${words(t("helpers.library"), { path: html`<span class="mono">${layer.library}</span>` })}${layer.library_exists === false ? ` ${t("helpers.missing")}` : ""}</div>
                  ${layer.enable_environment && Object.keys(layer.enable_environment).length
                    ? html`<div class="detail">${words(t("helpers.enableWith"), {
                        env: html`<span class="mono">${Object.entries(layer.enable_environment).map(([k, v]) => `${k}=${v}`).join(" ")}</span>`,
                      })}</div>`
                    : nothing}`
              : html`<p class="detail">${t("helpers.hdrMissing", { count: hdr.layer_dirs.length })}</p>`}
            <div class="actions">
              <sl-button size="small" variant="primary" ?disabled=${hdr.registered} ?loading=${this.isBusy("register")}
                @click=${this.register}>${icon("badge-check")} ${t("helpers.register")}</sl-button>
            </div>
            <helio-error .error=${this.errors.register}></helio-error>`
        : this.errors["load:hdr"] ? nothing : html`<helio-loading label=${t("helpers.looking")}></helio-loading>`}
    </section>`;
  }

  /** The host's reports say `simulated: true` (the browser demo's made-up PC): one line says so. */
  simulated() {
    return [...Object.values(this.status), this.hdr].some((report) => report?.simulated === true);
  }

  render() {
    return html`<helio-page-header heading=${t("route.helpers")}
        subtitle=${t("helpers.subtitle")}>
        <sl-button slot="actions" @click=${this.load}>${icon("refresh-cw")} ${t("helpers.lookAgain")}</sl-button>
      </helio-page-header>
      ${this.simulated() ? simulatedNote("helpers-simulated", t("helpers.simulated")) : nothing}
      <div class="grid">${GROUPS.map((g) => this.renderGroup(g))} ${this.renderHdr()}</div>`;
  }
}
customElements.define("helio-helpers-page", HelioHelpersPage);
