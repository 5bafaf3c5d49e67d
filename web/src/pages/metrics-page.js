// Hardware metrics: the three settings, and a live view of the host's own sample exactly
// as a paired client would receive it (GET /api/hardware-metrics/preview).
import { LitElement, css, html } from "lit";
import "@shoelace-style/shoelace/dist/components/alert/alert.js";
import "../components/error.js";
import "../components/loading.js";
import "../components/page-header.js";
import "../components/settings-form.js";
import { icon } from "../icons.js";
import { pageStyles } from "../theme.js";
import { Polling } from "./poller.js";
import { metricsPreview } from "../data/metrics.js";
import { inputs, states } from "../element-kit.js";
import { formatClock, formatPercent, has, locale, t } from "../i18n.js";

// Units by suffix of the spec's identifiers (spec/hardware-metrics.md).
const UNITS = [
  ["_percent", "%"],
  ["_mhz", "MHz"],
  ["_c", "°C"],
  ["_mv", "mV"],
  ["_rpm", "rpm"],
  ["_w", "W"],
  ["_mb", "MB"],
];

export function metricLabel(id) {
  const name = id.replace(/^(cpu|gpu)_/, "").replace(/_(percent|mhz|c|mv|rpm|w|mb)$/, "");
  if (has(`metric.${name}`)) return t(`metric.${name}`);
  // An identifier newer than the catalogue: its own words, in English.
  const words = id
    .replace(/^(cpu|gpu)_/, "")
    .replace(/_(percent|mhz|c|mv|rpm|w|mb)$/, "")
    .replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function metricValue(id, value) {
  const unit = UNITS.find(([suffix]) => id.endsWith(suffix))?.[1] ?? "";
  return unit === "%" ? formatPercent(value) : `${new Intl.NumberFormat(locale(), { maximumFractionDigits: 1, minimumFractionDigits: Number.isInteger(value) ? 0 : 1, useGrouping: false }).format(value)} ${unit}`.trim();
}

export class HelioMetricsPage extends Polling(LitElement, 1000) {
  static properties = { ...inputs("api", "params"), ...states("preview", "error") };

  static styles = [
    pageStyles,
    css`
      .live h2 {
        display: flex;
        align-items: center;
        gap: var(--sl-spacing-x-small);
      }
      .live-dot {
        width: 0.6rem;
        height: 0.6rem;
        border-radius: 50%;
        background: var(--sl-color-success-500);
      }
      .metric {
        display: grid;
        grid-template-columns: minmax(8rem, 1fr) auto;
        gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium);
        align-items: center;
        padding: var(--sl-spacing-x-small) 0;
        border-bottom: 1px solid var(--helio-border);
        font-size: var(--sl-font-size-small);
      }
      .metric:last-child {
        border-bottom: none;
      }
      .metric progress {
        grid-column: 1 / -1;
      }
      .metric .value {
        font-variant-numeric: tabular-nums;
        font-weight: var(--sl-font-weight-semibold);
      }
      h3 {
        margin: var(--sl-spacing-medium) 0 var(--sl-spacing-x-small);
      }
      pre {
        margin: var(--sl-spacing-small) 0 0;
        padding: var(--sl-spacing-medium);
        background: var(--helio-surface-2);
        border-radius: var(--sl-border-radius-medium);
        overflow-x: auto;
        font-size: var(--sl-font-size-x-small);
      }
      summary {
        cursor: pointer;
        font-size: var(--sl-font-size-small);
        margin-top: var(--sl-spacing-medium);
      }
    `,
  ];

  async load() {
    try {
      this.preview = await metricsPreview(this.api);
      this.error = null;
      // Ask as often as the host takes fresh samples (never faster than once a second).
      this.poller.intervalMs = Math.max(1000, this.preview.sample?.interval_ms ?? 1000);
    } catch (error) {
      this.error = error;
    }
  }

  render() {
    return html`<helio-page-header
        heading=${t("route.metrics")}
        subtitle=${t("metrics.subtitle")}
      ></helio-page-header>
      <div class="stack">
        ${this.renderLive()}
        <helio-settings-form .api=${this.api} .groups=${["Hardware metrics"]} @helio-settings-saved=${() => this.load()}></helio-settings-form>
      </div>`;
  }

  renderLive() {
    const preview = this.preview;
    return html`<section class="card live" aria-labelledby="live-title">
      <h2 id="live-title">${preview?.sample ? html`<span class="live-dot" aria-hidden="true"></span>` : ""} ${t("metrics.live")}</h2>
      <helio-error .error=${this.error} heading=${t("metrics.couldNotRead")}></helio-error>
      ${!preview
        ? this.error
          ? ""
          : html`<helio-loading label=${t("metrics.taking")}></helio-loading>`
        : html`
            <p class="muted small" id="sharing-state">
              ${preview.enabled
                ? t("metrics.sharingOn")
                : t("metrics.sharingOff")}
            </p>
            ${preview.sample ? this.renderSample(preview.sample) : html`<sl-alert variant="warning" open id="sample-error"
                ><span slot="icon">${icon("triangle-alert")}</span>${preview.error}</sl-alert
              >`}
          `}
    </section>`;
  }

  renderSample(sample) {
    const cpu = Object.entries(sample.cpu);
    return html`
      <h3>CPU</h3>
      <div id="cpu">
        ${cpu.length
          ? cpu.map(([id, value]) => this.renderMetric(id, value))
          : html`<p class="muted small">${sample.cpu && Object.keys(sample.cpu).length === 0 ? t("metrics.measuring") : ""}</p>`}
      </div>
      <h3>${t("metrics.gpus")}</h3>
      <div id="gpus">
        ${sample.gpus.length
          ? sample.gpus.map(
              (gpu) => html`<div class="gpu" data-gpu=${gpu.id}>
                <p><strong>${gpu.name || `GPU ${gpu.id}`}</strong> <span class="muted small">${t("metrics.gpuId", { id: gpu.id })}</span></p>
                ${Object.entries(gpu.metrics).map(([id, value]) => this.renderMetric(id, value))}
              </div>`,
            )
          : html`<p class="small" id="no-gpu">
              ${t("metrics.noGpu")}
            </p>`}
      </div>
      <details>
        <summary>${t("metrics.json")}</summary>
        <pre id="raw">${JSON.stringify(sample, null, 2)}</pre>
      </details>
      <p class="muted small">${t("metrics.sampledAt", { time: formatClock(new Date(sample.sampled_at_unix_ms)), interval: sample.interval_ms })}</p>
    `;
  }

  renderMetric(id, value) {
    const percent = id.endsWith("_percent");
    return html`<div class="metric" data-metric=${id}>
      <span>${metricLabel(id)}</span><span class="value">${metricValue(id, value)}</span>
      ${percent ? html`<progress max="100" .value=${Math.max(0, Math.min(100, value))} aria-label=${metricLabel(id)}></progress>` : ""}
    </div>`;
  }
}
customElements.define("helio-metrics-page", HelioMetricsPage);
