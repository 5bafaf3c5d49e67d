// First run: create the administrator account (accepted only on the host PC).
import { LitElement, html } from "lit";
import { api, loadCsrfToken } from "./api.js";

export class HelioSetup extends LitElement {
  static properties = { allowed: { type: Boolean }, error: { state: true } };

  async submit(event) {
    event.preventDefault();
    const form = new FormData(event.target);
    try {
      await loadCsrfToken();
      await api("POST", "/api/password", {
        newUsername: form.get("username"),
        newPassword: form.get("password"),
        confirmNewPassword: form.get("confirm"),
      });
      this.dispatchEvent(new CustomEvent("done"));
    } catch (error) {
      this.error = error.message;
    }
  }

  render() {
    if (!this.allowed) {
      return html`<h1>Set-up</h1><p>No administrator account exists yet. Open this page on the host PC,
        or run <code>python -m host creds USER PASS</code> there.</p>`;
    }
    return html`
      <h1>Create the administrator account</h1>
      <form @submit=${this.submit}>
        <label>Username <input name="username" autocomplete="username" required></label>
        <label>Password <input name="password" type="password" autocomplete="new-password" required></label>
        <label>Confirm <input name="confirm" type="password" autocomplete="new-password" required></label>
        <button type="submit">Create</button>
      </form>
      ${this.error ? html`<p role="alert">${this.error}</p>` : ""}
    `;
  }
}
customElements.define("helio-setup", HelioSetup);
