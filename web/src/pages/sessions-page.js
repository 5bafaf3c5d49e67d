// Sessions: the account's web sessions (browsers signed in), this one marked; revoke any.
import { LitElement, html } from "lit";
import "@shoelace-style/shoelace/dist/components/button/button.js";
import { confirmAction } from "../components/confirm.js";
import "../components/empty-state.js";
import "../components/error.js";
import "../components/loading.js";
import "../components/page-header.js";
import { toast } from "../components/toast.js";
import { icon } from "../icons.js";
import { pageStyles } from "../theme.js";
import { href } from "../router.js";
import { endSession, listSessions } from "../data/auth.js";
import { inputs, states } from "../element-kit.js";
import { formatDateTime, t } from "../i18n.js";

/** "Mozilla/5.0 (X11; Linux x86_64) ... Chrome/120..." -> "Chrome on Linux". */
export function browserName(agent) {
  if (!agent) return t("sessions.unknownBrowser");
  const browser =
    [
      [/Edg\//, "Edge"],
      [/Firefox\//, "Firefox"],
      [/HeadlessChrome\//, "Headless Chrome"],
      [/Chrome\//, "Chrome"],
      [/Safari\//, "Safari"],
      [/curl\//, "curl"],
    ].find(([pattern]) => pattern.test(agent))?.[1] ?? agent.split(/[ /]/)[0];
  const system =
    [
      [/Android/, "Android"],
      [/iPhone|iPad/, "iOS"],
      [/Windows/, "Windows"],
      [/Mac OS X/, "macOS"],
      [/Linux/, "Linux"],
    ].find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  return system ? t("sessions.browserOn", { browser, system }) : browser;
}

const when = (seconds) => (seconds ? formatDateTime(seconds) : "—");

export class HelioSessionsPage extends LitElement {
  static properties = { ...inputs("api", "params"), ...states("sessions", "error") };

  static styles = [pageStyles];

  connectedCallback() {
    super.connectedCallback();
    this.load();
  }

  async load() {
    try {
      this.sessions = await listSessions(this.api);
      this.error = null;
    } catch (error) {
      this.error = error;
    }
  }

  async revoke(session) {
    const ok = await confirmAction({
      heading: session.current ? t("sessions.signOutThisHeading") : t("sessions.revokeHeading"),
      message: session.current
        ? t("sessions.signOutThisMessage")
        : t("sessions.revokeMessage", { browser: browserName(session.user_agent), address: session.address }),
      confirmLabel: session.current ? t("sessions.signOut") : t("sessions.revoke"),
    });
    if (!ok) return;
    try {
      await endSession(this.api, session.id);
      if (session.current) {
        this.api.forget();
        this.dispatchEvent(new CustomEvent("helio-auth-changed", { bubbles: true, composed: true }));
        return;
      }
      toast(this, "success", t("sessions.revoked"));
      await this.load();
    } catch (error) {
      this.error = error;
    }
  }

  render() {
    return html`<helio-page-header
        heading=${t("route.sessions")}
        subtitle=${t("sessions.subtitle")}
      >
        <sl-button slot="actions" href=${href("account")} id="to-change-password">${icon("lock")} ${t("route.account")}</sl-button>
      </helio-page-header>
      <div class="stack">
        <helio-error .error=${this.error} retry @retry=${() => this.load()}></helio-error>
        ${this.sessions ? this.renderTable() : this.error ? "" : html`<helio-loading></helio-loading>`}
      </div>`;
  }

  renderTable() {
    if (!this.sessions.length) {
      return html`<helio-empty-state icon="monitor-smartphone" heading=${t("sessions.emptyHeading")}>
        ${t("sessions.emptyBody")}
      </helio-empty-state>`;
    }
    return html`<div class="table-wrap">
      <table class="data stack-on-phone" id="sessions">
        <thead>
          <tr>
            <th scope="col">${t("sessions.col.browser")}</th><th scope="col">${t("sessions.col.address")}</th><th scope="col">${t("sessions.col.signedIn")}</th><th scope="col">${t("sessions.col.lastActive")}</th>
            <th scope="col">${t("sessions.col.ends")}</th><th scope="col"><span class="visually-hidden">${t("common.actions")}</span></th>
          </tr>
        </thead>
        <tbody>
          ${this.sessions.map(
            (s) => html`<tr data-id=${s.id} ?data-current=${s.current}>
              <td data-label=${t("sessions.col.browser")}>
                <strong>${browserName(s.user_agent)}</strong>
                ${s.current ? html` <span class="badge primary">${icon("check")} ${t("sessions.thisBrowser")}</span>` : ""}
                ${s.remember_me ? html` <span class="badge">${t("sessions.remembered")}</span>` : ""}
              </td>
              <td data-label=${t("sessions.col.address")}><span class="mono">${s.address}</span></td>
              <td data-label=${t("sessions.col.signedIn")}>${when(s.created_at)}</td>
              <td data-label=${t("sessions.col.lastActive")}>${when(s.last_seen)}</td>
              <td data-label=${t("sessions.col.ends")}>${when(s.refresh_expires_at)}</td>
              <td class="actions">
                <sl-button size="small" variant="danger" outline @click=${() => this.revoke(s)}
                  >${icon(s.current ? "log-out" : "ban")} ${s.current ? t("sessions.signOut") : t("sessions.revoke")}<span class="visually-hidden">
                    ${t("sessions.at", { browser: browserName(s.user_agent), address: s.address })}</span
                  ></sl-button
                >
              </td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }
}
customElements.define("helio-sessions-page", HelioSessionsPage);
