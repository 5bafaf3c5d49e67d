// Root element: routes to set-up, sign-in or the console from /api/auth/status.
import { LitElement, html, css } from "lit";
import { api, loadCsrfToken, signOut } from "./api.js";
import "./helio-setup.js";
import "./helio-login.js";
import "./helio-settings.js";
import "./helio-sessions.js";
import "./helio-tokens.js";

export class HelioApp extends LitElement {
  static properties = { status: { state: true }, error: { state: true } };

  static styles = css`
    :host { display: block; font: 15px/1.4 system-ui, sans-serif; max-width: 980px; margin: 0 auto; padding: 1rem; }
    header { display: flex; justify-content: space-between; align-items: center; }
    .error { color: #b00020; }
  `;

  connectedCallback() {
    super.connectedCallback();
    this.refresh();
  }

  async refresh() {
    try {
      this.status = await api("GET", "/api/auth/status");
      if (this.status.authenticated) await loadCsrfToken();
      this.error = null;
    } catch (error) {
      this.error = error.message;
    }
  }

  async logout() {
    await signOut().catch(() => {});
    await this.refresh();
  }

  render() {
    if (this.error) return html`<p class="error" role="alert">${this.error}</p>`;
    if (!this.status) return html`<p>Loading…</p>`;
    const done = () => this.refresh();
    if (!this.status.credentials_configured) {
      return html`<helio-setup .allowed=${this.status.setup_allowed} @done=${done}></helio-setup>`;
    }
    if (!this.status.authenticated) return html`<helio-login @done=${done}></helio-login>`;
    return html`
      <header>
        <h1>Helio</h1>
        <span>Signed in as <b id="who">${this.status.username}</b>
          <button id="logout" @click=${() => this.logout()}>Sign out</button></span>
      </header>
      <helio-settings></helio-settings>
      <helio-sessions></helio-sessions>
      <helio-tokens></helio-tokens>
    `;
  }
}
customElements.define("helio-app", HelioApp);
