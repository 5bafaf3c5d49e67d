// Sign-in form for a web session.
import { LitElement, html } from "lit";
import { signIn } from "./api.js";

export class HelioLogin extends LitElement {
  static properties = { error: { state: true } };

  async submit(event) {
    event.preventDefault();
    const form = new FormData(event.target);
    try {
      await signIn(form.get("username"), form.get("password"), form.get("remember") === "on");
      this.dispatchEvent(new CustomEvent("done"));
    } catch (error) {
      this.error = error.message;
    }
  }

  render() {
    return html`
      <h1>Sign in</h1>
      <form @submit=${this.submit}>
        <label>Username <input name="username" autocomplete="username" required></label>
        <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
        <label><input name="remember" type="checkbox"> Remember me for 30 days</label>
        <button type="submit">Sign in</button>
      </form>
      ${this.error ? html`<p role="alert">${this.error}</p>` : ""}
    `;
  }
}
customElements.define("helio-login", HelioLogin);
