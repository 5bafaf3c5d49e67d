// Helpers: the frame limiters, overlay, upscalers and the HDR Vulkan layer this PC has,
// as the host detects them (never assumed), and registering the HDR layer.
import { LitElement, html, css, nothing } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import { pageStyles } from "../theme.js";
import { icon } from "../icons.js";
import "../components/loading.js";
import "../components/page-header.js";
import "../components/error.js";
import { Actions } from "./page-kit.js";
import { hdrLayer, helperStatus, registerHdrLayer } from "../data/helpers.js";
import { inputs, states } from "../element-kit.js";

const GROUPS = [
  ["limiter", "Frame limiters", "gauge", "Cap a game's frame rate to the stream's."],
  ["overlay", "Overlay", "layers", "Shows frame rate and timings on top of a game."],
  ["upscaler", "Upscalers", "scaling", "Render small, stream sharp: FSR, NIS, sharpening, frame generation."],
];
const KINDS = {
  fps_limit: "frame limit",
  overlay: "overlay",
  fsr_nis: "FSR / NIS upscaling",
  sharpening: "sharpening",
  frame_generation: "frame generation",
};

export class HelioHelpersPage extends Actions(LitElement) {
  static properties = { ...inputs("api", "params"), ...states("status", "hdr") };

  static styles = [
    pageStyles,
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
      success: (a) => (a.changed ? "HDR layer registered" : "The HDR layer was already registered"),
    });
    if (answer) await this.act("load:hdr", async () => (this.hdr = await hdrLayer(this.api)));
  }

  renderTool(tool) {
    const layer = tool.layer;
    return html`<li data-tool=${tool.name}>
      <div class="tool"><span>${tool.name}</span>
        <span class="badge ${tool.installed ? "success" : "neutral"}">${tool.installed ? "Found" : "Not found"}</span></div>
      <div class="detail">${KINDS[tool.kind] ?? tool.kind}</div>
      ${tool.binary ? html`<div class="detail">Program: <span class="mono">${tool.binary}</span></div>` : nothing}
      ${layer
        ? html`<div class="detail">Vulkan layer <span class="mono">${layer.name}</span> (${layer.implicit ? "implicit" : "explicit"})
            ${layer.library_exists === false ? html` · <strong>its library is missing</strong>` : nothing}</div>`
        : nothing}
    </li>`;
  }

  renderGroup([key, title, iconName, blurb]) {
    const status = this.status[key];
    const error = this.errors[`load:${key}`];
    return html`<section class="card" aria-labelledby="h-${key}" data-group=${key}>
      <h2 id="h-${key}">${icon(iconName)} ${title}
        ${status ? html`<span class="badge ${status.installed ? "success" : "neutral"}">${status.installed ? "Available" : "None found"}</span>` : nothing}</h2>
      <p>${blurb}</p>
      <helio-error .error=${error}></helio-error>
      ${status
        ? html`<ul>${status.tools.map((t) => this.renderTool(t))}</ul>
            ${status.installed ? nothing : html`<p class="detail">Install one with your distribution's package manager; the host looks for programs in the Helper program folders and for Vulkan add-ons in the Vulkan add-on folders (Settings, Games and tools).</p>`}`
        : error ? nothing : html`<helio-loading label="Looking…"></helio-loading>`}
    </section>`;
  }

  renderHdr() {
    const hdr = this.hdr;
    const layer = hdr?.layer;
    return html`<section class="card" aria-labelledby="h-hdr" data-group="hdr">
      <h2 id="h-hdr">${icon("sun")} HDR Vulkan layer
        ${hdr ? html`<span class="badge ${hdr.registered ? "success" : hdr.installed ? "warning" : "neutral"}">
          ${hdr.registered ? "Registered" : hdr.installed ? "Not registered" : "Not installed"}</span>` : nothing}</h2>
      <p>Lets games present HDR through Vulkan on Linux desktops (VK_LAYER_hdr_wsi).</p>
      <helio-error .error=${this.errors["load:hdr"]}></helio-error>
      ${hdr
        ? html`${layer
              ? html`<div class="detail">Manifest: <span class="mono">${layer.manifest}</span></div>
                  <div class="detail">Library: <span class="mono">${layer.library}</span>${layer.library_exists === false ? " (missing)" : ""}</div>
                  ${layer.enable_environment && Object.keys(layer.enable_environment).length
                    ? html`<div class="detail">A game uses it when started with
                        <span class="mono">${Object.entries(layer.enable_environment).map(([k, v]) => `${k}=${v}`).join(" ")}</span>.</div>`
                    : nothing}`
              : html`<p class="detail">Not installed: no manifest in ${hdr.layer_dirs.length} layer folders. Install your distribution's hdr layer package, then register it here.</p>`}
            <div class="actions">
              <sl-button size="small" variant="primary" ?disabled=${hdr.registered} ?loading=${this.isBusy("register")}
                @click=${this.register}>${icon("badge-check")} Register as implicit layer</sl-button>
            </div>
            <helio-error .error=${this.errors.register}></helio-error>`
        : this.errors["load:hdr"] ? nothing : html`<helio-loading label="Looking…"></helio-loading>`}
    </section>`;
  }

  render() {
    return html`<helio-page-header heading="Helpers"
        subtitle="Frame limiting, overlays, upscaling and HDR tools found on this PC.">
        <sl-button slot="actions" @click=${this.load}>${icon("refresh-cw")} Look again</sl-button>
      </helio-page-header>
      <div class="grid">${GROUPS.map((g) => this.renderGroup(g))} ${this.renderHdr()}</div>`;
  }
}
customElements.define("helio-helpers-page", HelioHelpersPage);
