// Displays: the PC's outputs with their EDID modes, a stored layout per output
// (resolution, refresh, scaling), the golden snapshot (export, restore, delete) and
// removing a virtual display.
import { LitElement, html, css, nothing } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/input/input.js";
import "@shoelace-style/shoelace/dist/components/select/select.js";
import "@shoelace-style/shoelace/dist/components/option/option.js";
import "@shoelace-style/shoelace/dist/components/details/details.js";
import { pageStyles } from "../theme.js";
import { icon } from "../icons.js";
import "../components/loading.js";
import "../components/page-header.js";
import "../components/empty-state.js";
import "../components/error.js";
import { confirmAction } from "../components/confirm.js";
import { Actions, fieldOf, sectionStyles, simulatedNote, simulatedNoteStyles } from "./page-kit.js";
import {
  deleteGolden,
  endVirtualDisplay,
  forgetDisplayDevices,
  loadDisplays,
  restoreGolden,
  saveGolden,
  saveLayout,
} from "../data/displays.js";
import { inputs, states } from "../element-kit.js";
import { t } from "../i18n.js";

/** Which layout field a 400 from PUT /api/clients/display-layout is about. */
function layoutField(error) {
  return fieldOf(error, ["resolution", "refresh_hz", "scaling"]);
}

const hz = (rate) => `${Number(rate).toFixed(rate % 1 ? 2 : 0)} Hz`;

export class HelioDisplaysPage extends Actions(LitElement) {
  static properties = {
    ...inputs("api", "params"),
    ...states("devices", "platform", "simulated", "layouts", "drafts", "golden", "profiles"),
  };

  static styles = [
    pageStyles,
    simulatedNoteStyles,
    sectionStyles,
    css`
      .grid { display: grid; gap: var(--sl-spacing-medium); grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr)); align-items: start; }
      .card { background: var(--helio-surface); border: 1px solid var(--helio-border);
              border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-medium); display: grid; gap: var(--sl-spacing-small); align-content: start; min-width: 0; }
      .card.off { border-style: dashed; background: transparent; }
      .title { display: flex; gap: var(--sl-spacing-x-small); align-items: center; flex-wrap: wrap; font-weight: 600; font-size: var(--sl-font-size-medium); }
      .sub { color: var(--helio-muted); font-size: var(--sl-font-size-small); overflow-wrap: anywhere; }
      .tags { display: flex; gap: var(--sl-spacing-2x-small); flex-wrap: wrap; }
      .card { grid-template-columns: minmax(0, 1fr); }
      form { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: var(--sl-spacing-small); align-items: start;
             padding-top: var(--sl-spacing-small); border-top: 1px solid var(--helio-border); }
      form sl-select { grid-column: 1 / -1; }
      form .actions { grid-column: 1 / -1; }
      sl-input.invalid::part(form-control-help-text), sl-select.invalid::part(form-control-help-text) { color: var(--sl-color-danger-700); font-weight: 600; }
      .actions { display: flex; gap: var(--sl-spacing-x-small); flex-wrap: wrap; }
      table { border-collapse: collapse; width: 100%; font-size: var(--sl-font-size-small); }
      th, td { text-align: left; padding: var(--sl-spacing-3x-small) var(--sl-spacing-x-small); border-bottom: 1px solid var(--helio-border); }
      ul { margin: 0; padding-left: 1.2rem; }
      p { margin: 0; }
      .warn { color: var(--sl-color-warning-800); }
      @media (max-width: 600px) { .grid { grid-template-columns: minmax(0, 1fr); } }
    `,
  ];

  constructor() {
    super();
    this.devices = null;
    this.platform = "";
    this.simulated = false;
    this.layouts = {};
    this.drafts = {};
    this.golden = null;
    this.profiles = {};
  }

  connectedCallback() {
    super.connectedCallback();
    this.load();
  }

  async load() {
    await this.act("load", async () => {
      const { devices, platform, simulated, layouts, golden, profiles } = await loadDisplays(this.api);
      this.profiles = profiles;
      this.devices = devices;
      this.platform = platform;
      this.simulated = simulated;
      this.layouts = Object.fromEntries(layouts.map((l) => [l.device_id, l]));
      this.drafts = {};
      this.golden = golden;
    });
  }

  draft(device) {
    const stored = this.layouts[device.device_id] ?? {};
    return {
      resolution: stored.resolution ?? "",
      refresh_hz: stored.refresh_hz ?? "",
      scaling: stored.scaling ?? 100,
      ...this.drafts[device.device_id],
    };
  }

  change(device, patch) {
    this.drafts = { ...this.drafts, [device.device_id]: { ...this.draft(device), ...patch } };
  }

  async saveLayout(event, device) {
    event.preventDefault();
    const d = this.draft(device);
    const refresh = String(d.refresh_hz).trim();
    const scaling = String(d.scaling).trim();
    const body = {
      device_id: device.device_id,
      resolution: d.resolution || null,
      refresh_hz: refresh === "" ? null : Number(refresh),
      scaling: scaling === "" ? 100 : Number(scaling),
    };
    const done = await this.act(`layout:${device.device_id}`, () => saveLayout(this.api, body), {
      success: t("displays.layoutSaved", { name: device.connector }),
    });
    if (done) await this.load();
  }

  async goldenAction(key, run, success, confirm) {
    if (confirm && !(await confirmAction(confirm))) return;
    const done = await this.act(key, run, { area: "golden", success });
    if (done) await this.load();
  }

  async terminate(device) {
    const sure = await confirmAction({
      heading: t("displays.removeHeading", { name: device.connector }),
      message: t("displays.removeMessage"),
      confirmLabel: t("displays.remove"),
    });
    if (!sure) return;
    const done = await this.act(
      `terminate:${device.device_id}`,
      () => endVirtualDisplay(this.api, device.device_id),
      { area: `device:${device.device_id}`, success: (a) => t("displays.removed", { names: (a.terminated ?? [device.device_id]).join(", ") }) },
    );
    if (done) await this.load();
  }

  async resetLayouts() {
    const sure = await confirmAction({
      heading: t("displays.forgetHeading"),
      message: t("displays.forgetMessage"),
      confirmLabel: t("displays.forget"),
    });
    if (!sure) return;
    const done = await this.act("reset", () => forgetDisplayDevices(this.api), {
      area: "load",
      success: (a) => t("displays.forgotten", { count: a.cleared_layouts }),
    });
    if (done) await this.load();
  }

  renderLayout(device) {
    const d = this.draft(device);
    const key = `layout:${device.device_id}`;
    const error = this.errors[key];
    const field = layoutField(error);
    const resolutions = [...new Set([...device.resolutions, ...device.modes.map((m) => `${m.width}x${m.height}`)])];
    const rates = device.refresh_rates ?? [];
    const range = device.edid?.refresh_range;
    const rateHelp = rates.length
      ? `${t(range ? "displays.advertisedRange" : "displays.advertised", {
          rates: rates.map((r) => Number(r).toFixed(r % 1 ? 2 : 0)).join(", "),
          min: range?.min_hz ?? range?.[0],
          max: range?.max_hz ?? range?.[1],
        })} ${t("displays.emptyDefault")}`
      : t("displays.emptyDisplayDefault");
    const invalid = (name) => (field === name ? "invalid" : "");
    const help = (name, text) => (field === name ? error.message : text);
    return html`<form @submit=${(event) => this.saveLayout(event, device)} aria-label=${t("displays.layoutOf", { name: device.connector })}>
      <sl-select label=${t("displays.resolution")} class=${invalid("resolution")} .value=${d.resolution || "default"}
        help-text=${help("resolution", t("displays.resolutionHelp"))}
        @sl-change=${(event) => this.change(device, { resolution: event.target.value === "default" ? "" : event.target.value })}>
        <sl-option value="default">${t("displays.default")}</sl-option>
        ${resolutions.map((r) => html`<sl-option value=${r}>${r.replace("x", " × ")}</sl-option>`)}
      </sl-select>
      <sl-input label=${t("displays.refreshHz")} type="number" step="any" inputmode="decimal" class=${invalid("refresh_hz")}
        .value=${String(d.refresh_hz ?? "")} help-text=${help("refresh_hz", rateHelp)}
        @sl-input=${(event) => this.change(device, { refresh_hz: event.target.value })}></sl-input>
      <sl-input label=${t("displays.scaling")} type="number" inputmode="numeric" class=${invalid("scaling")}
        .value=${String(d.scaling ?? "")} help-text=${help("scaling", "50–400")}
        @sl-input=${(event) => this.change(device, { scaling: event.target.value })}></sl-input>
      <div class="actions">
        <sl-button type="submit" size="small" variant="primary" ?loading=${this.isBusy(key)}>${t("displays.saveLayout")}</sl-button>
        ${error && !field ? html`<helio-error .error=${error}></helio-error>` : nothing}
      </div>
    </form>`;
  }

  renderModes(device) {
    if (!device.modes.length) return nothing;
    return html`<sl-details summary=${t("displays.modes", { count: device.modes.length })}>
      <table>
        <thead><tr><th>${t("displays.resolution")}</th><th>${t("displays.refresh")}</th><th></th></tr></thead>
        <tbody>${device.modes.map((m) => html`<tr><td>${m.width} × ${m.height}${m.interlaced ? "i" : ""}</td>
          <td>${hz(m.refresh_hz)}</td><td>${m.preferred ? html`<span class="badge primary">${t("displays.preferred")}</span>` : nothing}</td></tr>`)}</tbody>
      </table>
    </sl-details>`;
  }

  renderDevice(device) {
    const edid = device.edid;
    const name = edid?.name || [edid?.maker, edid?.product].filter(Boolean).join(" ") || t("displays.unknownMonitor");
    return html`<article class="card ${device.connected ? "" : "off"}" data-device=${device.device_id}
      aria-labelledby="title-${device.device_id}">
      <div class="title" id="title-${device.device_id}">${icon("monitor")} ${device.connector} · ${device.connected ? name : t("displays.nothingConnected")}</div>
      <div class="sub">${device.device_id}${device.card ? ` · ${device.card}` : ""}${device.driver ? ` · ${device.driver}` : ""}</div>
      <div class="tags">
        <span class="badge ${device.connected ? "success" : "neutral"}">${device.connected ? t("displays.connected") : t("displays.disconnected")}</span>
        ${device.connected ? html`<span class="badge ${device.enabled ? "primary" : "neutral"}">${device.enabled ? t("displays.enabled") : t("displays.disabled")}</span>` : nothing}
        ${device.virtual ? html`<span class="badge warning">${t("displays.virtual")}</span>` : nothing}
        ${edid?.hdr ? html`<span class="badge primary">HDR ${(edid.hdr_eotfs ?? []).filter((e) => e !== "sdr").join(", ").toUpperCase()}</span>` : nothing}
      </div>
      ${device.edid_error ? html`<p class="warn">${icon("triangle-alert")} ${t("displays.badEdid", { error: device.edid_error })}</p>` : nothing}
      ${this.renderModes(device)}
      ${this.profiles[device.device_id]?.length
        ? html`<p class="sub" data-profiles>${t("displays.profiles", { names: this.profiles[device.device_id].map((p) => p.name).join(", ") })}</p>`
        : nothing}
      ${device.connected ? this.renderLayout(device) : html`<p class="sub">${t("displays.connectMonitor")}</p>`}
      ${device.virtual
        ? html`<div class="actions"><sl-button size="small" variant="danger" outline ?loading=${this.isBusy(`terminate:${device.device_id}`)}
            @click=${() => this.terminate(device)}>${icon("x")} ${t("displays.removeVirtual")}</sl-button></div>`
        : nothing}
      <helio-error .error=${this.errors[`device:${device.device_id}`]}></helio-error>
    </article>`;
  }

  renderGolden() {
    const g = this.golden;
    if (!g) return nothing;
    return html`<section aria-labelledby="golden-heading">
      <h2 id="golden-heading">${icon("camera")} ${t("displays.golden")}</h2>
      <div class="card" data-golden>
        ${g.exists
          ? html`<p>${g.matches ? t("displays.match") : t("displays.differ")}</p>
              ${g.differences?.length ? html`<ul>${g.differences.map((d) => html`<li>${d}</li>`)}</ul>` : nothing}`
          : html`<p>${t("displays.noSnapshot")}</p>`}
        <div class="actions">
          <sl-button size="small" variant=${g.exists ? "default" : "primary"} ?loading=${this.isBusy("export")}
            @click=${() => this.goldenAction("export", () => saveGolden(this.api), t("displays.snapshotSaved"),
              g.exists ? { heading: t("displays.replaceHeading"), message: t("displays.replaceMessage"), confirmLabel: t("displays.replace"), variant: "primary" } : null)}>
            ${icon("save")} ${g.exists ? t("displays.replaceSnapshot") : t("displays.exportSnapshot")}</sl-button>
          <sl-button size="small" ?disabled=${!g.exists} ?loading=${this.isBusy("restore")}
            @click=${() => this.goldenAction("restore", () => restoreGolden(this.api), t("displays.snapshotRestored"))}>
            ${icon("history")} ${t("displays.restore")}</sl-button>
          <sl-button size="small" variant="danger" outline ?disabled=${!g.exists} ?loading=${this.isBusy("delete")}
            @click=${() => this.goldenAction("delete", () => deleteGolden(this.api), t("displays.snapshotDeleted"),
              { heading: t("displays.deleteHeading"), message: t("displays.deleteMessage"), confirmLabel: t("common.delete") })}>
            ${icon("trash-2")} ${t("common.delete")}</sl-button>
        </div>
        <helio-error .error=${this.errors.golden}></helio-error>
      </div>
    </section>`;
  }

  render() {
    const devices = this.devices;
    return html`<helio-page-header heading=${t("route.displays")} subtitle=${t("displays.subtitle")}>
        <sl-button slot="actions" variant="danger" outline ?loading=${this.isBusy("reset")}
          ?disabled=${!Object.keys(this.layouts).length} @click=${this.resetLayouts}>${icon("rotate-ccw")} ${t("displays.forget")}</sl-button>
      </helio-page-header>
      ${this.simulated ? simulatedNote("displays-simulated", t("displays.simulated"), this.platform) : nothing}
      <helio-error .error=${this.errors.load}></helio-error>
      <section aria-labelledby="outputs-heading">
        <h2 id="outputs-heading">${icon("monitor")} ${t("displays.outputs")}${this.platform && !this.simulated ? html` <span class="sub">(${this.platform})</span>` : nothing}</h2>
        ${devices === null
          ? this.errors.load ? nothing : html`<helio-loading label=${t("displays.reading")}></helio-loading>`
          : devices.length
            ? html`<div class="grid">${devices.map((d) => this.renderDevice(d))}</div>`
            : html`<helio-empty-state icon="monitor" heading=${t("displays.none")}>${t("displays.noneBody")}</helio-empty-state>`}
      </section>
      ${this.renderGolden()}`;
  }
}
customElements.define("helio-displays-page", HelioDisplaysPage);
