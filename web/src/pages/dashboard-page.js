// Dashboard: the host at a glance (name, version, codec probe, streams, notices),
// refreshed by polling so it stays true without a reload.
import { LitElement, css, html } from "lit";
import "@shoelace-style/shoelace/dist/components/alert/alert.js";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/spinner/spinner.js";
import "../components/empty-state.js";
import "../components/error.js";
import "../components/loading.js";
import "../components/page-header.js";
import { toast } from "../components/toast.js";
import { icon } from "../icons.js";
import { alertRowStyles, pageStyles } from "../theme.js";
import { Polling } from "./poller.js";
import { metadata, rtspSessions, sessionStatus } from "../data/host.js";
import { crashState, dismissCrash } from "../data/logs.js";
import { updateState } from "../data/updates.js";
import { inputs, states } from "../element-kit.js";

export const DASHBOARD_POLL_MS = 3000;

const KINDS = { normal: "Video and input", remote_monitor: "Remote monitor", input_only: "Input only" };
const STATES = { pending: ["Starting", "warning"], active: ["Streaming", "success"], stopping: ["Stopping", "neutral"] };
const UPDATE_NOTICE = new Set(["available", "queued", "downloading", "installing", "restarting", "failed"]);

export class HelioDashboardPage extends Polling(LitElement, DASHBOARD_POLL_MS) {
  static properties = { ...inputs("api", "params"), ...states("data", "error", "updatedAt", "dismissing") };

  static styles = [
    pageStyles,
    css`
      .notices {
        display: flex;
        flex-direction: column;
        gap: var(--sl-spacing-small);
      }
      .notices:empty {
        display: none;
      }
      .card h2 {
        display: flex;
        align-items: center;
        gap: var(--sl-spacing-x-small);
        font-size: var(--sl-font-size-medium);
      }
      .card h2 .icon {
        color: var(--helio-muted);
      }
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium);
        margin: 0;
        font-size: var(--sl-font-size-small);
      }
      dt {
        color: var(--helio-muted);
      }
      dd {
        margin: 0;
        min-width: 0;
        overflow-wrap: anywhere;
      }
      .big {
        font-size: var(--sl-font-size-2x-large);
        font-weight: 650;
        line-height: 1;
      }
      .state {
        display: flex;
        align-items: center;
        gap: var(--sl-spacing-small);
        margin-bottom: var(--sl-spacing-small);
      }
      ul.encoders {
        margin: var(--sl-spacing-x-small) 0 0;
        padding-left: 1.1rem;
        font-size: var(--sl-font-size-small);
      }
      .section-title {
        display: flex;
        align-items: baseline;
        justify-content: space-between;
        gap: var(--sl-spacing-small);
        margin-bottom: var(--sl-spacing-small);
      }
    `,
    alertRowStyles,
  ];

  async load() {
    try {
      const [meta, session, streams, updates, crash] = await Promise.all([
        metadata(this.api),
        sessionStatus(this.api),
        rtspSessions(this.api),
        updateState(this.api),
        crashState(this.api),
      ]);
      this.data = { meta, session, streams: streams.sessions, updates, crash };
      this.error = null;
      this.updatedAt = new Date();
    } catch (error) {
      this.error = error;
    }
  }

  async dismissCrash() {
    this.dismissing = true;
    try {
      await dismissCrash(this.api);
      toast(this, "success", "Crash notice dismissed. The dumps stay in the support ZIP.");
      await this.load();
    } catch (error) {
      this.error = error;
    } finally {
      this.dismissing = false;
    }
  }

  render() {
    const meta = this.data?.meta;
    const subtitle = meta ? `${meta.hostname || "This host"} · Helio ${meta.version}` : "Your streaming host at a glance";
    return html`
      <helio-page-header heading="Dashboard" subtitle=${subtitle}></helio-page-header>
      <div class="stack">
        <helio-error .error=${this.error} heading="Could not refresh" retry @retry=${() => this.load()}></helio-error>
        ${this.data ? this.renderData() : this.error ? "" : html`<helio-loading label="Loading the host's status…"></helio-loading>`}
      </div>
    `;
  }

  renderData() {
    const { meta, session, streams, updates, crash } = this.data;
    return html`
      <div class="notices">${this.renderCrash(crash)}${this.renderUpdate(updates)}</div>
      <div class="grid">
        ${this.renderHost(meta)} ${this.renderCodec(meta.codec)} ${this.renderSession(session)}
      </div>
      <section aria-labelledby="streams-title">
        <div class="section-title">
          <h2 id="streams-title">Streams</h2>
          <span class="muted small">Updated ${this.updatedAt?.toLocaleTimeString() ?? ""}</span>
        </div>
        ${this.renderStreams(streams)}
      </section>
    `;
  }

  renderCrash(crash) {
    if (!crash?.notice) return "";
    const count = crash.dumps.length;
    return html`<sl-alert variant="warning" open id="crash-notice">
      <span slot="icon">${icon("triangle-alert")}</span>
      <span
        ><strong>The host crashed earlier.</strong> ${count} crash dump${count === 1 ? "" : "s"} kept. The support ZIP under
        <a href="logs">Logs &amp; troubleshooting</a> includes ${count === 1 ? "it" : "them"}.</span
      >
      <sl-button size="small" ?loading=${this.dismissing} @click=${() => this.dismissCrash()}>Dismiss</sl-button>
    </sl-alert>`;
  }

  renderUpdate(updates) {
    if (!updates || !UPDATE_NOTICE.has(updates.state)) return "";
    const version = updates.available?.version;
    const failed = updates.state === "failed";
    return html`<sl-alert variant=${failed ? "danger" : "primary"} open id="update-notice">
      <span slot="icon">${icon(failed ? "circle-alert" : "download")}</span>
      <span
        >${failed
          ? "The last update failed."
          : updates.state === "available"
            ? html`<strong>Helio ${version ?? "(new version)"} is available.</strong> You run ${updates.installed_version}.`
            : html`Update to Helio ${version ?? ""}: ${updates.state}${updates.progress ? ` (${updates.progress} %)` : ""}.`}</span
      >
      <a href="updates">Open updates</a>
    </sl-alert>`;
  }

  renderHost(meta) {
    return html`<section class="card" aria-labelledby="host-title">
      <h2 id="host-title">${icon("server")} Host</h2>
      <dl>
        <dt>Name</dt>
        <dd id="hostname">${meta.hostname || "unknown"}</dd>
        <dt>Version</dt>
        <dd id="version">${meta.version}</dd>
        <dt>Running since</dt>
        <dd>${meta.started_at ? new Date(meta.started_at * 1000).toLocaleString() : "unknown"}</dd>
        <dt>Capture</dt>
        <dd>${meta.capture}</dd>
        <dt>Displays</dt>
        <dd>${meta.displays?.length ? meta.displays.length : "none found"}</dd>
      </dl>
    </section>`;
  }

  renderCodec(codec) {
    const state = codec?.state ?? "checking";
    const badge = {
      checking: html`<span class="badge"><sl-spinner></sl-spinner> Checking</span>`,
      ready: html`<span class="badge success">${icon("circle-check")} Ready</span>`,
      failed: html`<span class="badge danger">${icon("circle-x")} Failed</span>`,
    }[state];
    const encoders = codec?.encoders ?? [];
    return html`<section class="card" aria-labelledby="codec-title">
      <h2 id="codec-title">${icon("cpu")} Video encoding</h2>
      <div class="state" id="codec-state" data-state=${state}>${badge}</div>
      ${state === "checking" ? html`<p class="muted small">Looking for hardware and software encoders…</p>` : ""}
      ${encoders.length
        ? html`<p class="small">Encoders found:</p>
            <ul class="encoders" id="encoders">
              ${encoders.map((e) => html`<li><strong>${e.kind}</strong>${e.device ? html` <span class="muted mono">${e.device}</span>` : ""}</li>`)}
            </ul>`
        : ""}
      ${state === "failed"
        ? html`<p class="small" id="codec-error">${codec.error}</p>
            <p class="small muted">Install a GPU driver or ffmpeg, or pick another encoder under <a href="settings">Settings</a>.</p>`
        : ""}
    </section>`;
  }

  renderSession(session) {
    const active = session.activeSessions;
    return html`<section class="card" aria-labelledby="session-title">
      <h2 id="session-title">${icon("tv-minimal-play")} Session</h2>
      <div class="state"><span class="big" id="active-streams">${active}</span><span class="muted">active stream${active === 1 ? "" : "s"}</span></div>
      <dl>
        <dt>Application</dt>
        <dd id="running-app">${session.appRunning ? session.appName : "none running"}</dd>
        <dt>State</dt>
        <dd>
          ${session.paused
            ? html`<span class="badge warning">Paused: the app runs with no stream</span>`
            : session.running
              ? html`<span class="badge success">Streaming</span>`
              : html`<span class="badge">Idle</span>`}
        </dd>
      </dl>
    </section>`;
  }

  renderStreams(streams) {
    if (!streams.length) {
      return html`<helio-empty-state icon="tv-minimal-play" heading="Nobody is streaming">
        Start a stream from Moonlight on a paired device. No device yet? Pair one first.
        <a slot="action" href="devices">Pair a device</a>
      </helio-empty-state>`;
    }
    return html`<div class="table-wrap">
      <table class="data stack-on-phone" id="streams">
        <thead>
          <tr><th scope="col">Device</th><th scope="col">Kind</th><th scope="col">State</th><th scope="col">Since</th></tr>
        </thead>
        <tbody>
          ${streams.map((s) => {
            const [label, variant] = STATES[s.state] ?? [s.state, "neutral"];
            return html`<tr data-device=${s.device}>
              <td data-label="Device"><strong>${s.name || s.device}</strong></td>
              <td data-label="Kind">${KINDS[s.kind] ?? s.kind}</td>
              <td data-label="State"><span class="badge ${variant}">${label}</span></td>
              <td data-label="Since">${s.started_at ? new Date(s.started_at * 1000).toLocaleTimeString() : "—"}</td>
            </tr>`;
          })}
        </tbody>
      </table>
    </div>`;
  }
}
customElements.define("helio-dashboard-page", HelioDashboardPage);
