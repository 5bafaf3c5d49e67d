// Security settings: network reach and extra allowed origins.
import { LitElement, html } from "lit";
import { api } from "./api.js";

export class HelioSettings extends LitElement {
  static properties = { config: { state: true }, message: { state: true } };

  connectedCallback() {
    super.connectedCallback();
    this.load();
  }

  async load() {
    this.config = await api("GET", "/api/config");
  }

  async save(event) {
    event.preventDefault();
    const form = new FormData(event.target);
    const origins = String(form.get("origins")).split(/\s+/).filter(Boolean);
    try {
      await api("PATCH", "/api/config", { origin_web_ui_allowed: form.get("reach"), csrf_allowed_origins: origins });
      this.message = "Saved.";
      await this.load();
    } catch (error) {
      this.message = error.message;
    }
  }

  render() {
    if (!this.config) return html``;
    const reach = this.config.origin_web_ui_allowed;
    return html`
      <h2>Access</h2>
      <form @submit=${this.save}>
        <label>Who may reach this console
          <select name="reach">
            ${["pc", "lan", "wan"].map((v) => html`<option value=${v} ?selected=${v === reach}>${v}</option>`)}
          </select></label>
        <label>Extra allowed origins <input name="origins" .value=${this.config.csrf_allowed_origins.join(" ")}></label>
        <button type="submit">Save</button> <span role="status">${this.message ?? ""}</span>
      </form>
    `;
  }
}
customElements.define("helio-settings", HelioSettings);
