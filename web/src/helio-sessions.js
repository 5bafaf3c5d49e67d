// Web sessions: list them, revoke any.
import { LitElement, html } from "lit";
import { api } from "./api.js";

export class HelioSessions extends LitElement {
  static properties = { sessions: { state: true } };

  connectedCallback() {
    super.connectedCallback();
    this.load();
  }

  async load() {
    this.sessions = (await api("GET", "/api/auth/sessions")).sessions;
  }

  async revoke(id) {
    await api("DELETE", `/api/auth/sessions/${encodeURIComponent(id)}`);
    await this.load();
  }

  render() {
    return html`
      <h2>Sessions</h2>
      <table id="sessions">
        <tr><th>Address</th><th>Browser</th><th>Since</th><th></th></tr>
        ${(this.sessions ?? []).map((s) => html`
          <tr data-id=${s.id}>
            <td>${s.address}</td><td>${s.user_agent.slice(0, 40)}</td>
            <td>${new Date(s.created_at * 1000).toLocaleString()}</td>
            <td>${s.current ? "this browser" : html`<button @click=${() => this.revoke(s.id)}>Revoke</button>`}</td>
          </tr>`)}
      </table>
    `;
  }
}
customElements.define("helio-sessions", HelioSessions);
