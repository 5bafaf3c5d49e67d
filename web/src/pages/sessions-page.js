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

/** "Mozilla/5.0 (X11; Linux x86_64) ... Chrome/120..." -> "Chrome on Linux". */
export function browserName(agent) {
  if (!agent) return "Unknown browser";
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
  return system ? `${browser} on ${system}` : browser;
}

const when = (seconds) => (seconds ? new Date(seconds * 1000).toLocaleString() : "—");

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
      heading: session.current ? "Sign out this browser?" : "Revoke this session?",
      message: session.current
        ? "This is the browser you are using: you will need to sign in again."
        : `${browserName(session.user_agent)} at ${session.address} will be signed out at once.`,
      confirmLabel: session.current ? "Sign out" : "Revoke",
    });
    if (!ok) return;
    try {
      await endSession(this.api, session.id);
      if (session.current) {
        this.api.forget();
        this.dispatchEvent(new CustomEvent("helio-auth-changed", { bubbles: true, composed: true }));
        return;
      }
      toast(this, "success", "Session revoked.");
      await this.load();
    } catch (error) {
      this.error = error;
    }
  }

  render() {
    return html`<helio-page-header
        heading="Sessions"
        subtitle="Browsers signed in to this console. Revoke any you do not recognise, then change your password."
      >
        <sl-button slot="actions" href=${href("account")} id="to-change-password">${icon("lock")} Change password</sl-button>
      </helio-page-header>
      <div class="stack">
        <helio-error .error=${this.error} retry @retry=${() => this.load()}></helio-error>
        ${this.sessions ? this.renderTable() : this.error ? "" : html`<helio-loading></helio-loading>`}
      </div>`;
  }

  renderTable() {
    if (!this.sessions.length) {
      return html`<helio-empty-state icon="monitor-smartphone" heading="No web sessions">
        Signing in from a browser creates one. Scripts use API tokens instead.
      </helio-empty-state>`;
    }
    return html`<div class="table-wrap">
      <table class="data stack-on-phone" id="sessions">
        <thead>
          <tr>
            <th scope="col">Browser</th><th scope="col">Address</th><th scope="col">Signed in</th><th scope="col">Last active</th>
            <th scope="col">Ends</th><th scope="col"><span class="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          ${this.sessions.map(
            (s) => html`<tr data-id=${s.id} ?data-current=${s.current}>
              <td data-label="Browser">
                <strong>${browserName(s.user_agent)}</strong>
                ${s.current ? html` <span class="badge primary">${icon("check")} This browser</span>` : ""}
                ${s.remember_me ? html` <span class="badge">Remembered</span>` : ""}
              </td>
              <td data-label="Address"><span class="mono">${s.address}</span></td>
              <td data-label="Signed in">${when(s.created_at)}</td>
              <td data-label="Last active">${when(s.last_seen)}</td>
              <td data-label="Ends">${when(s.refresh_expires_at)}</td>
              <td class="actions">
                <sl-button size="small" variant="danger" outline @click=${() => this.revoke(s)}
                  >${icon(s.current ? "log-out" : "ban")} ${s.current ? "Sign out" : "Revoke"}<span class="visually-hidden">
                    ${browserName(s.user_agent)} at ${s.address}</span
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
