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
import { formatClock, formatDateTime, formatPercent, t, words } from "../i18n.js";

export const DASHBOARD_POLL_MS = 3000;

const KINDS = new Set(["normal", "remote_monitor", "input_only"]);
const STATES = { pending: "warning", active: "success", stopping: "neutral" };
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
      details summary {
        cursor: pointer;
        color: var(--helio-muted);
      }
      details .mono {
        margin: var(--sl-spacing-2x-small) 0;
        font-size: var(--sl-font-size-x-small);
        overflow-wrap: anywhere;
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
      .others {
        margin: 0 0 var(--sl-spacing-small);
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
      toast(this, "success", t("dash.crashDismissed"));
      await this.load();
    } catch (error) {
      this.error = error;
    } finally {
      this.dismissing = false;
    }
  }

  render() {
    const meta = this.data?.meta;
    const subtitle = meta ? `${meta.hostname || t("dash.thisHost")} · Helio ${meta.version}` : t("dash.glance");
    return html`
      <helio-page-header heading=${t("route.dashboard")} subtitle=${subtitle}></helio-page-header>
      <div class="stack">
        <helio-error .error=${this.error} heading=${t("dash.couldNotRefresh")} retry @retry=${() => this.load()}></helio-error>
        ${this.data ? this.renderData() : this.error ? "" : html`<helio-loading label=${t("dash.loading")}></helio-loading>`}
      </div>
    `;
  }

  renderData() {
    const { meta, session, streams, updates, crash } = this.data;
    return html`
      <div class="notices">${this.renderCrash(crash)}${this.renderUpdate(updates)}</div>
      <div class="grid">
        ${this.renderHost(meta)} ${this.renderCodec(meta.codec)} ${this.renderSession(session, streams)}
      </div>
      <section aria-labelledby="streams-title">
        <div class="section-title">
          <h2 id="streams-title">${t("dash.streams")}</h2>
          <span class="muted small">${this.updatedAt ? t("dash.updated", { time: formatClock(this.updatedAt) }) : ""}</span>
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
        ><strong>${t("dash.crashed")}</strong> ${words(t("dash.crashDumps", { count }), { link: html`<a href="logs">${t("route.logs")}</a>` })}</span
      >
      <sl-button size="small" ?loading=${this.dismissing} @click=${() => this.dismissCrash()}>${t("common.dismiss")}</sl-button>
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
          ? t("dash.updateFailed")
          : updates.state === "available"
            ? html`<strong>${t("dash.updateAvailable", { version: version ?? t("dash.newVersion") })}</strong> ${t("dash.youRun", { version: updates.installed_version })}`
            : html`${t("dash.updateProgress", { version: version ?? "", state: t(`update.state.${updates.state}`) })}${updates.progress ? ` (${formatPercent(updates.progress)})` : ""}.`}</span
      >
      <a href="updates">${t("dash.openUpdates")}</a>
    </sl-alert>`;
  }

  renderHost(meta) {
    return html`<section class="card" aria-labelledby="host-title">
      <h2 id="host-title">${icon("server")} ${t("dash.host")}</h2>
      <dl>
        <dt>${t("dash.name")}</dt>
        <dd id="hostname">${meta.hostname || t("common.unknown")}</dd>
        <dt>${t("dash.version")}</dt>
        <dd id="version">${meta.version}</dd>
        <dt>${t("dash.runningSince")}</dt>
        <dd>${meta.started_at ? formatDateTime(meta.started_at) : t("common.unknown")}</dd>
        <dt>${t("dash.capture")}</dt>
        <dd>${meta.capture}</dd>
        <dt>${t("dash.displays")}</dt>
        <dd>${meta.displays?.length ? meta.displays.length : t("dash.noneFound")}</dd>
      </dl>
    </section>`;
  }

  renderCodec(codec) {
    const state = codec?.state ?? "checking";
    const badge = {
      checking: html`<span class="badge"><sl-spinner></sl-spinner> ${t("dash.codec.checking")}</span>`,
      ready: html`<span class="badge success">${icon("circle-check")} ${t("dash.codec.ready")}</span>`,
      failed: html`<span class="badge danger">${icon("circle-x")} ${t("dash.codec.failed")}</span>`,
    }[state];
    const encoders = codec?.encoders ?? [];
    return html`<section class="card" aria-labelledby="codec-title">
      <h2 id="codec-title">${icon("cpu")} ${t("dash.encoding")}</h2>
      <div class="state" id="codec-state" data-state=${state}>${badge}</div>
      ${state === "checking" ? html`<p class="muted small">${t("dash.lookingEncoders")}</p>` : ""}
      ${encoders.length
        ? html`<p class="small">${t("dash.encodersFound")}</p>
            <ul class="encoders" id="encoders">
              ${encoders.map((e) => html`<li><strong>${e.kind}</strong>${e.device ? html` <span class="muted mono">${e.device}</span>` : ""}</li>`)}
            </ul>`
        : ""}
      ${state === "failed"
        ? html`<p class="small" id="codec-error">${t("dash.codec.none")}</p>
            <details class="small">
              <summary>${t("dash.codec.hostDetail")}</summary>
              <p class="mono" id="codec-detail" lang="en">${codec.error}</p>
            </details>
            <p class="small muted">${words(t("dash.encoderHelp"), { link: html`<a href="settings">${t("route.settings")}</a>` })}</p>`
        : ""}
    </section>`;
  }

  renderSession(session, streams) {
    // Counted from the list below (one answer), so the card never disagrees with it: a
    // stream that is starting or stopping is listed but not active, and named here.
    const count = (state) => streams.filter((s) => s.state === state).length;
    const active = count("active");
    const others = [
      [count("pending"), "dash.streamsPending"],
      [count("stopping"), "dash.streamsStopping"],
    ].filter(([n]) => n > 0);
    return html`<section class="card" aria-labelledby="session-title">
      <h2 id="session-title">${icon("tv-minimal-play")} ${t("dash.session")}</h2>
      <div class="state">
        <span class="big" id="active-streams">${active}</span><span class="muted" id="active-streams-label">${t("dash.activeStreams", { count: active })}</span>
      </div>
      ${others.length ? html`<p class="small muted others" id="other-streams">${others.map(([n, key]) => t(key, { count: n })).join(" · ")}</p>` : ""}
      <dl>
        <dt>${t("dash.application")}</dt>
        <dd id="running-app">${session.appRunning ? session.appName : t("dash.noneRunning")}</dd>
        <dt>${t("dash.stateLabel")}</dt>
        <dd>
          ${session.paused
            ? html`<span class="badge warning">${t("dash.paused")}</span>`
            : session.running
              ? html`<span class="badge success">${t("dash.state.active")}</span>`
              : html`<span class="badge">${t("dash.idle")}</span>`}
        </dd>
      </dl>
    </section>`;
  }

  renderStreams(streams) {
    if (!streams.length) {
      return html`<helio-empty-state icon="tv-minimal-play" heading=${t("dash.nobody")}>
        ${t("dash.nobodyBody")}
        <a slot="action" href="devices">${t("dash.pairDevice")}</a>
      </helio-empty-state>`;
    }
    return html`<div class="table-wrap">
      <table class="data stack-on-phone" id="streams">
        <thead>
          <tr><th scope="col">${t("dash.col.device")}</th><th scope="col">${t("dash.col.kind")}</th><th scope="col">${t("dash.stateLabel")}</th><th scope="col">${t("dash.col.since")}</th></tr>
        </thead>
        <tbody>
          ${streams.map((s) => {
            const variant = STATES[s.state] ?? "neutral";
            const label = s.state in STATES ? t(`dash.state.${s.state}`) : s.state;
            return html`<tr data-device=${s.device}>
              <td data-label=${t("dash.col.device")}><strong>${s.name || s.device}</strong></td>
              <td data-label=${t("dash.col.kind")}>${KINDS.has(s.kind) ? t(`dash.kind.${s.kind}`) : s.kind}</td>
              <td data-label=${t("dash.stateLabel")}><span class="badge ${variant}">${label}</span></td>
              <td data-label=${t("dash.col.since")}>${s.started_at ? formatClock(s.started_at) : "—"}</td>
            </tr>`;
          })}
        </tbody>
      </table>
    </div>`;
  }
}
customElements.define("helio-dashboard-page", HelioDashboardPage);
