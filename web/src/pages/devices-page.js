// Devices and pairing: waiting pairing requests with their PIN form, a one-time PIN
// counting down to its expiry, and the paired devices (rename, permissions, disconnect,
// unpair, unpair all). Pending requests are polled: a device appears while it waits.
import { LitElement, html, css, nothing } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import "@shoelace-style/shoelace/dist/components/input/input.js";
import { pageStyles } from "../theme.js";
import { icon } from "../icons.js";
import "../components/loading.js";
import "../components/page-header.js";
import "../components/empty-state.js";
import "../components/error.js";
import { confirmAction } from "../components/confirm.js";
import { PERMISSIONS } from "./device-editor.js";
import { toast } from "../components/toast.js";
import { Actions, ago, formatRemaining, formatTime, sectionStyles } from "./page-kit.js";
import {
  disconnectClient,
  issueOtp,
  listClients,
  listPending,
  pendingRequest,
  sendPin,
  unpairAll,
  unpairClient,
} from "../data/devices.js";
import { inputs, states } from "../element-kit.js";
import { t, words } from "../i18n.js";

const POLL_MS = 2000;
const FOLLOW_MS = 1000;

// What each final outcome of a pairing request means, and what to do next.
const OUTCOMES = {
  paired: { variant: "success", icon: "circle-check", title: (n) => t("pair.paired", { name: n }),
    next: () => t("pair.pairedNext") },
  wrong_pin: { variant: "danger", icon: "circle-x", title: (n) => t("pair.wrongPin", { name: n }),
    next: () => t("pair.wrongPinNext") },
  gave_up: { variant: "warning", icon: "circle-alert", title: (n) => t("pair.gaveUp", { name: n }),
    next: () => t("pair.gaveUpNext") },
  expired: { variant: "warning", icon: "clock", title: (n) => t("pair.expired", { name: n }),
    next: () => t("pair.expiredNext") },
  superseded: { variant: "neutral", icon: "refresh-cw", title: (n) => t("pair.superseded", { name: n }),
    next: () => t("pair.supersededNext") },
  failed: { variant: "danger", icon: "circle-x", title: (n) => t("pair.failed", { name: n }),
    next: () => t("pair.failedNext") },
};

export class HelioDevicesPage extends Actions(LitElement) {
  static properties = {
    ...inputs("api", "params"),
    ...states("clients", "pending", "otp", "now", "announcement", "followed"),
  };

  static styles = [
    pageStyles,
    sectionStyles,
    css`
      .grid { display: grid; gap: var(--sl-spacing-medium); grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr)); }
      .card { background: var(--helio-surface); border: 1px solid var(--helio-border);
              border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-medium); display: grid; gap: var(--sl-spacing-small); }
      .card.request { border-color: var(--sl-color-warning-400); }
      [data-outcomes] { margin-bottom: var(--sl-spacing-medium); }
      .card.outcome.success { border-color: var(--sl-color-success-600); }
      .card.outcome.danger { border-color: var(--sl-color-danger-600); }
      .card.outcome.warning { border-color: var(--sl-color-warning-600); }
      .title { font-weight: 600; font-size: var(--sl-font-size-medium); display: flex; gap: var(--sl-spacing-x-small); align-items: center; flex-wrap: wrap; }
      dl { display: grid; grid-template-columns: auto 1fr; gap: var(--sl-spacing-3x-small) var(--sl-spacing-small); margin: 0;
           font-size: var(--sl-font-size-small); }
      dt { color: var(--helio-muted); }
      dd { margin: 0; overflow-wrap: anywhere; }
      .mono { font-family: var(--sl-font-mono); }
      .perms { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-2x-small); }
      .actions { display: flex; gap: var(--sl-spacing-x-small); flex-wrap: wrap; }
      section > p.muted { margin-bottom: var(--sl-spacing-small); }
      .grid.requests { grid-template-columns: repeat(auto-fill, minmax(min(100%, 24rem), 1fr)); }
      form.pin { display: grid; grid-template-columns: 6.5rem minmax(0, 1fr); gap: var(--sl-spacing-small); align-items: end; }
      form.pin sl-button { grid-column: 1 / -1; justify-self: start; }
      form.otp { display: grid; grid-template-columns: 1fr 1fr auto; gap: var(--sl-spacing-x-small); align-items: end; }
      .code { font-family: var(--sl-font-mono); font-size: 2.5rem; letter-spacing: 0.3em; font-weight: 700; }
      .muted { color: var(--helio-muted); font-size: var(--sl-font-size-small); margin: 0; }
      @media (max-width: 600px) {
        form.otp { grid-template-columns: minmax(0, 1fr); }
      }
    `,
  ];

  constructor() {
    super();
    this.clients = null;
    this.pending = [];
    this.otp = null;
    this.now = Date.now() / 1000;
    this.announcement = "";
    this.followed = []; // requests whose PIN was sent here, followed to their outcome
  }

  connectedCallback() {
    super.connectedCallback();
    this.load();
    this.pollPending();
    this.timer = setInterval(() => this.tick(), 1000);
    this.poller = setInterval(() => this.pollPending(), POLL_MS);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    clearInterval(this.timer);
    clearInterval(this.poller);
    clearTimeout(this.follower);
  }

  tick() {
    this.now = Date.now() / 1000;
    if (this.otp && this.otp.expiresAt <= this.now && !this.otp.expired) {
      this.otp = { ...this.otp, expired: true };
      this.announcement = t("pair.otpExpired");
    }
  }

  async load() {
    await this.act("load", async () => {
      this.clients = await listClients(this.api);
    });
  }

  async pollPending() {
    try {
      const before = this.pending.map((r) => r.id).join();
      this.pending = await listPending(this.api);
      this.errors = { ...this.errors, pending: null };
      const after = this.pending.map((r) => r.id).join();
      if (after !== before && this.pending.length) {
        this.announcement = t("pair.waiting", { count: this.pending.length });
      }
    } catch (error) {
      this.errors = { ...this.errors, pending: error };
    }
  }

  async enterPin(event, request) {
    event.preventDefault();
    const form = event.target;
    const pin = form.querySelector("[name=pin]").value.trim();
    const name = form.querySelector("[name=name]").value.trim();
    const body = { pin, id: request.id };
    if (name) body.name = name;
    const done = await this.act(`pin:${request.id}`, () => sendPin(this.api, body), {
      area: `pin:${request.id}`,
    });
    if (!done) return;
    // The PIN only reached the host: the device still has to prove it typed the same one.
    const shown = name || request.device_name || t("pair.theDevice");
    // Outcome unknown until follow() asks (it may already be final: that answer settles it).
    const started = { ...done.request, outcome: "checking", shown };
    this.followed = [started, ...this.followed.filter((f) => f.id !== request.id)];
    this.announcement = t("pair.pinSent", { name: shown });
    await this.pollPending();
    await this.follow();
  }

  /** Ask the host how each followed request ended, until all have. */
  async follow() {
    clearTimeout(this.follower);
    const open = this.followed.filter((f) => !OUTCOMES[f.outcome]);
    if (!open.length) return;
    const answers = await Promise.all(
      open.map((f) => pendingRequest(this.api, f.id).catch(() => null)),
    );
    let settled = false;
    this.followed = this.followed.map((f) => {
      const now = answers.find((a) => a && a.id === f.id);
      if (!now || now.outcome === f.outcome) return f;
      const outcome = OUTCOMES[now.outcome];
      if (outcome) {
        settled = true;
        this.announcement = `${outcome.title(f.shown)}. ${outcome.next()}`;
        if (now.outcome === "paired") toast(this, "success", outcome.title(f.shown));
      }
      return { ...f, ...now };
    });
    if (settled) await this.load();
    if (this.followed.some((f) => !OUTCOMES[f.outcome])) {
      this.follower = setTimeout(() => this.follow(), FOLLOW_MS);
    }
  }

  dismiss(id) {
    this.followed = this.followed.filter((f) => f.id !== id);
  }

  renderFollowed(followed) {
    const outcome = OUTCOMES[followed.outcome];
    if (!outcome) {
      return html`<div class="card outcome" data-outcome="checking" data-followed=${followed.id}>
        <div class="title">${icon("clock")} ${t("pair.checking", { name: followed.shown })}</div>
        <p class="muted">${t("pair.checkingBody")}</p>
      </div>`;
    }
    return html`<div class="card outcome ${outcome.variant}" data-outcome=${followed.outcome} data-followed=${followed.id}>
      <div class="title">${icon(outcome.icon)} ${outcome.title(followed.shown)}</div>
      <p class="muted">${outcome.next()}</p>
      <div class="actions"><sl-button size="small" @click=${() => this.dismiss(followed.id)}>${t("common.dismiss")}</sl-button></div>
    </div>`;
  }

  async issueOtp(event) {
    event.preventDefault();
    const form = event.target;
    const passphrase = form.querySelector("[name=passphrase]").value;
    const name = form.querySelector("[name=otp-name]").value.trim();
    const body = { passphrase };
    if (name) body.name = name;
    const answer = await this.act("otp", () => issueOtp(this.api, body));
    if (!answer) return;
    const expiresAt = Date.now() / 1000 + (answer.expires_in ?? answer.expires_at - Date.now() / 1000);
    this.otp = { pin: answer.otp, expiresAt, name, expired: false };
    this.announcement = t("pair.otpIssued", { pin: answer.otp.split("").join(" ") });
  }

  async editDevice(client) {
    const saved = await this.shadowRoot.querySelector("helio-device-editor").edit(client);
    if (saved) {
      this.announcement = t("devices.saved", { name: saved.name });
      await this.load();
    }
  }

  async disconnect(client) {
    await this.act(`disconnect:${client.uuid}`, () => disconnectClient(this.api, client.uuid), {
      area: `client:${client.uuid}`,
      success: t("devices.streamEnded", { name: client.name }),
    });
    await this.load();
  }

  async unpair(client) {
    const sure = await confirmAction({
      heading: t("devices.unpairHeading", { name: client.name }),
      message: t("devices.unpairMessage"),
      confirmLabel: t("devices.unpair"),
    });
    if (!sure) return;
    await this.act(`unpair:${client.uuid}`, () => unpairClient(this.api, client.uuid), {
      area: `client:${client.uuid}`,
      success: t("devices.unpaired", { name: client.name }),
    });
    await this.load();
  }

  async unpairAll() {
    const count = this.clients?.length ?? 0;
    const sure = await confirmAction({
      heading: t("devices.unpairAllHeading"),
      message: t("devices.unpairAllMessage", { count }),
      confirmLabel: t("devices.unpairAll"),
    });
    if (!sure) return;
    await this.act("unpair-all", () => unpairAll(this.api), {
      area: "clients",
      success: (answer) => t("devices.unpairedCount", { count: answer.unpaired }),
    });
    await this.load();
  }

  renderRequest(request) {
    const left = (request.expires_at ?? 0) - this.now;
    return html`<div class="card request" data-request=${request.id}>
      <div class="title">${icon("smartphone")} ${request.device_name || t("devices.unnamed")}
        <span class="badge warning">${request.phase === "pending" ? t("devices.waitingPin") : request.phase}</span></div>
      <dl>
        <dt>${t("devices.address")}</dt><dd class="mono">${request.address || t("common.unknown")}</dd>
        <dt>${t("devices.asked")}</dt><dd>${request.created_at ? ago(request.created_at, this.now) : "—"}</dd>
        ${request.expires_at ? html`<dt>${t("devices.expiresIn")}</dt><dd>${formatRemaining(left)}</dd>` : nothing}
      </dl>
      <form class="pin" @submit=${(event) => this.enterPin(event, request)}>
        <sl-input name="pin" label=${t("devices.pin")} required maxlength="4" minlength="4" pattern="[0-9]{4}" inputmode="numeric"
          autocomplete="one-time-code" placeholder="0000"></sl-input>
        <sl-input name="name" label=${t("devices.nameThis")} placeholder=${request.device_name || t("devices.namePlaceholder")}></sl-input>
        <sl-button type="submit" variant="primary" ?loading=${this.isBusy(`pin:${request.id}`)}>${icon("link")} ${t("devices.pair")}</sl-button>
      </form>
      <helio-error .error=${this.errors[`pin:${request.id}`]}></helio-error>
    </div>`;
  }

  renderPairing() {
    return html`<section aria-labelledby="pairing">
      <h2 id="pairing">${icon("link")} ${t("devices.requests")}</h2>
      <helio-error .error=${this.errors.pending}></helio-error>
      ${this.followed.length
        ? html`<div class="grid requests" data-outcomes>${this.followed.map((f) => this.renderFollowed(f))}</div>`
        : nothing}
      ${this.pending.length
        ? html`<p class="muted">${t("devices.typePin")}</p>
            <div class="grid requests">${this.pending.map((r) => this.renderRequest(r))}</div>`
        : html`<helio-empty-state icon="smartphone" heading=${t("devices.noneWaiting")}>${t("devices.noneWaitingBody")}</helio-empty-state>`}
    </section>`;
  }

  renderOtp() {
    const otp = this.otp;
    const left = otp ? otp.expiresAt - this.now : 0;
    return html`<section aria-labelledby="otp-heading">
      <h2 id="otp-heading">${icon("key-round")} ${t("devices.otp")}</h2>
      <div class="card">
        <p class="muted">${t("devices.otpBody")}</p>
        <form class="otp" @submit=${this.issueOtp}>
          <sl-input name="passphrase" label=${t("devices.passphrase")} required autocomplete="off"></sl-input>
          <sl-input name="otp-name" label=${t("devices.otpName")}></sl-input>
          <sl-button type="submit" variant="primary" ?loading=${this.isBusy("otp")}>${t("devices.issuePin")}</sl-button>
        </form>
        <helio-error .error=${this.errors.otp}></helio-error>
        ${otp
          ? html`<div data-otp aria-live="off">
              ${otp.expired
                ? html`<p class="muted">${words(t("devices.otpExpiredText"), { pin: html`<span class="mono">${otp.pin}</span>` })}</p>`
                : html`<p class="muted">${t("devices.typeOtp")}</p>
                    <div class="code" data-otp-code>${otp.pin}</div>
                    <p class="muted" data-countdown>${t("devices.otpExpiresIn", { time: formatRemaining(left) })}${otp.name ? ` · ${t("devices.otpFor", { name: otp.name })}` : ""}</p>`}
            </div>`
          : nothing}
      </div>
    </section>`;
  }

  renderClient(client) {
    const stream = client.stream;
    const busy = (what) => this.isBusy(`${what}:${client.uuid}`);
    return html`<div class="card" data-client=${client.uuid}>
      <div class="title">${icon("monitor-smartphone")} <span>${client.name}</span>
        ${stream ? html`<span class="badge ${stream.state === "active" ? "success" : "neutral"}">
          ${stream.state === "active" ? t("dash.state.active") : stream.state}</span>` : nothing}</div>
      <dl>
        <dt>${t("devices.paired")}</dt><dd>${formatTime(client.paired_at)}</dd>
        <dt>${t("devices.certificate")}</dt><dd class="mono" title=${client.cert_fingerprint}>${(client.cert_fingerprint || "").slice(0, 23)}…</dd>
        <dt>${t("devices.allowed")}</dt>
        <dd class="perms">
          ${client.permissions.length
            ? PERMISSIONS.filter((key) => client.permissions.includes(key)).map(
                (key) => html`<span class="badge primary">${t(`perm.${key}`)}</span>`,
              )
            : html`<span>${t("devices.noPermissions")}</span>`}
        </dd>
      </dl>
      <div class="actions">
        <sl-button size="small" @click=${() => this.editDevice(client)}>
          ${icon("pencil")} ${t("common.edit")}<span class="visually-hidden"> ${client.name}</span></sl-button>
        <sl-button size="small" ?disabled=${!stream} ?loading=${busy("disconnect")} @click=${() => this.disconnect(client)}
          title=${stream ? "" : t("devices.noStream")}>${icon("unplug")} ${t("devices.disconnect")}<span class="visually-hidden"> ${client.name}</span></sl-button>
        <sl-button size="small" variant="danger" outline ?loading=${busy("unpair")} @click=${() => this.unpair(client)}
          >${icon("trash-2")} ${t("devices.unpair")}<span class="visually-hidden"> ${client.name}</span></sl-button>
      </div>
      <helio-error .error=${this.errors[`client:${client.uuid}`]}></helio-error>
    </div>`;
  }

  renderClients() {
    const clients = this.clients;
    return html`<section aria-labelledby="paired">
      <h2 id="paired">${icon("monitor-smartphone")} ${t("devices.pairedDevices")}</h2>
      <helio-error .error=${this.errors.load}></helio-error>
      <helio-error .error=${this.errors.clients}></helio-error>
      ${clients === null
        ? this.errors.load ? nothing : html`<helio-loading label=${t("devices.loading")}></helio-loading>`
        : clients.length
          ? html`<div class="grid">${clients.map((c) => this.renderClient(c))}</div>`
          : html`<helio-empty-state icon="monitor-smartphone" heading=${t("devices.nonePaired")}>${t("devices.nonePairedBody")}</helio-empty-state>`}
    </section>`;
  }

  render() {
    return html`<helio-page-header heading=${t("devices.heading")}
        subtitle=${t("devices.subtitle")}>
        <sl-button slot="actions" variant="danger" outline ?disabled=${!this.clients?.length}
          ?loading=${this.isBusy("unpair-all")} @click=${this.unpairAll}>${icon("trash-2")} ${t("devices.unpairAll")}</sl-button>
      </helio-page-header>
      <div role="status" aria-live="polite" class="visually-hidden">${this.announcement}</div>
      ${this.renderPairing()} ${this.renderClients()} ${this.renderOtp()}
      <helio-device-editor .api=${this.api}></helio-device-editor>`;
  }
}
customElements.define("helio-devices-page", HelioDevicesPage);
